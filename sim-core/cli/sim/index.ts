// `sim …`: dispatch to one handler per command.
import type { CommandOutput, SimControlPort } from '../ports';
import { Terminal } from '../terminal';
import { simHeal, simKillOrRestart, simPartition } from './faults';
import { simStatus } from './status';
import { simSettle, simTick } from './time';
import { SIM_USAGE, simUsageDefault } from './usage';
import { simCurl } from './curl';
import { simEvents, simTrace } from './trace';

export { SIM_USAGE, SIM_USAGE_DEFAULT, simUsageDefault } from './usage';
export { formatChain, hopLine } from './trace';
export { DEFAULT_SETTLE_CAP } from './time';

export function runSim(argv: string[], sim: SimControlPort): CommandOutput {
  const term = new Terminal();
  const [command, ...args] = argv;
  // a cluster with nodes offers the chain's commands and says so in its help
  const usage = sim.curl !== undefined ? simUsageDefault(sim.controlPlaneNodes?.() ?? []) : SIM_USAGE;
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
    case 'curl':
      simCurl(args, sim, term);
      break;
    case 'trace':
      simTrace(args, sim, term);
      break;
    case 'events':
      simEvents(args, sim, term);
      break;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      term.print(usage);
      break;
    default:
      term.printErr(`sim: unknown command ${JSON.stringify(command)}\n\n${usage}`);
      term.exit(2);
  }
  return term.output();
}
