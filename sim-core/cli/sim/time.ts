// sim tick N, sim settle [cap]: advance the kernel's clock.
import type { SimControlPort } from '../ports';
import type { Terminal } from '../terminal';
import { parseTicks, ticksAsTime } from './usage';

export const DEFAULT_SETTLE_CAP = 10_000;

/**
 * A clock that ends: a lab's cluster runs under grading's tick cap (the port is
 * sim-core/grading's BudgetedSimControl, in the browser's lab terminal and in the replay
 * alike). Lessons and scripts have no such end.
 */
export interface TickBudget {
  /** simulated ticks still allowed */
  ticksLeft(): number;
  /** the whole budget, setup included */
  maxTicks(): number;
}

function tickBudgetOf(sim: SimControlPort): TickBudget | undefined {
  const b = sim as SimControlPort & Partial<TickBudget>;
  return typeof b.ticksLeft === 'function' && typeof b.maxTicks === 'function' ? (b as SimControlPort & TickBudget) : undefined;
}

/** Why `sim tick n` cannot run under `budget`, as one line; undefined when it fits. */
export function overBudget(n: number, budget: TickBudget): string | undefined {
  const left = budget.ticksLeft();
  if (n <= left) return undefined;
  const cap = budget.maxTicks();
  if (left === 0) return `sim tick: this lab's simulated time is used up (${cap} ticks, ${ticksAsTime(cap)}, is the most grading replays); submit your work, or reset the lab to start again\n`;
  return `sim tick: only ${left} ticks (${ticksAsTime(left)}) of simulated time are left in this lab (its cap is ${cap} ticks); run sim tick ${left} or less\n`;
}

export function simTick(args: string[], sim: SimControlPort, term: Terminal): void {
  const n = parseTicks(args[0]);
  if (n === undefined || args.length !== 1) {
    term.printErr('sim tick: give the number of ticks to run, a whole number from 1 to 10000000 (e.g. sim tick 100)\n');
    return term.exit(2);
  }
  // refused before any time passes: the cluster stays where it is and the log stays gradable
  const budget = tickBudgetOf(sim);
  const over = budget === undefined ? undefined : overBudget(n, budget);
  if (over !== undefined) {
    term.printErr(over);
    return term.exit(1);
  }
  sim.tick(n);
  term.println(`ticked ${n} (${ticksAsTime(n)}); now at tick ${sim.now()}`);
}

export function simSettle(args: string[], sim: SimControlPort, term: Terminal): void {
  const cap = args.length === 0 ? DEFAULT_SETTLE_CAP : parseTicks(args[0]);
  if (cap === undefined || args.length > 1) {
    term.printErr('sim settle: the optional cap is a whole number of ticks from 1 to 10000000 (e.g. sim settle 500)\n');
    return term.exit(2);
  }
  // in a lab, a settle runs at most to the end of the tick budget and says so
  const budget = tickBudgetOf(sim);
  if (budget !== undefined && budget.ticksLeft() === 0) {
    term.printErr(overBudget(1, budget)!.replace(/^sim tick/, 'sim settle'));
    return term.exit(1);
  }
  const allowed = budget === undefined ? cap : Math.min(cap, budget.ticksLeft());
  const ran = sim.settle(allowed);
  if (ran >= allowed && allowed < cap) term.println(`still busy after ${ran} ticks, when this lab's simulated time ran out (its cap is ${budget!.maxTicks()} ticks); now at tick ${sim.now()}`);
  else if (ran >= cap) term.println(`still busy after ${ran} ticks (the cap); now at tick ${sim.now()}`);
  else term.println(`settled after ${ran} ticks (${ticksAsTime(ran)}); now at tick ${sim.now()}`);
}
