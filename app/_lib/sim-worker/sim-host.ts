// The worker-side owner of one Simulation: builds it from a scenario, runs the scenario's
// setup, then applies what the learner does — steps of time, terminal lines, fault
// buttons — and records each as an Action in the action log (sim-core/cluster/actions).
// Replaying that log on a fresh host gives the same state hash: the lab workspace and the
// server's grading replay rely on it. Pure: no timers, no DOM, so tests run it in Node.
import { createSimulation, DefaultSimulation, ACTION_LOG_LIMITS, commandInput, type Action, type ActionLog, type Simulation, type SimulationOptions } from '@/sim-core/cluster';
import { editorOpenFor, runCommandLine } from '@/sim-core/cli';
import type { TraceEvent } from '@/sim-core/kernel';
import type { LiveOutput } from '@/sim-core/cli/ports';
import type { GradeCaps } from '@/sim-core/grading/caps';
import {
  describeKeyspace,
  describeMembers,
  describeMessages,
  describeTraceEvent,
  isBackgroundEvent,
  keyspaceSource,
  partitionGroups,
  revisionOf,
} from './describe';
import { NotableEventTracker } from './notable-events';
import { LabGoals } from './lab-goals';
import { describeCluster } from './cluster-view';
import { WatchChainRecorder } from './watch-chain';
import { LabLimits, LIMIT_SENTENCES } from './lab-limits';
import { liveCheckOf } from './apply-update';
import { validationProblems } from '@/app/_components/lab/manifest-problems';
import { committedStore, writeStarterFiles } from '@/sim-core/grading';
import type { MvccStore } from '@/sim-core/etcd/mvcc';
import { applyCommandLine, MAX_STDIN_LENGTH, type CommandResult, type EditorOpen, type Fault, type GoalView, type HostLab, type HostScenario, type KeyspaceView, type LabLimit, type ManifestProblem, type NotableEvent, type SimView, type TraceLine } from './protocol';

/** Trace lines kept for the view (the newest). */
const TRACE_LINES = 40;

export type CreateHostResult =
  | { ok: true; host: SimHost; setup: CommandResult[] }
  /** createSimulation could not build this topology */
  | { ok: false; error: 'unsupported-topology'; topology: string };

/**
 * Build the scenario's cluster. createSimulation decides which topologies exist (the
 * `default` one joins it with kubectl); until it accepts one it throws, and the page shows
 * the "not simulated yet" notice instead.
 */
function buildSimulation(scenario: HostScenario): Simulation | undefined {
  try {
    const options = { topology: scenario.topology, seed: scenario.seed, members: scenario.members, ...(scenario.controlPlanes !== undefined ? { controlPlanes: scenario.controlPlanes } : {}) } as SimulationOptions;
    return createSimulation(options);
  } catch {
    return undefined;
  }
}

/** The terminal line a fault button stands for: the learner sees (and can type) the same `sim` command. */
export function faultCommandLine(fault: Fault): string {
  switch (fault.kind) {
    case 'kill':
      return `sim kill ${fault.member}`;
    case 'restart':
      return `sim restart ${fault.member}`;
    case 'partition':
      return `sim partition ${fault.groups.map((g) => g.join(',')).join('|')}`;
    case 'heal':
      return 'sim heal';
  }
}

/** A watch's last read as the block that ends it in the terminal: its rows, then ^C (exit 130), or its own end when it had ended by itself. */
function endingBlock(line: string, last: LiveOutput): CommandResult & { watch: 'stopped' | 'ended' } {
  const end = last.exitCode === undefined ? { exitCode: 130, watch: 'stopped' as const } : { exitCode: last.exitCode, watch: 'ended' as const };
  return { line, stdout: last.stdout, stderr: last.stderr, ...end, ...(last.clipped === true ? { clipped: true as const } : {}) };
}

export class SimHost {
  private readonly log: Action[] = [];
  private readonly events: NotableEventTracker;
  private readonly traceRing: TraceEvent[] = [];
  private readonly stopTrace: () => void;
  private keyspaceMember: string | undefined;
  private goals: LabGoals | undefined;
  /** bumped on every change to the log, a merged tick included */
  private logVersion = 0;
  /** each workspace file's last check: its text and the committed keyspace (store and revision) it was judged against */
  private readonly lastChecks = new Map<string, { text: string; store: MvccStore | undefined; revision: number; problems: ManifestProblem[] }>();

