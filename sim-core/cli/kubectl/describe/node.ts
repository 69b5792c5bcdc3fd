// `kubectl describe node` (describe.go describeNode, describeNodeLease, describeNodeResource,
// 1.32). Quantities are printed as stored; sums of requests and limits are formatted as
// resource.Quantity.String() would (CPU in milli-units, memory in the largest exact binary
// or decimal suffix of the first value's kind).
import { parseQuantity, type Event, type Lease, type Node, type Pod } from '../../../apiserver';
import { formatRFC1123Z } from '../clock';
import { timestampSince } from '../duration';
import { nodeRoles } from '../printers/node';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './common';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const BINARY: [string, bigint][] = [
  ['Ei', 1n << 60n],
  ['Pi', 1n << 50n],
  ['Ti', 1n << 40n],
  ['Gi', 1n << 30n],
  ['Mi', 1n << 20n],
  ['Ki', 1n << 10n],
];
const DECIMAL: [string, bigint][] = [
  ['E', 10n ** 18n],
  ['P', 10n ** 15n],
  ['T', 10n ** 12n],
  ['G', 10n ** 9n],
  ['M', 10n ** 6n],
  ['k', 10n ** 3n],
];

/** Quantity.String() of a sum in milli-units, in the binary or decimal family. */
export function formatQuantity(milli: bigint, binary: boolean): string {
  if (milli % 1000n !== 0n) return `${milli}m`;
  const units = milli / 1000n;
  if (units === 0n) return '0';
  for (const [suffix, size] of binary ? BINARY : DECIMAL) if (units % size === 0n) return `${units / size}${suffix}`;
  return `${units}`;
}

interface Usage {
  milli: bigint;
  binary: boolean;
}

/** resourcehelper.PodRequestsAndLimits, reduced to the sum over the regular containers. */
function podTotals(pod: Pod, which: 'requests' | 'limits'): Map<string, Usage> {
  const out = new Map<string, Usage>();
  for (const c of pod.spec?.containers ?? []) {
    for (const [name, value] of Object.entries((c.resources?.[which] ?? {}) as Record<string, string | number>)) {
      const q = parseQuantity(value);
      if (!q.ok) continue;
      const prev = out.get(name);
      out.set(name, { milli: (prev?.milli ?? 0n) + q.quantity.milli, binary: prev?.binary ?? /i$/.test(String(value)) });
    }
  }
  return out;
}

function add(into: Map<string, Usage>, from: Map<string, Usage>): void {
  for (const [k, v] of from) {
    const prev = into.get(k);
    into.set(k, { milli: (prev?.milli ?? 0n) + v.milli, binary: prev?.binary ?? v.binary });
  }
}

function allocatableMilli(node: Node, name: string): bigint {
  const list = Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status?.allocatable : node.status?.capacity;
  const raw = (list as Record<string, string | number> | undefined)?.[name];
  if (raw === undefined) return 0n;
  const q = parseQuantity(raw);
  return q.ok ? q.quantity.milli : 0n;
}

/** `250m (12%)`: the quantity and int64(value / allocatable * 100). */
function withPercent(u: Usage | undefined, allocatable: bigint, binaryDefault: boolean): string {
  const milli = u?.milli ?? 0n;
  const pct = allocatable === 0n ? 0n : (milli * 100n) / allocatable;
  return `${formatQuantity(milli, u?.binary ?? binaryDefault)} (${pct}%)`;
}

export interface NodeContext {
  /** the node's non-terminated Pods (kubectl lists them with a field selector) */
  pods: readonly Pod[];
  /** the node's Lease in kube-node-lease, if any */
  lease?: Lease;
}

function describeNodeLease(w: PrefixWriter, lease: Lease | undefined): void {
  w.write(LEVEL_0, 'Lease:\n');
  w.write(LEVEL_1, `HolderIdentity:\t${lease?.spec?.holderIdentity ?? '<unset>'}\n`);
  w.write(LEVEL_1, `AcquireTime:\t${lease?.spec?.acquireTime ? formatRFC1123Z(lease.spec.acquireTime) : '<unset>'}\n`);
  w.write(LEVEL_1, `RenewTime:\t${lease?.spec?.renewTime ? formatRFC1123Z(lease.spec.renewTime) : '<unset>'}\n`);
}

function describeNodeResource(w: PrefixWriter, node: Node, pods: readonly Pod[], now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const cpu = allocatableMilli(node, 'cpu');
  const memory = allocatableMilli(node, 'memory');
  const totalReq = new Map<string, Usage>();
  const totalLim = new Map<string, Usage>();
  for (const pod of pods) {
    const req = podTotals(pod, 'requests');
    const lim = podTotals(pod, 'limits');
    add(totalReq, req);
    add(totalLim, lim);
    w.write(
      LEVEL_1,
      `${pod.metadata?.namespace ?? ''}\t${pod.metadata?.name ?? ''}\t\t${withPercent(req.get('cpu'), cpu, false)}\t${withPercent(lim.get('cpu'), cpu, false)}\t${withPercent(req.get('memory'), memory, true)}\t${withPercent(lim.get('memory'), memory, true)}\t${timestampSince(pod.metadata?.creationTimestamp, now)}\n`,
    );
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const storage = allocatableMilli(node, 'ephemeral-storage');
  for (const [name, alloc, binary] of [
    ['cpu', cpu, false],
    ['memory', memory, true],
    ['ephemeral-storage', storage, true],
  ] as const) {
    w.write(LEVEL_1, `${name}\t${withPercent(totalReq.get(name), alloc, binary)}\t${withPercent(totalLim.get(name), alloc, binary)}\n`);
  }
}

export function describeNode(node: Node, ctx: NodeContext, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = node.metadata ?? {};
  const spec = node.spec ?? {};
  const status = node.status ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Roles:\t${nodeRoles(node).join(',') || '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  printTaintsMultiline(w, 'Taints', spec.taints);
  w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable ? 'true' : 'false'}\n`);
  describeNodeLease(w, ctx.lease);
  const conditions = status.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(
        LEVEL_1,
        `${c.type ?? ''} \t${c.status ?? ''} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
      );
    }
  }
  w.write(LEVEL_0, 'Addresses:\n');
  for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type ?? ''}:\t${a.address ?? ''}\n`);
  for (const [title, list] of [
    ['Capacity', status.capacity],
    ['Allocatable', status.allocatable],
  ] as const) {
    const names = Object.keys(list ?? {}).sort(byString);
    if (names.length === 0) continue;
    w.write(LEVEL_0, `${title}:\n`);
    for (const n of names) w.write(LEVEL_0, `  ${n}:\t${String((list as Record<string, unknown>)[n])}\n`);
  }
  const info = status.nodeInfo ?? {};
  w.write(LEVEL_0, 'System Info:\n');
  w.write(LEVEL_0, `  Machine ID:\t${info.machineID ?? ''}\n`);
  w.write(LEVEL_0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
  w.write(LEVEL_0, `  Boot ID:\t${info.bootID ?? ''}\n`);
  w.write(LEVEL_0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
  w.write(LEVEL_0, `  OS Image:\t${info.osImage ?? ''}\n`);
  w.write(LEVEL_0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
  w.write(LEVEL_0, `  Architecture:\t${info.architecture ?? ''}\n`);
  w.write(LEVEL_0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
  if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
  if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${(spec.podCIDRs ?? []).join(',')}\n`);
  if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
  describeNodeResource(w, node, ctx.pods, now);
  if (events) describeEvents(w, events, now);
  return w.text();
}
