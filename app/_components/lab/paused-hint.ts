// A lab's clock starts paused, and Apply (kubectl apply) only stores objects: the
// controllers, the scheduler and the kubelets act on them as simulated time passes. A
// learner who applies and waits with the clock paused sees nothing happen. So when one of
// their commands lands while the clock is paused, the workspace says so next to the
// terminal, with Play right there; the hint goes once the clock plays. Nothing here logs
// or sends anything: what grading replays is unchanged.
import type { TerminalEntry } from '@/app/_components/sim/sim-state';

/** `sim tick` and `sim settle` let time pass themselves: the learner is moving the clock by hand. */
const MOVES_TIME = /^\s*sim\s+(?:tick|settle)(?:\s|$)/;

export interface PausedHint {
  /** the newest terminal entry already judged */
  seen: TerminalEntry | undefined;
  /** the command of the learner's that landed while the clock was paused, when the clock has not played since (more landing meanwhile keep the first) */
  raisedBy: TerminalEntry | undefined;
}

export const NO_PAUSED_HINT: PausedHint = { seen: undefined, raisedBy: undefined };

/**
 * The hint after this render's terminal (`latest`: its newest entry) and clock. The same
 * object back when nothing changed (React keeps the state).
 */
export function nextPausedHint(state: PausedHint, latest: TerminalEntry | undefined, playing: boolean): PausedHint {
  let raisedBy = state.raisedBy;
  if (latest !== state.seen && latest !== undefined) {
    // a command the learner ran just now (not one replayed on load, not one cancelled with Ctrl+C)
    if (latest.origin === 'learner' && latest.restored === undefined && latest.interrupted === undefined) raisedBy = MOVES_TIME.test(latest.result.line) || playing ? undefined : (raisedBy ?? latest);
    // the lab's setup ran again: a fresh cluster (Reset lab) has nothing waiting on the clock
    else if (latest.origin === 'setup') raisedBy = undefined;
  }
  if (playing) raisedBy = undefined;
  return latest === state.seen && raisedBy === state.raisedBy ? state : { seen: latest, raisedBy };
}