  /** the watch chain, for the default topology */
  private readonly chain: WatchChainRecorder | undefined;
  private readonly stopChain: (() => void) | undefined;
  private lastHopId = -1;
  private lastClusterSignature = '';
  /** a lab's room under grading's caps; undefined in a lesson (never graded, never capped) */
  private readonly limits: LabLimits | undefined;

  private constructor(
    private readonly sim: Simulation,
    lab: boolean,
    caps: GradeCaps | undefined,
  ) {
    // a lab's terminal is grading's: the same caps, the same waits cut at the same tick
    if (lab) this.limits = LabLimits.attach(sim, caps);
    else sim.setCommandRunner((line, stdin, ports) => runCommandLine(line, stdin, ports, { readFile: (p) => ports.files.get(p) }));
    this.events = new NotableEventTracker(sim);
    this.stopTrace = sim.subscribe((e) => {
      if (isBackgroundEvent(e)) return;
      this.traceRing.push(e);
      if (this.traceRing.length > TRACE_LINES * 2) this.traceRing.splice(0, this.traceRing.length - TRACE_LINES);
    });
    if (sim instanceof DefaultSimulation) {
      const chain = new WatchChainRecorder();
      this.chain = chain;
      this.stopChain = sim.subscribe(chain.record);
    }
  }

  /**
   * A host for a scenario, or for a lab when `lab` is given: its starter files are the
   * workspace before the setup runs (as the server's grading writes them), and its goals
   * are evaluated in every view from the end of the setup on, and it runs under grading's
   * caps (`caps`: DEFAULT_GRADE_CAPS, as the server grades; tests give smaller ones).
   */
  static create(scenario: HostScenario, lab?: HostLab, caps?: GradeCaps): CreateHostResult {
    const sim = buildSimulation(scenario);
    if (sim === undefined) return { ok: false, error: 'unsupported-topology', topology: scenario.topology };
    const host = new SimHost(sim, lab !== undefined, caps);
    // as grade() writes them
    writeStarterFiles(sim, Object.fromEntries((lab?.files ?? []).map((f) => [f.path, f.content])));
    // the scenario's setup is where the lesson starts, not something the learner did: not logged
    const setup = scenario.setup.map((line) => host.execute({ type: 'command', line }));
    host.events.drain();
    if (lab !== undefined) host.goals = new LabGoals(sim, lab.goals);
    return { ok: true, host, setup };
  }

  dispose(): void {
    this.stopChain?.();
    this.goals?.dispose();
    this.events.dispose();
    this.stopTrace();
  }

  /** The lab's goals as they stand now; undefined outside a lab. */
  goalViews(): GoalView[] | undefined {
    return this.goals?.evaluate();
  }

  /** The workspace file at `path` as the cluster sees it (what `kubectl apply -f` reads). */
  file(path: string): string | undefined {
    return this.sim.files.get(path);
  }

  get now(): number {
    return this.sim.now;
  }

  stateHash(): string {
    return this.sim.stateHash();
  }

  /** The learner's actions since the scenario's setup, as the grader replays them. */
  actionLog(): ActionLog {
    return this.log.map((a) => ({ ...a }));
  }

  /** Whether `action` would join the log's last action rather than add one. */
  private joinsLast(action: Action): boolean {
    const last = this.log[this.log.length - 1];
    // consecutive steps of time are one action: tick(a); tick(b) runs exactly what tick(a+b) runs
    return action.type === 'tick' && action.at === undefined && last?.type === 'tick' && last.at === undefined && last.ticks + action.ticks <= ACTION_LOG_LIMITS.maxTick;
  }

  private record(action: Action): void {
    this.logVersion++;
    this.goals?.afterAction(action);
    const last = this.log[this.log.length - 1];
    if (this.joinsLast(action) && last?.type === 'tick' && action.type === 'tick') {
      last.ticks += action.ticks;
      return;
    }
    this.limits?.added(action);
    this.log.push({ ...action });
  }

  /** Which of grading's caps has no room for `action`, in a lab. */
  private refusal(action: Action): LabLimit | undefined {
    return this.limits?.refusal(action, this.log.length, this.joinsLast(action));
  }

