// Zones and the rate limit on NoExecute tainting (pkg/controller/nodelifecycle: zone
// states in handleDisruption/ComputeZoneState, scheduler.RateLimitedTimedQueue with a
// flowcontrol token bucket). Tainting a node NoExecute is what evicts its Pods, so the
// controller paces it: --node-eviction-rate 0.1 nodes/s per healthy zone (burst 1); in a
// zone where at least 55 % of the nodes (and more than 2) are not Ready, 0.01/s if the zone
// has more than 50 nodes, otherwise none at all; and when every zone is fully disrupted the
// controller assumes the problem is its own (say, its network) and evicts nothing.
import type { Node } from '../apiserver';
import { TICKS_PER_SECOND } from '../kernel/clock';

export const EVICTION_LIMITER_QPS = 0.1;
export const SECONDARY_EVICTION_LIMITER_QPS = 0.01;
export const LARGE_CLUSTER_THRESHOLD = 50;
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** k8s.io/component-helpers/node/topology GetZoneKey: "" when the node has no region or zone label. */
export function zoneKey(node: Node): string {
  const l = node.metadata?.labels ?? {};
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`;
}

/** ComputeZoneState over the Ready condition statuses of a zone's nodes. */
export function computeZoneState(readyStatuses: readonly (string | undefined)[]): ZoneState {
  const ready = readyStatuses.filter((s) => s === 'True').length;
  const notReady = readyStatuses.length - ready;
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && notReady / (notReady + ready) >= UNHEALTHY_ZONE_THRESHOLD) return 'PartialDisruption';
  return 'Normal';
}

/** The eviction rate a zone in `state` gets (setLimiterInZone with ReducedQPSFunc / HealthyQPSFunc). */
export function zoneQps(state: ZoneState, zoneSize: number): number {
  if (state === 'PartialDisruption') return zoneSize > LARGE_CLUSTER_THRESHOLD ? SECONDARY_EVICTION_LIMITER_QPS : 0;
  return EVICTION_LIMITER_QPS;
}

/** flowcontrol.NewTokenBucketRateLimiter(qps, 1) in ticks; qps 0 is the never-accepting limiter. */
class TokenBucket {
  private tokens = 1;
  private last: number;

  constructor(
    readonly qps: number,
    now: number,
  ) {
    this.last = now;
  }

  tryAccept(now: number): boolean {
    if (this.qps <= 0) return false;
    this.tokens = Math.min(1, this.tokens + ((now - this.last) * this.qps) / TICKS_PER_SECOND);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface TimedValue {
  value: string;
  uid: string;
  processAt: number;
  seq: number;
}

/**
 * scheduler.RateLimitedTimedQueue: node names waiting to be tainted, each at most once
 * (a name stays "known" after it is processed, until `remove`), handed to `fn` no faster
 * than the limiter allows.
 */
export class RateLimitedTimedQueue {
  private queue: TimedValue[] = [];
  private readonly known = new Set<string>();
  private limiter: TokenBucket;
  private seq = 0;

  constructor(qps: number, now: number) {
    this.limiter = new TokenBucket(qps, now);
  }

  add(value: string, uid: string, now: number): boolean {
    if (this.known.has(value)) return false;
    this.known.add(value);
    this.queue.push({ value, uid, processAt: now, seq: this.seq++ });
    return true;
  }

  remove(value: string): boolean {
    this.queue = this.queue.filter((v) => v.value !== value);
    return this.known.delete(value);
  }

  has(value: string): boolean {
    return this.queue.some((v) => v.value === value);
  }

  /** Try: hand due values to fn while the limiter allows; fn says done, or retry after some ticks. */
  try(now: number, fn: (value: string) => { done: true } | { done: false; retryAfterTicks: number }): void {
    for (;;) {
      this.queue.sort((a, b) => a.processAt - b.processAt || a.seq - b.seq);
      const head = this.queue[0];
      if (head === undefined) return;
      // the real Try takes a token before looking at the head's time, so a waiting head costs one
      if (!this.limiter.tryAccept(now)) return;
      if (now < head.processAt) return;
      const r = fn(head.value);
      if (r.done) this.queue.shift();
      else head.processAt = now + r.retryAfterTicks + 1;
    }
  }

  /** SwapLimiter: a new rate; a limiter that was out of tokens hands its debt to the new one (burst 1). */
  swapLimiter(qps: number, now: number): void {
    if (this.limiter.qps === qps) return;
    const next = new TokenBucket(qps, now);
    if (qps > 0 && !this.limiter.tryAccept(now)) next.tryAccept(now);
    this.limiter = next;
  }
}
