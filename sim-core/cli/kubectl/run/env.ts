// What one kubectl invocation works with: the parsed command, the cluster's API port, the
// workspace files, the simulated clock, and the terminal it writes to.
import type { KubeApiPort } from '../../../apiserver/server';
import type { LogResume, LogsResult, PodLogOptions } from '../../../kubelet/logRead';
import type { EditorReopened, SimControlPort, StoredObjectsPort } from '../../ports';
import type { Terminal } from '../../terminal';
import type { KubectlCommand } from '../parse';

/** The log (and with `follow`, whether its stream stays open), or the API server's error. */
export type PodLogsResult = LogsResult;

/** GET pods/<name>/log with its PodLogOptions, answered by the node's kubelet; `resume` reads on an open follow stream. */
export type PodLogsPort = (namespace: string, pod: string, options: PodLogOptions, resume?: LogResume) => PodLogsResult;

/**
 * The browser terminal's `kubectl logs -f`: the next part of a stream `podLogs` opened,
 * read without a request (the stream is open already), so the page may read it at any frame.
 */
export type FollowLogsPort = (namespace: string, pod: string, options: PodLogOptions, resume: LogResume) => PodLogsResult;

/** The simulation's side of kubectl: the API server (absent in the etcd-only topology), kubelet logs, the clock. */
export interface KubectlPorts {
  kube?: KubeApiPort;
  /** kubelet's container log (GET pods/<name>/log with its PodLogOptions, answered by the node's kubelet) */
  podLogs?: PodLogsPort;
  /** with `live`, what `logs -f` reads its open streams on with as the page's clock plays */
  followLogs?: FollowLogsPort;
  sim: SimControlPort;
  /** the committed objects at this tick, read without a request: what `kubectl edit` opened (absent without an API server) */
  stored?: StoredObjectsPort;
  /** the file the `kubectl edit` of the command before reopened, when this one is its next pass */
  reopened?: EditorReopened;
  /** the browser's terminal: `get -w` leaves its watch running (TerminalPorts.live) */
  live?: boolean;
}

/** The learner's workspace, for `-f`. */
export interface KubectlFiles {
  readFile?: (path: string) => string | undefined;
  listFiles?: () => string[];
}

export interface RunEnv {
  cmd: KubectlCommand;
  kube: KubeApiPort;
  ports: KubectlPorts;
  files: KubectlFiles;
  stdin: string | undefined;
  /** the variables set on the command line (`A=1 kubectl …`): the terminal has no other environment */
  environment: Record<string, string>;
  /** -n, or the kubeconfig context's namespace (`default`) */
  namespace: string;
  out: Terminal;
}

/** The simulated clock's tick now (it advances while requests are answered). */
export function nowOf(env: RunEnv): number {
  return env.ports.sim.now();
}