  /** A lab's room under grading's caps; undefined outside labs. */
  budget(): SimView['budget'] {
    const limits = this.limits;
    if (limits === undefined) return undefined;
    const full = limits.full(this.sim.now, this.log.length);
    return { maxTicks: limits.caps.maxTicks, ticksLeft: limits.ticksLeft(this.sim.now), ...(full !== undefined ? { full } : {}) };
  }

  private execute(action: Extract<Action, { type: 'command' }>): CommandResult {
    const r = this.sim.dispatch(action);
    const { edit, watch, ...output } = r.ok ? (r.output ?? { stdout: '', stderr: '', exitCode: 0 }) : { stdout: '', stderr: `${r.error}\n`, exitCode: 1 };
    const replaced = r.ok ? r.replaced : undefined;
    // a file kubectl edit would reopen that no save could carry (over the stdin limit) is not offered
    return {
      line: action.line,
      ...commandInput(action),
      ...output,
      ...(edit !== undefined && edit.buffer.length <= MAX_STDIN_LENGTH ? { edit } : {}),
      ...(watch !== undefined && action.live === true ? { watch: 'running' as const } : {}),
      // the watch this one ended: its last rows, and ^C unless it had ended by itself meanwhile
      ...(replaced !== undefined ? { replaced: endingBlock(replaced.line, replaced) } : {}),
    };
  }

  /** The line of the watch a command left running in the terminal (`kubectl get pods -w`), if one is. */
  running(): string | undefined {
    return this.sim.runningCommand();
  }

  /**
   * What the running watch printed since the last read, as a block of the terminal (`watch:
   * 'output'`, or `'ended'` when it ended by itself); undefined when it printed nothing or
   * none runs. Reading changes nothing the grader replays.
   */
  readRunning(): CommandResult | undefined {
    const out = this.sim.readRunning();
    if (out === undefined) return undefined;
    if (out.exitCode === undefined && out.stdout === '' && out.stderr === '' && out.clipped !== true) return undefined;
    return { line: out.line, stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode ?? 0, watch: out.exitCode === undefined ? 'output' : 'ended', ...(out.clipped === true ? { clipped: true as const } : {}) };
  }

  /**
   * Ctrl+C at the prompt: the running watch stops (a logged `interrupt`), its last rows and
   * `^C` the block returned. undefined when no watch runs; in a lab, refused (the watch runs
   * on) when grading's caps have no room for the action.
   */
  interrupt(): CommandResult | undefined {
    const line = this.sim.runningCommand();
    if (line === undefined) return undefined;
    const action: Action = { type: 'interrupt' };
    const refused = this.refusal(action);
    // refused: the watch runs on (its entry says why Ctrl+C was not taken)
    if (refused !== undefined) return { ...this.refusedCommand({ type: 'command', line }, refused), watch: 'running' };
    const rest = this.readRunning();
    // it ended by itself just now: nothing is left to stop, nothing is logged
    if (rest?.watch === 'ended') return rest;
    this.sim.dispatch(action);
    this.record(action);
    return endingBlock(line, { stdout: rest?.stdout ?? '', stderr: rest?.stderr ?? '', ...(rest?.clipped === true ? { clipped: true as const } : {}) });
  }

  /**
   * What `kubectl edit …` would open in its editor now (the terminal's edit dialog): read
   * from the committed keyspace — no action, no tick, the same state hash. undefined when
   * the line is no such command, or one that stops before its editor opens (run it: it says
   * why), and in a lab when grading's caps have no room for its save (the file as opened
   * stands for it): run, the line is refused as any command is, before any edit is lost.
   */
  editorFile(line: string): EditorOpen | undefined {
    const open = editorOpenFor(line, this.sim.ports(), { readFile: (p) => this.sim.files.get(p), listFiles: () => [...this.sim.files.keys()].sort() });
    if (open === undefined || open.buffer.length > MAX_STDIN_LENGTH) return undefined;
    return this.refusal({ type: 'command', line, stdin: open.buffer }) === undefined ? open : undefined;
  }

  /**
   * Let `ticks` of simulated time pass; in a lab, at most what grading's tick cap has
   * left (Play and Step stop at the end of it). Returns the ticks that passed.
   */
  step(ticks: number): number {
    if (!Number.isInteger(ticks) || ticks < 1) throw new Error(`SimHost.step: bad tick count ${ticks}`);
    const allowed = this.limits === undefined ? ticks : Math.min(ticks, this.limits.ticksLeft(this.sim.now));
    if (allowed < 1 || this.refusal({ type: 'tick', ticks: allowed }) !== undefined) return 0;
    this.sim.tick(allowed);
    this.record({ type: 'tick', ticks: allowed });
    return allowed;
  }

