// cluster/: the Simulation — a topology's processes on one kernel, the ports the
// terminal uses (EtcdClientPort, SimControlPort) and the action log's dispatch.
export {
  createSimulation,
  Simulation,
  CLIENT_ADDRESS,
  type CommandRunner,
  type DispatchResult,
  type SimulationOptions,
  type SimulationPorts,
} from './simulation';
export { SimEtcdClient, ClientProcess } from './etcd-client';
export { SimControl } from './sim-control';
export { etcdOnlyMembers, memberName, clientURLOf, peerURLOf, MAX_MEMBERS, type Timing } from './topology';
export { actionSchema, actionLogSchema, ACTION_LOG_LIMITS, type Action, type ActionLog } from './actions';
// The `default` topology (etcd + kube-apiserver + nodes, bootstrapped as kubeadm would).
// Not yet behind createSimulation({ topology: 'default' }): that switch comes with kubectl
// in the terminal, so that scenarios and labs naming `default` run end to end.
export {
  createDefaultSimulation,
  DefaultSimulation,
  KUBECTL_ADDRESS,
  type DefaultSimulationOptions,
  type ProcessFactory,
} from './default-topology';
