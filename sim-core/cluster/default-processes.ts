// The processes a kubeadm-built cluster runs once its API server is up (DESIGN.md §2):
// kube-scheduler as a static Pod on the control-plane node, and on EVERY node — the
// control-plane included, as kubeadm installs them there too — a kubelet and a
// kube-proxy (kube-proxy is a DaemonSet in a real cluster; here it is a process per node).
// The controller-manager joins this list as one more factory.
import { SchedulerProcess } from '../scheduler/process';
import { ControllerManagerProcess } from '../controller-manager/process';
import { KubeletProcess } from '../kubelet/process';
import { KubeProxyProcess } from '../kube-proxy/process';
import type { BackendInfo } from '../kube-proxy/curl';
import type { ProcessFactory } from './default-topology';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from './bootstrap/objects';

/** kube-scheduler, on the control-plane node (address `kube-scheduler`). */
export const schedulerFactory: ProcessFactory = () => new SchedulerProcess();

/**
 * `kubelet@<node>` and `kube-proxy@<node>` for every node, control-plane first. The
 * kube-proxies reach the containers through the kubelets' runtimes (what the packet
 * would find on the Pod network): a Pod on a node that is down answers nothing.
 */
export const nodeAgentsFactory: ProcessFactory = (info) => {
  const kubelets = info.nodes.map((nodeName) => new KubeletProcess({ nodeName }));
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
export const DEFAULT_PROCESSES: ProcessFactory[] = [() => new ControllerManagerProcess(), schedulerFactory, nodeAgentsFactory];