  /**
   * Run one terminal line, as the learner typed it, with the standard input a
   * here-document gave it (`etcdctl txn <<EOF` runs `etcdctl txn` with the body as
   * `stdin`, and logs exactly that); in a lab, refused (not run, not logged) when
   * grading's caps have no room for it — its stdin counts toward the log's size.
   */
  runCommand(line: string, stdin?: string, heredoc?: string, live = true): CommandResult {
    const action: Extract<Action, { type: 'command' }> = { type: 'command', line, ...commandInput({ stdin, heredoc }), ...(live ? { live: true as const } : {}) };
    const refused = this.refusal(action);
    if (refused !== undefined) return this.refusedCommand(action, refused);
    const result = this.execute(action);
    // logged `live` only when it left a watch running: any other command runs the same either way
    const { live: _live, ...asScript } = action;
    this.record(result.watch === 'running' ? action : asScript);
    return result;
  }

  /** A command the caps had no room for, as the terminal shows it (the page words `refused` in its own language). */
  private refusedCommand(action: Extract<Action, { type: 'command' }>, refused: LabLimit): CommandResult {
    const why = this.limits === undefined ? refused : LIMIT_SENTENCES[refused](this.limits.caps);
    return { line: action.line, ...commandInput(action), stdout: '', stderr: `${why}: the command was not run. Submit your work, or reset the lab to start again.\n`, exitCode: 1, refused };
  }

  /** A workspace file as the learner edited it, logged (false when grading's caps have no room for it). Replays and tests; the editor's Apply is applyFiles. */
  writeFile(path: string, content: string): boolean {
    const action: Action = { type: 'writeFile', path, content };
    if (this.refusal(action) !== undefined) return false;
    this.sim.dispatch(action);
    this.record(action);
    return true;
  }

  /**
   * The lab editor's Apply, all or nothing: write `files` (logged `writeFile` actions, in
   * order), then run `kubectl apply -f <path>` (a logged command) — the same actions, in
   * the same order, as the writes and the typed command always were, so the grader
   * replays them unchanged. When grading's caps have no room for every one of them,
   * nothing is written, run or logged, and the refused command says which cap.
   */
  applyFiles(files: readonly { path: string; content: string }[], path: string): { written: boolean; result: CommandResult } {
    const line = applyCommandLine(path);
    const writes: Action[] = files.map((f) => ({ type: 'writeFile', path: f.path, content: f.content }));
    const command: Extract<Action, { type: 'command' }> = { type: 'command', line };
    const refused = this.limits?.refusalOfAll([...writes, command], this.log.length);
    if (refused !== undefined) return { written: false, result: this.refusedCommand(command, refused) };
    for (const write of writes) {
      this.sim.dispatch(write);
      this.record(write);
    }
    return { written: true, result: this.runCommand(line) };
  }

  /** A fault button: the same as typing its `sim` command. */
  fault(fault: Fault): CommandResult {
    return this.runCommand(faultCommandLine(fault));
  }

  /**
   * Apply an action from a recorded log (replay); a command's output is returned. A
   * command goes the way a typed one does, its stdin with it (runCommand: the lab's caps,
   * the result the terminal shows); only an action pinned to a tick (`at`, which the
   * workspace never records) is dispatched as it is.
   */
  apply(action: Action): CommandResult | undefined {
    if (action.type === 'tick' && action.at === undefined) this.step(action.ticks);
    else if (action.type === 'command' && action.at === undefined) return this.runCommand(action.line, action.stdin, action.heredoc, action.live === true);
    else if (action.type === 'interrupt' && action.at === undefined) return this.interrupt();
    else if (action.type === 'writeFile' && action.at === undefined) this.writeFile(action.path, action.content);
    else if (action.type === 'command') {
      const result = this.execute(action);
      this.record(action);
      return result;
    } else {
      this.sim.dispatch(action);
      this.record(action);
    }
    return undefined;
  }

