// The simulated network, raftscope-style: a message in flight is plain data with a
// delivery tick, and faults are filters over those data (partition, isolate, per-link
// block, random drop, latency). The kernel schedules delivery; this file decides
// latency and whether a message may pass, and keeps the in-flight set for the UI.
//
// Links are FIFO, like the TCP streams etcd's rafthttp uses between peers: a message
// never overtakes an earlier one on the same link (its delivery tick is at least the
// previous one's). Faults are checked both when a message is sent and when it is due, so
// a partition cuts messages that were already on the wire, as a cut cable would.
import type { Prng } from './prng';

export interface Envelope<P = unknown> {
  /** unique per network, increasing in send order */
  id: number;
  from: string;
  to: string;
  sentAt: number;
  deliverAt: number;
  payload: P;
}

export interface LatencyRange {
  /** inclusive bounds, in ticks (1 tick = 10 ms simulated) */
  min: number;
  max: number;
}

export interface NetworkConfig {
  latency: LatencyRange;
  /** probability in [0,1] that any one message is lost */
  dropRate: number;
}

export const DEFAULT_NETWORK_CONFIG: NetworkConfig = { latency: { min: 1, max: 3 }, dropRate: 0 };

export type DropReason = 'partition' | 'link-blocked' | 'random-drop';

/** What `send` decided: on the wire (with its envelope) or lost at once. */
export type SendOutcome<P> = { ok: true; envelope: Envelope<P> } | { ok: false; envelope: Envelope<P>; reason: DropReason };

function linkKey(from: string, to: string): string {
  return from + '\u0000' + to;
}

export class Network<P = unknown> {
  private readonly rng: Prng;
  private config: NetworkConfig;
  private nextId = 1;
  /**
   * In-flight messages in send (= id) order: slot i holds message id wireBase + i, or
   * undefined once it arrived, was discarded or was lost at send. An array rather than
   * a Map keyed by id: a slot is found by arithmetic, and the front is trimmed as
   * messages land (nearly in send order), so each message costs no hashing.
   */
  private wire: Array<Envelope<P> | undefined> = [];
  private wireBase = 1;
  /** index of the first slot that may still hold a message */
  private wireHead = 0;
  private wireCount = 0;
  /** address -> partition group index; absent = not partitioned (reaches everyone unpartitioned) */
  private groupOf = new Map<string, number>();
  private partitioned = false;
  private readonly blocked = new Set<string>();
  private readonly linkLatency = new Map<string, LatencyRange>();
  /** last delivery tick per link (from → to → tick), to keep links FIFO */
  private readonly lastDeliverAt = new Map<string, Map<string, number>>();

  constructor(rng: Prng, config: Partial<NetworkConfig> = {}) {
    this.rng = rng;
    this.config = { ...DEFAULT_NETWORK_CONFIG, ...config };
    checkLatency(this.config.latency);
  }

  // ---- configuration (faults as data) ----

  setLatency(range: LatencyRange): void {
    checkLatency(range);
    this.config = { ...this.config, latency: range };
  }

  /** A latency spike (or any override) on one direction of one link; undefined removes it. */
  setLinkLatency(from: string, to: string, range: LatencyRange | undefined): void {
    if (range === undefined) this.linkLatency.delete(linkKey(from, to));
    else {
      checkLatency(range);
      this.linkLatency.set(linkKey(from, to), range);
    }
  }

  setDropRate(rate: number): void {
    if (!(rate >= 0 && rate <= 1)) throw new Error(`Network: drop rate ${rate} is not in [0,1]`);
    this.config = { ...this.config, dropRate: rate };
  }

  /**
   * Split the network: a message passes only between addresses of the same group.
   * Addresses named in no group form one more group together (they still talk to each
   * other, but to no named group).
   */
  partition(groups: readonly (readonly string[])[]): void {
    const m = new Map<string, number>();
    groups.forEach((g, i) => {
      for (const a of g) {
        if (m.has(a)) throw new Error(`Network.partition: ${a} is in two groups`);
        m.set(a, i);
      }
    });
    this.groupOf = m;
    this.partitioned = true;
  }

  /** Cut one address off from everyone else (the others still reach each other). */
  isolate(address: string): void {
    const m = this.partitioned ? new Map(this.groupOf) : new Map<string, number>();
    m.set(address, -1 - m.size); // a group of its own that no other address has
    this.groupOf = m;
    this.partitioned = true;
  }

  /** Block (or unblock) one direction of one link. */
  blockLink(from: string, to: string, blocked = true): void {
    if (blocked) this.blocked.add(linkKey(from, to));
    else this.blocked.delete(linkKey(from, to));
  }

  /** Remove every partition, isolation, link block and latency override; drop rate to 0. */
  heal(): void {
    this.groupOf = new Map();
    this.partitioned = false;
    this.blocked.clear();
    this.linkLatency.clear();
    this.config = { ...this.config, dropRate: 0 };
  }

  /** Partition groups as currently set, for display: each group sorted, groups in order given. */
  partitionGroups(): string[][] {
    if (!this.partitioned) return [];
    const byGroup = new Map<number, string[]>();
    for (const [a, g] of this.groupOf) {
      const list = byGroup.get(g) ?? [];
      list.push(a);
      byGroup.set(g, list);
    }
    return [...byGroup.entries()].sort((x, y) => x[0] - y[0]).map(([, l]) => l.sort());
  }

