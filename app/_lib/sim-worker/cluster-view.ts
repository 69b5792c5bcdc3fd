// The `default` topology as the cluster view draws it: the control-plane processes, the
// nodes with the Pods bound to them, the Pods no node has yet, and the ownership chain
// Deployment → ReplicaSet → Pod. Everything is read the way a learner could check it:
// objects from the etcd keyspace under /registry/… (JSON, as the API server stores them
// here), processes from the kernel (alive or not). Pure reads: describing the cluster
// never changes a state hash. The result is plain JSON, validated by `clusterViewSchema`
// at the worker boundary like every other view message.
import type { DefaultSimulation } from '@/sim-core/cluster';
import type { KeyValue } from '@/sim-core/etcd/types';
import type { Deployment, Endpoints, Lease, Node, Pod, ReplicaSet, Service } from '@/sim-core/apiserver';
import { nodeRoles, nodeStatus, summarizePod } from '@/sim-core/cli/kubectl';

import { controlPlaneComponents, processViewSchema, MAX_VIEW_PODS, type PodView, type Liveness, type ProcessView, type NodeView, type DeploymentSummary, type ServiceSummary, type ClusterView } from './cluster-view-schema';
export { ownerSchema, podViewSchema, liveness, controlPlaneComponents, processViewSchema, etcdSummarySchema, nodeViewSchema, replicaSetSummarySchema, deploymentSummarySchema, serviceSummarySchema, MAX_VIEW_PODS, clusterViewSchema, type PodView, type Liveness, type ProcessView, type NodeView, type DeploymentSummary, type ServiceSummary, type ClusterView } from './cluster-view-schema';

// ---- reading the keyspace ----

interface Registry {
  pods: Pod[];
  nodes: Node[];
  deployments: Deployment[];
  replicaSets: ReplicaSet[];
  services: Service[];
  endpoints: Map<string, Endpoints>;
  leases: Map<string, Lease>;
}

/** The key prefixes the API server stores these kinds under (pkg/registry/…/storage). */
const PREFIXES = {
  pods: '/registry/pods/',
  nodes: '/registry/minions/',
  deployments: '/registry/deployments/',
  replicaSets: '/registry/replicasets/',
  services: '/registry/services/specs/',
  endpoints: '/registry/services/endpoints/',
  leases: '/registry/leases/',
} as const;

/**
 * One stored object. etcd's JSON carries no resourceVersion: the API server fills it in
 * from the key's mod_revision on every read (storage/etcd3's versioner), and so do we.
 */
function parse<T>(kv: KeyValue): T | undefined {
  try {
    const v = JSON.parse(kv.value) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const obj = v as { metadata?: Record<string, unknown> };
    if (typeof obj.metadata === 'object' && obj.metadata !== null) obj.metadata.resourceVersion = String(kv.mod_revision);
    return obj as T;
  } catch {
    return undefined; // a learner's `etcdctl put` under /registry can hold anything
  }
}

const keyOf = (o: { metadata?: { namespace?: string; name?: string } }): string => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

/**
 * Parsed objects by key, reused while the key's mod_revision is unchanged: a view is
 * built every frame and most objects did not change since the last one. Callers never
 * mutate what they get (they build new view objects from it).
 */
export class ParsedObjects {
  private readonly byKey = new Map<string, { rev: number; obj: unknown }>();

  get<T>(kv: KeyValue): T | undefined {
    const hit = this.byKey.get(kv.key);
    if (hit !== undefined && hit.rev === kv.mod_revision) return hit.obj as T | undefined;
    const obj = parse<T>(kv);
    this.byKey.set(kv.key, { rev: kv.mod_revision, obj });
    return obj;
  }

  /** Forget keys that are gone (deleted objects) so the cache follows the keyspace. */
  retain(kvs: readonly KeyValue[]): void {
    if (this.byKey.size <= kvs.length) return;
    const live = new Set(kvs.map((kv) => kv.key));
    for (const k of this.byKey.keys()) if (!live.has(k)) this.byKey.delete(k);
  }
}

export function readRegistry(kvs: readonly KeyValue[], cache: ParsedObjects = new ParsedObjects()): Registry {
  const parse = <T>(kv: KeyValue): T | undefined => cache.get<T>(kv);
  const r: Registry = { pods: [], nodes: [], deployments: [], replicaSets: [], services: [], endpoints: new Map(), leases: new Map() };
  for (const kv of kvs) {
    const k = kv.key;
    if (!k.startsWith('/registry/')) continue;
    if (k.startsWith(PREFIXES.pods)) push(r.pods, parse<Pod>(kv));
    else if (k.startsWith(PREFIXES.nodes)) push(r.nodes, parse<Node>(kv));
    else if (k.startsWith(PREFIXES.deployments)) push(r.deployments, parse<Deployment>(kv));
    else if (k.startsWith(PREFIXES.replicaSets)) push(r.replicaSets, parse<ReplicaSet>(kv));
    else if (k.startsWith(PREFIXES.services)) push(r.services, parse<Service>(kv));
    else if (k.startsWith(PREFIXES.endpoints)) {
      const ep = parse<Endpoints>(kv);
      if (ep) r.endpoints.set(keyOf(ep), ep);
    } else if (k.startsWith(PREFIXES.leases)) {
      const lease = parse<Lease>(kv);
      if (lease) r.leases.set(keyOf(lease), lease);
    }
  }
  cache.retain(kvs);
  return r;
}