  /**
   * What the API server would refuse of a workspace file's `text` if Apply wrote it now: an
   * object the cluster holds judged as Apply's update of it, any other as a create (an
   * etcd-only cluster has no API server: every object is new). Reads the committed
   * keyspace and changes nothing — no action, no tick, the same state hash.
   */
  manifestProblems(path: string, text: string): ManifestProblem[] {
    const sim = this.sim;
    if (!(sim instanceof DefaultSimulation)) return validationProblems(path, text, undefined);
    // The editor asks again whenever the action log grows — every frame while the cluster
    // plays — but the verdict depends only on the text and the committed keyspace: the
    // last one stands while neither has changed (a large file costs a merge and admission).
    const store = committedStore(sim);
    const revision = store?.currentRev ?? -1;
    const last = this.lastChecks.get(path);
    if (last !== undefined && last.text === text && last.store === store && last.revision === revision) return last.problems;
    const problems = validationProblems(path, text, liveCheckOf(() => store));
    this.lastChecks.set(path, { text, store, revision, problems });
    return problems;
  }

  /** Show the keyspace as `member` has applied it; undefined = the leader's. */
  setKeyspaceSource(member: string | undefined): void {
    this.keyspaceMember = member;
  }

  /** A signature that changes whenever the shown keyspace could have changed. */
  keyspaceSignature(): string {
    const source = keyspaceSource(this.sim, this.keyspaceMember);
    return `${source ?? ''}@${revisionOf(this.sim, source)}`;
  }

  keyspace(): KeyspaceView {
    return describeKeyspace(this.sim, keyspaceSource(this.sim, this.keyspaceMember));
  }

  private traceLines(): TraceLine[] {
    return this.traceRing.slice(-TRACE_LINES).map(describeTraceEvent);
  }

  /** Notable events since the last call. */
  drainEvents(): NotableEvent[] {
    return this.events.drain();
  }

  /**
   * The view the page draws. `keyspace` is included only when asked (the session leaves
   * it out while it has not changed); `events` drains the notable-event queue.
   */
  view(options: { keyspace: boolean; playing: boolean; ticksPerSecond: number }): SimView {
    const members = describeMembers(this.sim);
    const inFlight = this.sim.kernel.network.inFlight();
    const view: SimView = {
      now: this.sim.now,
      members,
      partition: partitionGroups(members),
      messages: describeMessages(inFlight),
      messagesInFlight: inFlight.length,
      trace: this.traceLines(),
      events: this.drainEvents(),
      playing: options.playing,
      ticksPerSecond: options.ticksPerSecond,
      actionCount: this.log.length,
      logVersion: this.logVersion,
    };
    const last = this.log[this.log.length - 1];
    if (last?.type === 'tick' && last.at === undefined) view.lastTicks = last.ticks;
    const goals = this.goalViews();
    if (goals !== undefined) view.goals = goals;
    const budget = this.budget();
    if (budget !== undefined) view.budget = budget;
    const leader = this.sim.leader();
    if (leader !== undefined) view.leader = leader.address;
    if (options.keyspace) view.keyspace = this.keyspace();
    const running = this.running();
    const watched = this.readRunning();
    if (watched !== undefined) view.watched = watched;
    if (running !== undefined && watched?.watch !== 'ended') view.running = running;
    if (!options.playing) view.stateHash = this.sim.stateHash();
    if (this.sim instanceof DefaultSimulation && this.chain !== undefined) {
      // posted only when something besides the tick changed: the page keeps the last one,
      // so an idle cluster costs no structured clone and no re-render per frame
      const cluster = describeCluster(this.sim);
      const { tick: _tick, ...content } = cluster;
      const signature = JSON.stringify(content);
      if (signature !== this.lastClusterSignature) {
        this.lastClusterSignature = signature;
        view.cluster = cluster;
      }
      // only the hops the page has not seen: each carries two languages of explanation
      const hops = this.chain.since(this.lastHopId).slice(-500);
      const last = hops.at(-1);
      if (last !== undefined) this.lastHopId = last.id;
      view.chain = hops;
    }
    return view;
  }
}

/** A fresh host for `scenario` with `log` applied: what the server's replay computes. */
export function replayActionLog(scenario: HostScenario, log: ActionLog, lab?: HostLab): CreateHostResult {
  const created = SimHost.create(scenario, lab);
  if (!created.ok) return created;
  for (const action of log) {
    created.host.apply(action);
    // read after every action, as the page, the saved-work replay and the grader do
    created.host.readRunning();
  }
  return created;
}
