// `kubectl describe`: text for one object plus what kubectl fetches alongside it (its
// events; a Deployment's ReplicaSets; a ReplicaSet's Pods; a Service's EndpointSlices; a Node's
// Pods and Lease; a ServiceAccount's Secrets). `events` undefined means --show-events=false
// (no Events section). Kinds kubectl has no describer for get the generic one.
export { describePod } from './pod';
export { describeDeployment, describeReplicaSet, countPodPhases, type DeploymentReplicaSets, type PodCounts } from './workloads';
export { describeService } from './service';
export { describeNode, formatQuantity, type NodeContext } from './node';
export { describeEvents } from './common';
export { describeConfigMap, describeSecret, describeNamespace } from './config';
export { describeEndpoints, describeEndpointSlice } from './endpoints';
export { describeServiceAccount } from './service-account';
export { describeRole, describeClusterRole, describeRoleBinding, describeClusterRoleBinding } from './rbac';
export { describeGeneric, describedGenerically } from './generic';
export { PrefixWriter } from './prefix-writer';
