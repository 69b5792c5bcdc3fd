// client/: what every controller-side process uses to see and change the cluster —
// the ApiClient (message-style, answers arrive at later ticks), informers with their
// frozen caches and listers, and client-go's rate-limited work queue.
export {
  objectKey,
  splitKey,
  isNotFound,
  statusError,
  STATUS_CODES,
  type ApiAnswers,
  type ApiClient,
  type ApiRequest,
  type PatchType,
  type ApiResult,
  type ApiVerb,
  type Continuation,
  type RequestOptions,
  type KubeObject,
  type ObjectList,
  type PropagationPolicy,
  type FieldValidation,
  type RequestId,
  type Status,
  type StatusReason,
  type WatchEvent,
  type WatchEventType,
} from './api';
export {
  RemoteApiClient,
  isApiResponse,
  isConnectionClosed,
  type ApiRequestMessage,
  type ApiResponseMessage,
  type ApiCancelMessage,
  type ApiConnectionClosedMessage,
  type ReceivedMessage,
} from './remoteClient';
export { transportError, isTransportError, connectionRefusedError, noRouteToHostError, connectionClosedError, type TransportReason } from './transport';
export { ReflectorBackoff, REFLECTOR_BACKOFF_INITIAL_TICKS, REFLECTOR_BACKOFF_MAX_TICKS, REFLECTOR_BACKOFF_RESET_TICKS } from './reflectorBackoff';
export { Store, deepCopy, deepFreeze, freezeCached, isReadOnly, setCacheMutationDetector, type IndexFunc } from './store';
export { sameJson } from './sameJson';
export { CONTROLLER_UID_INDEX, OWNER_UID_INDEX, NO_CONTROLLER, byControllerUid, byOwnerUid } from './indexers';
export { listerFor, type Lister } from './lister';
export { Informer, type EventHandlers, type InformerOptions } from './informer';
export { WorkQueue, backoffTicks, TICK_MS, BACKOFF_BASE_MS, BACKOFF_MAX_MS } from './workqueue';
export {
  LeaderElector,
  leaderElectionIdentity,
  microTime,
  recordOf,
  LEASE_DURATION_TICKS,
  RENEW_DEADLINE_TICKS,
  RETRY_PERIOD_TICKS,
  JITTER_FACTOR,
  type LeaderCallbacks,
  type LeaderElectionConfig,
  type LeaderElectionRecord,
} from './leaderElection';
export { Candidacy, type CandidacyOptions, type ElectionLogLine, type LeaderElectionTrace } from './candidacy';
