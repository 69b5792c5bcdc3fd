// What the UI draws of a `default` cluster: each node with its processes and the Pods
// bound to it, and each process with its role and whether it is up. Read from the
// kernel (who is alive) and from etcd (where the Pods are, their phase) — the same
// sources `kubectl get pods -o wide` and `sim status` read, so the picture never
// disagrees with the terminal.
import type { KeyValue } from '../etcd/types';

export type ProcessRole = 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kubelet' | 'kube-proxy' | 'client' | 'other';

/** One process on the simulated network. */
export interface ProcessView {
  /** its network address: `etcd-1`, `kube-apiserver`, `kubelet@node-1`, `kube-proxy@node-1`, `kube-scheduler@control-plane-2` */
  address: string;
  role: ProcessRole;
  /** the node it runs on, when it belongs to one (control-plane components run on `control-plane`) */
  node?: string;
  up: boolean;
}

/** A Pod as the node drawing shows it. */
export interface PodView {
  namespace: string;
  name: string;
  /** status.phase as stored (Pending, Running, Succeeded, Failed, Unknown) */
  phase: string;
}

/** One node: up when its kubelet is. */
export interface NodeView {
  name: string;
  role: 'control-plane' | 'worker';
  up: boolean;
  processes: ProcessView[];
  /** Pods whose spec.nodeName is this node, by namespace then name */
  pods: PodView[];
}

/** The components a control-plane node runs besides the API server, each a candidate for its own Lease. */
export type ElectedComponent = 'kube-controller-manager' | 'kube-scheduler';

/**
 * The address of `component` on a control-plane node: the first control-plane node's keeps
 * the component's own name (`kube-controller-manager`), the others are named like the node
 * agents, `<component>@<node>` (`kube-controller-manager@control-plane-2`).
 */
export function controlPlaneProcessAddress(component: ElectedComponent, node: string, first: boolean): string {
  return first ? component : `${component}@${node}`;
}

export function roleOf(address: string): ProcessRole {
  if (/^etcd-\d+$/.test(address)) return 'etcd';
  if (address.startsWith('kubelet@')) return 'kubelet';
  if (address.startsWith('kube-proxy@')) return 'kube-proxy';
  if (address.startsWith('kube-controller-manager@')) return 'kube-controller-manager';
  if (address.startsWith('kube-scheduler@')) return 'kube-scheduler';
  if (address === 'kube-apiserver' || address === 'kube-controller-manager' || address === 'kube-scheduler') return address;
  if (address === 'kubectl' || address === 'kubeadm' || address === 'etcdctl') return 'client';
  return 'other';
}

/** The node a process runs on: `…@<node>` by its address, the first control-plane node's components (no `@`) on `controlPlane`. */
export function nodeOf(address: string, controlPlane: string): string | undefined {
  const at = address.indexOf('@');
  if (at >= 0) return address.slice(at + 1);
  const role = roleOf(address);
  if (role === 'kube-apiserver' || role === 'kube-controller-manager' || role === 'kube-scheduler') return controlPlane;
  return undefined;
}

/** Pods by node name, from the stored Pods (`/registry/pods/<ns>/<name>`). */
export function podsByNode(kvs: readonly KeyValue[]): Map<string, PodView[]> {
  const out = new Map<string, PodView[]>();
  for (const kv of kvs) {
    if (!kv.key.startsWith('/registry/pods/')) continue;
    let pod: {
      metadata?: { name?: string; namespace?: string };
      spec?: { nodeName?: string };
      status?: { phase?: string };
    };
    try {
      pod = JSON.parse(kv.value) as typeof pod;
    } catch {
      continue; // a learner's etcdctl put of something that is not JSON is not a Pod
    }
    const node = pod.spec?.nodeName;
    if (typeof node !== 'string' || node === '') continue;
    const list = out.get(node) ?? [];
    list.push({
      namespace: pod.metadata?.namespace ?? '',
      name: pod.metadata?.name ?? '',
      phase: pod.status?.phase ?? 'Pending',
    });
    out.set(node, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.namespace === b.namespace ? (a.name < b.name ? -1 : 1) : a.namespace < b.namespace ? -1 : 1));
  return out;
}
