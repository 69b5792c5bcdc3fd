// RaftNode: etcd-io/raft's RawNode — the API the etcd server drives (see index.ts for
// the loop). It wraps the Raft state machine, turns calls into messages, and batches
// everything the owner must do into a Ready.
import { encodeConfChange } from './confchange';
import { isBackgroundMessage, isLocalMessage, message } from './message';
import { Raft, resolveConfig } from './raft';
import { type RaftStorage, EMPTY_HARD_STATE, MemoryStorage } from './storage';
import type {
  ConfChange,
  ConfState,
  Entry,
  HardState,
  ProposeResult,
  ProgressView,
  RaftConfig,
  RaftMessage,
  RaftPeer,
  RaftStatus,
  Ready,
  SoftState,
} from './types';

function sameHardState(a: HardState, b: HardState): boolean {
  return a.term === b.term && a.vote === b.vote && a.commit === b.commit;
}

export class RaftNode {
  private readonly raft: Raft;
  private prevSoftState: SoftState;
  private prevHardState: HardState;

  private constructor(raft: Raft, prevHardState: HardState) {
    this.raft = raft;
    this.prevSoftState = { lead: raft.lead, role: raft.role };
    this.prevHardState = prevHardState;
  }

  /**
   * A member from its storage: a brand-new cluster when the storage is empty and
   * `config.peers` is given (etcd's StartNode), otherwise a restart from the persisted
   * WAL and snapshot (etcd's RestartNode), or a new member joining an existing cluster
   * (empty storage, no peers: it waits for the leader to send it the log or a snapshot).
   */
  static create(config: RaftConfig, storage: RaftStorage): RaftNode {
    const cfg = resolveConfig(config);
    const raft = new Raft(config.id, cfg, config.rng, storage);
    const initial = storage.initialState().hardState;
    const empty = storage.lastIndex() === 0 && storage.snapshot().metadata.index === 0 && sameHardState(initial, EMPTY_HARD_STATE);
    const peers = (config.peers ?? []).map((p): RaftPeer => (typeof p === 'number' ? { id: p } : p));
    if (empty && peers.length > 0) {
      // etcd's Bootstrap: the initial members are conf change entries at term 1, already
      // committed, so every member's log starts identical and the application sees them.
      const seen = new Set<number>();
      for (const p of peers) {
        if (!Number.isInteger(p.id) || p.id < 1 || seen.has(p.id)) throw new Error(`RaftNode.create: bad peer id ${p.id}`);
        seen.add(p.id);
      }
      raft.becomeFollower(1, 0);
      const ents: Entry[] = peers.map((p, i) => ({
        term: 1,
        index: i + 1,
        type: 'confChange',
        data: encodeConfChange({ type: 'addNode', nodeId: p.id, context: p.context ?? '' }),
      }));
      raft.log.append(ents);
      raft.log.committed = ents.length;
      for (const p of peers) raft.applyConfChange({ type: 'addNode', nodeId: p.id, context: p.context ?? '' });
      const bootstrapHardState: HardState = { term: raft.term, vote: raft.vote, commit: raft.log.committed };
      if (storage instanceof MemoryStorage) {
        // etcd writes the bootstrap into the WAL before the member starts, so a crash
        // before the first Ready still restarts as a member of the cluster.
        storage.append(ents);
        storage.setHardState(bootstrapHardState);
        raft.log.stableTo(ents.length, 1);
        return new RaftNode(raft, bootstrapHardState);
      }
    } else {
      const applied = config.applied ?? 0;
      if (applied > 0) raft.log.appliedTo(applied);
    }
    return new RaftNode(raft, empty ? EMPTY_HARD_STATE : initial);
  }

  get id(): number {
    return this.raft.id;
  }

  /** Advance the logical clock by one tick (election and heartbeat timers only count). */
  tick(): void {
    this.raft.tick();
  }

  /** Hand over a message received from a peer. Local-only message types are refused. */
  step(m: RaftMessage): void {
    if (isLocalMessage(m.type)) return;
    if (m.to !== this.raft.id) return;
    this.raft.stepMessage(m);
  }

