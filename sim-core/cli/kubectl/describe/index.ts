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
import type { ClusterRole, ClusterRoleBinding, EndpointSlice, Endpoints, Event, Role, RoleBinding, Secret, ServiceAccount } from '../../../apiserver';
import { describeEndpoints, describeEndpointSlice } from './endpoints';
import { describeServiceAccount } from './service-account';
import { describeRole, describeClusterRole, describeRoleBinding, describeClusterRoleBinding } from './rbac';
import { describeGeneric, describedGenerically } from './generic';

/**
 * The describers that need nothing fetched beside the object (a ServiceAccount also takes its
 * namespace's Secrets), dispatched by kind — kubectl's DescriberFor for these kinds, and its
 * generic describer for the kinds it has no describer for; undefined for any other kind. The
 * runner (run/describe.ts) and the recordings' test share it.
 */
export function describeStandalone(group: string, kind: string, obj: object, ctx: { events: readonly Event[] | undefined; now: number; secrets?: readonly Secret[] | undefined }): string | undefined {
  const { events, now } = ctx;
  switch (kind) {
    case 'Endpoints':
      return describeEndpoints(obj as Endpoints, events, now);
    case 'EndpointSlice':
      return describeEndpointSlice(obj as EndpointSlice, events, now);
    case 'ServiceAccount':
      return describeServiceAccount(obj as ServiceAccount, ctx.secrets, events, now);
    case 'Role':
      return describeRole(obj as Role);
    case 'ClusterRole':
      return describeClusterRole(obj as ClusterRole);
    case 'RoleBinding':
      return describeRoleBinding(obj as RoleBinding);
    case 'ClusterRoleBinding':
      return describeClusterRoleBinding(obj as ClusterRoleBinding);
    default:
      return describedGenerically(group, kind) ? describeGeneric(obj, events, now) : undefined;
  }
}
