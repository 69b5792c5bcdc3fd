// Leases as etcd's lessor keeps them (server/lease/lessor.go, v3.4). The replicated part
// — each lease's id, granted TTL and attached keys — changes only when a committed entry
// is applied, so every member holds the same table. Expiry is volatile and only the
// primary lessor (the one on the leader) keeps real deadlines: followers treat every
// lease as never expiring, and a member that becomes leader "promotes" its lessor, giving
// every lease its full TTL plus an election timeout from now (lessor.Promote), which is
// why a leader change never makes a lease expire early.
import { etcdErrors } from '../errors';
import type { EtcdResult } from '../types';

/** lease.MaxLeaseTTL: 9,000,000,000 seconds. */
export const MAX_LEASE_TTL = 9_000_000_000;

export interface Lease {
  id: bigint;
  /** granted TTL in seconds, after the minimum was applied */
  ttl: number;
  keys: Set<string>;
  /** volatile: tick at which the lease expires; Infinity on a non-primary lessor */
  expiry: number;
}

export interface LessorConfig {
  /** etcd's minLeaseTTL: ceil(1.5 × election timeout) in seconds; 2 with the defaults */
  minTTL: number;
  ticksPerSecond: number;
}

export class Lessor {
  private readonly leases = new Map<bigint, Lease>();
  /** true on the leader's lessor: only it counts down and reports expiries */
  primary = false;

  constructor(readonly config: LessorConfig) {}

  lookup(id: bigint): Lease | undefined {
    return this.leases.get(id);
  }

  /** Applied from a committed LeaseGrant entry. `now` sets the deadline on a primary. */
  grant(id: bigint, ttl: number, now: number): EtcdResult<Lease> {
    if (ttl > MAX_LEASE_TTL) return { ok: false, error: etcdErrors.leaseTTLTooLarge };
    if (this.leases.has(id)) return { ok: false, error: etcdErrors.leaseExists };
    const granted = Math.max(ttl, this.config.minTTL);
    const lease: Lease = { id, ttl: granted, keys: new Set(), expiry: Infinity };
    if (this.primary) lease.expiry = now + granted * this.config.ticksPerSecond;
    this.leases.set(id, lease);
    return { ok: true, value: lease };
  }

  /** Remove the lease itself; the caller deletes its keys in the same revision. */
  remove(id: bigint): void {
    this.leases.delete(id);
  }

  attach(id: bigint, key: string): void {
    this.leases.get(id)?.keys.add(key);
  }

  detach(id: bigint, key: string): void {
    this.leases.get(id)?.keys.delete(key);
  }

  /** Lease ids in ascending order (lessor.Leases sorts them). */
  ids(): bigint[] {
    return [...this.leases.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  all(): Lease[] {
    return this.ids().map((id) => this.leases.get(id)!);
  }

  /** lessor.Promote: this member became leader; restart every deadline from now. */
  promote(now: number, extendTicks: number): void {
    this.primary = true;
    for (const l of this.leases.values()) l.expiry = now + l.ttl * this.config.ticksPerSecond + extendTicks;
  }

  /** lessor.Demote: no longer leader; leases stop counting down here. */
  demote(): void {
    this.primary = false;
    for (const l of this.leases.values()) l.expiry = Infinity;
  }

  /** lessor.Renew (keep-alive), on the primary only. Returns the granted TTL. */
  renew(id: bigint, now: number): EtcdResult<number> {
    const l = this.leases.get(id);
    if (l === undefined || l.expiry <= now) return { ok: false, error: etcdErrors.leaseNotFound };
    l.expiry = now + l.ttl * this.config.ticksPerSecond;
    return { ok: true, value: l.ttl };
  }

  /** Whole seconds left, truncated as Go's int64(Remaining().Seconds()) does. */
  remainingSeconds(l: Lease, now: number): number {
    if (l.expiry === Infinity) return l.ttl;
    return Math.max(0, Math.floor((l.expiry - now) / this.config.ticksPerSecond));
  }

  /** Leases whose deadline has passed, in id order (the leader proposes their revocation). */
  expired(now: number): bigint[] {
    // the leader asks every tick; most clusters have no lease at all
    if (!this.primary || this.leases.size === 0) return [];
    const out: bigint[] = [];
    for (const l of this.leases.values()) if (l.expiry <= now) out.push(l.id);
    return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The replicated part, for snapshots and hashes (keys sorted). */
  dump(): Array<{ id: bigint; ttl: number; keys: string[] }> {
    return this.all().map((l) => ({ id: l.id, ttl: l.ttl, keys: [...l.keys].sort() }));
  }

  /** Replace the table from a snapshot; deadlines start fresh (as after a restart). */
  load(rows: Array<{ id: bigint; ttl: number; keys: string[] }>, now: number): void {
    this.leases.clear();
    for (const r of rows) {
      const expiry = this.primary ? now + r.ttl * this.config.ticksPerSecond : Infinity;
      this.leases.set(r.id, { id: r.id, ttl: r.ttl, keys: new Set(r.keys), expiry });
    }
  }
}
