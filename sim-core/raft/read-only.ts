// ReadIndex bookkeeping on the leader (Raft thesis §6.4; etcd-io/raft read_only.go,
// ReadOnlySafe). A read request is answered with the commitIndex at the time it arrived,
// but only after a heartbeat round carrying the request's context is acknowledged by a
// quorum — proof that no newer leader had been elected when the read was accepted.

export interface ReadIndexStatus {
  /** commitIndex when the request arrived: the application may answer once it has applied this */
  index: number;
  /** who asked: this member (0 or our id) or a follower that forwarded MsgReadIndex */
  from: number;
  requestCtx: string;
  /** members that acknowledged a heartbeat carrying this context (the leader counts itself) */
  acks: Set<number>;
}

export class ReadOnly {
  private pending = new Map<string, ReadIndexStatus>();
  /** contexts in arrival order; acknowledging one acknowledges all before it */
  private queue: string[] = [];

  get size(): number {
    return this.queue.length;
  }

  addRequest(index: number, from: number, requestCtx: string): void {
    if (this.pending.has(requestCtx)) return;
    this.pending.set(requestCtx, { index, from, requestCtx, acks: new Set() });
    this.queue.push(requestCtx);
  }

  /** Record `from`'s acknowledgement of the heartbeat for `requestCtx`; returns the ack set. */
  recvAck(from: number, requestCtx: string): Set<number> | undefined {
    const rs = this.pending.get(requestCtx);
    if (!rs) return undefined;
    rs.acks.add(from);
    return rs.acks;
  }

  /** Release `requestCtx` and every request queued before it (they are confirmed too). */
  advance(requestCtx: string): ReadIndexStatus[] {
    const at = this.queue.indexOf(requestCtx);
    if (at < 0) return [];
    const done = this.queue.slice(0, at + 1);
    this.queue = this.queue.slice(at + 1);
    const out: ReadIndexStatus[] = [];
    for (const ctx of done) {
      const rs = this.pending.get(ctx);
      if (rs) out.push(rs);
      this.pending.delete(ctx);
    }
    return out;
  }

  lastPendingRequestCtx(): string {
    return this.queue.length > 0 ? (this.queue[this.queue.length - 1] as string) : '';
  }
}
