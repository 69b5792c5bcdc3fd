// sim tick N, sim settle [cap]: advance the kernel's clock.
import type { SimControlPort } from '../ports';
import type { Terminal } from '../terminal';
import { parseTicks, ticksAsTime } from './usage';

export const DEFAULT_SETTLE_CAP = 10_000;

export function simTick(args: string[], sim: SimControlPort, term: Terminal): void {
  const n = parseTicks(args[0]);
  if (n === undefined || args.length !== 1) {
    term.printErr('sim tick: give the number of ticks to run, a whole number from 1 to 10000000 (e.g. sim tick 100)\n');
    return term.exit(2);
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
  const ran = sim.settle(cap);
  if (ran >= cap) term.println(`still busy after ${ran} ticks (the cap); now at tick ${sim.now()}`);
  else term.println(`settled after ${ran} ticks (${ticksAsTime(ran)}); now at tick ${sim.now()}`);
}
