// `sim …`: dispatch to one handler per command.
import type { CommandOutput, SimControlPort } from '../ports';
import { Terminal } from '../terminal';
import { simHeal, simKillOrRestart, simPartition } from './faults';
import { simStatus } from './status';
import { simSettle, simTick } from './time';
import { SIM_USAGE } from './usage';

export { SIM_USAGE } from './usage';
export { DEFAULT_SETTLE_CAP } from './time';

export function runSim(argv: string[], sim: SimControlPort): CommandOutput {
  const term = new Terminal();
  const [command, ...args] = argv;
  switch (command) {
    case 'tick':
      simTick(args, sim, term);
      break;
    case 'settle':
      simSettle(args, sim, term);
      break;
    case 'kill':
    case 'restart':
      simKillOrRestart(command, args, sim, term);
      break;
    case 'partition':
      simPartition(args, sim, term);
      break;
    case 'heal':
      simHeal(args, sim, term);
      break;
    case 'status':
      simStatus(args, sim, term);
      break;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      term.print(SIM_USAGE);
      break;
    default:
      term.printErr(`sim: unknown command ${JSON.stringify(command)}\n\n${SIM_USAGE}`);
      term.exit(2);
  }
  return term.output();
}
