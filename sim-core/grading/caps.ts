// Caps that stop a hostile action log before it costs the server more than a learner's
// honest session would (issue 6: the server replays "with step and time caps"). A log over
// a cap is refused with a sentence saying which cap, never graded.
import { ACTION_LOG_LIMITS } from '../cluster/actions';

export interface GradeCaps {
  /** actions in the learner's log */
  maxActions: number;
  /** terminal commands in the log */
  maxCommands: number;
  /**
   * simulated ticks the setup and the log may use (1 tick = 10 ms: 200,000 ≈ 33 minutes of
   * simulated time; an idle 3-member cluster runs about 100,000 ticks a second in Node)
   */
  maxTicks: number;
  /** bytes the commands may print in total */
  maxOutputBytes: number;
  /** ticks the cluster may take to settle after the last action before the goals are judged */
  settleTicks: number;
}

export const DEFAULT_GRADE_CAPS: GradeCaps = {
  maxActions: ACTION_LOG_LIMITS.maxActions,
  maxCommands: 2_000,
  maxTicks: 200_000,
  maxOutputBytes: 8 * 1024 * 1024,
  settleTicks: 5_000,
};

/** The running totals one replay checks against its caps. */
export class Budget {
  commands = 0;
  outputBytes = 0;
  /** a wait was cut short because the tick budget ran out */
  clamped = false;

  constructor(
    readonly caps: GradeCaps,
    /** the last tick the replay may reach */
    readonly deadline: number,
  ) {}

  /** How many of `wanted` ticks may still run at `now`; notes when it had to cut. */
  allow(wanted: number, now: number): number {
    const left = Math.max(0, this.deadline - now);
    if (wanted > left) {
      this.clamped = true;
      return left;
    }
    return wanted;
  }

  /** Why the replay must stop now, if it must. */
  stopReason(now: number): string | undefined {
    if (this.clamped && now >= this.deadline) return `replay stopped: more than ${this.caps.maxTicks} ticks (the cap); a learner's log never needs that much simulated time`;
    if (this.commands > this.caps.maxCommands) return `replay stopped: more than ${this.caps.maxCommands} commands (the cap)`;
    if (this.outputBytes > this.caps.maxOutputBytes) return `replay stopped: the commands printed more than ${this.caps.maxOutputBytes} bytes (the cap)`;
    return undefined;
  }
}
