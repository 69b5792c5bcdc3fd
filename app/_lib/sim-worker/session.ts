// The worker's side of the protocol: validates each message from the page, drives a
// SimHost, and plays — advancing simulated time at the chosen speed on a frame timer and
// posting at most one view per frame (≤ 10 a second). The timer is injected so tests run
// a session in Node with a fake clock; sim.worker.ts plugs in the real setInterval.
import type { ActionLog } from '@/sim-core/cluster/actions';
import {
  DEFAULT_SPEED,
  FRAME_MS,
  MAX_MANIFEST_PROBLEMS,
  MAX_PROBLEM_LENGTH,
  MAX_UPDATES_LENGTH,
  MAX_OUTPUT_LENGTH,
  parsePageMessage,
  type CommandResult,
  type ManifestProblem,
  type HostLab,
  type HostScenario,
  type PageMessage,
  type WorkerMessage,
} from './protocol';
import { SimHost } from './sim-host';

/** The replayed commands' outputs the terminal gets back (its own size). */
const REPLAY_OUTPUT = 200;
/**
 * A replayed step of time runs in stretches of this many ticks, each one unit of the
 * replay's progress as an action is: minutes of play are one tick action in the log, and
 * the progress bar should move while they replay (tick(a); tick(b) runs exactly what
 * tick(a+b) runs, and the host merges them back into one action).
 */
export const REPLAY_TICK_STRETCH = 1_000;
/** Progress reports one replay posts at most (one every 5%). */
const REPLAY_REPORTS = 20;

/** An action's part of a replay's work: one, and one more per full stretch of ticks it lets pass. */
export function replayWork(action: ActionLog[number]): number {
  return action.type === 'tick' && action.at === undefined ? 1 + Math.floor(action.ticks / REPLAY_TICK_STRETCH) : 1;
}

export interface FrameTimer {
  start(onFrame: () => void, everyMs: number): void;
  stop(): void;
}

export class WorkerSession {
  private host: SimHost | undefined;
  private scenario: HostScenario | undefined;
  private lab: HostLab | undefined;
  private playing = false;
  private ticksPerSecond: number = DEFAULT_SPEED;
  /** thousandths of a tick owed by the frame timer (slow speeds run one tick every few frames) */
  private owed = 0;
  private lastKeyspace = '';
  private keyspaceMember: string | undefined;

  constructor(
    private readonly post: (message: WorkerMessage) => void,
    private readonly timer: FrameTimer,
  ) {}

  /** Handle one message from the page (anything: it is validated here). */
  receive(data: unknown): void {
    const parsed = parsePageMessage(data);
    if (!parsed.ok) {
      this.post({ type: 'error', message: parsed.error, ...refusedRequest(data) });
      return;
    }
    this.handle(parsed.message);
  }

  private handle(message: PageMessage): void {
    if (message.type === 'init') {
      this.scenario = message.scenario;
      this.lab = message.lab;
      if (message.speed !== undefined) this.ticksPerSecond = message.speed;
      this.build(message.replay);
      return;
    }
    const host = this.host;
    if (host === undefined) {
      this.post({ type: 'error', message: `the simulation is not running (got "${message.type}" before a successful init)`, ...refusedRequest(message) });
      return;
    }
    switch (message.type) {
      case 'play':
        // a lab whose simulated time is used up has nothing left to play
        this.setPlaying(host.budget()?.ticksLeft !== 0);
        break;
      case 'pause':
        this.setPlaying(false);
        break;
      case 'step':
        host.step(message.ticks);
        break;
      case 'setSpeed':
        this.ticksPerSecond = message.ticksPerSecond;
        this.owed = 0;
        break;
      case 'runCommand':
        this.post({ type: 'commandResult', requestId: message.requestId, result: host.runCommand(message.line, message.stdin, message.heredoc) });
        break;
      case 'fault':
        this.post({ type: 'commandResult', result: host.fault(message.fault) });
        break;
      case 'interrupt': {
        const stopped = host.interrupt();
        if (stopped !== undefined) this.post({ type: 'commandResult', result: stopped });
        break;
      }
      case 'apply': {
        const { written, result } = host.applyFiles(message.files, message.path);
        this.post({ type: 'applied', requestId: message.requestId, written, result });
        break;
      }
      case 'setKeyspaceSource':
        this.keyspaceMember = message.member;
        host.setKeyspaceSource(message.member);
        break;
      case 'reset':
        this.setPlaying(false);
        this.build();
        return;
      case 'getActionLog':
        this.post({ type: 'actionLog', requestId: message.requestId, log: host.actionLog() });
        return;
      case 'checkManifest':
        this.checkManifest(host, message);
        return;
      case 'openEditor':
        this.openEditor(host, message);
        return;
    }
    this.postView();
  }

