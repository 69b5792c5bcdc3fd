// The API client a controller, the scheduler, kubelet or kube-proxy uses: the only way
// they reach the cluster's state (DESIGN.md §2: only the API server talks to etcd).
//
// Why callbacks and not promises: a request is a message on the simulated network and
// its answer arrives at a later tick, delivered by the kernel to the owner process. A
// Promise would resume on the JavaScript microtask queue, outside the kernel's event
// order, and break determinism. So a request is data (`ApiRequest`, it can travel as a
// network payload and be drawn in the trace), and the caller passes a continuation that
// the owner process runs when the answer message is delivered (see remoteClient.ts).
// Expected failures (Conflict, NotFound, Gone …) come back as values in the real
// metav1.Status shape, never as throws.
import type { ObjectMeta } from '../apiserver';
import type { TransportReason } from './transport';

/** Any stored Kubernetes object: TypeMeta + ObjectMeta + the kind's own fields. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [field: string]: unknown;
}

/** metav1.Status reasons the simulated API server returns (k8s.io/apimachinery/pkg/apis/meta/v1/types.go). */
export type StatusReason =
  | 'BadRequest'
  | 'Forbidden'
  | 'NotFound'
  | 'MethodNotAllowed'
  | 'Conflict'
  | 'AlreadyExists'
  | 'Gone'
  | 'Expired'
  | 'RequestEntityTooLarge'
  | 'Invalid'
  | 'TooManyRequests'
  | 'InternalError'
  | 'ServiceUnavailable'
  | 'Timeout';

/** A failed request's answer, shaped like the API server's JSON body (or, with code 0, a transport error: transport.ts). */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  status: 'Failure';
  reason: StatusReason | TransportReason;
  code: number;
  message: string;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[] };
}

/** metav1.StatusCause: one field's complaint in a 422 Invalid (reason is the field.ErrorType, message its ErrorBody). */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export const STATUS_CODES: Readonly<Record<StatusReason, number>> = {
  BadRequest: 400,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  AlreadyExists: 409,
  Gone: 410,
  Expired: 410,
  RequestEntityTooLarge: 413,
  Invalid: 422,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  Timeout: 504,
};

export function statusError(reason: StatusReason, message: string, details?: Status['details']): Status {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code: STATUS_CODES[reason], message, ...(details ? { details } : {}) };
}

/** warnings: the answer's Warning headers (a Warn decode's dropped fields), which kubectl prints as `Warning: …` */
export type ApiResult<T> = { ok: true; value: T; warnings?: string[] } | { ok: false; error: Status; warnings?: string[] };

/** metav1.DeletionPropagation. */
export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

export interface ObjectList<T extends KubeObject = KubeObject> {
  items: T[];
  /** the list's resourceVersion: a watch started from it misses nothing */
  resourceVersion: string;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

/** One event of a watch stream; an `ERROR` carries the Status that ended it (410 Gone). */
export type WatchEvent<T extends KubeObject = KubeObject> =
  | { type: WatchEventType; object: T }
  | { type: 'ERROR'; status: Status };

/** How a `patch` body is read (the request's Content-Type in the real API). */
export type PatchType = 'application/merge-patch+json' | 'application/strategic-merge-patch+json' | 'application/json-patch+json';

/** metav1.FieldValidation: Strict refuses an unknown field, Warn drops it with a warning, Ignore drops it. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

/** A request as data. `resource` is the plural lower-case name (`pods`, `replicasets`). */
export type ApiRequest =
  /** subresource `scale`: the autoscaling/v1 Scale of a Deployment or ReplicaSet */
  | { verb: 'get'; resource: string; namespace: string; name: string; subresource?: 'scale' }
  /** fieldSelector: `spec.nodeName=node-1,status.phase!=Running` (the fields each kind supports) */
  | { verb: 'list'; resource: string; namespace?: string; labelSelector?: string; fieldSelector?: string }
  /** fieldValidation: what the decode does with an unknown field (absent: Strict, what kubectl sends) */
  | { verb: 'create'; resource: string; namespace: string; body: KubeObject; dryRun?: boolean; fieldValidation?: FieldValidation }
  /** body.metadata.resourceVersion must be the stored one, or 409 Conflict */
  /** subresource `finalize`: PUT namespaces/<name>/finalize, the only way to change a Namespace's spec.finalizers */
  | { verb: 'update'; resource: string; namespace: string; body: KubeObject; dryRun?: boolean; subresource?: 'scale' | 'finalize'; fieldValidation?: FieldValidation }
  | { verb: 'updateStatus'; resource: string; namespace: string; body: KubeObject; dryRun?: boolean }
  /** PATCH: `patch` is the JSON body (an object for merge/strategic, an array of operations for json-patch) */
  | { verb: 'patch'; resource: string; namespace: string; name: string; patchType: PatchType; patch: unknown; subresource?: 'status' | 'scale'; dryRun?: boolean }
  | {
      verb: 'delete';
      resource: string;
      namespace: string;
      name: string;
      /** ?dryRun=All: authenticated, admitted and validated, nothing written (kubectl --dry-run=server) */
      dryRun?: boolean;
      propagationPolicy?: PropagationPolicy;
      /** delete only if the stored object still has this uid (metav1.Preconditions) */
      uid?: string;
      /** metav1.DeleteOptions.gracePeriodSeconds; absent = the object's own (a Pod's terminationGracePeriodSeconds) */
      gracePeriodSeconds?: number;
    }
  | { verb: 'watch'; resource: string; namespace?: string; resourceVersion: string; labelSelector?: string; fieldSelector?: string };

export type ApiVerb = ApiRequest['verb'];

/** What each verb answers with. */
export interface ApiAnswers {
  get: KubeObject;
  list: ObjectList;
  create: KubeObject;
  update: KubeObject;
  updateStatus: KubeObject;
  patch: KubeObject;
  /** the object as it was when deleted (or still is, if finalizers keep it) */
  delete: KubeObject;
  watch: WatchEvent;
}

export type RequestId = number;

export type Continuation<V extends ApiVerb> = (result: ApiResult<ApiAnswers[V]>) => void;

/** How a client takes a request's answer (not part of the request: the API server's trace never shows it). */
export interface RequestOptions {
  /**
   * The continuation only reads the answer, and nothing keeps it to change later: the API
   * server may answer a write with the object it hands its watch cache (they share all but
   * metadata) instead of a copy of its own (writtenObjects.ts). The answer is then
   * read-only, frozen while the cache mutation detector is on (store.ts), so a test finds a
   * receiver that writes into it. A hot writer's answer (a kubelet's status patch, a bind, a
   * ReplicaSet's Pod create) is otherwise a copy of a whole Pod nobody reads past its resourceVersion.
   */
  readsAnswerOnly?: boolean;
}

export interface ApiClient {
  /**
   * Send a request; `done` runs once, when the answer arrives (a later tick). For
   * `watch`, `done` runs once per event until `stop` or an error (410 Gone ends it).
   */
  request<R extends ApiRequest>(req: R, done?: Continuation<R['verb']>, options?: RequestOptions): RequestId;
  /** Stop a watch (or forget a pending request's continuation). */
  stop(id: RequestId): void;
}

/** `namespace/name` (or `name` for a cluster-scoped object): the cache and work-queue key. */
export function objectKey(obj: KubeObject): string {
  const ns = obj.metadata?.namespace ?? '';
  const name = obj.metadata?.name ?? '';
  return ns === '' ? name : `${ns}/${name}`;
}

export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export function isNotFound(error: Status): boolean {
  return error.reason === 'NotFound';
}
