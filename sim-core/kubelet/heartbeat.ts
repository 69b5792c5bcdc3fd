// The node's two heartbeats (KEP-589): the Lease in kube-node-lease, renewed every 10 s
// (renewTime is a MicroTime), and the Node's status, worked out every 10 s
// (nodeStatusUpdateFrequency) but posted only when it changed — heartbeat times aside — or
// when 5 minutes passed since the last post (nodeStatusReportFrequency), as a 1.32 kubelet
// does: with the Lease renewed, the status need not be. The node lifecycle controller
// reads both.
import type { Lease, Node, NodeStatus } from '../apiserver';
import { tickToMillis, tickToTimestamp } from '../cli/kubectl/clock';

export const LEASE_RENEW_TICKS = 1000;
/** nodeStatusUpdateFrequency: how often the status is worked out (10 s) */
export const NODE_STATUS_UPDATE_TICKS = 1000;
/** nodeStatusReportFrequency: the longest an unchanged status goes unposted (5 min) */
export const NODE_STATUS_REPORT_TICKS = 30_000;
export const NODE_LEASE_DURATION_SECONDS = 40;
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** metav1.MicroTime as the API server prints it: RFC 3339 with six fractional digits. */
export function microTime(tick: number): string {
  const base = tickToTimestamp(tick);
  const micros = String((tickToMillis(tick) % 1000) * 1000).padStart(6, '0');
  return base.replace(/Z$/, `.${micros}Z`);
}

export function nodeLease(node: string, nodeUid: string | undefined, now: number): Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node,
      namespace: NODE_LEASE_NAMESPACE,
      ...(nodeUid ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node, uid: nodeUid }] } : {}),
    },
    spec: { holderIdentity: node, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS, renewTime: microTime(now) },
  };
}

type NodeCondition = NonNullable<NodeStatus['conditions']>[number];

const HEALTHY: readonly [string, string, string, string][] = [
  ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
  ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
  ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
  ['Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'],
];

/** The status fields a kubelet reads off its machine (cAdvisor, the node's addresses and software). */
export type MachineStatus = Pick<NodeStatus, 'capacity' | 'allocatable' | 'addresses' | 'nodeInfo'>;

/** The machine facts of a registered Node's status (those it has). */
export function machineStatus(node: Node): MachineStatus | undefined {
  const s = node.status;
  if (s?.capacity === undefined) return undefined;
  return { capacity: s.capacity, ...(s.allocatable ? { allocatable: s.allocatable } : {}), ...(s.addresses ? { addresses: s.addresses } : {}), ...(s.nodeInfo ? { nodeInfo: s.nodeInfo } : {}) };
}

/**
 * The Node's status as a healthy kubelet posts it (setNodeStatus): the machine facts as the
 * kubelet knows them (a status someone patched is put right at the next post, as the
 * kubelet's setters do), the conditions keeping transition times that did not change.
 */
export function nodeStatusHeartbeat(node: Node, now: number, machine?: MachineStatus): NodeStatus {
  const previous = node.status?.conditions ?? [];
  const conditions: NodeCondition[] = HEALTHY.map(([type, status, reason, message]) => {
    const before = previous.find((c) => c.type === type);
    return {
      type,
      status,
      lastHeartbeatTime: tickToTimestamp(now),
      lastTransitionTime: before?.status === status && before.lastTransitionTime ? before.lastTransitionTime : tickToTimestamp(now),
      reason,
      message,
    };
  });
  return { ...(node.status ?? {}), ...(machine ?? {}), conditions, daemonEndpoints: { kubeletEndpoint: { Port: 10250 } } };
}

/** The node's InternalIP (what the kubelet reports as a Pod's hostIP). */
export function internalIP(node: Node | undefined): string {
  return node?.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '';
}

/** nodeStatusHasChanged: whether a status differs from the posted one other than in its conditions' heartbeat times. */
export function nodeStatusChanged(before: NodeStatus | undefined, after: NodeStatus): boolean {
  const withoutHeartbeats = (s: NodeStatus | undefined) => JSON.stringify({ ...(s ?? {}), conditions: (s?.conditions ?? []).map((c) => ({ ...c, lastHeartbeatTime: undefined })) });
  return withoutHeartbeats(before) !== withoutHeartbeats(after);
}
