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
