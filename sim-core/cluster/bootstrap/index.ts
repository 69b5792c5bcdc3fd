// cluster/bootstrap/: what a kubeadm-built cluster holds before the learner's first
// command, and the routine that writes it through the API server.
export { bootstrapCluster, type BootstrapOptions, type BootstrapResult } from './bootstrap';
export {
  APISERVER_ADVERTISE_ADDRESS,
  CONTROL_PLANE_NODE,
  CONTROL_PLANE_ROLE,
  KUBELET_VERSION,
  MAX_CONTROL_PLANES,
  NODE_LEASE_DURATION_SECONDS,
  SYSTEM_NAMESPACES,
  clusterNodes,
  controlPlaneName,
  workerName,
  type NodeSpecInput,
} from './objects';
