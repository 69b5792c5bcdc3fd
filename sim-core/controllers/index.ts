// controllers/: the kube-controller-manager's control loops as `reconcile(key)` functions
// in client-go's shape. They read through listers, write through the ApiClient, and are
// driven by work queues fed by informer event handlers (the process that hosts them and
// takes part in leader election comes with the API server).
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
export { comparePodsForDeletion, podsToDelete, DELETION_COST_ANNOTATION } from './activePods';
export { isPodActive, isPodReady, isPodAvailable } from './podState';
export { generatedName, randomSuffix } from './podNames';
export { ReplicaSetController, BURST_REPLICAS, podFromTemplate, type ReplicaSetControllerDeps } from './replicaSet';
export { DeploymentController, type DeploymentControllerDeps } from './deployment/controller';
export { computeHash, fnv32a, safeEncodeString } from './deployment/hash';
export { rollbackTemplate, type RollbackResult } from './deployment/history';
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
export { GarbageCollector, FOREGROUND_FINALIZER, ORPHAN_FINALIZER, type GarbageCollectorDeps } from './garbageCollector';