  /**
   * The editor's check of a file: read-only, so no view follows. A check that throws (a
   * bug) is answered as a refused request — the editor judges the file itself — rather
   * than taking the lab's cluster down with the worker.
   */
  private checkManifest(host: SimHost, message: Extract<PageMessage, { type: 'checkManifest' }>): void {
    let problems: ManifestProblem[];
    try {
      problems = host
        .manifestProblems(message.path, message.text)
        .slice(0, MAX_MANIFEST_PROBLEMS)
        .map((p) => ({
          ...p,
          message: clip(p.message, MAX_PROBLEM_LENGTH),
          ...(p.updates !== undefined ? { updates: clip(p.updates, MAX_UPDATES_LENGTH) } : {}),
          ...(p.output !== undefined ? { output: clip(p.output, MAX_OUTPUT_LENGTH) } : {}),
        }));
    } catch (e) {
      this.post({ type: 'error', message: `the manifest check failed: ${e instanceof Error ? e.message : String(e)}`, requestId: message.requestId, request: message.type });
      return;
    }
    this.post({ type: 'manifestProblems', requestId: message.requestId, problems });
  }

  /**
   * kubectl edit's file for the dialog, read-only. The clock is paused first — here, where
   * frames run, so none ticks between the page's decision and the read — and the answer says
   * whether it played (the dialog plays it again on close); a view follows only then, to show
   * it paused. A read that throws (a bug) is a refused request: the clock runs on as it did.
   */
  private openEditor(host: SimHost, message: Extract<PageMessage, { type: 'openEditor' }>): void {
    const playing = this.playing;
    this.setPlaying(false);
    let editor: ReturnType<SimHost['editorFile']>;
    try {
      editor = host.editorFile(message.line);
    } catch (e) {
      this.setPlaying(playing);
      this.post({ type: 'error', message: `opening kubectl edit's file failed: ${e instanceof Error ? e.message : String(e)}`, requestId: message.requestId, request: message.type });
      return;
    }
    this.post({ type: 'editorFile', requestId: message.requestId, ...(editor !== undefined ? { editor } : {}), playing });
    if (playing) this.postView();
  }

  private build(replay?: ActionLog): void {
    this.host?.dispose();
    this.host = undefined;
    this.lastKeyspace = '';
    this.owed = 0;
    const scenario = this.scenario;
    if (scenario === undefined) return;
    const created = SimHost.create(scenario, this.lab);
    if (!created.ok) {
      this.post({ type: 'unsupported', topology: created.topology });
      return;
    }
    this.host = created.host;
    this.host.setKeyspaceSource(this.keyspaceMember);
    this.post({ type: 'ready', setup: created.setup });
    if (replay !== undefined && replay.length > 0) this.replay(created.host, replay);
    this.postView();
  }

