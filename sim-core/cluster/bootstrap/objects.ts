// The objects a kubeadm-built cluster has before its first `kubectl` (kubeadm init/join,
// the kubelets' registration and the API server's own bootstrap controller):
//   - the namespaces default, kube-system, kube-public, kube-node-lease
//   - every Node as its kubelet registers it: each control-plane node labelled
//     node-role.kubernetes.io/control-plane= and tainted …/control-plane:NoSchedule
//     (kubeadm's markcontrolplane phase), kubelet v1.32, a podCIDR from 10.244.0.0/16
//     (kube-controller-manager --allocate-node-cidrs), Ready
//   - each node's Lease in kube-node-lease, owned by its Node (the kubelet's heartbeat)
//   - on each control-plane node, the mirror Pods of its static Pods (kube-apiserver on the
//     first, kube-controller-manager and kube-scheduler on each) with their status: the
//     control-plane kubelet's first sync (static-pods.ts, ../../kubelet/staticPods.ts)
//   - the `kubernetes` Service (10.96.0.1:443, the first IP of the service CIDR) and its
//     Endpoints pointing at the API server's advertise address.
import type { KubeObject } from '../../client';
import { KUBERNETES_VERSION } from '../../apiserver/server';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from '../../apiserver/server/advertise';

export const KUBELET_VERSION = KUBERNETES_VERSION.gitVersion;
export const CONTROL_PLANE_NODE = 'control-plane';
/** The most control-plane nodes a `default` cluster may have (kubeadm HA guides use 3; 5 tolerates two down). */
export const MAX_CONTROL_PLANES = 5;
export const CONTROL_PLANE_ROLE = 'node-role.kubernetes.io/control-plane';
export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'] as const;
export { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT };
/** kubelet's node lease duration (--node-lease-duration-seconds default) */
export const NODE_LEASE_DURATION_SECONDS = 40;

export interface NodeSpecInput {
  name: string;
  /** index in 10.244.<index>.0/24 and 172.18.0.<index + 2> */
  index: number;
  controlPlane: boolean;
}

export function workerName(n: number): string {
  return `node-${n}`;
}

/** The n-th control-plane node (1-based): `control-plane`, then `control-plane-2`, `control-plane-3`, … */
export function controlPlaneName(n: number): string {
  return n === 1 ? CONTROL_PLANE_NODE : `${CONTROL_PLANE_NODE}-${n}`;
}

/**
 * The control-plane nodes first (`control-plane`, `control-plane-2`, …: kubeadm init on the
 * first, kubeadm join --control-plane on the others), then node-1 … node-N. Indexes (the
 * podCIDR and the InternalIP) follow that order, so one control-plane node leaves every
 * worker's address as it was.
 */
export function clusterNodes(workers: number, controlPlanes = 1): NodeSpecInput[] {
  const nodes: NodeSpecInput[] = [];
  for (let i = 1; i <= controlPlanes; i++) nodes.push({ name: controlPlaneName(i), index: i - 1, controlPlane: true });
  for (let i = 1; i <= workers; i++) nodes.push({ name: workerName(i), index: controlPlanes + i - 1, controlPlane: false });
  return nodes;
}

/** A node's InternalIP: 172.18.0.<index + 2> (kind's bridge network; the first control-plane node is the API server's advertise address). */
export function nodeInternalIP(index: number): string {
  return `172.18.0.${index + 2}`;
}

export function namespaceObject(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

export function nodeObject(n: NodeSpecInput, timestamp: string): KubeObject {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': n.name,
    'kubernetes.io/os': 'linux',
  };
  if (n.controlPlane) {
    labels[CONTROL_PLANE_ROLE] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  const resources = { cpu: '2', 'ephemeral-storage': '20Gi', memory: '4Gi', pods: '110' };
  const cidr = `10.244.${n.index}.0/24`;
  const condition = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    lastHeartbeatTime: timestamp,
    lastTransitionTime: timestamp,
    reason,
    message,
  });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: n.name,
      labels,
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: {
      podCIDR: cidr,
      podCIDRs: [cidr],
      ...(n.controlPlane ? { taints: [{ key: CONTROL_PLANE_ROLE, effect: 'NoSchedule' }] } : {}),
    },
    status: {
      capacity: resources,
      allocatable: resources,
      conditions: [
        condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      addresses: [
        { type: 'InternalIP', address: nodeInternalIP(n.index) },
        { type: 'Hostname', address: n.name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: '',
        systemUUID: '',
        bootID: '',
        kernelVersion: '6.8.0-sim',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://1.7.24',
        kubeletVersion: KUBELET_VERSION,
        kubeProxyVersion: KUBELET_VERSION,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}

export function nodeLeaseObject(nodeName: string, nodeUid: string, renewTime: string): KubeObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: nodeName,
      namespace: 'kube-node-lease',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid: nodeUid }],
    },
    spec: { holderIdentity: nodeName, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS, renewTime },
  };
}

export function kubernetesService(): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      type: 'ClusterIP',
      clusterIP: '10.96.0.1',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: APISERVER_SECURE_PORT }],
      sessionAffinity: 'None',
    },
  };
}

/**
 * The API server's own EndpointSlice, written next to its Endpoints by the same
 * reconciler (pkg/controlplane/reconcilers/endpointsadapter.go): named like the Service,
 * labelled with its name only (no managed-by: no controller owns it), one ready endpoint.
 */
export function kubernetesEndpointSlice(): KubeObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [APISERVER_ADVERTISE_ADDRESS], conditions: { ready: true } }],
    ports: [{ name: 'https', port: APISERVER_SECURE_PORT, protocol: 'TCP' }],
  };
}

export function kubernetesEndpoints(): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: APISERVER_ADVERTISE_ADDRESS }], ports: [{ name: 'https', port: APISERVER_SECURE_PORT, protocol: 'TCP' }] }],
  };
}
