// The `sim` command: what a teacher does to the cluster — let time pass, wait until it is
// quiet, kill and restart members, cut and heal the network, look at every member.
export const SIM_USAGE = `usage: sim <command> [arguments]

commands:
  tick <n>             let n ticks of simulated time pass (1 tick = 10 ms)
  settle [<cap>]       run until nothing is pending, at most <cap> ticks (default 10000)
  kill <member>        stop a member's process; it keeps its WAL on disk
  restart <member>     start a killed member again from its WAL
  partition <groups>   cut the network into groups: | between groups, , between members
                       (e.g. sim partition etcd-1,etcd-2|etcd-3)
  heal                 remove every partition
  status               each member's role, term, commit and applied index, log length

A member is named etcd-N or by its client URL http://etcd-N:2379.
`;

/**
 * The help of a `default` cluster (nodes, the API server, the controllers): the same
 * commands reaching nodes and control-plane processes, and the watch chain's commands.
 * An etcd-only cluster keeps SIM_USAGE word for word.
 */
export const SIM_USAGE_DEFAULT = `usage: sim <command> [arguments]

commands:
  tick <n>             let n ticks of simulated time pass (1 tick = 10 ms)
  settle [<cap>]       run until nothing is pending, at most <cap> ticks (default 10000)
  kill <target>        stop a member, a node or a control-plane process
  restart <target>     start it again (a member from its WAL; a node's kubelet and
                       kube-proxy with no containers: the kubelet starts them again)
  partition <groups>   cut the etcd network into groups: | between groups, , between members
                       (e.g. sim partition etcd-1,etcd-2|etcd-3)
  heal                 remove every partition
  status               each member's role, term, commit and applied index, log length
  curl <service>[:port]  an HTTP request from a Pod on a worker, through kube-proxy
                       (a Service name, name.namespace, or a ClusterIP)
  trace <kind>/<name>  the chain of hops behind an object: requests, etcd writes,
                       watch events, the controllers' and kubelets' steps (-n <namespace>)
  events [<n>]         the last n hops of the chain (default 20)

A member is named etcd-N or by its client URL http://etcd-N:2379. A node is
control-plane or node-N (its kubelet and kube-proxy; on control-plane also the
control-plane processes); a process is kube-apiserver, kube-controller-manager,
kube-scheduler, kubelet@<node> or kube-proxy@<node>.
`;

/**
 * The help of a `default` cluster with several control-plane nodes (`control-plane`,
 * `control-plane-2`, …): the last paragraph names their processes. With one control-plane
 * node it is SIM_USAGE_DEFAULT word for word.
 */
export function simUsageDefault(controlPlanes: readonly string[]): string {
  if (controlPlanes.length <= 1) return SIM_USAGE_DEFAULT;
  const head = SIM_USAGE_DEFAULT.slice(0, SIM_USAGE_DEFAULT.indexOf('A member is named'));
  const paragraph =
    `A member is named etcd-N or by its client URL http://etcd-N:2379. A node is ${controlPlanes.join(', ')} or node-N ` +
    '(its kubelet and kube-proxy; on a control-plane node also its kube-controller-manager and kube-scheduler, and on control-plane the kube-apiserver). ' +
    'A process is kube-apiserver, kube-controller-manager or kube-scheduler on control-plane, ' +
    `kube-controller-manager@<node> or kube-scheduler@<node> on ${controlPlanes.slice(1).join(', ')}, ` +
    'and kubelet@<node> or kube-proxy@<node> on every node.';
  return head + wrap(paragraph, 80);
}

/** Words into lines of at most `width` characters (a longer word stands alone). */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `${l}\n`).join('');
}

/** The largest tick or cap a single command accepts (the action log's own limit). */
export const MAX_TICKS = 10_000_000;

export function parseTicks(word: string | undefined): number | undefined {
  if (word === undefined || !/^[0-9]+$/.test(word)) return undefined;
  const n = Number(word);
  return n >= 1 && n <= MAX_TICKS ? n : undefined;
}

/** ticks as simulated time, e.g. 150 → "1.5s" */
export function ticksAsTime(ticks: number): string {
  const ms = ticks * 10;
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}
