// sim trace <kind>/<name> [-n <namespace>], sim events [N]: the watch chain from the
// simulation's trace (cluster/chain/). One line per hop — tick, sender → receiver, what —
// with the etcd revision it wrote or carried; a write names the watch event that
// caused it; one watch event delivered to several informers is one line.
import type { CausalHop, ChainHop, SimControlPort } from '../ports';
import type { Terminal } from '../terminal';
import { NEEDS_DEFAULT_TOPOLOGY } from './curl';

/** kubectl's names and short names for the kinds the simulation stores → the API's plural. */
const RESOURCES: Record<string, string> = {
  pod: 'pods',
  pods: 'pods',
  po: 'pods',
  deployment: 'deployments',
  deployments: 'deployments',
  deploy: 'deployments',
  replicaset: 'replicasets',
  replicasets: 'replicasets',
  rs: 'replicasets',
  service: 'services',
  services: 'services',
  svc: 'services',
  endpoints: 'endpoints',
  ep: 'endpoints',
  node: 'nodes',
  nodes: 'nodes',
  no: 'nodes',
  namespace: 'namespaces',
  namespaces: 'namespaces',
  ns: 'namespaces',
  configmap: 'configmaps',
  configmaps: 'configmaps',
  cm: 'configmaps',
  secret: 'secrets',
  secrets: 'secrets',
  serviceaccount: 'serviceaccounts',
  serviceaccounts: 'serviceaccounts',
  sa: 'serviceaccounts',
  lease: 'leases',
  leases: 'leases',
  event: 'events',
  events: 'events',
  ev: 'events',
  role: 'roles',
  roles: 'roles',
  rolebinding: 'rolebindings',
  rolebindings: 'rolebindings',
};
const CLUSTER_SCOPED = new Set(['nodes', 'namespaces']);

/** `tick 1234  kubectl → kube-apiserver  create deployments default/web (201, rev 612)`. */
export function hopLine(h: ChainHop, receivers?: readonly string[], lastTick = h.tick): string {
  const extra: string[] = [];
  if (h.code !== undefined) extra.push(String(h.code));
  if (h.revision !== undefined) extra.push(`rev ${h.revision}`);
  const tail = extra.length > 0 ? ` (${extra.join(', ')})` : '';
  const to = receivers !== undefined ? receivers.join(', ') : h.to;
  const route = h.from === to ? h.from : `${h.from} → ${to}`;
  const ticks = lastTick === h.tick ? `${h.tick}` : `${h.tick}–${lastTick}`;
  return `tick ${ticks}  ${route}  ${h.what}${tail}`;
}

/** The chain as printed: deliveries of one watch event (or list) merged, causes under their write. */
export function formatChain(hops: readonly CausalHop[]): string {
  const lines: string[] = [];
  const merged = new Set<number>();
  hops.forEach((h, i) => {
    if (merged.has(i)) return;
    if (h.kind === 'watch' || h.kind === 'list') {
      const receivers = [h.to];
      let last = h.tick;
      for (let j = i + 1; j < hops.length; j++) {
        const o = hops[j] as CausalHop;
        if (o.kind === h.kind && o.what === h.what && o.revision === h.revision) {
          receivers.push(o.to);
          last = o.tick;
          merged.add(j);
        }
      }
      // one event reaching several informers is one line, over the ticks it took
      lines.push(hopLine(h, receivers, last));
      return;
    }
    lines.push(hopLine(h));
    // a write names the event that led to it; a step's cause is the line just above it
    if (h.cause !== undefined && h.kind === 'request')
      lines.push(`    ↳ after ${h.cause.what}${h.cause.revision !== undefined ? ` (rev ${h.cause.revision})` : ''} reached ${h.cause.to} at tick ${h.cause.tick}`);
  });
  return lines.map((l) => `${l}\n`).join('');
}

export function simTrace(args: string[], sim: SimControlPort, term: Terminal): void {
  let namespace = 'default';
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-n' || a === '--namespace') namespace = args[++i] ?? '';
    else if (a.startsWith('--namespace=')) namespace = a.slice('--namespace='.length);
    else rest.push(a);
  }
  const ref = rest[0] ?? '';
  const slash = ref.indexOf('/');
  const resource = RESOURCES[ref.slice(0, slash).toLowerCase()];
  const name = ref.slice(slash + 1);
  if (rest.length !== 1 || slash <= 0 || name === '' || namespace === '') {
    term.printErr('sim trace: name one object as <kind>/<name>, optionally with -n <namespace> (e.g. sim trace deployment/web)\n');
    return term.exit(2);
  }
  if (resource === undefined) {
    term.printErr(`sim trace: unknown kind ${JSON.stringify(ref.slice(0, slash))} (e.g. deployment, replicaset, pod, service, node)\n`);
    return term.exit(2);
  }
  if (sim.chain === undefined) {
    term.printErr(`sim trace: ${NEEDS_DEFAULT_TOPOLOGY}\n`);
    return term.exit(1);
  }
  const r = sim.chain({
    resource,
    name,
    ...(CLUSTER_SCOPED.has(resource) ? {} : { namespace }),
  });
  if (!r.ok) {
    term.printErr(`sim trace: ${r.error}\n`);
    return term.exit(1);
  }
  const shown = CLUSTER_SCOPED.has(resource) ? name : `${namespace}/${name}`;
  if (r.hops.length === 0) {
    term.println(`no hops about ${resource} ${shown} in the trace (it keeps the most recent ones; check the name with kubectl get)`);
    return;
  }
  term.println(`${resource} ${shown}: ${r.hops.length} hops, ticks ${r.hops[0]!.tick}–${r.hops[r.hops.length - 1]!.tick}`);
  term.print(formatChain(r.hops));
}

export const DEFAULT_EVENTS = 20;

export function simEvents(args: string[], sim: SimControlPort, term: Terminal): void {
  const n = args.length === 0 ? DEFAULT_EVENTS : /^[0-9]+$/.test(args[0] as string) ? Number(args[0]) : NaN;
  if (args.length > 1 || !Number.isInteger(n) || n < 1 || n > 10_000) {
    term.printErr('sim events: the optional count is a whole number from 1 to 10000 (e.g. sim events 50)\n');
    return term.exit(2);
  }
  if (sim.recentHops === undefined) {
    term.printErr(`sim events: ${NEEDS_DEFAULT_TOPOLOGY}\n`);
    return term.exit(1);
  }
  const hops = sim.recentHops(n);
  if (hops === undefined) {
    term.printErr('sim events: tracing is off in this simulation (trace capacity 0)\n');
    return term.exit(1);
  }
  if (hops.length === 0) return term.println('no events yet');
  term.print(hops.map((h) => `${hopLine(h)}\n`).join(''));
}
