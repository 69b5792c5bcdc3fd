// One Raft member's state and the transitions between roles (etcd-io/raft raft.go).
// Nothing here does I/O: outgoing messages are appended to `msgs` and the owner drains
// them through Ready. Only becomeFollower/becomePreCandidate/becomeCandidate/
// becomeLeader change `role`, and an impossible transition throws (it is a bug).
import type { Prng } from '../kernel';
import { RaftLog } from './log';
import { message } from './message';
import type { ResolvedConfig } from './config';
import { CAMPAIGN_TRANSFER, campaign, handleVoteRequest, hup, type CampaignKind } from './election';
import { applyConfChange, maybeStepDownRemoved } from './membership';
import { Progress, quorumMatch, tallyVotes, type VoteResult } from './progress';
import { ReadOnly } from './read-only';
import type { RaftStorage } from './storage';
import type { ConfChange, ConfState, Entry, RaftMessage, RaftRole, ReadState } from './types';
import { stepLeader } from './step-leader';
import { stepCandidate, stepFollower } from './step-follower';

export { CAMPAIGN_TRANSFER } from './election';
export { resolveConfig, type ResolvedConfig } from './config';

export class Raft {
  readonly id: number;
  readonly cfg: ResolvedConfig;
  private readonly rng: Prng;

  /** currentTerm (Figure 2): latest term this member has seen; never decreases; persisted */
  term = 0;
  /** votedFor (Figure 2): who received our vote in `term` (0 = nobody); at most one per term; persisted */
  vote = 0;
  /** the log, commitIndex and lastApplied; entries persisted, the cursors volatile (commit is persisted in HardState as a hint) */
  readonly log: RaftLog;
  /** role; changed only by the becomeX methods */
  role: RaftRole = 'follower';
  /** the leader of `term` as far as we know (0 = unknown); equals id iff role is leader */
  lead = 0;
  /** voters of the current configuration, sorted ascending */
  voters: number[] = [];
  /** leader only: nextIndex/matchIndex per voter (including ourselves) */
  progress = new Map<number, Progress>();
  /** candidate/pre-candidate: votes received in this campaign */
  votes = new Map<number, boolean>();
  /** ticks since we last heard from a valid leader (follower) or since the last CheckQuorum round (leader) */
  electionElapsed = 0;
  /** leader: ticks since the last heartbeat round */
  heartbeatElapsed = 0;
  /** in [electionTick, 2*electionTick): reset from the PRNG each time we change role/term (§5.2) */
  randomizedElectionTimeout = 0;
  /** leader: the member we are handing leadership to (0 = none); proposals are refused meanwhile */
  leadTransferee = 0;
  /** leader: index of the last conf change appended; no new one until it is applied (one at a time) */
  pendingConfIndex = 0;
  /** leader: ReadIndex requests waiting for their heartbeat round (§6.4) */
  readOnly = new ReadOnly();
  /** leader: ReadIndex requests that arrived before we committed an entry of our term */
  pendingReadIndexMessages: RaftMessage[] = [];
  /** reads confirmed, for the application (drained by Ready) */
  readStates: ReadState[] = [];
  /** outgoing messages (drained by Ready) */
  msgs: RaftMessage[] = [];
  /**
   * leader: proposals were appended since the last broadcast. The MsgApps go out when the
   * owner next asks for a Ready, so a burst of proposals travels as one batch per follower
   * (etcd gets the same effect from its propose channel and inflight window).
   */
  appendPending = false;

  constructor(id: number, cfg: ResolvedConfig, rng: Prng, storage: RaftStorage) {
    this.id = id;
    this.cfg = cfg;
    this.rng = rng;
    this.log = new RaftLog(storage);
    const { hardState, confState } = storage.initialState();
    this.voters = [...confState.voters].sort((a, b) => a - b);
    if (hardState.term !== 0 || hardState.vote !== 0 || hardState.commit !== 0) {
      if (hardState.commit < this.log.committed || hardState.commit > this.log.lastIndex()) {
        throw new Error(`Raft: persisted commit ${hardState.commit} is out of range [${this.log.committed}, ${this.log.lastIndex()}]`);
      }
      this.log.committed = hardState.commit;
      this.term = hardState.term;
      this.vote = hardState.vote;
    }
    this.becomeFollower(this.term, 0);
  }

  // ---- small queries ----

