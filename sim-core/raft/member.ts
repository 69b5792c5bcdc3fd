// A Raft member as a kernel process, with the smallest possible state machine: the
// applied entries folded into a hash chain. This is the reference wiring of RaftNode's
// Ready loop (the etcd server does the same with its MVCC store), and it is what the
// swarm test and the benchmark run. Snapshots carry the chain hash at their index.
import { hash64, type Envelope, type Prng, type Process, type ProcessContext } from '../kernel';
import { decodeConfChange } from './confchange';
import { RaftNode } from './node';
import { MemoryStorage } from './storage';
import type { ConfChange, Entry, RaftConfig, RaftMessage, ReadState } from './types';

export interface MemberOptions {
  id: number;
  /** bootstrap peers (only for a fresh cluster's initial members) */
  peers?: readonly number[];
  raft?: Omit<RaftConfig, 'id' | 'peers' | 'rng' | 'applied'>;
  /** take a snapshot and compact every this many applied entries (0 = never) */
  snapshotEvery?: number;
  /** entries kept behind a compaction, so slow followers can still catch up from the log */
  compactKeep?: number;
  /** called for every entry applied (tests record the sequence) */
  onApply?: (member: RaftMember, entry: Entry) => void;
  onReadState?: (member: RaftMember, rs: ReadState) => void;
  /** fold applied data into the hash chain (default true); the benchmark turns it off to measure Raft alone */
  hashState?: boolean;
}

export function memberAddress(id: number): string {
  return `raft-${id}`;
}

export function memberIdOf(address: string): number {
  return Number(address.slice(address.lastIndexOf('-') + 1));
}

export class RaftMember implements Process<RaftMessage> {
  readonly address: string;
  readonly id: number;
  /** the WAL and snapshot: survives crashes */
  readonly storage = new MemoryStorage();
  node: RaftNode | undefined;
  /** volatile: the state machine (hash chain of applied data) and its index */
  chain = '0000000000000000';
  appliedIndex = 0;
  /** snapshots received from a leader and installed (over all lives) */
  snapshotsInstalled = 0;
  private readonly opts: MemberOptions;

  /** `rng` is this member's own stream (e.g. kernel.rng.child('raft:' + id)) */
  constructor(opts: MemberOptions, rng: Prng) {
    this.opts = opts;
    this.id = opts.id;
    this.address = memberAddress(opts.id);
    this.node = RaftNode.create({ ...opts.raft, id: opts.id, rng, ...(opts.peers ? { peers: opts.peers } : {}) }, this.storage);
  }

  receive(msg: Envelope<RaftMessage>, ctx: ProcessContext<RaftMessage>): void {
    if (!this.node) return;
    this.node.step(msg.payload);
    this.handleReady(ctx);
  }

  tick(ctx: ProcessContext<RaftMessage>): void {
    if (!this.node) return;
    this.node.tick();
    this.handleReady(ctx);
  }

  crash(): void {
    this.node = undefined;
    this.chain = '0000000000000000';
    this.appliedIndex = 0;
  }

  restart(ctx: ProcessContext<RaftMessage>): void {
    const snap = this.storage.snapshot();
    this.chain = snap.metadata.index > 0 ? snap.data : '0000000000000000';
    this.appliedIndex = snap.metadata.index;
    this.node = RaftNode.create({ ...this.opts.raft, id: this.id, rng: ctx.rng.child(`raft@${ctx.now}`), applied: snap.metadata.index }, this.storage);
    this.handleReady(ctx);
  }

  hasPendingWork(): boolean {
    return this.node?.hasPendingWork() ?? false;
  }

  propose(data: string, ctx: ProcessContext<RaftMessage>): boolean {
    return this.proposeMany([data], ctx) === 1;
  }

  /** Propose several entries, then handle one Ready: they travel as one batch. Returns how many were accepted. */
  proposeMany(data: readonly string[], ctx: ProcessContext<RaftMessage>): number {
    if (!this.node) return 0;
    let accepted = 0;
    for (const d of data) {
      if (!this.node.propose(d).ok) break;
      accepted++;
    }
    this.handleReady(ctx);
    return accepted;
  }

  readIndex(requestCtx: string, ctx: ProcessContext<RaftMessage>): boolean {
    if (!this.node) return false;
    const r = this.node.readIndex(requestCtx);
    this.handleReady(ctx);
    return r.ok;
  }

  proposeConfChange(cc: ConfChange, ctx: ProcessContext<RaftMessage>): boolean {
    if (!this.node) return false;
    const r = this.node.proposeConfChange(cc);
    this.handleReady(ctx);
    return r.ok;
  }

  /** The Ready loop, in etcd's order: persist, send, apply, advance. */
  handleReady(ctx: ProcessContext<RaftMessage>): void {
    const node = this.node;
    if (!node) return;
    while (node.hasReady()) {
      const rd = node.ready();
      this.storage.persist(rd);
      for (const m of rd.messages) ctx.send(memberAddress(m.to), m);
      if (rd.snapshot) {
        this.snapshotsInstalled++;
        this.chain = rd.snapshot.data;
        this.appliedIndex = rd.snapshot.metadata.index;
      }
      for (const e of rd.committedEntries) {
        if (e.index <= this.appliedIndex) continue;
        if (e.type === 'confChange') node.applyConfChange(decodeConfChange(e.data));
        if (this.opts.hashState !== false) this.chain = hash64(this.chain + '|' + e.data);
        this.appliedIndex = e.index;
        this.opts.onApply?.(this, e);
      }
      for (const rs of rd.readStates) this.opts.onReadState?.(this, rs);
      node.advance(rd);
      this.maybeSnapshot();
    }
  }

  private maybeSnapshot(): void {
    const every = this.opts.snapshotEvery ?? 0;
    const node = this.node;
    if (every <= 0 || !node) return;
    const snapIndex = this.storage.snapshot().metadata.index;
    if (this.appliedIndex - snapIndex < every) return;
    const cs = { voters: node.status().voters };
    const made = this.storage.createSnapshot(this.appliedIndex, cs, this.chain);
    if (typeof made === 'string') return;
    const keep = this.opts.compactKeep ?? 0;
    const compactTo = this.appliedIndex - keep;
    if (compactTo > this.storage.firstIndex()) this.storage.compact(compactTo);
  }
}
