// A synchronous test network for Raft unit tests (the shape of etcd-io/raft's
// raft_test.go `network`): messages are delivered immediately, in order, until none are
// left; links can be cut and message types dropped. Tests control time per member.
import { Prng } from '../../kernel';
import { decodeConfChange } from '../confchange';
import { RaftNode } from '../node';
import { MemoryStorage } from '../storage';
import type { Entry, MessageType, RaftConfig, RaftMessage, ReadState, Snapshot } from '../types';

export interface TestMember {
  node: RaftNode;
  storage: MemoryStorage;
  /** every entry applied, in order (the state machine) */
  applied: Entry[];
  readStates: ReadState[];
  /** snapshots received from the leader and applied */
  snapshots: Snapshot[];
}

export type TestRaftOptions = Partial<Omit<RaftConfig, 'id' | 'peers' | 'rng'>>;

export class TestNet {
  readonly members = new Map<number, TestMember>();
  private readonly cut = new Set<string>();
  readonly down = new Set<number>();
  readonly dropTypes = new Set<MessageType>();
  /** every message delivered, for assertions */
  readonly delivered: RaftMessage[] = [];
  private readonly rng: Prng;
  readonly opts: TestRaftOptions;

  constructor(ids: number[], opts: TestRaftOptions = {}, seed = 1) {
    this.rng = new Prng(seed);
    this.opts = opts;
    for (const id of ids) this.start(id, new MemoryStorage(), ids);
    this.drain(); // apply the bootstrap conf changes, as a starting member does
  }

  /** Start (or restart) a member on `storage`; bootstrap `peers` only for a fresh cluster. */
  start(id: number, storage: MemoryStorage, peers?: number[], applied?: number): TestMember {
    const node = RaftNode.create(
      { ...this.opts, id, rng: this.rng.child(`m${id}:${this.members.size}:${this.delivered.length}`), ...(peers ? { peers } : {}), ...(applied ? { applied } : {}) },
      storage,
    );
    const m: TestMember = { node, storage, applied: [], readStates: [], snapshots: [] };
    this.members.set(id, m);
    this.down.delete(id);
    return m;
  }

  /** Crash a member: keep only its storage, return it for a later restart. */
  crash(id: number): MemoryStorage {
    this.down.add(id);
    return this.m(id).storage;
  }

  m(id: number): TestMember {
    const m = this.members.get(id);
    if (!m) throw new Error(`no member ${id}`);
    return m;
  }

  node(id: number): RaftNode {
    return this.m(id).node;
  }

  isolate(id: number): void {
    for (const other of this.members.keys()) if (other !== id) this.cutLink(id, other);
  }

  cutLink(a: number, b: number): void {
    this.cut.add(`${a}-${b}`);
    this.cut.add(`${b}-${a}`);
  }

  heal(): void {
    this.cut.clear();
    this.dropTypes.clear();
  }

  /** Process every member's Ready and deliver messages until the network is quiet. */
  drain(maxRounds = 10_000): void {
    for (let round = 0; round < maxRounds; round++) {
      const outbox: RaftMessage[] = [];
      for (const id of [...this.members.keys()].sort((a, b) => a - b)) {
        if (this.down.has(id)) continue;
        outbox.push(...this.processReady(id));
      }
      if (outbox.length === 0) return;
      for (const msg of outbox) this.deliver(msg);
    }
    throw new Error('TestNet.drain: the network did not quiet down');
  }

  /** Deliver one message now (unless cut, dropped or its receiver is down). */
  deliver(msg: RaftMessage): void {
    if (this.down.has(msg.to) || this.down.has(msg.from)) return;
    if (this.cut.has(`${msg.from}-${msg.to}`) || this.dropTypes.has(msg.type)) return;
    const m = this.members.get(msg.to);
    if (!m) return;
    this.delivered.push(msg);
    m.node.step(msg);
  }

  /** The Ready loop of one member; returns the messages it wants sent. */
  processReady(id: number): RaftMessage[] {
    const m = this.m(id);
    const out: RaftMessage[] = [];
    while (m.node.hasReady()) {
      const rd = m.node.ready();
      m.storage.persist(rd);
      out.push(...rd.messages);
      if (rd.snapshot) m.snapshots.push(rd.snapshot);
      for (const e of rd.committedEntries) {
        if (e.type === 'confChange') m.node.applyConfChange(decodeConfChange(e.data));
        m.applied.push(e);
      }
      m.readStates.push(...rd.readStates);
      m.node.advance(rd);
    }
    return out;
  }

  tick(id: number, n = 1): void {
    for (let i = 0; i < n; i++) {
      if (!this.down.has(id)) this.node(id).tick();
      this.drain();
    }
  }

  tickAll(n = 1): void {
    for (let i = 0; i < n; i++) {
      for (const id of [...this.members.keys()].sort((a, b) => a - b)) if (!this.down.has(id)) this.node(id).tick();
      this.drain();
    }
  }

  campaign(id: number): void {
    this.node(id).campaign();
    this.drain();
  }

  leaders(): number[] {
    return [...this.members.entries()].filter(([id, m]) => !this.down.has(id) && m.node.status().role === 'leader').map(([id]) => id);
  }

  propose(id: number, data: string): ReturnType<RaftNode['propose']> {
    const r = this.node(id).propose(data);
    this.drain();
    return r;
  }

  /** The persisted log of a member as (term, data) pairs after its snapshot. */
  log(id: number): Array<[number, number, string]> {
    const st = this.m(id).storage;
    const ents = st.entries(st.firstIndex(), st.lastIndex() + 1);
    if (typeof ents === 'string') throw new Error(ents);
    return ents.map((e) => [e.index, e.term, e.data]);
  }

  appliedData(id: number): string[] {
    return this.m(id).applied.filter((e) => e.type === 'normal' && e.data !== '').map((e) => e.data);
  }
}
