// controllers/: the kube-controller-manager's control loops as `reconcile(key)` functions
// in client-go's shape. They read through listers, write through the ApiClient, and are
// driven by work queues fed by informer event handlers. The process that hosts them and
// takes part in leader election is controller-manager/.
export {
  processNextWorkItem,
  requeueOnError,
  type ControllerClock,
  type ControllerContext,
  type ReconcileResult,
} from './context';
export { claim, controllerOf, newControllerRef, withControllerRef, withoutOwner, type Claim } from './controllerRef';
export { ControllerExpectations, EXPECTATIONS_TIMEOUT_TICKS } from './expectations';
export { slowStartBatch } from './slowStart';
export { addControllerIndexes, byObjectUid, UID_INDEX } from './indexes';
export { comparePodsForDeletion, podsToDelete, DELETION_COST_ANNOTATION } from './activePods';
export { isPodActive, isPodReady, isPodAvailable } from './podState';
export { generatedName, randomSuffix } from './podNames';
export {
  ReplicaSetController,
  BURST_REPLICAS,
  podFromTemplate,
  SUCCESSFUL_CREATE_POD_REASON,
  FAILED_CREATE_POD_REASON,
  SUCCESSFUL_DELETE_POD_REASON,
  FAILED_DELETE_POD_REASON,
  type ReplicaSetControllerDeps,
} from './replicaSet';
export { DeploymentController, type DeploymentControllerDeps } from './deployment/controller';
export { computeHash, fnv32a, safeEncodeString } from './deployment/hash';
export { rollbackTemplate, type RollbackResult } from './deployment/history';
export { SCALING_REPLICA_SET_REASON, FAILED_RS_CREATE_REASON } from './deployment/plan';
export {
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  POD_TEMPLATE_HASH_LABEL,
  resolveFenceposts,
  scaledValue,
  equalIgnoreHash,
} from './deployment/util';
export { EndpointsController, endpointSubsets, type EndpointsControllerDeps } from './endpoints';
export {
  EndpointSliceController,
  desiredEndpointSlices,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  MAX_ENDPOINTS_PER_SLICE,
  SERVICE_NAME_LABEL,
  type EndpointSliceControllerDeps,
} from './endpointSlice';
export { GarbageCollector, FOREGROUND_FINALIZER, ORPHAN_FINALIZER, type GarbageCollectorDeps } from './garbageCollector';
export { apiEventRecorder, type EventRecorder, type EventType } from './events';
export { EventCorrelator, SPAM_BURST, SPAM_REFILL_MS, AGGREGATE_MAX_EVENTS, AGGREGATE_INTERVAL_MS, type Correlation } from './eventCorrelator';
export {
  PodGCController,
  POD_GC_CHECK_PERIOD_TICKS,
  POD_GC_QUARANTINE_TICKS,
  TERMINATED_POD_GC_THRESHOLD,
  TAINT_NODE_OUT_OF_SERVICE,
  type PodGCControllerDeps,
} from './podGC';
export {
  NodeLifecycleController,
  NODE_MONITOR_PERIOD_TICKS,
  NODE_MONITOR_GRACE_PERIOD_TICKS,
  NODE_EVICTION_PERIOD_TICKS,
  NODE_LEASE_NAMESPACE,
  type NodeLifecycleControllerDeps,
} from './nodeLifecycle';
export { NodeHealthMap, NODE_STARTUP_GRACE_PERIOD_TICKS, type NodeHealth, type HealthObservation } from './nodeLifecycleHealth';
export {
  TAINT_NODE_NOT_READY,
  TAINT_NODE_UNREACHABLE,
  TAINT_NODE_UNSCHEDULABLE,
  UNREACHABLE_NO_EXECUTE,
  NOT_READY_NO_EXECUTE,
} from './nodeLifecycleTaints';
export { computeZoneState, zoneKey, EVICTION_LIMITER_QPS, type ZoneState } from './nodeLifecycleZones';
export { TaintEvictionController, matchingTolerations, minTolerationTicks, type TaintEvictionControllerDeps } from './taintEviction';
export { ServiceAccountsController, DEFAULT_SERVICE_ACCOUNTS, type ServiceAccountsControllerDeps } from './serviceAccounts';
export { RootCACertPublisher, ROOT_CA_CERT, ROOT_CA_CONFIGMAP, rootCAConfigMap, type RootCACertPublisherDeps } from './rootCACertPublisher';
export { EndpointSliceMirroringController, MIRRORING_MANAGED_BY, SKIP_MIRROR_LABEL, mirroredSlices, type EndpointSliceMirroringDeps } from './endpointSliceMirroring';
export {
  NamespaceController,
  NAMESPACE_CONTROLLER_WORKERS,
  NAMESPACE_DELETION_GRACE_PERIOD_TICKS,
  NAMESPACE_PASS_TIMEOUT_TICKS,
  namespaceBackoffTicks,
  remainingContentDelayTicks,
  type NamespaceControllerDeps,
} from './namespaceController';
export { NamespacedResourcesDeleter, NAMESPACE_FINALIZER, FINALIZER_ESTIMATE_SECONDS, type DeletionOutcome } from './namespaceDeleter';
export { NamespaceConditionUpdater, NAMESPACE_DELETION_CONDITION_TYPES, type NamespaceCondition } from './namespaceConditions';
