// One terminal line → one command's output, as the learner's terminal runs it: split the
// line like bash, honour leading VAR=value assignments (ETCDCTL_API=3, ETCDCTL_ENDPOINTS=…),
// and dispatch on the program name. Unknown programs fail as bash does (exit 127).
import type { KubeApiPort } from '../apiserver/server';
import { runEtcdctl } from './etcdctl/index';
import { runKubectl, type PodLogsPort } from './kubectl/run/index';
import type { CommandOutput, EtcdClientPort, SimControlPort } from './ports';
import { tokenize } from './shell/tokenize';
import { runSim } from './sim/index';

export interface TerminalPorts {
  etcd: EtcdClientPort;
  sim: SimControlPort;
  /** the API server, for kubectl; absent in the etcd-only topology */
  kube?: KubeApiPort;
  /** kubelet's container logs (`kubectl logs`) */
  podLogs?: PodLogsPort;
}

/** What a command may need besides the cluster: files in the learner's workspace (kubectl apply -f). */
export interface CommandContext {
  /** the file's text, or undefined if there is no such file; paths as the learner typed them */
  readFile?: (path: string) => string | undefined;
  /** every workspace file's path, for `-f <folder>` */
  listFiles?: () => string[];
}

export type Program = (
  argv: string[],
  env: Record<string, string>,
  stdin: string | undefined,
  ports: TerminalPorts,
  context: CommandContext,
) => CommandOutput;

/** etcdctl reads ETCDCTL_<FLAG> variables for flags not given on the command line (pkg/flags.SetPflagsFromEnv). */
function etcdctlFromEnv(argv: string[], env: Record<string, string>): string[] {
  const fromEnv: string[] = [];
  for (const [name, value] of Object.entries(env).sort()) {
    if (!name.startsWith('ETCDCTL_') || name === 'ETCDCTL_API') continue;
    const flag = name.slice('ETCDCTL_'.length).toLowerCase().replace(/_/g, '-');
    if (!argv.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`))) fromEnv.push(`--${flag}=${value}`);
  }
  return [...fromEnv, ...argv];
}

const etcdctl: Program = (argv, env, stdin, ports) => {
  const api = env['ETCDCTL_API'];
  if (api !== undefined && api !== '3') {
    return {
      stdout: '',
      stderr: `etcdctl: ETCDCTL_API=${api} is not available in this simulation; etcd 3.4 speaks the v3 API (ETCDCTL_API=3)\n`,
      exitCode: 1,
    };
  }
  return runEtcdctl(etcdctlFromEnv(argv, env), { etcd: ports.etcd, sim: ports.sim, stdin });
};

const sim: Program = (argv, _env, _stdin, ports) => runSim(argv, ports.sim);

const kubectl: Program = (argv, env, stdin, ports, context) =>
  runKubectl(argv, env, stdin, { sim: ports.sim, ...(ports.kube ? { kube: ports.kube } : {}), ...(ports.podLogs ? { podLogs: ports.podLogs } : {}) }, context);

/** The programs on the terminal's PATH. */
export const PROGRAMS: Record<string, Program> = { etcdctl, kubectl, sim };

export function runCommandLine(
  line: string,
  stdin: string | undefined,
  ports: TerminalPorts,
  context: CommandContext = {},
): CommandOutput {
  const words = tokenize(line);
  if (!words.ok) return { stdout: '', stderr: `bash: ${words.error}\n`, exitCode: 2 };
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.words.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(words.words[i] as string);
    if (!m) break;
    env[m[1] as string] = m[2] as string;
  }
  const [name, ...argv] = words.words.slice(i);
  if (name === undefined) return { stdout: '', stderr: '', exitCode: 0 };
  const program = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : undefined;
  if (!program) return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
  return program(argv, env, stdin, ports, context);
}

/**
 * The runner the Simulation's `dispatch` calls for a `command` action
 * (cluster/simulation.ts CommandRunner): `-f` paths are the workspace files written by
 * `writeFile` actions.
 */
export function runTerminalCommand(
  line: string,
  stdin: string | undefined,
  ports: TerminalPorts & { files?: ReadonlyMap<string, string> },
): CommandOutput {
  return runCommandLine(line, stdin, ports, {
    readFile: (path) => ports.files?.get(path),
    listFiles: () => [...(ports.files?.keys() ?? [])].sort(),
  });
}