function push<T>(list: T[], v: T | undefined): void {
  if (v !== undefined) list.push(v);
}

// ---- Pods ----

function controllerOf(meta: { ownerReferences?: { kind?: string; name?: string; controller?: boolean }[] } | undefined): { kind: string; name: string } | undefined {
  const ref = (meta?.ownerReferences ?? []).find((o) => o.controller === true) ?? meta?.ownerReferences?.[0];
  return ref?.kind && ref.name ? { kind: ref.kind, name: ref.name } : undefined;
}

export function describePod(pod: Pod, replicaSets: ReadonlyMap<string, ReplicaSet>): PodView {
  const meta = pod.metadata ?? {};
  const s = summarizePod(pod);
  const restarts = Number.isFinite(s.restarts) && s.restarts >= 0 ? s.restarts : 0;
  const view: PodView = {
    namespace: meta.namespace ?? 'default',
    name: meta.name ?? '?',
    phase: pod.status?.phase ?? 'Pending',
    status: s.status || 'Unknown',
    ready: s.ready,
    restarts,
    images: (pod.spec?.containers ?? []).map((c) => c.image ?? '').filter((i) => i !== ''),
    resourceVersion: meta.resourceVersion ?? '',
  };
  if (pod.spec?.nodeName) view.node = pod.spec.nodeName;
  if (pod.status?.podIP) view.podIP = pod.status.podIP;
  if (meta.annotations?.['kubernetes.io/config.mirror'] !== undefined) view.mirror = true;
  const owner = controllerOf(meta);
  if (owner) {
    view.owner = owner;
    if (owner.kind === 'ReplicaSet') {
      const rsOwner = controllerOf(replicaSets.get(`${view.namespace}/${owner.name}`)?.metadata);
      if (rsOwner?.kind === 'Deployment') view.deployment = rsOwner.name;
    }
  }
  return view;
}

const byNamespacedName = (a: { namespace: string; name: string }, b: { namespace: string; name: string }): number =>
  a.namespace === b.namespace ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.namespace < b.namespace ? -1 : 1;

// ---- processes ----

/** Names of the leader-election Leases (kube-system), as kube-controller-manager and kube-scheduler use them. */
const LEADER_LEASES = { 'kube-controller-manager': 'kube-system/kube-controller-manager', 'kube-scheduler': 'kube-system/kube-scheduler' } as const;

function livenessOf(sim: DefaultSimulation, address: string, known: ReadonlySet<string>): Liveness {
  if (!known.has(address)) return 'absent';
  return sim.kernel.isAlive(address) ? 'up' : 'down';
}

/** What a leader-electing process may tell about itself (controller-manager/process.ts `identity`). */
interface Candidate {
  identity?: unknown;
}

function describeProcess(sim: DefaultSimulation, address: string, component: ProcessView['component'], known: ReadonlySet<string>, leases: ReadonlyMap<string, Lease>): ProcessView {
  const view: ProcessView = { name: address, component, state: livenessOf(sim, address, known) };
  if (component === 'kube-apiserver') return view;
  const holder = leases.get(LEADER_LEASES[component])?.spec?.holderIdentity;
  if (!holder) {
    view.leader = 'no-lease';
    return view;
  }
  view.holderIdentity = holder;
  const process = sim.clusterKernel.process(address) as Candidate | undefined;
  if (process !== undefined && 'identity' in process) {
    // client-go's leaderelection identity is "<hostname>_<uuid>", new at every start: only
    // the process itself knows whether the Lease names this incarnation
    view.leader = process.identity === holder ? 'holder' : 'not-holder';
  } else {
    view.leader = holder === address || holder.startsWith(`${address}_`) ? 'holder' : 'not-holder';
  }
  return view;
}

/** The control-plane processes: each component's own address (even if absent), then any more instances. */
function controlPlaneProcesses(known: ReadonlySet<string>): { address: string; component: ProcessView['component'] }[] {
  const out: { address: string; component: ProcessView['component'] }[] = [];
  for (const component of controlPlaneComponents) {
    out.push({ address: component, component });
    // an HA control plane's `<component>@control-plane-2`, …, and standbys a test added as `<component>-2`
    const more = [...known].filter((a) => (a.startsWith(`${component}@`) || a.startsWith(`${component}-`)) && processViewSchema.shape.name.safeParse(a).success).sort();
    for (const address of more) if (out.length < 16) out.push({ address, component });
  }
  return out;
}

// ---- the whole view ----

const caches = new WeakMap<DefaultSimulation, ParsedObjects>();

