// apiserver/server/: the kube-apiserver process — the only etcd client in a cluster —
// its wire messages, the simulated wall clock it stamps objects with, its authorization
// (kubeadm's users, Node + RBAC), and the pure pieces others reuse: the patch functions
// (kubectl apply's merge), an update's admission without storage (admitUpdate), the field
// selector tables, the grace-period rule.
export { KubeApiServer, type ApiServerConfig } from './apiServer';
export type { ApiTraceDetail } from './requestTrace';
export { APISERVER_ADDRESS, isApiWire, type ApiWire, type BindRequest, type ClusterWire, type ServerRequest } from './wire';
export { timestampAt, SIM_EPOCH, TICK_MS } from './clock';
export { KUBERNETES_VERSION, type VersionInfo } from './version';
export { authorize, authenticate, type AuthorizationDecision, type AuthorizerView } from './authorize';
export { userForAddress, impersonatedUser, attributesOf, authorizeRequest, CLUSTER_ROLES, CLUSTER_ROLE_BINDINGS, bootstrapClusterRoleBindings, bootstrapClusterRoles, type UserInfo, type RequestAttributes } from './rbac';
export { admitUpdate, type UpdateAdmission } from './admitUpdate';
export { keyOf } from './handlerEnv';
export { decodeKv } from './objectCodec';
export { scaleOf, SCALABLE_RESOURCES } from './scale';
export { applyPatch, applyMergePatch, applyStrategicMergePatch, applyJsonPatch, listStrategy, retainsKeys, isPlainObject, indexOf, keyValue, MergeKeyError, normalizeElementOrder, normalizeOrder, partition } from './patch';
export { parseFieldSelector, selectableFields, type FieldPredicate, type FieldSelectorParse } from './fieldSelector';
export { gracePeriodFor, DEFAULT_TERMINATION_GRACE_SECONDS } from './gracefulDeletion';
export { parseLabelSelector, type LabelPredicate, type SelectorParse } from './labelSelectorString';
export { groupResource } from './statuses';
export {
  SimKubeApiPort,
  KubeClientProcess,
  connectionRefused,
  clientTimeout,
  noRouteToHost,
  type KubeApiPort,
  type KubeRequestOptions,
  type OpenWatch,
  type OpenWatchOptions,
  type ArrivedEvent,
  OPEN_WATCH_BUFFER,
} from './terminalPort';
