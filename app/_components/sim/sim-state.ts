// The page's state of one running simulation, folded from the worker's messages. Parts
// that did not change keep their identity (members when equal, the keyspace when the
// worker left it out), so the memo'd panels that draw them skip re-rendering.
import type { CommandResult, GoalView, KeyspaceView, MemberView, NotableEvent, SimView, WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import type { ClusterView } from '@/app/_lib/sim-worker/cluster-view-schema';
import type { Hop } from '@/app/_lib/sim-worker/watch-chain-schema';
import { mergeHops } from '@/app/_components/cluster/merge-hops';

/** How many notable events the log keeps on screen. */
const EVENT_LOG_SIZE = 100;
const TERMINAL_SIZE = 200;
/** Characters of a running watch's rows one entry keeps (a watch left running for an hour prints without end): the newest. */
export const WATCH_TEXT_KEPT = 100_000;

export interface TerminalEntry {
  id: number;
  origin: 'setup' | 'learner' | 'fault';
  result: CommandResult;
  /**
   * typed, then cancelled with Ctrl+C before it ran (nothing was sent): `result.line` is
   * the line as typed, and these are the here-document lines typed after it, the last one
   * where ^C was pressed
   */
  interrupted?: { lines: string[] };
  /** replayed from the work saved in this browser when the page loaded, not run just now */
  restored?: true;
  /**
   * rows a watch left running (`kubectl get -w`, started in an earlier entry) printed after
   * other entries came: shown under them with no `$` line of its own
   */
  continued?: true;
  /** its earliest rows were dropped to keep the page light (WATCH_TEXT_KEPT) */
  clipped?: true;
}

/** A command sent to the worker: the terminal echoes it, here-document and all, until its output arrives. */
export interface PendingCommand {
  line: string;
  stdin?: string;
  /** the here-document operator it was typed with */
  heredoc?: string;
}

export interface SimState {
  status: 'starting' | 'running' | 'unsupported' | 'failed';
  error?: string;
  view?: SimView;
  members: MemberView[];
  keyspace?: KeyspaceView;
  events: NotableEvent[];
  terminal: TerminalEntry[];
  /** a command is running in the worker */
  busy: boolean;
  /**
   * the command being run while `busy`, whatever sent it (the terminal, or Apply's
   * `kubectl apply -f`): the terminal echoes it until its output arrives
   */
  pending?: PendingCommand;
  /** every command sent and not answered yet, oldest first (a pasted block sends several): `pending` is the first */
  inFlight: PendingCommand[];
  /** a lab's goals as of the last view */
  goals?: GoalView[];
  /** the default topology's nodes and control plane, as of the last view */
  cluster?: ClusterView;
  /** the watch chain so far (the newest few hundred hops) */
  hops: Hop[];
  /** saved work is being replayed into the fresh cluster: `done` of `total` units of work (replayPercent) */
  replay?: { done: number; total: number };
  /** the saved work could not all be replayed (the cluster keeps what was) */
  replayError?: string;
}

export type Update =
  | { type: 'messages'; messages: WorkerMessage[] }
  | { type: 'failed'; error: string }
  /** a command was sent: it is echoed until its answer arrives */
  | { type: 'busy'; line: string; stdin?: string; heredoc?: string }
  /** the learner cancelled a line (and the here-document lines after it) with Ctrl+C: shown, never sent */
  | { type: 'interrupted'; line: string; lines: string[] };

export const initialSimState: SimState = { status: 'starting', members: [], events: [], terminal: [], busy: false, inFlight: [], hops: [] };

/** The state with the oldest command in flight answered: the next one (if any) is echoed, and the terminal is busy while one is left. */
function answered(state: SimState): SimState {
  const { pending: _answered, ...rest } = state;
  const inFlight = state.inFlight.slice(1);
  const next: SimState = { ...rest, inFlight, busy: inFlight.length > 0 };
  if (inFlight[0] !== undefined) next.pending = inFlight[0];
  return next;
}

/** A block of a running watch's output (`watch: 'output' | 'stopped' | 'ended'`), not a command's own result. */
function isWatchBlock(result: CommandResult): boolean {
  return result.watch === 'output' || result.watch === 'stopped' || result.watch === 'ended';
}

/**
 * The terminal with a running watch's block added: joined to the last entry when that is
 * the same watch's (its command, or the rows it printed since), else a continuation of its
 * own under whatever came in between. A `stopped` or `ended` block ends it. A block whose
 * watch lost rows unread before it (`clipped`) follows no earlier row: the entry shows the
 * block's rows only, under the note that earlier ones are no longer shown.
 */
function appendWatchBlock(terminal: readonly TerminalEntry[], { clipped: lost, ...block }: CommandResult, restored: boolean): TerminalEntry[] {
  const last = terminal.at(-1);
  const next: CommandResult['watch'] = block.watch === 'output' ? 'running' : block.watch;
  if (last !== undefined && last.result.watch === 'running' && last.result.line === block.line) {
    const kept = keepNewest(lost === true ? block.stdout : last.result.stdout + block.stdout);
    const result: CommandResult = { ...last.result, stdout: kept.stdout, stderr: last.result.stderr + block.stderr, exitCode: block.exitCode, watch: next };
    return [...terminal.slice(0, -1), { ...last, result, ...(last.clipped || kept.clipped || lost === true ? { clipped: true as const } : {}) }];
  }
  const kept = keepNewest(block.stdout);
  const entry: TerminalEntry = {
    id: (last?.id ?? 0) + 1,
    origin: 'learner',
    result: { ...block, stdout: kept.stdout, watch: next },
    continued: true,
    ...(restored ? { restored: true as const } : {}),
    ...(kept.clipped || lost === true ? { clipped: true as const } : {}),
  };
  return [...terminal, entry].slice(-TERMINAL_SIZE);
}

/** A watch's rows cut to the newest WATCH_TEXT_KEPT characters, whole rows only (a single longer row: its end). */
function keepNewest(stdout: string): { stdout: string; clipped: boolean } {
  if (stdout.length <= WATCH_TEXT_KEPT) return { stdout, clipped: false };
  const from = stdout.length - WATCH_TEXT_KEPT;
  const cut = stdout.indexOf('\n', from);
  return { stdout: cut < 0 || cut === stdout.length - 1 ? stdout.slice(from) : stdout.slice(cut + 1), clipped: true };
}

/** Append command results to the terminal, numbering them after the last one (keys for React). */
function appendEntries(terminal: readonly TerminalEntry[], origin: TerminalEntry['origin'], results: readonly CommandResult[], restored = false): TerminalEntry[] {
  let out = [...terminal];
  for (const result of results) {
    if (isWatchBlock(result)) {
      out = appendWatchBlock(out, result, restored);
      continue;
    }
    // a watch left running stays `running` in its entry until a block of its ends it; a new
    // one ends the one before, and the worker says how: its last rows, then the ^C a terminal
    // would have needed first (or its own end, when it ended by itself meanwhile)
    const { replaced, ...shown } = result;
    if (replaced !== undefined) out = appendWatchBlock(out, replaced, restored);
    const id = (out.at(-1)?.id ?? 0) + 1;
    out.push(restored ? { id, origin, result: shown, restored } : { id, origin, result: shown });
  }
  return out.slice(-TERMINAL_SIZE);
}

function sameMembers(a: readonly MemberView[], b: readonly MemberView[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

function apply(state: SimState, m: WorkerMessage): SimState {
  switch (m.type) {
    case 'ready':
      return { ...initialSimState, status: 'running', terminal: appendEntries([], 'setup', m.setup) };
    case 'view': {
      const next: SimState = { ...state, view: m.view };
      if (!sameMembers(state.members, m.view.members)) next.members = m.view.members;
      if (m.view.keyspace !== undefined) next.keyspace = m.view.keyspace;
      if (m.view.events.length > 0) next.events = [...state.events, ...m.view.events].slice(-EVENT_LOG_SIZE);
      if (m.view.goals !== undefined && JSON.stringify(m.view.goals) !== JSON.stringify(state.goals)) next.goals = m.view.goals;
      // the worker sends the cluster only when it changed
      if (m.view.cluster !== undefined) next.cluster = m.view.cluster;
      if (m.view.chain !== undefined && m.view.chain.length > 0) next.hops = mergeHops(state.hops, m.view.chain);
      if (m.view.watched !== undefined) next.terminal = appendWatchBlock(state.terminal, m.view.watched, false);
      return next;
    }
    case 'commandResult': {
      // Ctrl+C's end of a running watch (or its refusal), or a fault button's command
      if (m.requestId === undefined) return { ...state, terminal: appendEntries(state.terminal, m.result.watch !== undefined ? 'learner' : 'fault', [m.result]) };
      // the oldest command in flight is answered (the worker runs them in order), and a
      // request the worker refused earlier is over once a command of the learner's went through
      const { error: _over, ...rest } = answered(state);
      return { ...rest, terminal: appendEntries(state.terminal, 'learner', [m.result]) };
    }
    case 'applied': {
      // Apply's kubectl apply, run or refused whole: the terminal shows it as a command of the learner's
      const { error: _over, ...rest } = answered(state);
      return { ...rest, terminal: appendEntries(state.terminal, 'learner', [m.result]) };
    }
    case 'replayProgress':
      return { ...state, replay: { done: m.done, total: m.total } };
    case 'replayed': {
      const { replay: _done, ...rest } = state;
      const next: SimState = { ...rest, terminal: appendEntries(state.terminal, 'learner', m.results, true) };
      if (m.error !== undefined) next.replayError = m.error;
      return next;
    }
    case 'unsupported':
      return { ...state, status: 'unsupported' };
    case 'error':
      // a refused message is a bug in this page, not the learner's doing: keep running, say so.
      // A refused command or Apply is the oldest in flight (the worker answers in order) and
      // will not be answered; the others in flight still will be
      return { ...(m.request === 'runCommand' || m.request === 'apply' ? answered(state) : state), error: m.message };
    case 'actionLog':
    case 'manifestProblems':
    case 'editorFile':
      // answers to the page's own requests (use-sim-worker.ts): no state of the view's
      return state;
  }
}

/** How far a replay has come, in whole percent (never 100 before it is over). */
export function replayPercent(replay: { done: number; total: number }): number {
  if (replay.total <= 0) return 0;
  return Math.min(99, Math.floor((replay.done * 100) / replay.total));
}

export function simReducer(state: SimState, u: Update): SimState {
  if (u.type === 'failed') {
    const { pending: _lost, ...rest } = state;
    return { ...rest, status: 'failed', error: u.error, busy: false, inFlight: [] };
  }
  if (u.type === 'busy') {
    const { type: _busy, ...sent } = u;
    const inFlight = [...state.inFlight, sent];
    return { ...state, busy: true, inFlight, pending: inFlight[0] as PendingCommand };
  }
  if (u.type === 'interrupted') {
    const last = state.terminal.at(-1)?.id ?? 0;
    const entry: TerminalEntry = { id: last + 1, origin: 'learner', result: { line: u.line, stdout: '', stderr: '', exitCode: 130 }, interrupted: { lines: u.lines } };
    return { ...state, terminal: [...state.terminal, entry].slice(-TERMINAL_SIZE) };
  }
  return u.messages.reduce(apply, state);
}