  /**
   * removedAt: >0 once we applied a conf change removing ourselves — the commitIndex at
   * that moment (>= the removal entry's index). Rebuilt at restart by re-applying the log.
   */
  removedAt = 0;

  /** promotable: we are a voter of the current configuration, so we may campaign */
  promotable(): boolean {
    return this.voters.includes(this.id);
  }

  /**
   * A member may campaign if it is a voter — or if it is not in its (non-empty) applied
   * configuration, typically because it was removed but may be the only one holding the
   * news: the thesis (§4.2.2) lets a server lead a configuration it is not part of. It
   * campaigns with the quorum of that configuration (so quorums still overlap), tells the
   * voters the commit index, and steps down (maybeStepDownRemoved). Without this, a removed
   * leader that crashed before the others learned of the commit would leave them waiting
   * forever for its vote under the old configuration. It waits longer than voters do.
   */
  mayCampaign(): boolean {
    return this.voters.length > 0;
  }

  pastElectionTimeout(): boolean {
    return this.electionElapsed >= this.randomizedElectionTimeout;
  }

  committedEntryInCurrentTerm(): boolean {
    return this.log.termOrZero(this.log.committed) === this.term;
  }

  // ---- sending ----

  /**
   * Queue a message. `from` defaults to us (a forwarded MsgProp/MsgTransferLeader keeps
   * its origin); vote messages carry their own term, every other remote message ours.
   */
  send(m: RaftMessage): void {
    const t = m.type;
    const from = m.from === 0 ? this.id : m.from;
    if (t === 'MsgVote' || t === 'MsgPreVote' || t === 'MsgVoteResp' || t === 'MsgPreVoteResp') {
      if (m.term === 0) throw new Error(`Raft.send: ${t} without a term`);
      this.msgs.push(m.from === from ? m : { ...m, from });
      return;
    }
    // MsgProp, MsgReadIndex and MsgTransferLeader forwarded to the leader keep term 0 (local-origin messages)
    const term = t === 'MsgProp' || t === 'MsgReadIndex' || t === 'MsgTransferLeader' ? 0 : this.term;
    this.msgs.push(m.from === from && m.term === term ? m : { ...m, from, term });
  }

  // ---- role transitions ----

  private reset(term: number): void {
    if (this.term !== term) {
      this.term = term;
      this.vote = 0;
    }
    this.lead = 0;
    this.electionElapsed = 0;
    this.heartbeatElapsed = 0;
    this.randomizedElectionTimeout = this.cfg.electionTick + this.rng.int(0, this.cfg.electionTick - 1);
    this.leadTransferee = 0;
    this.votes = new Map();
    this.progress = new Map();
    this.pendingConfIndex = 0;
    this.readOnly = new ReadOnly();
  }

  becomeFollower(term: number, lead: number): void {
    if (term < this.term) throw new Error(`Raft ${this.id}: becomeFollower to an older term ${term} < ${this.term}`);
    this.reset(term);
    this.lead = lead;
    this.role = 'follower';
    this.pendingReadIndexMessages = [];
  }

  becomePreCandidate(): void {
    if (this.role === 'leader') throw new Error(`Raft ${this.id}: invalid transition leader -> pre-candidate`);
    // PreVote (thesis §9.6): poll without touching term or vote, so a member that cannot
    // win does not force the cluster into a new term.
    this.votes = new Map();
    this.lead = 0;
    this.role = 'pre-candidate';
  }

  becomeCandidate(): void {
    if (this.role === 'leader') throw new Error(`Raft ${this.id}: invalid transition leader -> candidate`);
    this.reset(this.term + 1);
    this.vote = this.id;
    this.role = 'candidate';
  }

  becomeLeader(): void {
    if (this.role === 'follower') throw new Error(`Raft ${this.id}: invalid transition follower -> leader`);
    this.reset(this.term);
    this.lead = this.id;
    this.role = 'leader';
    const last = this.log.lastIndex();
    for (const id of this.voters) {
      const pr = new Progress(last + 1, this.cfg.maxInflightMsgs);
      if (id === this.id) {
        pr.match = last;
        pr.recentActive = true;
        pr.becomeReplicate();
      }
      this.progress.set(id, pr);
    }
    // Conservatively assume the uncommitted tail may hold a conf change (etcd does the same).
    this.pendingConfIndex = last;
    // §5.4.2 / §8: a new leader commits entries of earlier terms only by committing an
    // entry of its own term, so it appends an empty one at once.
    this.appendEntries([{ term: this.term, index: last + 1, type: 'normal', data: '' }]);
  }

