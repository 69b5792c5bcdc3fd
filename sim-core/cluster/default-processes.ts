// The processes a kubeadm-built cluster runs once its API server is up (DESIGN.md §2):
// kube-controller-manager and kube-scheduler as static Pods on EVERY control-plane node
// (kubeadm join --control-plane writes the same manifests there; the instances elect a
// leader through their Leases), and on every node — the control-plane ones included, as
// kubeadm installs them there too — a kubelet and a kube-proxy (kube-proxy is a DaemonSet
// in a real cluster; here it is a process per node).
import { SchedulerProcess } from '../scheduler/process';
import { ControllerManagerProcess } from '../controller-manager/process';
import { KubeletProcess } from '../kubelet/process';
import { KubeProxyProcess } from '../kube-proxy/process';
import type { BackendInfo } from '../kube-proxy/curl';
import type { ProcessFactory, TopologyInfo } from './default-topology';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from './bootstrap/objects';
import { controlPlaneProcessAddress, type ElectedComponent } from './cluster-view';
import { staticPodsOf } from './bootstrap/static-pods';

/** Each control-plane node's address for the component and its hostname (the first half of its holderIdentity). */
function onControlPlanes(info: TopologyInfo, component: ElectedComponent): { address: string; hostname: string }[] {
  return info.controlPlanes.map((node, i) => ({ address: controlPlaneProcessAddress(component, node, i === 0), hostname: node }));
}

/** kube-controller-manager on each control-plane node: `kube-controller-manager`, then `kube-controller-manager@control-plane-2`, … */
export const controllerManagerFactory: ProcessFactory = (info) => onControlPlanes(info, 'kube-controller-manager').map((o) => new ControllerManagerProcess(o));

/** kube-scheduler on each control-plane node: `kube-scheduler`, then `kube-scheduler@control-plane-2`, … */
export const schedulerFactory: ProcessFactory = (info) => onControlPlanes(info, 'kube-scheduler').map((o) => new SchedulerProcess(o));

/**
 * `kubelet@<node>` and `kube-proxy@<node>` for every node, control-plane first. The
 * kube-proxies reach the containers through the kubelets' runtimes (what the packet
 * would find on the Pod network): a Pod on a node that is down answers nothing.
 */
export const nodeAgentsFactory: ProcessFactory = (info) => {
  const topology = { controlPlanes: info.controlPlanes, etcdServers: info.etcdServers, apiServer: info.apiServer };
  const kubelets = info.nodes.map((nodeName) => {
    const pods = staticPodsOf(topology, nodeName);
    return new KubeletProcess({ nodeName, ...(pods.length > 0 ? { staticPods: { pods, lifeOf: info.lifeOf, logOf: info.logOf, startAgain: info.startAgain } } : {}) });
  });
  const backends = (ip: string): BackendInfo | undefined => {
    // the kubernetes Service's endpoint: the API server on the control-plane node, while it runs
    if (ip === APISERVER_ADVERTISE_ADDRESS) return info.isAlive(info.apiServer) ? { image: '', listens: [APISERVER_SECURE_PORT], apiServer: true } : undefined;
    for (const k of kubelets) {
      const found = k.current?.backend(ip);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const proxies = info.nodes.map((nodeName) => new KubeProxyProcess({ nodeName, backends }));
  return [...kubelets, ...proxies];
};

/** What `createDefaultSimulation` adds when its options give no `processes`. */
export const DEFAULT_PROCESSES: ProcessFactory[] = [controllerManagerFactory, schedulerFactory, nodeAgentsFactory];
