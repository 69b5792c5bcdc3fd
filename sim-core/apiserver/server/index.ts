// apiserver/server/: the kube-apiserver process — the only etcd client in a cluster —
// its wire messages, the simulated wall clock it stamps objects with, and its authorization hook.
export { KubeApiServer, type ApiServerConfig } from './apiServer';
export type { ApiTraceDetail } from './requestTrace';
export { APISERVER_ADDRESS, isApiWire, type ApiWire, type BindRequest, type ClusterWire, type ServerRequest } from './wire';
export { timestampAt, SIM_EPOCH, TICK_MS } from './clock';
export { authorize, type AuthorizationDecision } from './authorize';
export { parseLabelSelector, type LabelPredicate, type SelectorParse } from './labelSelectorString';
export { groupResource } from './statuses';
export {
  SimKubeApiPort,
  KubeClientProcess,
  connectionRefused,
  clientTimeout,
  type KubeApiPort,
  type KubeRequestOptions,
} from './terminalPort';
