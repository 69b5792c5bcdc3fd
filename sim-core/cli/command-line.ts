// One terminal line → one command's output, as the learner's terminal runs it: split the
// line like bash, honour leading VAR=value assignments (ETCDCTL_API=3, ETCDCTL_ENDPOINTS=…),
// and dispatch on the program name. Unknown programs fail as bash does (exit 127).
import type { KubeApiPort } from '../apiserver/server';
import { runEtcdctl } from './etcdctl/index';
import { kubectlEditorOpen, runKubectl, type EditorOpen, type FollowLogsPort, type PodLogsPort } from './kubectl/run/index';
import type { CommandOutput, EditorReopened, EtcdClientPort, SimControlPort, StoredObjectsPort } from './ports';
import { tokenize } from './shell/tokenize';
import { runSim } from './sim/index';

export interface TerminalPorts {
  etcd: EtcdClientPort;
  sim: SimControlPort;
  /** the API server, for kubectl; absent in the etcd-only topology */
  kube?: KubeApiPort;
  /** kubelet's container logs (`kubectl logs`) */
  podLogs?: PodLogsPort;
  /** the next part of a followed log stream, read without a request (the browser terminal's `kubectl logs -f`) */
  followLogs?: FollowLogsPort;
  /** the committed API objects, read without a request (`kubectl edit`) */
  stored?: StoredObjectsPort;
  /** the file the kubectl edit before this command reopened, when this is its next pass */
  reopened?: EditorReopened;
  /**
   * the browser's terminal, whose clock runs outside the command: `kubectl get -w` lists,
   * opens its watch and returns it still running (CommandOutput.watch) instead of running
   * the simulation until the cluster is quiet, as a script's does; `etcdctl watch` returns
   * still watching instead of printing what it would have received so far
   */
  live?: boolean;
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
  return runEtcdctl(etcdctlFromEnv(argv, env), { etcd: ports.etcd, sim: ports.sim, stdin, ...(ports.live === true ? { live: true } : {}) });
};

const sim: Program = (argv, _env, _stdin, ports) => runSim(argv, ports.sim);

const kubectl: Program = (argv, env, stdin, ports, context) =>
  runKubectl(
    argv,
    env,
    stdin,
    {
      sim: ports.sim,
      ...(ports.kube ? { kube: ports.kube } : {}),
      ...(ports.podLogs ? { podLogs: ports.podLogs } : {}),
      ...(ports.followLogs ? { followLogs: ports.followLogs } : {}),
      ...(ports.stored ? { stored: ports.stored } : {}),
      ...(ports.reopened ? { reopened: ports.reopened } : {}),
      ...(ports.live === true ? { live: true } : {}),
    },
    context,
  );

/** The programs on the terminal's PATH. */
export const PROGRAMS: Record<string, Program> = { etcdctl, kubectl, sim };

/** A line as bash splits it: the leading VAR=value assignments, the program's name and its arguments. */
function splitCommandLine(line: string): { ok: true; env: Record<string, string>; name: string | undefined; argv: string[] } | { ok: false; error: string } {
  const words = tokenize(line);
  if (!words.ok) return words;
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.words.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(words.words[i] as string);
    if (!m) break;
    env[m[1] as string] = m[2] as string;
  }
  const [name, ...argv] = words.words.slice(i);
  return { ok: true, env, name, argv };
}

export function runCommandLine(
  line: string,
  stdin: string | undefined,
  ports: TerminalPorts,
  context: CommandContext = {},
): CommandOutput {
  const split = splitCommandLine(line);
  if (!split.ok) return { stdout: '', stderr: `bash: ${split.error}\n`, exitCode: 2 };
  const { env, name, argv } = split;
  if (name === undefined) return { stdout: '', stderr: '', exitCode: 0 };
  const program = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : undefined;
  if (!program) return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
  return program(argv, env, stdin, ports, context);
}

/**
 * What a terminal line opens in kubectl edit's editor, read now from the committed keyspace:
 * nothing is run, sent or logged, and no simulated time passes (the page asks before its
 * editor dialog opens). undefined for any other line, and for a `kubectl edit` that stops
 * before its editor opens: run as a command, it prints kubectl's error.
 */
export function editorOpenFor(line: string, ports: TerminalPorts, context: CommandContext = {}): EditorOpen | undefined {
  const split = splitCommandLine(line);
  if (!split.ok || split.name !== 'kubectl') return undefined;
  return kubectlEditorOpen(split.argv, { sim: ports.sim, ...(ports.kube ? { kube: ports.kube } : {}), ...(ports.stored ? { stored: ports.stored } : {}) }, context);
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
