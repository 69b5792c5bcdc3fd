// A lab's cluster under the caps the server's grading replays it with: the same Budget
// and the same budgeted terminal as grade() (sim-core/grading), plus the size of the
// request Submit sends. What the caps have no room for is refused before it happens —
// a command, a file write, a step of time — so every log the workspace records is one
// the server grades. Lessons are never graded and run without it.
import type { Simulation } from '@/sim-core/cluster';
import { ACTION_LOG_LIMITS, type Action } from '@/sim-core/cluster/actions';
import { utf8Length } from '@/sim-core/kernel/utf8';
import { budgetLab } from '@/sim-core/grading/budgeted-runner';
import { DEFAULT_GRADE_CAPS, type Budget, type GradeCaps } from '@/sim-core/grading/caps';
import { MAX_ATTEMPT_BODY_BYTES } from '@/app/_lib/grading/attempts/request';
import type { LabLimit } from './protocol';

/** The submitted body around the log: `{"actionLog":[…],"idempotencyKey":"…"}` with the longest key. */
const BODY_OVERHEAD = 256;
/** The longest a tick action's JSON gets as merged steps grow its count. */
const TICK_ACTION_BYTES = utf8Length(JSON.stringify({ type: 'tick', ticks: ACTION_LOG_LIMITS.maxTick }));
/** The smallest action there is (`sim heal`), for "is there room for anything at all". */
const SMALLEST_ACTION_BYTES = utf8Length(JSON.stringify({ type: 'command', line: 'sim heal' }));

function bytesOf(action: Action): number {
  return action.type === 'tick' ? TICK_ACTION_BYTES : utf8Length(JSON.stringify(action));
}

/** One sentence per limit, in the terminal's English (the page shows its own language's). */
export const LIMIT_SENTENCES: Record<LabLimit, (caps: GradeCaps) => string> = {
  ticks: (caps) => `this lab's simulated time is used up (${caps.maxTicks} ticks, the most grading replays)`,
  actions: (caps) => `this lab's action log is full (${caps.maxActions} actions, the most grading accepts)`,
  commands: (caps) => `this lab's terminal has run ${caps.maxCommands} commands, the most grading replays`,
  output: (caps) => `this lab's commands have printed ${caps.maxOutputBytes} bytes, the most grading replays`,
  size: () => `this lab's action log is as large as a submission may be (${MAX_ATTEMPT_BODY_BYTES} bytes)`,
};

export class LabLimits {
  /** an upper bound of the log's JSON size, in bytes */
  private logBytes = 2;

  private constructor(
    readonly budget: Budget,
    private readonly maxBodyBytes: number,
  ) {}

  /** Put a lab's freshly built cluster (before its setup) under grading's caps. */
  static attach(sim: Simulation, caps: GradeCaps = DEFAULT_GRADE_CAPS, maxBodyBytes: number = MAX_ATTEMPT_BODY_BYTES): LabLimits {
    return new LabLimits(budgetLab(sim, caps), maxBodyBytes);
  }

  get caps(): GradeCaps {
    return this.budget.caps;
  }

  ticksLeft(now: number): number {
    return this.budget.ticksLeft(now);
  }

  /**
   * Why `action` cannot happen now, if it cannot: `joins` when it merges into the log's
   * last action (a step of time after a step of time) rather than adding one.
   */
  refusal(action: Action, logLength: number, joins: boolean): LabLimit | undefined {
    if (joins) return action.type === 'command' ? this.budget.commandRefusal() : undefined;
    return this.refusalOfAll([action], logLength);
  }

  /**
   * Why `actions`, added to the log one after another (none joins the one before: no step
   * of time among them), cannot all happen now: Apply's file writes and its command are
   * one request, refused whole when the caps have no room for its last action.
   */
  refusalOfAll(actions: readonly Action[], logLength: number): LabLimit | undefined {
    if (actions.some((a) => a.type === 'command')) {
      const full = this.budget.commandRefusal();
      if (full !== undefined) return full;
    }
    if (logLength + actions.length > this.caps.maxActions) return 'actions';
    let bytes = this.logBytes;
    for (const action of actions) bytes += 1 + bytesOf(action);
    if (bytes + BODY_OVERHEAD > this.maxBodyBytes) return 'size';
    return undefined;
  }

  /** Count an action added to the log (not one merged into the last). */
  added(action: Action): void {
    this.logBytes += 1 + bytesOf(action);
  }

  /** The first limit that leaves the learner nothing more to do of its kind, for the workspace's notice. */
  full(now: number, logLength: number): LabLimit | undefined {
    if (this.ticksLeft(now) === 0) return 'ticks';
    if (logLength >= this.caps.maxActions) return 'actions';
    const command = this.budget.commandRefusal();
    if (command !== undefined) return command;
    if (this.logBytes + 1 + SMALLEST_ACTION_BYTES + BODY_OVERHEAD > this.maxBodyBytes) return 'size';
    return undefined;
  }
}