export function describeCluster(sim: DefaultSimulation): ClusterView {
  let cache = caches.get(sim);
  if (cache === undefined) caches.set(sim, (cache = new ParsedObjects()));
  const contents = sim.etcdContents();
  const reg = readRegistry(contents, cache);
  const known = new Set(sim.clusterKernel.addresses());
  const rsByKey = new Map(reg.replicaSets.map((rs) => [keyOf(rs), rs] as const));

  const allPods = reg.pods.map((p) => describePod(p, rsByKey)).sort(byNamespacedName);
  const podsOmitted = Math.max(0, allPods.length - MAX_VIEW_PODS);
  const pods = allPods.slice(0, MAX_VIEW_PODS);
  const nodeNames = new Set(reg.nodes.map((n) => n.metadata?.name ?? ''));

  const nodes = reg.nodes
    .map((n): NodeView => {
      const nodeName = n.metadata?.name ?? '?';
      const ready = (n.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop()?.status;
      return {
        name: nodeName,
        roles: nodeRoles(n),
        ready: ready === 'True' || ready === 'False' ? ready : 'Unknown',
        status: nodeStatus(n),
        taints: (n.spec?.taints ?? []).map((t) => `${t.key ?? ''}${t.value ? `=${t.value}` : ''}:${t.effect ?? ''}`),
        unschedulable: n.spec?.unschedulable === true,
        kubelet: livenessOf(sim, `kubelet@${nodeName}`, known),
        pods: pods.filter((p) => p.node === nodeName),
      };
    })
    // the control-plane node first, then workers by name (kubeadm's order in `kubectl get nodes` is by name too)
    .sort((a, b) => Number(b.roles.includes('control-plane')) - Number(a.roles.includes('control-plane')) || (a.name < b.name ? -1 : 1));

  // a Pod bound to a node that has no Node object is still placed: it is not "unscheduled"
  const orphans = pods.filter((p) => p.node !== undefined && !nodeNames.has(p.node));
  for (const p of orphans) nodes.push({ name: p.node!, roles: [], ready: 'Unknown', status: 'Unknown', taints: [], unschedulable: false, kubelet: livenessOf(sim, `kubelet@${p.node!}`, known), pods: [] });
  for (const p of orphans) nodes.find((n) => n.name === p.node)!.pods.push(p);

  return {
    tick: sim.now,
    controlPlane: controlPlaneProcesses(known).map((p) => describeProcess(sim, p.address, p.component, known, reg.leases)),
    etcd: describeEtcd(sim, contents),
    nodes,
    unscheduled: pods.filter((p) => p.node === undefined),
    deployments: describeDeployments(reg, allPods),
    services: describeServices(reg),
    podsOmitted,
  };
}

function describeEtcd(sim: DefaultSimulation, contents: readonly KeyValue[]): ClusterView['etcd'] {
  const members = sim.memberStatus().map((m) => ({ name: m.name, role: m.role, up: m.role !== 'down' }));
  const leader = sim.leader();
  let revision = 0;
  for (const kv of contents) revision = Math.max(revision, kv.mod_revision);
  return {
    members,
    up: members.filter((m) => m.up).length,
    total: members.length,
    ...(leader ? { leader: leader.address } : {}),
    revision,
  };
}

function describeDeployments(reg: Registry, pods: readonly PodView[]): DeploymentSummary[] {
  return reg.deployments
    .map((d): DeploymentSummary => {
      const namespace = d.metadata?.namespace ?? 'default';
      const dName = d.metadata?.name ?? '?';
      const owned = reg.replicaSets.filter((rs) => rs.metadata?.namespace === namespace && controllerOf(rs.metadata)?.kind === 'Deployment' && controllerOf(rs.metadata)?.name === dName);
      return {
        namespace,
        name: dName,
        desired: d.spec?.replicas ?? 1,
        ready: d.status?.readyReplicas ?? 0,
        upToDate: d.status?.updatedReplicas ?? 0,
        replicaSets: owned
          .map((rs) => ({
            name: rs.metadata?.name ?? '?',
            desired: rs.spec?.replicas ?? 0,
            ready: rs.status?.readyReplicas ?? 0,
            pods: pods.filter((p) => p.namespace === namespace && p.owner?.kind === 'ReplicaSet' && p.owner.name === rs.metadata?.name).map((p) => p.name),
          }))
          .sort((a, b) => (a.name < b.name ? -1 : 1)),
      };
    })
    .sort(byNamespacedName);
}

function describeServices(reg: Registry): ServiceSummary[] {
  return reg.services
    .map((s): ServiceSummary => {
      const namespace = s.metadata?.namespace ?? 'default';
      const sName = s.metadata?.name ?? '?';
      const subsets = reg.endpoints.get(`${namespace}/${sName}`)?.subsets ?? [];
      return {
        namespace,
        name: sName,
        type: s.spec?.type ?? 'ClusterIP',
        clusterIP: s.spec?.clusterIP ?? '',
        readyEndpoints: subsets.reduce((n, ss) => n + (ss.addresses?.length ?? 0), 0),
        notReadyEndpoints: subsets.reduce((n, ss) => n + (ss.notReadyAddresses?.length ?? 0), 0),
      };
    })
    .sort(byNamespacedName);
}
