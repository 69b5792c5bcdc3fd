// etcdctl (ETCDCTL_API=3, v3.4.23) for the simulation's terminal.
import type { CommandOutput } from '../ports';
import { executeCommand } from '../flags/execute';
import { Terminal } from '../terminal';
import type { EtcdctlEnv } from './client';
import { etcdctlRoot, ROOT_NAMES, USAGE_EXTRAS } from './root';

export type { EtcdctlEnv } from './client';

const EXECUTE_OPTIONS = { ...USAGE_EXTRAS, rootNames: ROOT_NAMES };

/** Run `etcdctl <argv…>` against the simulation. */
export function runEtcdctl(argv: string[], env: EtcdctlEnv): CommandOutput {
  const term = new Terminal();
  executeCommand(etcdctlRoot, argv, env, term, EXECUTE_OPTIONS);
  return term.output();
}
