// grade(): the only judge of a lab attempt (DESIGN.md §4: "Grading is the server's").
// It rebuilds the cluster from the lab's seed, runs the setup, replays the learner's
// action log from scratch — each action at its recorded tick — lets the cluster settle
// (bounded) and evaluates the goals. Nothing the browser says about its state is used;
// the simulation is deterministic, so the same log always gets the same verdict and the
// same state hash.
import { tokenize } from '../cli/shell/tokenize';
import type { Action } from '../cluster/actions';
import type { DispatchResult } from '../cluster/etcd-only';
import { createSimulation, type Simulation, type SimulationOptions } from '../cluster/simulation';
import { budgetLab } from './budgeted-runner';
import { capSentence, DEFAULT_GRADE_CAPS, type GradeCaps, type Refusal } from './caps';
import { evaluateState } from './evaluate';
import type { Explanation, Goal } from './goals';
import { HistoryTracker, isHistoryCheck } from './history';
import { checkActionLog, checkGoals } from './refuse';
import { CommittedStoreReader, JsonCache, SimulationView, type FaultMark } from './view';

export interface GradeInput {
  topology: string;
  seed: number;
  /** etcd members, 1–7 (default 3) */
  members?: number;
  /** `default` topology: worker nodes node-1 … node-N (default 3) */
  workers?: number;
  /** `default` topology: control-plane nodes control-plane, control-plane-2, … (default 1) */
  controlPlanes?: number;
  /** terminal lines run before the learner's first action (the lab's initial objects and faults) */
  setup?: readonly string[];
  /** the workspace's files before the first action (the lab's starter files) */
  files?: Readonly<Record<string, string>>;
  /** the learner's action log; validated with actionLogSchema before anything runs */
  actionLog: unknown;
  /** `{ id, check }` each; validated with goalSchema */
  goals: readonly unknown[];
  caps?: Partial<GradeCaps>;
}

export interface GoalResult {
  id: string;
  passed: boolean;
  explanation: Explanation;
}

export interface GradeVerdict {
  passed: boolean;
  goals: GoalResult[];
  /** the Simulation's state hash after the replay and the settle */
  stateHash: string;
  /** setup lines + actions replayed */
  steps: number;
  /** the simulated tick at which the goals were judged */
  ticks: number;
}

/** The verdict, or the refusal of the log (`reason`: the cap it broke, or 'invalid'; `error`: the English sentence). */
export type GradeResult = ({ ok: true } & GradeVerdict) | Refusal;

/**
 * One replayed step as the terminal showed it: a setup line (`phase: 'setup'`) or a logged
 * action, what dispatching it returned and the tick after it. content:check reads each
 * setup line's and solution command's output, the replay page each action's, from the
 * judge's own replay instead of rebuilding it.
 */
export interface ReplayStep {
  phase: 'setup' | 'action';
  /** 0-based within its phase */
  index: number;
  action: Action;
  result: DispatchResult;
  tick: number;
  /** what the watch a `live` command left running printed since the step before (the terminal shows it as it comes) */
  watched?: { line: string; stdout: string; stderr: string; exitCode?: number };
}

