// The API server's lease manager (k8s.io/apiserver storage/etcd3/lease_manager.go): every
// Event needs a one-hour etcd lease, and granting one per Event would double the writes
// etcd replicates. So a granted lease is reused by the Events written during the next
// min(60 s, 5% of the TTL), and asked with that much extra TTL, so that the last Event
// attached to it still lives its full hour; a lease carries at most 1,000 objects. A
// learner who lists etcd's leases therefore sees a few leases of 3660 s, each holding
// many Events — as on a real cluster.
import { TICKS_PER_SECOND } from '../../kernel/clock';

/** leaseReuseDurationSeconds and leaseReuseDurationPercent (newDefaultLeaseManager) */
export const LEASE_REUSE_SECONDS = 60;
export const LEASE_REUSE_PERCENT = 0.05;
/** defaultLeaseMaxObjectCount */
export const LEASE_MAX_OBJECTS = 1000;

export type LeaseAnswer<E> = { ok: true; id: bigint } | { ok: false; error: E };

/** Whatever carries the simulated clock (a process context): `now` in ticks. */
export interface Clocked {
  readonly now: number;
}

export class LeaseManager<C extends Clocked, E> {
  private prevId = 0n;
  /** the tick the previous lease runs out at (as the manager reckons: from when it asked) */
  private prevExpiresAt = -Infinity;
  private attached = 0;
  /** callers waiting for a grant in flight (the real manager holds its mutex across Grant) */
  private waiting: Array<{ ctx: C; ttl: number; done: (r: LeaseAnswer<E>) => void }> | undefined;

  constructor(private readonly grant: (ctx: C, ttlSeconds: number, done: (r: LeaseAnswer<E>) => void) => void) {}

  /** The lease to attach a write with `ttlSeconds` to: the previous one if it can serve, else a new grant. */
  get(ctx: C, ttlSeconds: number, done: (r: LeaseAnswer<E>) => void): void {
    const now = ctx.now;
    if (this.waiting !== undefined) {
      this.waiting.push({ ctx, ttl: ttlSeconds, done });
      return;
    }
    const reuse = this.reusable(now, ttlSeconds);
    if (reuse !== undefined) return done({ ok: true, id: reuse });
    this.waiting = [];
    const extended = ttlSeconds + reuseSeconds(ttlSeconds);
    this.grant(ctx, extended, (r) => {
      const queued = this.waiting ?? [];
      this.waiting = undefined;
      if (r.ok) {
        this.prevId = r.id;
        this.prevExpiresAt = now + extended * TICKS_PER_SECOND;
        this.attached = 1;
      }
      done(r);
      // the callers that queued behind this grant try again, in the order they came
      for (const q of queued) this.get(q.ctx, q.ttl, q.done);
    });
  }

  /** Forget the previous lease (the process restarted: its memory is gone). */
  reset(): void {
    this.prevId = 0n;
    this.prevExpiresAt = -Infinity;
    this.attached = 0;
    this.waiting = undefined;
  }

  private reusable(now: number, ttlSeconds: number): bigint | undefined {
    const ttlTicks = ttlSeconds * TICKS_PER_SECOND;
    const valid = now + ttlTicks < this.prevExpiresAt;
    const sufficient = now + ttlTicks + reuseSeconds(ttlSeconds) * TICKS_PER_SECOND > this.prevExpiresAt;
    if (!valid || !sufficient || this.attached >= LEASE_MAX_OBJECTS) return undefined;
    this.attached++;
    return this.prevId;
  }
}

function reuseSeconds(ttlSeconds: number): number {
  return Math.min(LEASE_REUSE_SECONDS, Math.floor(LEASE_REUSE_PERCENT * ttlSeconds));
}