  /** Whether a message from `from` may reach `to` right now (partition and link blocks). */
  canReach(from: string, to: string): DropReason | undefined {
    if (from === to) return undefined;
    if (this.partitioned) {
      const gf = this.groupOf.get(from);
      const gt = this.groupOf.get(to);
      if (gf !== gt) return 'partition';
    }
    if (this.blocked.size > 0 && this.blocked.has(linkKey(from, to))) return 'link-blocked';
    return undefined;
  }

  // ---- traffic ----

  /** Put a message on the wire (or lose it at once). The kernel schedules the envelope. */
  send(from: string, to: string, payload: P, now: number): SendOutcome<P> {
    const envelope = this.transmit(from, to, payload, now);
    if (envelope !== undefined) return { ok: true, envelope };
    return { ok: false, envelope: this.lastDropped!, reason: this.lastDropReason! };
  }

  /** The message `transmit` lost last, and why (read right after it returned undefined). */
  lastDropped: Envelope<P> | undefined;
  lastDropReason: DropReason | undefined;

  /**
   * `send` without the outcome wrapper, for the kernel (one call per simulated message):
   * the envelope on the wire, or undefined when lost (see lastDropped/lastDropReason).
   * `delayTicks` hold the message back before its latency starts (a host's own wait).
   */
  transmit(from: string, to: string, payload: P, now: number, delayTicks = 0): Envelope<P> | undefined {
    const range = this.linkLatency.size > 0 ? (this.linkLatency.get(linkKey(from, to)) ?? this.config.latency) : this.config.latency;
    let deliverAt = now + delayTicks + (range.min === range.max ? range.min : this.rng.int(range.min, range.max));
    // per-link state in nested maps: no key string built per message
    let fromLinks = this.lastDeliverAt.get(from);
    const last = fromLinks?.get(to);
    if (last !== undefined && last > deliverAt) deliverAt = last;
    const envelope: Envelope<P> = { id: this.nextId++, from, to, sentAt: now, deliverAt, payload };
    const cut = this.canReach(from, to);
    const reason = cut ?? (this.config.dropRate > 0 && this.rng.chance(this.config.dropRate) ? 'random-drop' : undefined);
    if (reason !== undefined) {
      this.lastDropped = envelope;
      this.lastDropReason = reason;
      this.wire.push(undefined); // keep slot = id - wireBase
      this.trimWire();
      return undefined;
    }
    if (fromLinks === undefined) {
      fromLinks = new Map();
      this.lastDeliverAt.set(from, fromLinks);
    }
    fromLinks.set(to, deliverAt);
    this.wire.push(envelope);
    this.wireCount++;
    return envelope;
  }

  /** Called by the kernel when the envelope is due: removes it from the wire and says whether it passes. */
  arrive(envelope: Envelope<P>): DropReason | undefined {
    const i = envelope.id - this.wireBase;
    if (i >= this.wireHead && this.wire[i] === envelope) {
      this.wire[i] = undefined;
      this.wireCount--;
      this.trimWire();
    }
    return this.canReach(envelope.from, envelope.to);
  }

  /** Forget in-flight messages matching `pred` (the kernel uses this for a killed sender's queue). */
  discard(pred: (e: Envelope<P>) => boolean): void {
    const w = this.wire;
    for (let i = this.wireHead; i < w.length; i++) {
      const e = w[i];
      if (e !== undefined && pred(e)) {
        w[i] = undefined;
        this.wireCount--;
      }
    }
    this.trimWire();
  }

  isInFlight(id: number): boolean {
    const i = id - this.wireBase;
    return i >= this.wireHead && this.wire[i] !== undefined;
  }

  /** Every message on the wire, in send order (for the UI to draw). */
  inFlight(): Envelope<P>[] {
    const out: Envelope<P>[] = [];
    for (let i = this.wireHead; i < this.wire.length; i++) {
      const e = this.wire[i];
      if (e !== undefined) out.push(e);
    }
    return out;
  }

  get inFlightCount(): number {
    return this.wireCount;
  }

  /** Move the head past landed messages; drop the dead front once it is most of the array. */
  private trimWire(): void {
    const w = this.wire;
    let h = this.wireHead;
    while (h < w.length && w[h] === undefined) h++;
    if (h >= 1024 && h * 2 >= w.length) {
      this.wire = w.slice(h);
      this.wireBase += h;
      h = 0;
    }
    this.wireHead = h;
  }

  /** The network's fault settings as plain data (for status displays and state hashes). */
  describe(): { latency: LatencyRange; dropRate: number; partition: string[][]; blockedLinks: string[][] } {
    return {
      latency: this.config.latency,
      dropRate: this.config.dropRate,
      partition: this.partitionGroups(),
      blockedLinks: [...this.blocked].sort().map((k) => k.split('\u0000')),
    };
  }
}

function checkLatency(r: LatencyRange): void {
  if (!Number.isInteger(r.min) || !Number.isInteger(r.max) || r.min < 0 || r.max < r.min) {
    throw new Error(`Network: bad latency range ${r.min}..${r.max} (integer ticks, 0 <= min <= max)`);
  }
}
