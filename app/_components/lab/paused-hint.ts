// A lab's clock starts paused, and Apply (kubectl apply) only stores objects: the
// controllers, the scheduler and the kubelets act on them as simulated time passes. A
// learner who applies and waits with the clock paused sees nothing happen. So when one of
// their commands lands while the clock is paused and did not run simulated time, the
// workspace says so next to the terminal, with Play right there; the hint goes once the
// clock moves. Nothing here logs or sends anything: what grading replays is unchanged.
//
// Judged from the clock, not from a list of commands: `sim tick`, `sim settle`, `kubectl
// wait` and a script's `get -w`, `rollout status` or `logs -f` run simulated time (the
// controllers visibly acted), while the page's live `kubectl get -w`, `rollout status`,
// `logs -f`, `etcdctl watch` and `etcdctl lease keep-alive` return at once, still running, and need time to pass.
import type { TerminalEntry } from '@/app/_components/sim/sim-state';

/** The lab's simulated clock as one view of the worker's shows it (SimView's `now`, `playing` and `budget`): a new object per view. */
export interface LabClock {
  now: number;
  playing: boolean;
  /** grading's tick cap and what is left of it: the ticks run since the lab started are the difference */
  budget?: { maxTicks: number; ticksLeft: number } | undefined;
  /** SimView's: changes whenever the action log does, so a view with the same as before a command is from before it */
  logVersion?: number;
}

/**
 * The ticks a kubectl or etcdctl command takes for its own requests: each crosses the
 * simulated network (1–3 ticks a hop, through the API server and etcd's Raft), so even
 * `kubectl get` moves the clock by a few dozen ticks (a two-file Apply, a describe: about
 * 70). The commands that wait on the cluster wait in slices of a simulated second at least
 * (get -w and logs -f read a second at a time, wait and rollout status poll a second or
 * ten, sim-core/cli/kubectl/README.md), and a request that times out waits seconds.
 */
export const OWN_REQUEST_TICKS = 100;

/** `sim …` is the simulator's own command: it sends nothing over the simulated network, so any tick it took (tick, settle) was time it let pass. */
const SIMULATOR_COMMAND = /^\s*sim(?:\s|$)/;

/** Commands of the learner's that landed while paused, waiting for the view after them to say whether they ran time. */
interface Landing {
  /** the first of them */
  first: TerminalEntry;
  /** the clock's tick before they ran; unknown when they landed before the page's first view */
  from: number | undefined;
  /** the ticks their own requests may take (OWN_REQUEST_TICKS for each kubectl or etcdctl) */
  allowance: number;
  /** the log's version in the view before them (undefined before the first view) */
  fromLog: number | undefined;
}

export interface PausedHint {
  /** the newest terminal entry already judged */
  seen: TerminalEntry | undefined;
  /** the view the clock was last read from */
  clock: LabClock | undefined;
  /** commands landed in a render the view after them had not reached yet (the page folds the worker's messages once a frame) */
  landing: Landing | undefined;
  /** the command of the learner's that landed while the clock was paused and left it where it was, when the clock has not moved since (more landing meanwhile keep the first) */
  raisedBy: TerminalEntry | undefined;
}

export const NO_PAUSED_HINT: PausedHint = { seen: undefined, clock: undefined, landing: undefined, raisedBy: undefined };

/**
 * The entries that landed after `seen`, oldest first: not `seen` grown by the rows its
 * running watch printed (or ended by Ctrl+C at the prompt), and not rows a watch printed
 * under later entries (sim-state's appendWatchBlock keeps the entry's id, or adds a
 * `continued` one). Entries are numbered in order; a fresh cluster numbers from 1 again,
 * which its setup's entries (origin 'setup') say.
 */
function landedSince(terminal: readonly TerminalEntry[], seen: TerminalEntry | undefined): TerminalEntry[] {
  const latest = terminal.at(-1);
  if (latest === undefined || latest === seen) return [];
  const fresh = seen === undefined || latest.id < seen.id || terminal.some((e) => e.origin === 'setup' && e.id > seen.id);
  return terminal.filter((e) => (fresh || e.id > seen.id) && e.continued === undefined);
}

/**
 * The tick the lab started at (its setup run), which commands typed before the page had a
 * view started from: the worker computes its first view after announcing the cluster ready,
 * and the page may fold them into different frames.
 */
function labStart(clock: LabClock): number | undefined {
  return clock.budget === undefined ? undefined : clock.now - (clock.budget.maxTicks - clock.budget.ticksLeft);
}

/**
 * The hint after this render's terminal and clock (the latest view's; absent before the
 * first). The same object back when nothing changed (React keeps the state).
 *
 * The worker answers a command, then posts the view after it; the page folds its messages
 * in once a frame, so the view mostly comes in the same render as the command's entry,
 * sometimes a render later. The commands are judged when it comes: they ran time when the
 * clock moved, since the tick before them, by more than their own requests take. A view
 * that moved the clock with no command of the learner's to account for it is Play or Step.
 */
export function nextPausedHint(state: PausedHint, terminal: readonly TerminalEntry[], clock: LabClock | undefined): PausedHint {
  const before = state.clock?.now;
  let { landing, raisedBy } = state;
  for (const entry of landedSince(terminal, state.seen)) {
    // the lab's setup ran again: a fresh cluster (Reset lab) has nothing waiting on the clock
    if (entry.origin === 'setup') {
      landing = undefined;
      raisedBy = undefined;
    }
    // a command the learner ran just now (not one replayed on load, not one cancelled with Ctrl+C)
    else if (entry.origin === 'learner' && entry.restored === undefined && entry.interrupted === undefined) {
      const allowance = SIMULATOR_COMMAND.test(entry.result.line) ? 0 : OWN_REQUEST_TICKS;
      landing = landing === undefined ? { first: entry, from: before, allowance, fromLog: state.clock?.logVersion } : { ...landing, allowance: landing.allowance + allowance };
    }
  }
  if (clock !== undefined && clock !== state.clock) {
    // A view the worker posted before the commands (its log as it was then: the same version
    // as the view before them, or the first view with an empty log), folded in with their
    // entries on a busy page: it shows where they started, and the view after them judges.
    const predates = landing !== undefined && !clock.playing && clock.logVersion !== undefined && (landing.fromLog !== undefined ? clock.logVersion === landing.fromLog : clock.logVersion === 0);
    if (predates) landing = { ...landing!, from: landing!.from ?? clock.now, fromLog: clock.logVersion };
    else {
      if (clock.playing) raisedBy = undefined;
      else if (landing !== undefined) {
        const from = landing.from ?? labStart(clock);
        raisedBy = from === undefined || clock.now - from > landing.allowance ? undefined : (raisedBy ?? landing.first);
      }
      // Play, Step, or a fresh cluster's clock
      else if (clock.now !== before) raisedBy = undefined;
      landing = undefined;
    }
  }
  const seen = terminal.at(-1);
  if (seen === state.seen && clock === state.clock && landing === state.landing && raisedBy === state.raisedBy) return state;
  return { seen, clock, landing, raisedBy };
}
