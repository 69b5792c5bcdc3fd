// Caps that stop a hostile action log before it costs the server more than a learner's
// honest session would (issue 6: the server replays "with step and time caps"). A log over
// a cap is refused with a sentence saying which cap, never graded.
//
// The lab's terminal in the browser runs under the same Budget (budgeted-runner.ts), so
// whatever it lets a learner do is a log grading accepts: a wait that reaches the end of
// the tick budget is cut there (the command times out, in the browser as in the replay),
// `sim tick N` past the budget is refused up front, and a command, an action or a step of
// time the caps have no room for is refused before it runs (never logged).
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

/** The cap a log (or the lab terminal's next step) broke: what the learner is told about, in their language. */
export type CapReason = 'ticks' | 'actions' | 'commands' | 'output';
/** Why a log was refused: a cap, or a log that is not a valid one (forged, or from another sim-core). */
export type RefusalReason = CapReason | 'invalid';

/**
 * A log grading refused: `reason` is what the learner is told about (in their language),
 * `error` the English sentence for logs and tools (`npm run grade`). The reason travels
 * with the sentence, as data, across the grading worker's boundary.
 */
export interface Refusal {
  ok: false;
  reason: RefusalReason;
  error: string;
}

/** The English sentences of the cap refusals. */
export const capSentence = {
  ticks: (caps: GradeCaps) => `replay stopped: more than ${caps.maxTicks} ticks (the cap)`,
  actions: (caps: GradeCaps, has: number) => `action log exceeds ${caps.maxActions} actions (it has ${has})`,
  commands: (caps: GradeCaps) => `replay stopped: more than ${caps.maxCommands} commands (the cap)`,
  output: (caps: GradeCaps) => `replay stopped: the commands printed more than ${caps.maxOutputBytes} bytes (the cap)`,
};

/** The running totals one replay (or one lab terminal) checks against its caps. */
export class Budget {
  commands = 0;
  outputBytes = 0;
  /** a command was run that the lab's terminal would have refused: the log is not one it made */
  private overrun: 'commands' | 'output' | undefined;

  constructor(
    readonly caps: GradeCaps,
    /** the last tick the replay may reach */
    readonly deadline: number,
  ) {}

  /** Simulated ticks still allowed at `now`. */
  ticksLeft(now: number): number {
    return Math.max(0, this.deadline - now);
  }

  /** How many of `wanted` ticks may still run at `now`: a wait that reaches the deadline is cut there. */
  allow(wanted: number, now: number): number {
    return Math.min(wanted, this.ticksLeft(now));
  }

  /**
   * The cap a new command would break, if any: the lab's terminal refuses the command
   * then (it is neither run nor logged). A command that starts within the output cap may
   * print past it; the next one is refused.
   */
  commandRefusal(): 'commands' | 'output' | undefined {
    if (this.commands >= this.caps.maxCommands) return 'commands';
    if (this.outputBytes >= this.caps.maxOutputBytes) return 'output';
    return undefined;
  }

  /** Count a command that starts now (a replay runs it even when the terminal would have refused it, and then stops). */
  startCommand(): void {
    this.overrun ??= this.commandRefusal();
    this.commands++;
  }

  /** Count what a command printed. */
  printed(bytes: number): void {
    this.outputBytes += bytes;
  }

  /** Why the replay must stop now, if it must: the cap and its sentence. A wait cut at the deadline is not a reason: the lab's terminal cuts it the same way. */
  stopReason(): { reason: 'commands' | 'output'; sentence: string } | undefined {
    if (this.overrun === 'commands') return { reason: 'commands', sentence: capSentence.commands(this.caps) };
    if (this.overrun === 'output') return { reason: 'output', sentence: capSentence.output(this.caps) };
    return undefined;
  }
}