  // ---- elections (election.ts) ----

  hup(transfer: boolean): void {
    hup(this, transfer);
  }

  campaign(kind: CampaignKind): void {
    campaign(this, kind);
  }

  poll(id: number, granted: boolean): VoteResult {
    if (!this.votes.has(id)) this.votes.set(id, granted);
    return tallyVotes(this.voters, this.votes);
  }

  // ---- the leader's log work ----

  appendEntries(ents: Entry[]): void {
    const last = this.log.append(ents);
    // the leader's own entries count toward the quorum as soon as they are in its log;
    // the owner persists them before sending the MsgApps of the same Ready
    const self = this.progress.get(this.id);
    if (self) self.maybeUpdate(last);
    // Followers' matchIndex never exceeds the leader's old lastIndex, so raising our own
    // match can move the quorum's match only when we are the whole quorum.
    if (this.voters.length === 1) this.maybeCommit();
  }

  /** Advance commitIndex to the quorum's matchIndex if that entry is of our term (§5.4.2). */
  maybeCommit(): boolean {
    const matches: number[] = [];
    for (const id of this.voters) matches.push(this.progress.get(id)?.match ?? 0);
    const before = this.log.committed;
    const committed = this.log.maybeCommit(quorumMatch(matches), this.term);
    if (committed && before < this.log.committed) this.releasePendingReadIndex();
    return committed;
  }

  private releasePendingReadIndex(): void {
    if (this.pendingReadIndexMessages.length === 0 || !this.committedEntryInCurrentTerm()) return;
    const pending = this.pendingReadIndexMessages;
    this.pendingReadIndexMessages = [];
    for (const m of pending) this.stepMessage(m);
  }

  /** Send the follower what it is missing: a MsgApp batch, or MsgSnap if compacted away. */
  maybeSendAppend(to: number, sendIfEmpty: boolean): boolean {
    const pr = this.progress.get(to);
    if (!pr || pr.isPaused()) return false;
    const prevIndex = pr.next - 1;
    const prevTerm = this.log.term(prevIndex);
    const ents =
      typeof prevTerm === 'number'
        ? this.log.slice(pr.next, this.log.lastIndex() + 1, this.cfg.maxSizePerMsg, this.cfg.maxEntriesPerMsg)
        : prevTerm;
    if (typeof ents !== 'string' && ents.length === 0 && !sendIfEmpty) return false;
    if (typeof prevTerm !== 'number' || typeof ents === 'string') {
      // the entries are compacted: send the snapshot instead (§7)
      if (!pr.recentActive) return false;
      const snap = this.log.snapshot();
      if (snap.metadata.index === 0) throw new Error(`Raft ${this.id}: need a snapshot for ${to} but have none`);
      this.send(message('MsgSnap', { to, snapshot: snap }));
      pr.becomeSnapshot(snap.metadata.index);
      return true;
    }
    this.send(message('MsgApp', { to, index: prevIndex, logTerm: prevTerm, entries: ents, commit: this.log.committed }));
    if (ents.length > 0) {
      const last = (ents[ents.length - 1] as Entry).index;
      if (pr.state === 'replicate') {
        pr.optimisticUpdate(last);
        pr.inflights.add(last);
      } else if (pr.state === 'probe') {
        pr.probeSent = true;
      }
    }
    return true;
  }

  sendAppend(to: number): void {
    this.maybeSendAppend(to, true);
  }

  bcastAppend(): void {
    this.appendPending = false;
    for (const id of this.voters) if (id !== this.id) this.sendAppend(id);
  }

  /** Send the entries proposed since the last broadcast (see appendPending). */
  flushAppends(): void {
    if (!this.appendPending) return;
    this.appendPending = false;
    if (this.role !== 'leader') return;
    for (const id of this.voters) if (id !== this.id) this.maybeSendAppend(id, false);
  }

  sendHeartbeat(to: number, ctx: string): void {
    const pr = this.progress.get(to);
    // never tell a follower to commit past what it is known to have (it may not have it)
    const commit = Math.min(pr ? pr.match : 0, this.log.committed);
    this.send(message('MsgHeartbeat', { to, commit, context: ctx }));
  }

  bcastHeartbeat(ctx = this.readOnly.lastPendingRequestCtx()): void {
    for (const id of this.voters) if (id !== this.id) this.sendHeartbeat(id, ctx);
  }

