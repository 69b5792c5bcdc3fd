// framework.NodeInfo at small scale: a Node with the Pods already bound to it and the sum
// of their requests. Built fresh from the informer caches for every scheduling cycle,
// plus the Pods this scheduler has bound but not yet seen come back (the "assumed" Pods
// of the scheduler cache), so two Pods never both take the last free cpu of a node.
import type { Node, Pod } from '../apiserver';
import { amountsOf, nonZeroRequests, podRequests } from './requests';

export interface NodeInfo {
  readonly node: Node;
  readonly name: string;
  /** Pods bound to this node that still hold resources (not Succeeded/Failed) */
  readonly pods: readonly Pod[];
  /** the sum of those Pods' requests, milli-units by resource name */
  readonly requested: ReadonlyMap<string, bigint>;
  /** the same with the scoring defaults for unset cpu/memory (GetNonzeroRequests) */
  readonly nonZeroRequested: { readonly cpu: bigint; readonly memory: bigint };
  /** how many of those Pods each controller (by uid) has here: the spreading score reads it */
  readonly ownerCounts: ReadonlyMap<string, number>;
  /** status.allocatable (capacity when allocatable is missing), milli-units */
  readonly allocatable: ReadonlyMap<string, bigint>;
}

interface MutableNodeInfo extends NodeInfo {
  pods: Pod[];
  requested: Map<string, bigint>;
  nonZeroRequested: { cpu: bigint; memory: bigint };
  ownerCounts: Map<string, number>;
}

/** A Pod that finished (Succeeded or Failed) no longer holds its node's resources. */
export function holdsResources(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

function ownerKey(pod: Pod): string | undefined {
  const uid = pod.metadata?.ownerReferences?.find((r) => r.controller === true)?.uid;
  return uid === undefined ? undefined : `${pod.metadata?.namespace ?? ''}/${uid}`;
}

/** The key the spreading score counts a Pod under: its namespace and its controller's uid. */
export const ownerCountKey = ownerKey;

/** Add a Pod to a node's totals (NodeInfo.AddPod): used while building, and for each Pod the scheduler assumes. */
export function addPodToNodeInfo(info: NodeInfo, pod: Pod): void {
  const m = info as MutableNodeInfo;
  m.pods.push(pod);
  for (const [k, v] of podRequests(pod)) m.requested.set(k, (m.requested.get(k) ?? 0n) + v);
  const nz = nonZeroRequests(pod);
  m.nonZeroRequested.cpu += nz.cpu;
  m.nonZeroRequested.memory += nz.memory;
  const owner = ownerKey(pod);
  if (owner !== undefined) m.ownerCounts.set(owner, (m.ownerCounts.get(owner) ?? 0) + 1);
}

/** Whether two versions of a Pod take the same from their node: requests, scoring defaults and owner. */
export function sameFootprint(a: Pod, b: Pod): boolean {
  if (ownerKey(a) !== ownerKey(b)) return false;
  // the usual case: the same containers asking the same, written the same way
  if (sameRequestsWritten(a.spec?.containers, b.spec?.containers) && sameRequestsWritten(a.spec?.initContainers, b.spec?.initContainers)) return true;
  const na = nonZeroRequests(a);
  const nb = nonZeroRequests(b);
  if (na.cpu !== nb.cpu || na.memory !== nb.memory) return false;
  const ra = podRequests(a);
  const rb = podRequests(b);
  if (ra.size !== rb.size) return false;
  for (const [k, v] of ra) if (rb.get(k) !== v) return false;
  return true;
}

type Containers = NonNullable<Pod['spec']>['containers'];

function sameRequestsWritten(a: Containers | undefined, b: Containers | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const ra = a[i]?.resources?.requests as Readonly<Record<string, unknown>> | undefined;
    const rb = b[i]?.resources?.requests as Readonly<Record<string, unknown>> | undefined;
    if (ra === rb) continue;
    if (ra === undefined || rb === undefined) return false;
    const keys = Object.keys(ra);
    if (keys.length !== Object.keys(rb).length) return false;
    for (const k of keys) if (ra[k] !== rb[k] || !Object.hasOwn(rb, k)) return false;
  }
  return true;
}

/** Swap a Pod for a newer version of it with the same footprint (sameFootprint): the totals stay. */
export function replacePodInNodeInfo(info: NodeInfo, old: Pod, pod: Pod): void {
  const pods = (info as MutableNodeInfo).pods;
  const at = pods.indexOf(old);
  if (at >= 0) pods[at] = pod;
}

export function buildNodeInfos(nodes: readonly Node[], pods: readonly Pod[]): NodeInfo[] {
  const sorted = [...nodes].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  const infos: MutableNodeInfo[] = sorted.map((node) => ({
    node,
    name: node.metadata?.name ?? '',
    pods: [],
    requested: new Map(),
    nonZeroRequested: { cpu: 0n, memory: 0n },
    ownerCounts: new Map(),
    allocatable: amountsOf(node.status?.allocatable ?? node.status?.capacity),
  }));
  const byName = new Map(infos.map((i) => [i.name, i]));
  for (const p of pods) {
    const n = p.spec?.nodeName;
    if (!n || !holdsResources(p)) continue;
    const info = byName.get(n);
    if (info) addPodToNodeInfo(info, p);
  }
  return infos;
}
