// Builders for scheduler tests: Nodes as kubeadm registers them and Pods with requests.
import type { Node, Pod, Taint, Toleration } from '../../apiserver';

export const CONTROL_PLANE_TAINT: Taint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

export function node(
  name: string,
  opts: Partial<{ cpu: string; memory: string; pods: string; labels: Record<string, string>; taints: Taint[]; unschedulable: boolean; podCIDR: string }> = {},
): Node {
  const allocatable = { cpu: opts.cpu ?? '2', memory: opts.memory ?? '4Gi', pods: opts.pods ?? '110' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...(opts.labels ?? {}) } },
    spec: {
      ...(opts.podCIDR ? { podCIDR: opts.podCIDR, podCIDRs: [opts.podCIDR] } : {}),
      ...(opts.taints ? { taints: opts.taints } : {}),
      ...(opts.unschedulable ? { unschedulable: true } : {}),
    },
    status: { capacity: { ...allocatable }, allocatable },
  };
}

export function controlPlane(name = 'control-plane'): Node {
  return node(name, { labels: { 'node-role.kubernetes.io/control-plane': '' }, taints: [CONTROL_PLANE_TAINT] });
}

export function pod(
  name: string,
  opts: Partial<{
    cpu: string;
    memory: string;
    nodeName: string;
    nodeSelector: Record<string, string>;
    tolerations: Toleration[];
    owner: string;
    affinity: NonNullable<NonNullable<Pod['spec']>['affinity']>;
    phase: string;
    image: string;
  }> = {},
): Pod {
  const requests: Record<string, string> = {};
  if (opts.cpu) requests.cpu = opts.cpu;
  if (opts.memory) requests.memory = opts.memory;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      labels: { app: 'web' },
      ...(opts.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: opts.owner, uid: `uid-${opts.owner}`, controller: true }] } : {}),
    },
    spec: {
      containers: [{ name: 'web', image: opts.image ?? 'nginx:1.27', ...(Object.keys(requests).length > 0 ? { resources: { requests } } : {}) }],
      schedulerName: 'default-scheduler',
      restartPolicy: 'Always',
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        ...(opts.tolerations ?? []),
      ],
      ...(opts.nodeName ? { nodeName: opts.nodeName } : {}),
      ...(opts.nodeSelector ? { nodeSelector: opts.nodeSelector } : {}),
      ...(opts.affinity ? { affinity: opts.affinity } : {}),
    },
    status: { phase: opts.phase ?? 'Pending' },
  };
}
