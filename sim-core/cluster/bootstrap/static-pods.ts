// Which static Pods each control-plane node runs (kubeadm writes the same manifests on
// every control-plane node it inits or joins), and the simulation process each one stands
// for. The first control-plane node runs the one kube-apiserver (an HA topology here keeps
// a single API server: default-topology.ts), every control-plane node a
// kube-controller-manager and a kube-scheduler.
import { staticPodManifest, type StaticComponent, type StaticPod } from '../../kubelet/staticPods';
import { APISERVER_SECURE_PORT } from '../../apiserver/server/advertise';
import { controlPlaneProcessAddress } from '../cluster-view';
import { KUBELET_VERSION, nodeInternalIP } from './objects';

export interface StaticPodTopology {
  /** the control-plane nodes, `control-plane` first */
  controlPlanes: readonly string[];
  /** etcd's client URLs, `http://etcd-1:2379`, … */
  etcdServers: readonly string[];
  /** the API server's process address */
  apiServer: string;
}

/** The static Pods of the control-plane node `node` (none on a worker). */
export function staticPodsOf(topology: StaticPodTopology, node: string): StaticPod[] {
  const i = topology.controlPlanes.indexOf(node);
  if (i < 0) return [];
  const first = i === 0;
  // control-plane nodes come first in the node order, so the node's index is its place among them
  const ctx = { nodeName: node, hostIP: nodeInternalIP(i), version: KUBELET_VERSION, etcdServers: topology.etcdServers, securePort: APISERVER_SECURE_PORT };
  const pod = (component: StaticComponent, address: string): StaticPod => ({ component, address, manifest: staticPodManifest(component, ctx) });
  return [
    ...(first ? [pod('kube-apiserver', topology.apiServer)] : []),
    pod('kube-controller-manager', controlPlaneProcessAddress('kube-controller-manager', node, first)),
    pod('kube-scheduler', controlPlaneProcessAddress('kube-scheduler', node, first)),
  ];
}
