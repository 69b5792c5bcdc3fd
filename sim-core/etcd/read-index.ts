// Linearizable reads (etcdserver/v3_server.go linearizableReadLoop, Raft thesis §6.4):
// reads that arrive while no ReadIndex request is out are batched behind one; when Raft
// returns the read index, they wait until the member has applied up to it and are then
// answered from the local store. A request Raft dropped (no leader, leader changed) is
// asked again after a short retry interval, as etcd 3.5 does; the client's own timeout
// still bounds the whole wait.
export interface PendingRead<R> {
  client: string;
  cid: number;
  req: R;
  deadline: number;
}

interface Batch<R> {
  reads: PendingRead<R>[];
  issuedAt: number;
  /** set once Raft confirmed the read index */
  index: number | undefined;
}

export class ReadIndexQueue<R> {
  private waiting: PendingRead<R>[] = [];
  private readonly batches = new Map<string, Batch<R>>();
  private seq = 0;

  constructor(
    private readonly prefix: string,
    private readonly retryTicks: number,
  ) {}

  add(read: PendingRead<R>): void {
    this.waiting.push(read);
  }

  /** Reads that should get a ReadIndex request now: a new context for them, or undefined. */
  issue(now: number): string | undefined {
    // the member asks on every message it handles: nothing to do is the common case
    if (this.waiting.length === 0 && this.batches.size === 0) return undefined;
    let reads = this.waiting;
    this.waiting = [];
    // re-ask for batches Raft has not confirmed within the retry interval
    for (const [ctx, b] of this.batches) {
      if (b.index === undefined && now - b.issuedAt >= this.retryTicks) {
        reads = reads.concat(b.reads);
        this.batches.delete(ctx);
      }
    }
    if (reads.length === 0) return undefined;
    const ctx = `${this.prefix}-${++this.seq}`;
    this.batches.set(ctx, { reads, issuedAt: now, index: undefined });
    return ctx;
  }

  /** Raft confirmed a read index for this context (a ReadState). */
  confirm(ctx: string, index: number): void {
    const b = this.batches.get(ctx);
    if (b !== undefined && b.index === undefined) b.index = index;
  }

  /** The reads that may be answered now that `applied` is reached. */
  ready(applied: number): PendingRead<R>[] {
    const out: PendingRead<R>[] = [];
    for (const [ctx, b] of this.batches) {
      if (b.index !== undefined && b.index <= applied) {
        out.push(...b.reads);
        this.batches.delete(ctx);
      }
    }
    return out;
  }

  /** Drop reads whose deadline passed; returns them. */
  expire(now: number): PendingRead<R>[] {
    // called every tick by every member: nothing waiting is the common case, and no
    // closure is made per call (a named closure costs a defineProperty under tsx)
    if (this.waiting.length === 0 && this.batches.size === 0) return NO_READS as PendingRead<R>[];
    const dead: PendingRead<R>[] = [];
    this.waiting = keepLive(this.waiting, now, dead);
    for (const [ctx, b] of this.batches) {
      b.reads = keepLive(b.reads, now, dead);
      if (b.reads.length === 0) this.batches.delete(ctx);
    }
    return dead;
  }

  get size(): number {
    let n = this.waiting.length;
    for (const b of this.batches.values()) n += b.reads.length;
    return n;
  }

  /** Whether a request is still without a ReadIndex (needs issue()). */
  get hasUnissued(): boolean {
    return this.waiting.length > 0;
  }
}

const NO_READS: readonly PendingRead<unknown>[] = Object.freeze([]);

/** The reads of `list` still within their deadline; the others are appended to `dead`, in order. */
function keepLive<R>(list: PendingRead<R>[], now: number, dead: PendingRead<R>[]): PendingRead<R>[] {
  let i = 0;
  while (i < list.length && list[i]!.deadline > now) i++;
  if (i === list.length) return list;
  const kept = list.slice(0, i);
  for (; i < list.length; i++) {
    const r = list[i]!;
    if (r.deadline <= now) dead.push(r);
    else kept.push(r);
  }
  return kept;
}
