// cluster/: the Simulation — a topology's processes on one kernel, the ports the
// terminal uses (EtcdClientPort, SimControlPort) and the action log's dispatch.
export { createSimulation, Simulation, CLIENT_ADDRESS, type CommandRunner, type DispatchResult, type EtcdOnlySimulationOptions, type SimulationOptions, type SimulationPorts } from './simulation';
export { SimEtcdClient, ClientProcess } from './etcd-client';
export { SimControl } from './sim-control';
export { etcdOnlyMembers, memberName, clientURLOf, peerURLOf, MAX_MEMBERS, type Timing } from './topology';
export { actionSchema, actionLogSchema, ACTION_LOG_LIMITS, commandInput, type Action, type ActionLog } from './actions';
// The `default` topology (etcd + kube-apiserver + nodes, bootstrapped as kubeadm would, with
// the scheduler, kubelets and kube-proxies of DEFAULT_PROCESSES): createSimulation({ topology:
// 'default' }) or createDefaultSimulation.
export { createDefaultSimulation, DefaultSimulation, KUBECTL_ADDRESS, type DefaultSimulationOptions, type ProcessFactory, type StartableProcess, type TopologyInfo } from './default-topology';
export { DEFAULT_PROCESSES, controllerManagerFactory, schedulerFactory, nodeAgentsFactory } from './default-processes';
export { DefaultSimControl } from './default-control';
export { controlPlaneProcessAddress } from './cluster-view';
export type { NodeView, PodView, ProcessView, ProcessRole, ElectedComponent } from './cluster-view';
export { ChainJournal } from './chain/journal';
export { causalChain, relatedObjects, type CausalHop, type ObjectQuery } from './chain/causal';
export type { ChainHop, HopKind, HopObject } from './chain/hop';