  /** Start an election now (MsgHup), as `etcdctl move-leader`'s target or a test would. */
  campaign(): void {
    this.raft.stepMessage(message('MsgHup', { from: this.raft.id }));
  }

  propose(data: string): ProposeResult {
    return this.proposeEntry('normal', data);
  }

  /** Propose adding or removing one member (etcd's ProposeConfChange, one at a time). */
  proposeConfChange(cc: ConfChange): ProposeResult {
    if (!Number.isInteger(cc.nodeId) || cc.nodeId < 1) return { ok: false, error: 'invalid-conf-change' };
    const r = this.raft;
    if (r.role === 'leader') {
      const isVoter = r.voters.includes(cc.nodeId);
      if ((cc.type === 'addNode' && isVoter) || (cc.type === 'removeNode' && !isVoter)) return { ok: false, error: 'invalid-conf-change' };
      if (cc.type === 'removeNode' && r.voters.length === 1) return { ok: false, error: 'invalid-conf-change' };
      if (r.pendingConfIndex > r.log.applied) return { ok: false, error: 'pending-conf-change' };
    }
    return this.proposeEntry('confChange', encodeConfChange(cc));
  }

  private proposeEntry(type: Entry['type'], data: string): ProposeResult {
    const r = this.raft;
    if (r.role === 'leader') {
      if (!r.promotable()) return { ok: false, error: 'removed' };
      if (r.leadTransferee !== 0) return { ok: false, error: 'transfer-in-progress' };
    } else if (r.role !== 'follower' || r.lead === 0) {
      return { ok: false, error: 'proposal-dropped' };
    } else if (r.cfg.disableProposalForwarding) {
      return { ok: false, error: 'not-leader' };
    }
    r.stepMessage(message('MsgProp', { entries: [{ term: 0, index: 0, type, data }] }));
    return { ok: true };
  }

  /**
   * Ask for a linearizable read (§6.4). When confirmed, a ReadState with this context
   * appears in a later Ready. A follower forwards to the leader; with no leader the
   * request is dropped (the result says so; etcd's server retries after a timeout).
   */
  readIndex(requestCtx: string): ProposeResult {
    if (requestCtx === '') throw new Error('RaftNode.readIndex: the request context must be non-empty');
    const r = this.raft;
    if (r.role !== 'leader' && (r.role !== 'follower' || r.lead === 0)) return { ok: false, error: 'proposal-dropped' };
    r.stepMessage(message('MsgReadIndex', { context: requestCtx }));
    return { ok: true };
  }

  /** Ask the leader to hand leadership to `to` (thesis §3.10; etcdctl move-leader). */
  transferLeader(to: number): void {
    this.raft.stepMessage(message('MsgTransferLeader', { from: to }));
  }

  /** The transport could not reach `id` (etcd's ReportUnreachable). */
  reportUnreachable(id: number): void {
    this.raft.stepMessage(message('MsgUnreachable', { from: id }));
  }

  /** The transport finished sending a snapshot to `id` (etcd's ReportSnapshot). */
  reportSnapshot(id: number, ok: boolean): void {
    this.raft.stepMessage(message('MsgSnapStatus', { from: id, reject: !ok }));
  }

  private softState(): SoftState {
    return { lead: this.raft.lead, role: this.raft.role };
  }

  private hardState(): HardState {
    return { term: this.raft.term, vote: this.raft.vote, commit: this.raft.log.committed };
  }

  hasReady(): boolean {
    const r = this.raft;
    r.flushAppends();
    const ss = this.prevSoftState;
    if (ss.lead !== r.lead || ss.role !== r.role) return true;
    const p = this.prevHardState;
    if (p.term !== r.term || p.vote !== r.vote || p.commit !== r.log.committed) return true;
    return (
      r.log.unstableSnapshot !== undefined ||
      r.log.unstableEntries.length > 0 ||
      r.msgs.length > 0 ||
      r.readStates.length > 0 ||
      r.log.hasNextCommittedEnts()
    );
  }

