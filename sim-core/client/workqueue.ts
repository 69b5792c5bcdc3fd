// client-go's rate-limited work queue (k8s.io/client-go/util/workqueue) in ticks.
// - A key is in the queue at most once (the dirty set); adding a queued key is a no-op.
// - A key being processed (between get and done) that is added again is not handed to a
//   second worker: it waits in dirty and is re-queued by `done`, so one key is never
//   reconciled twice at once and a change seen mid-reconcile is never lost.
// - addRateLimited uses ItemExponentialFailureRateLimiter(5ms, 1000s): the n-th failure
//   of a key waits 5 ms · 2^n, capped at 1000 s; `forget` resets the count. One tick is
//   10 ms, so the delay is rounded up to whole ticks (the first retries all wait 1 tick).
// - addAfter(key, ticks) parks a key until the clock reaches it (the delaying queue).
import { TICK_MS } from '../kernel/clock';

export { TICK_MS } from '../kernel/clock';
export const BACKOFF_BASE_MS = 5;
export const BACKOFF_MAX_MS = 1000 * 1000;

export function backoffTicks(failures: number): number {
  const ms = Math.min(BACKOFF_BASE_MS * 2 ** Math.min(failures, 40), BACKOFF_MAX_MS);
  return Math.max(1, Math.ceil(ms / TICK_MS));
}

export class WorkQueue {
  private readonly queue: string[] = [];
  /** keys that need processing (queued, or re-added while processing) */
  private readonly dirty = new Set<string>();
  /** keys handed out by get() and not yet done() */
  private readonly processing = new Set<string>();
  /** delayed keys: key → the tick at which it is added (the earliest wins) */
  private readonly waiting = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private now = 0;
  private shuttingDown = false;

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.queue.push(key);
  }

  /** The next key to reconcile, or undefined when none is ready (workers never block in a simulation). */
  get(): string | undefined {
    const key = this.queue.shift();
    if (key === undefined) return undefined;
    this.processing.add(key);
    this.dirty.delete(key);
    return key;
  }

  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key)) this.queue.push(key);
  }

  addAfter(key: string, ticks: number): void {
    if (this.shuttingDown) return;
    if (ticks <= 0) {
      this.add(key);
      return;
    }
    const at = this.now + ticks;
    const prev = this.waiting.get(key);
    if (prev === undefined || at < prev) this.waiting.set(key, at);
  }

  addRateLimited(key: string): void {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    this.addAfter(key, backoffTicks(n));
  }

  /** The key succeeded: its next failure starts the back-off from the beginning again. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Advance the queue's clock; delayed keys that are due join the queue (in due-tick, then key order). */
  advance(now: number): void {
    this.now = now;
    if (this.waiting.size === 0) return; // every tick, for every controller's queue: nothing parked, nothing to sort
    const due = [...this.waiting.entries()]
      .filter(([, at]) => at <= now)
      .sort(([ka, a], [kb, b]) => a - b || (ka < kb ? -1 : ka > kb ? 1 : 0));
    for (const [key] of due) {
      this.waiting.delete(key);
      this.add(key);
    }
  }

  /** Queued keys (not counting processing or delayed ones), as client-go's Len. */
  len(): number {
    return this.queue.length;
  }

  /**
   * Whether a key waits out a failure's back-off (addRateLimited, not yet forgotten): work
   * that will happen by itself, unlike a periodic addAfter (a progress deadline, a resync)
   */
  retrying(): boolean {
    if (this.waiting.size === 0) return false;
    for (const key of this.waiting.keys()) if ((this.failures.get(key) ?? 0) > 0) return true;
    return false;
  }

  /** Ticks until the next delayed key is due, or undefined when none waits. */
  nextDueIn(): number | undefined {
    let min: number | undefined;
    for (const at of this.waiting.values()) if (min === undefined || at < min) min = at;
    return min === undefined ? undefined : Math.max(0, min - this.now);
  }

  shutDown(): void {
    this.shuttingDown = true;
    this.queue.length = 0;
    this.dirty.clear();
    this.waiting.clear();
  }

  isShuttingDown(): boolean {
    return this.shuttingDown;
  }
}