  // ---- ticks ----

  tick(): void {
    if (this.role === 'leader') this.tickHeartbeat();
    else this.tickElection();
  }

  private tickElection(): void {
    this.electionElapsed++;
    // a removed member waits longer, so the remaining voters normally elect among themselves
    const extra = this.promotable() ? 0 : 3 * this.cfg.electionTick;
    if (this.mayCampaign() && this.electionElapsed >= this.randomizedElectionTimeout + extra) {
      this.electionElapsed = 0;
      this.stepMessage(message('MsgHup', { from: this.id }));
    }
  }

  private tickHeartbeat(): void {
    this.heartbeatElapsed++;
    this.electionElapsed++;
    for (const [id, pr] of this.progress) {
      // a MsgSnap can be lost on the network; retry after an election timeout
      if (pr.state === 'snapshot' && ++pr.snapshotElapsed >= this.cfg.electionTick && id !== this.id) pr.becomeProbe();
    }
    if (this.electionElapsed >= this.cfg.electionTick) {
      this.electionElapsed = 0;
      if (this.cfg.checkQuorum) this.stepMessage(message('MsgCheckQuorum', { from: this.id }));
      // a transfer that did not finish within an election timeout is abandoned
      if (this.role === 'leader' && this.leadTransferee !== 0) this.leadTransferee = 0;
    }
    if (this.role !== 'leader') return;
    if (this.heartbeatElapsed >= this.cfg.heartbeatTick) {
      this.heartbeatElapsed = 0;
      this.stepMessage(message('MsgBeat', { from: this.id }));
    }
  }

  // ---- step: every input goes through here ----

  stepMessage(m: RaftMessage): void {
    if (m.term === 0) {
      // local message, or a forwarded MsgProp/MsgReadIndex
    } else if (m.term > this.term) {
      if (m.type === 'MsgVote' || m.type === 'MsgPreVote') {
        const force = m.context === CAMPAIGN_TRANSFER;
        // Leader lease (thesis §4.2.3): if we heard from a leader within the minimum
        // election timeout, ignore the vote request — this is what keeps a member that
        // rejoins with a higher term from deposing a healthy leader.
        const inLease = this.cfg.checkQuorum && this.lead !== 0 && this.electionElapsed < this.cfg.electionTick;
        if (!force && inLease) return;
      }
      if (m.type === 'MsgPreVote') {
        // never change term on a pre-vote request
      } else if (m.type === 'MsgPreVoteResp' && !m.reject) {
        // the term in a granted pre-vote response is the term we are about to campaign in
      } else if (m.type === 'MsgApp' || m.type === 'MsgHeartbeat' || m.type === 'MsgSnap') {
        this.becomeFollower(m.term, m.from);
      } else {
        this.becomeFollower(m.term, 0);
      }
    } else if (m.term < this.term) {
      if ((this.cfg.checkQuorum || this.cfg.preVote) && (m.type === 'MsgHeartbeat' || m.type === 'MsgApp')) {
        // A stale leader (e.g. back from a partition) must learn the new term, or with
        // CheckQuorum/PreVote it could keep the members it still reaches from electing anyone.
        this.send(message('MsgAppResp', { to: m.from }));
      } else if (m.type === 'MsgPreVote') {
        this.send(message('MsgPreVoteResp', { to: m.from, term: this.term, reject: true }));
      }
      return;
    }

    switch (m.type) {
      case 'MsgHup':
        this.hup(false);
        return;
      case 'MsgVote':
      case 'MsgPreVote':
        handleVoteRequest(this, m);
        return;
      default:
        if (this.role === 'leader') stepLeader(this, m);
        else if (this.role === 'follower') stepFollower(this, m);
        else stepCandidate(this, m);
    }
  }

  // ---- configuration (membership.ts) ----

  applyConfChange(cc: ConfChange): ConfState {
    return applyConfChange(this, cc);
  }

  maybeStepDownRemoved(): void {
    maybeStepDownRemoved(this);
  }

  /** After installing a snapshot (follower side): adopt its configuration. */
  adoptConfState(cs: ConfState): void {
    this.voters = [...cs.voters].sort((a, b) => a - b);
  }

  quorumActive(): boolean {
    const active = new Map<number, boolean>();
    for (const id of this.voters) active.set(id, id === this.id || (this.progress.get(id)?.recentActive ?? false));
    return tallyVotes(this.voters, active) === 'won';
  }
}