  /** Everything to persist, send and apply now. Call advance(rd) when done. */
  ready(): Ready {
    const r = this.raft;
    r.flushAppends();
    const ss = this.softState();
    const hs = this.hardState();
    const softChanged = ss.lead !== this.prevSoftState.lead || ss.role !== this.prevSoftState.role;
    const hardChanged = !sameHardState(hs, this.prevHardState);
    const entries = r.log.unstableEntries.slice();
    const committedEntries = r.log.nextCommittedEnts(r.cfg.maxCommittedSizePerReady);
    if (committedEntries.length > 0) r.log.acceptApplying((committedEntries[committedEntries.length - 1] as Entry).index);
    const snapshot = r.log.unstableSnapshot;
    const messages = r.msgs;
    r.msgs = [];
    const readStates = r.readStates;
    r.readStates = [];
    if (softChanged) this.prevSoftState = ss;
    const rd: { -readonly [K in keyof Ready]: Ready[K] } = {
      entries,
      committedEntries,
      messages,
      readStates,
      mustSync: entries.length > 0 || hs.term !== this.prevHardState.term || hs.vote !== this.prevHardState.vote,
    };
    // optional fields set only when present, in this order (no object spread per Ready)
    if (softChanged) rd.softState = ss;
    if (hardChanged) rd.hardState = hs;
    if (snapshot) rd.snapshot = snapshot;
    return rd;
  }

  /** The owner has persisted, sent and applied `rd`. */
  advance(rd: Ready): void {
    const log = this.raft.log;
    if (rd.hardState) this.prevHardState = rd.hardState;
    const last = rd.entries[rd.entries.length - 1];
    if (last) log.stableTo(last.index, last.term);
    if (rd.snapshot) {
      log.stableSnapTo(rd.snapshot.metadata.index);
      if (rd.snapshot.metadata.index > log.applied) log.appliedTo(rd.snapshot.metadata.index);
    }
    const lastApplied = rd.committedEntries[rd.committedEntries.length - 1];
    if (lastApplied) log.appliedTo(lastApplied.index);
  }

  /** Apply a committed conf change entry's ConfChange; returns the new configuration. */
  applyConfChange(cc: ConfChange): ConfState {
    return this.raft.applyConfChange(cc);
  }

  status(): RaftStatus {
    const r = this.raft;
    let progress: Record<number, ProgressView> | undefined;
    if (r.role === 'leader') {
      progress = {};
      for (const id of r.voters) {
        const pr = r.progress.get(id);
        if (pr) progress[id] = pr.view();
      }
    }
    return {
      id: r.id,
      term: r.term,
      vote: r.vote,
      commit: r.log.committed,
      applied: r.log.applied,
      lead: r.lead,
      role: r.role,
      firstIndex: r.log.firstIndex(),
      lastIndex: r.log.lastIndex(),
      voters: r.voters.slice(),
      leadTransferee: r.leadTransferee,
      ...(progress ? { progress } : {}),
    };
  }

  /**
   * Client-visible work outstanding (for the kernel's `isIdle` / `sim settle`): committed
   * entries not yet applied, an unsaved Ready with real messages, unanswered reads, or —
   * on the leader — a reachable member still catching up. Heartbeats are not work.
   */
  hasPendingWork(): boolean {
    const r = this.raft;
    const log = r.log;
    if (log.committed > log.applied || log.unstableEntries.length > 0 || log.unstableSnapshot || r.appendPending) return true;
    if (r.readStates.length > 0) return true;
    for (const m of r.msgs) if (!isBackgroundMessage(m)) return true;
    if (r.role !== 'leader') return false;
    if (r.pendingReadIndexMessages.length > 0 || r.readOnly.size > 0 || r.leadTransferee !== 0) return true;
    const last = log.lastIndex();
    for (const [id, pr] of r.progress) if (id !== r.id && pr.recentActive && pr.match < last) return true;
    return false;
  }
}
