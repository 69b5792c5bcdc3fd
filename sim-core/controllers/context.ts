// What every controller is given: the API client (its only way to write), its work
// queue, a PRNG stream for names, and the simulated clock. Reads go through listers.
import type { Prng } from '../kernel';
import { isNotFound, type ApiClient, type ApiResult, type Status } from '../client';
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