/** `sim kill …` and `sim partition …` inject faults (restart and heal are recoveries): committedAfterFault measures from the last one. */
export function isFaultLine(line: string): boolean {
  // without quotes or backslashes, a line whose text has no "sim" has no word `sim`
  if (!line.includes('sim') && !/['"\\]/.test(line)) return false;
  const t = tokenize(line);
  if (!t.ok) return false;
  let i = 0;
  while (i < t.words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(t.words[i]!)) i++; // VAR=value prefixes
  return t.words[i] === 'sim' && ['kill', 'partition'].includes(t.words[i + 1] ?? '');
}

/** What a lab's cluster is built from (a GradeInput's; the transcript's JobLab has the same fields). */
export type LabClusterSpec = Pick<GradeInput, 'topology' | 'seed' | 'members' | 'workers' | 'controlPlanes'>;

/** The lab's cluster as grade() builds it, or why it cannot be built. */
export function buildLabSimulation(input: LabClusterSpec): { ok: true; sim: Simulation } | { ok: false; error: string } {
  try {
    const base = { seed: input.seed, members: input.members ?? 3, traceCapacity: 0 };
    // the `default` topology: the lab's workers (default 3) and control-plane nodes (default 1), and every control-plane and node process
    if (input.topology === 'default') return { ok: true, sim: createSimulation({ ...base, topology: 'default', workers: input.workers ?? 3, controlPlanes: input.controlPlanes ?? 1 }) };
    return { ok: true, sim: createSimulation({ ...base, topology: input.topology } as SimulationOptions) };
  } catch (e) {
    return { ok: false, error: `cannot build the '${input.topology}' cluster (seed ${input.seed}): ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The lab's starter files into the workspace, in path order (as grade() writes them before the setup). */
export function writeStarterFiles(sim: Simulation, files: Readonly<Record<string, string>>): void {
  for (const [path, content] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) sim.files.set(path, content);
}

/** Replays and judges; `observe`, when given, sees every setup line and action as it is dispatched (it must not touch the Simulation). */
export function grade(input: GradeInput, observe?: (step: ReplayStep) => void): GradeResult {
  const caps: GradeCaps = { ...DEFAULT_GRADE_CAPS, ...input.caps };
  const goals = checkGoals(input.goals);
  if (!goals.ok) return goals;
  const log = checkActionLog(input.actionLog, caps);
  if (!log.ok) return log;
  const built = buildLabSimulation(input);
  if (!built.ok) return { ok: false, reason: 'invalid', error: built.error };
  return replay(built.sim, input, goals.value, log.value, caps, observe);
}

function replay(sim: Simulation, input: GradeInput, goals: Goal[], log: Action[], caps: GradeCaps, observe?: (step: ReplayStep) => void): GradeResult {
  const committed = new CommittedStoreReader(sim);
  const budget = budgetLab(sim, caps, () => committed.invalidate());
  writeStarterFiles(sim, input.files ?? {});

  const cache = new JsonCache();
  let lastFault: FaultMark | undefined;
  const view = () => new SimulationView(sim, cache, lastFault, committed.store());
  const historyGoals = goals.flatMap((g) => (isHistoryCheck(g.check) ? [g.check] : []));
  const history = new HistoryTracker(historyGoals);

  const setup = input.setup ?? [];
  for (const [i, line] of setup.entries()) {
    const action: Action = { type: 'command', line };
    const result = sim.dispatch(action);
    observe?.({ phase: 'setup', index: i, action, result, tick: sim.now });
    const stop = budget.stopReason();
    if (stop !== undefined) return { ok: false, reason: stop.reason, error: `${stop.sentence} (in the lab's setup)` };
  }

  // History starts when the learner does: observe now, whenever the committed revision
  // changes (seen at the next network event or fault), after each action and at the end.
  let seenRevision = -1;
  const observeIfChanged = () => {
    if (history.empty) return;
    const store = committed.store();
    const rev = store?.currentRev ?? 0;
    if (rev === seenRevision) return;
    seenRevision = rev;
    history.observe(new SimulationView(sim, cache, lastFault, store));
  };
  const unsubscribe = history.empty ? () => {} : sim.subscribe(observeIfChanged, { kinds: ['deliver', 'kill', 'exit', 'restart', 'fault'] });
  try {
    observeIfChanged();
    for (const [i, action] of log.entries()) {
      if (action.at !== undefined && action.at > budget.deadline) return overTicks(caps, i);
      if (action.type === 'tick' && Math.max(sim.now, action.at ?? 0) + action.ticks > budget.deadline) return overTicks(caps, i);
      const done = sim.dispatch(action);
      // read even when nobody looks: what a running watch printed is not kept for later
      const watched = sim.readRunning();
      const printed = watched !== undefined && (watched.stdout !== '' || watched.stderr !== '' || watched.exitCode !== undefined);
      observe?.({ phase: 'action', index: i, action, result: done, tick: sim.now, ...(printed ? { watched } : {}) });
      const stop = budget.stopReason();
      if (stop !== undefined) return { ok: false, reason: stop.reason, error: `${stop.sentence} (at action ${i + 1})` };
      // Only the learner's own faults count, and only those that happened: the setup's
      // faults are the lab's starting state, and `sim kill etcd-9` (no such member) is no fault.
      if (action.type === 'command' && isFaultLine(action.line) && done.ok && done.output?.exitCode === 0) {
        lastFault = { line: action.line, tick: sim.now, revision: committed.store()?.currentRev ?? 0 };
      }
      if (!history.empty) history.observe(view());
    }
    sim.runUntilIdle(caps.settleTicks);
    const end = view();
    if (!history.empty) history.observe(end);
    let h = 0;
    const results: GoalResult[] = goals.map((g) => {
      const v = isHistoryCheck(g.check) ? history.verdictOf(h++) : evaluateState(g.check, end);
      return { id: g.id, passed: v.passed, explanation: v.explanation };
    });
    return {
      ok: true,
      passed: results.every((r) => r.passed),
      goals: results,
      stateHash: sim.stateHash(),
      steps: setup.length + log.length,
      ticks: sim.now,
    };
  } finally {
    unsubscribe();
  }
}

function overTicks(caps: GradeCaps, i: number): Refusal {
  return { ok: false, reason: 'ticks', error: `${capSentence.ticks(caps)} at action ${i + 1}; a learner's log never needs that much simulated time` };
}
