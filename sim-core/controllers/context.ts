// What every controller is given: the API client (its only way to write), its work
// queue, a PRNG stream for names, and the simulated clock. Reads go through listers.
import type { Prng } from '../kernel';
import { isNotFound, type ApiClient, type ApiResult, type EventHandlers, type KubeObject, type Status } from '../client';
import type { WorkQueue } from '../client';

export interface ControllerClock {
  /** the current tick */
  tick(): number;
  /** metav1.Time text for the current tick */
  timestamp(): string;
  /** whole seconds from an RFC 3339 timestamp to now (Infinity when it does not parse) */
  secondsSince(timestamp: string): number;
}

export interface ControllerContext {
  api: ApiClient;
  queue: WorkQueue;
  prng: Prng;
  clock: ControllerClock;
}

/**
 * What a reconcile returns about the work it could judge synchronously. Writes it sent are
 * judged when their answers arrive: `requeueOnError` puts the key back with back-off.
 */
export type ReconcileResult = { ok: true } | { ok: false; error: Status };

/**
 * The continuation for a controller's write: NotFound means the object is gone, so the
 * work is over; any other error (Conflict from a stale cache, Forbidden …) requeues the key
 * with back-off, as client-go's processNextWorkItem does with a sync error.
 */
export function requeueOnError(ctx: ControllerContext, key: string, after?: (r: ApiResult<unknown>) => void) {
  return (r: ApiResult<unknown>): void => {
    if (!r.ok && !isNotFound(r.error)) ctx.queue.addRateLimited(key);
    after?.(r);
  };
}

/**
 * The API server's refusal in a namespace being deleted (the NamespaceTerminating cause;
 * our Status carries no causes, so its fixed message identifies it).
 */
export function namespaceTerminating(status: Status): boolean {
  return status.reason === 'Forbidden' && status.message.endsWith('because it is being terminated');
}

/**
 * The continuation for a create a controller does not retry when someone made the object
 * first or its namespace is gone or going (the serviceaccount controller and the
 * root-ca-cert-publisher); any other error requeues `key` as `requeueOnError` does.
 */
export function requeueUnlessSettled(ctx: ControllerContext, key: string): (r: ApiResult<unknown>) => void {
  const requeue = requeueOnError(ctx, key);
  return (r) => {
    if (!r.ok && (r.error.reason === 'AlreadyExists' || namespaceTerminating(r.error))) return;
    requeue(r); // NotFound (the namespace is gone) is not requeued either
  };
}

/** Handlers that enqueue a namespace's name when it appears or changes (controllers keyed by namespace). */
export function namespaceQueueHandlers(queue: WorkQueue): EventHandlers<KubeObject> {
  const enqueue = (ns: KubeObject): void => enqueueNamespace(queue, ns.metadata?.name);
  return { onAdd: enqueue, onUpdate: (_old, ns) => enqueue(ns) };
}

/** Put a namespace's name on a queue keyed by namespace ('' and undefined are no namespace). */
export function enqueueNamespace(queue: WorkQueue, namespace: string | undefined): void {
  if (namespace !== undefined && namespace !== '') queue.add(namespace);
}

/** client-go's processNextWorkItem: take one key, reconcile it, forget or requeue. Returns false when the queue is empty. */
export function processNextWorkItem(queue: WorkQueue, reconcile: (key: string) => ReconcileResult): boolean {
  const key = queue.get();
  if (key === undefined) return false;
  const result = reconcile(key);
  if (result.ok) queue.forget(key);
  else if (!isNotFound(result.error)) queue.addRateLimited(key);
  queue.done(key);
  return true;
}