  /**
   * Redo saved work on the fresh cluster: the simulation is deterministic, so the same
   * log from the same seed gives the same state. Progress is posted as it goes, in units
   * of work (replayWork: long steps of time count by the stretch), which the page shows
   * as a percentage; a command that throws — a bug, or a log from another sim-core —
   * stops the replay where it is rather than losing the cluster.
   */
  private replay(host: SimHost, log: ActionLog): void {
    const results: CommandResult[] = [];
    const total = log.reduce((sum, a) => sum + replayWork(a), 0);
    const every = Math.max(1, Math.floor(total / REPLAY_REPORTS));
    let done = 0;
    let reported = 0;
    const progressed = (units: number) => {
      done += units;
      if (done - reported >= every && done < total) {
        reported = done;
        this.post({ type: 'replayProgress', done, total });
      }
    };
    this.post({ type: 'replayProgress', done: 0, total });
    /** the last action's own result: only its `edit` (kubectl edit's reopened file) is still open after the replay */
    let last: CommandResult | undefined;
    for (const [i, action] of log.entries()) {
      last = undefined;
      try {
        if (action.type === 'tick' && action.at === undefined) {
          for (let left = action.ticks; left > 0; left -= REPLAY_TICK_STRETCH) {
            host.step(Math.min(left, REPLAY_TICK_STRETCH));
            if (left >= REPLAY_TICK_STRETCH) progressed(1);
          }
          progressed(1);
        } else {
          const r = host.apply(action);
          if (r !== undefined) results.push((last = r));
          progressed(1);
        }
        // what a watch left running printed meanwhile, where the terminal showed it
        const watched = host.readRunning();
        if (watched !== undefined) results.push(watched);
      } catch (e) {
        // stopped early: no reopened kubectl edit file is the cluster's any more
        this.post({ type: 'replayed', results: results.map((r) => (r.edit === undefined ? r : withoutEdit(r))).slice(-REPLAY_OUTPUT), error: `action ${i + 1}: ${e instanceof Error ? e.message : String(e)}` });
        return;
      }
    }
    // kubectl edit's reopened file is the dialog's to show again only when nothing came after its save
    const shown = results.map((r) => (r.edit === undefined || r === last ? r : withoutEdit(r)));
    this.post({ type: 'replayed', results: shown.slice(-REPLAY_OUTPUT) });
  }

  private setPlaying(on: boolean): void {
    if (on === this.playing) return;
    this.playing = on;
    this.owed = 0;
    if (on) this.timer.start(() => this.frame(), FRAME_MS);
    else this.timer.stop();
  }

  /** One frame of play: run the ticks this frame owes, then post a view if time moved. */
  frame(): void {
    const host = this.host;
    if (!this.playing || host === undefined) return;
    // counted in thousandths of a tick, in integers, so 3 ticks/s is exactly 3 ticks a second
    this.owed += this.ticksPerSecond * FRAME_MS;
    const ticks = Math.floor(this.owed / 1000);
    if (ticks < 1) return;
    this.owed -= ticks * 1000;
    const ran = host.step(ticks);
    // at the end of a lab's tick budget play stops; the view's budget says why
    if (ran < ticks || host.budget()?.ticksLeft === 0) this.setPlaying(false);
    this.postView();
  }

  private postView(): void {
    const host = this.host;
    if (host === undefined) return;
    const signature = host.keyspaceSignature();
    const keyspace = signature !== this.lastKeyspace;
    this.lastKeyspace = signature;
    this.post({ type: 'view', view: host.view({ keyspace, playing: this.playing, ticksPerSecond: this.ticksPerSecond }) });
  }

  dispose(): void {
    this.setPlaying(false);
    this.host?.dispose();
    this.host = undefined;
  }
}

/** The `requestId` and `type` of a refused page message, as far as they can be read. */
function refusedRequest(data: unknown): { requestId?: number; request?: string } {
  if (data === null || typeof data !== 'object') return {};
  const { requestId, type } = data as { requestId?: unknown; type?: unknown };
  return {
    ...(typeof requestId === 'number' && Number.isSafeInteger(requestId) && requestId >= 0 ? { requestId } : {}),
    ...(typeof type === 'string' && type.length <= 40 ? { request: type } : {}),
  };
}

function withoutEdit(r: CommandResult): CommandResult {
  const { edit: _closed, ...rest } = r;
  return rest;
}

/** `text` cut to `max` characters, with an ellipsis when it was longer: the page's schema refuses longer. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
