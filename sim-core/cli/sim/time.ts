// sim tick N, sim settle [cap]: advance the kernel's clock.
import type { SimControlPort, TickBudgetNote } from '../ports';
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

/** Why `sim tick n` cannot run under `budget`, as data; undefined when it fits. */
function overBudget(n: number, budget: TickBudget, command: 'tick' | 'settle'): TickBudgetNote | undefined {
  const left = budget.ticksLeft();
  if (n <= left) return undefined;
  const cap = budget.maxTicks();
  return left === 0 ? { kind: 'used-up', command, cap } : { kind: 'only-left', left, cap };
}

/**
 * The English sentence of a budget note, as the terminal prints it (no newline). The lab's
 * page has the same sentences in its message catalogues, in both languages.
 */
export function budgetSentence(note: TickBudgetNote): string {
  switch (note.kind) {
    case 'used-up':
      return `sim ${note.command}: this lab's simulated time is used up (${note.cap} ticks, ${ticksAsTime(note.cap)}, is the most grading replays); submit your work, or reset the lab to start again`;
    case 'only-left':
      return `sim tick: only ${note.left} ticks (${ticksAsTime(note.left)}) of simulated time are left in this lab (its cap is ${note.cap} ticks); run sim tick ${note.left} or less`;
    case 'settle-cut':
      return `still busy after ${note.ran} ticks, when this lab's simulated time ran out (its cap is ${note.cap} ticks); now at tick ${note.now}`;
  }
}

export function simTick(args: string[], sim: SimControlPort, term: Terminal): void {
  const n = parseTicks(args[0]);
  if (n === undefined || args.length !== 1) {
    term.printErr('sim tick: give the number of ticks to run, a whole number from 1 to 10000000 (e.g. sim tick 100)\n');
    return term.exit(2);
  }
  // refused before any time passes: the cluster stays where it is and the log stays gradable
  const budget = tickBudgetOf(sim);
  const over = budget === undefined ? undefined : overBudget(n, budget, 'tick');
  if (over !== undefined) {
    term.printErr(`${budgetSentence(over)}\n`);
    term.noteBudget(over);
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
  const over = budget === undefined ? undefined : overBudget(1, budget, 'settle');
  if (over !== undefined) {
    term.printErr(`${budgetSentence(over)}\n`);
    term.noteBudget(over);
    return term.exit(1);
  }
  const allowed = budget === undefined ? cap : Math.min(cap, budget.ticksLeft());
  const ran = sim.settle(allowed);
  if (budget !== undefined && ran >= allowed && allowed < cap) {
    const note: TickBudgetNote = { kind: 'settle-cut', ran, cap: budget.maxTicks(), now: sim.now() };
    term.println(budgetSentence(note));
    term.noteBudget(note);
  } else if (ran >= cap) term.println(`still busy after ${ran} ticks (the cap); now at tick ${sim.now()}`);
  else term.println(`settled after ${ran} ticks (${ticksAsTime(ran)}); now at tick ${sim.now()}`);
}
