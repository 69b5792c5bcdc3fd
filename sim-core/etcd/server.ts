// One etcd member as a kernel process (etcdserver/server.go + raft.go, v3.4): it embeds a
// RaftNode and drives it the way etcd's raftNode loop does — tick, step, then for every
// Ready persist to the WAL, send the messages, apply the snapshot and the committed
// entries to the state machine, serve confirmed linearizable reads, advance.
//
// What survives a kill is only `storage` (the WAL and the last snapshot); everything else
// is rebuilt at restart by restoring the snapshot and re-applying the committed log.
import type { Process, ProcessContext } from '../kernel';
import type { Envelope } from '../kernel';
import { decodeConfChange, MemoryStorage, RaftNode, type ConfChange, type Entry, type Ready } from '../raft';
import { type EtcdMemberConfig, minLeaseTTL } from './config';
import { decodedForm, decodeRequests, encodeEntry, type InternalRequest, type ProposedEntry } from './entry-codec';
import { ProposalQueue } from './proposals';
import { isBootstrap, memberContext, type ConfChangeContext } from './conf-change-context';
import { etcdErrors } from './errors';
import { RequestIdGenerator } from './ids';
import type { MemberInfo } from './membership';
import { ReadIndexQueue } from './read-index';
import { EtcdStateMachine } from './state-machine';
import { Waiters } from './waiters';
import { WatchHub } from './watch-hub';
import type { ClientRequest, EtcdWire } from './wire';
import type { EtcdError, EtcdResult, RangeRequest, ResponseHeader } from './types';
import { answerLocally, NO_REVISION, type LocalAnswer } from './server-local';
import { checkClientRequest } from './server-checks';

/** A lease call waiting for the leader's answer (etcd forwards it over the peer URL). */
interface Forward {
  client: string;
  cid: number;
  deadline: number;
}

function timedOut(): EtcdError {
  return { code: 'Unavailable', message: 'etcdserver: request timed out' };
}

export class EtcdMember implements Process<EtcdWire> {
  readonly address: string;
  /** the WAL and snapshot: all that survives a crash */
  readonly storage = new MemoryStorage();

  // ---- volatile: rebuilt at every (re)start ----
  private node: RaftNode | undefined;
  /** the state machine; undefined while the member is down */
  sm: EtcdStateMachine | undefined;
  /** index of the last entry applied to sm (Raft's lastApplied) */
  applied = 0;
  /** highest index known committed (from the last HardState) */
  private committed = 0;
  /** the leader this member believes in (raft id), 0 = none */
  lead = 0;
  role: 'leader' | 'follower' | 'candidate' | 'pre-candidate' = 'follower';
  private term = 0;
  private ids: RequestIdGenerator | undefined;
  private readonly waiters = new Waiters<string>();
  private reads: ReadIndexQueue<RangeRequest> = new ReadIndexQueue('r0', 50);
  /** proposals waiting for a leader to be known (etcd's raft node blocks them) */
  private readonly queued = new ProposalQueue();
  private readonly forwards = new Map<number, Forward>();
  private forwardQueue: Array<{ fid: number; req: ClientRequest }> = [];
  private nextForward = 1;
  /** lease id → tick its revocation was proposed (expiry is proposed once per retry interval) */
  private readonly revoking = new Map<bigint, number>();
  private lastPublish = -Infinity;
  /** this member's record as last seen already published (maybePublish) */
  private publishedSeen: { self: MemberInfo; name: string; clientURLs: string[] } | undefined;
  private incarnation = 0;
  private requestSeq = 0;
  /** `<raftId>.<incarnation>.`, made once per incarnation rather than once per request */
  private requestIdPrefix = '';
  private requestIdIncarnation = -1;
  /** tick of the last (re)start, and the clock to read it against */
  private startedAt = 0;
  /**
   * monitorLeader (api/v3rpc/interceptor.go): election timeouts in a row this member has
   * seen no leader at, counted every election timeout since it started
   */
  private noLeaderCount = 0;
  /** whether it has known a leader since it started: before, it serves no client stream yet (etcd serves clients once it has joined through the leader) */
  private hadLeader = false;
  private clock: (() => number) | undefined;
  private lastSnapshotIndex = 0;
  /** bolt never shrinks: the largest size estimate seen */
  private dbSizeHighWater = 0;
  readonly watches = new WatchHub();
  /** set once a conf change removing this member is applied: it stops serving */
  removed = false;
  /** false between crash() and restart() */
  running = false;

  constructor(readonly config: EtcdMemberConfig) {
    this.address = config.name;
  }

  // ---- lifecycle ----

  /** Start (first boot or restart): restore the snapshot, then let Raft replay the log. */
  start(ctx: ProcessContext<EtcdWire>): void {
    const c = this.config;
    this.incarnation++;
    this.running = true;
    this.startedAt = ctx.now;
    this.noLeaderCount = 0;
    this.hadLeader = false;
    this.clock = () => ctx.now;
    const snap = this.storage.snapshot();
    const sm = this.newStateMachine();
    if (snap.metadata.index > 0) sm.restore(snap.data, ctx.now, false);
    this.sm = sm;
    this.applied = snap.metadata.index;
    this.lastSnapshotIndex = snap.metadata.index;
    this.committed = this.storage.initialState().hardState.commit;
    this.lead = 0;
    this.role = 'follower';
    this.ids = new RequestIdGenerator(c.memberId, c.epochMs + ctx.now * (1000 / c.ticksPerSecond));
    this.reads = new ReadIndexQueue(`r${this.incarnation}`, Math.max(10, Math.floor(c.electionTick / 2)));
    this.lastPublish = -Infinity;
    const peers = (c.initialMembers ?? []).map((m) => ({ id: m.raftId, context: memberContext('', m) }));
    this.node = RaftNode.create(
      {
        id: c.raftId,
        ...(peers.length > 0 ? { peers } : {}),
        rng: ctx.rng.child(`raft#${this.incarnation}`),
        electionTick: c.electionTick,
        heartbeatTick: c.heartbeatTick,
        applied: this.applied,
      },
      this.storage,
    );
    this.drive(ctx);
  }

  /** An empty state machine as this member boots one, before the snapshot and the log are applied to it. */
  newStateMachine(): EtcdStateMachine {
    const c = this.config;
    return new EtcdStateMachine({ minTTL: minLeaseTTL(c), ticksPerSecond: c.ticksPerSecond }, c.initialMembers ?? []);
  }

  crash(): void {
    this.running = false;
    this.node = undefined;
    this.sm = undefined;
    this.waiters.clear();
    this.reads = new ReadIndexQueue('dead', 1);
    this.queued.clear();
    this.forwards.clear();
    this.forwardQueue = [];
    this.revoking.clear();
    this.watches.clear();
    this.lead = 0;
  }

  restart(ctx: ProcessContext<EtcdWire>): void {
    this.start(ctx);
  }

  hasPendingWork(): boolean {
    if (!this.running || this.removed || this.node === undefined) return false;
    // A member just (re)started has not heard from the leader yet; the leader does not
    // count it as catching up until its first heartbeat answer. Give it an election
    // timeout to be found, so `sim settle` after a restart waits for the catch-up.
    if (this.clock !== undefined && this.clock() < this.startedAt + this.config.electionTick) return true;
    return (
      this.waiters.size > 0 ||
      this.reads.size > 0 ||
      this.queued.size > 0 ||
      this.forwards.size > 0 ||
      this.forwardQueue.length > 0 ||
      this.revoking.size > 0 ||
      this.node.hasPendingWork()
    );
  }

  /** Raft's view, for `sim status` and tests. */
  raftStatus() {
    return this.node?.status();
  }

  // ---- the kernel's calls ----

  tick(ctx: ProcessContext<EtcdWire>): void {
    const node = this.node;
    if (node === undefined || this.removed) return;
    node.tick();
    const now = ctx.now;
    const expired = this.waiters.expire(now);
    for (const w of expired) ctx.send(w.client, { kind: 'response', cid: w.cid, result: { ok: false, error: timedOut() } });
    if (expired.length > 0) this.queued.prune((w) => this.waiters.has(w));
    for (const r of this.reads.expire(now)) ctx.send(r.client, { kind: 'response', cid: r.cid, result: { ok: false, error: timedOut() } });
    if (this.forwards.size > 0) this.expireForwards(ctx, now);
    if (this.role === 'leader') this.revokeExpiredLeases(now);
    if ((now - this.startedAt) % this.config.electionTick === 0) this.monitorLeader(ctx);
    this.maybePublish(now);
    this.flushQueued();
    this.drive(ctx);
  }

  /**
   * Every election timeout: after three in a row without a leader, the require-leader watch
   * streams are canceled (maxNoLeaderCnt; the member keeps refusing new ones while it has none).
   */
  private monitorLeader(ctx: ProcessContext<EtcdWire>): void {
    this.noLeaderCount = this.lead === 0 ? this.noLeaderCount + 1 : 0;
    if (this.noLeaderCount >= 3) this.watches.cancelRequireLeader(ctx);
  }

  /** Forwarded lease calls whose deadline passed get "request timed out". */
  private expireForwards(ctx: ProcessContext<EtcdWire>, now: number): void {
    for (const [fid, f] of this.forwards) {
      if (f.deadline > now) continue;
      this.forwards.delete(fid);
      ctx.send(f.client, { kind: 'response', cid: f.cid, result: { ok: false, error: timedOut() } });
    }
  }

  receive(env: Envelope<EtcdWire>, ctx: ProcessContext<EtcdWire>): void {
    if (this.node === undefined) return;
    if (this.removed) {
      if (env.payload.kind === 'request') this.reply(ctx, env.from, env.payload.cid, { ok: false, error: etcdErrors.stopped });
      return;
    }
    const p = env.payload;
    switch (p.kind) {
      case 'raft':
        this.node.step(p.msg);
        break;
      case 'request':
        this.handleClient(ctx, env.from, p.cid, p.req, p.deadline);
        break;
      case 'forward':
        this.handleForward(ctx, env.from, p.fid, p.req);
        break;
      case 'connect':
        // etcd serves its client port once it is ready (embed/serve.go waits on ReadyNotify):
        // before it has known a leader the handshake is not answered
        if (this.hadLeader) ctx.send(env.from, { kind: 'connected' });
        return; // a handshake changes nothing Raft has to drive
      case 'forward-reply': {
        const f = this.forwards.get(p.fid);
        if (f !== undefined) {
          this.forwards.delete(p.fid);
          this.reply(ctx, f.client, f.cid, p.result);
        }
        break;
      }
      default:
        break;
    }
    this.drive(ctx);
  }

  // ---- client requests ----

  private handleClient(ctx: ProcessContext<EtcdWire>, client: string, cid: number, req: ClientRequest, clientDeadline?: number): void {
    const bad = checkClientRequest(req);
    if (bad !== undefined) return this.reply(ctx, client, cid, { ok: false, error: bad });
    const deadline = Math.min(ctx.now + this.config.requestTimeoutTicks, clientDeadline ?? Infinity);
    switch (req.op) {
      case 'range':
        if (req.req.serializable) return this.reply(ctx, client, cid, this.local(req, ctx.now));
        this.reads.add({ client, cid, req: req.req, deadline });
        return;
      case 'put':
        return this.proposeFor(client, cid, deadline, req.op, { t: 'put', r: req.req });
      case 'deleteRange':
        return this.proposeFor(client, cid, deadline, req.op, { t: 'del', r: req.req });
      case 'txn':
        return this.proposeFor(client, cid, deadline, req.op, { t: 'txn', r: req.req });
      case 'compact':
        return this.proposeFor(client, cid, deadline, req.op, { t: 'compact', r: req.req });
      case 'leaseGrant': {
        // v3_server.go LeaseGrant: the member asked picks the id when the client did not
        let id = req.req.ID ?? 0n;
        while (id === 0n) id = this.ids!.next() & ((1n << 63n) - 1n);
        return this.proposeFor(client, cid, deadline, req.op, { t: 'leaseGrant', id, ttl: req.req.TTL });
      }
      case 'leaseRevoke':
        return this.proposeFor(client, cid, deadline, req.op, { t: 'leaseRevoke', id: req.id });
      case 'leaseKeepAlive':
      case 'leaseTimeToLive':
        if (this.role === 'leader') return this.reply(ctx, client, cid, this.local(req, ctx.now));
        return this.forward(ctx, client, cid, req, deadline);
      case 'memberAdd':
      case 'memberRemove':
        return this.proposeMembership(ctx, client, cid, req, deadline);
      case 'watchCreate':
        if (req.requireLeader === true && this.lead === 0) {
          // a member that has not yet known a leader is not serving clients: the dial gets no
          // stream and the client tries again; one that lost its leader refuses the stream
          if (!this.hadLeader) return;
          return this.watches.refuse(ctx, client, cid, etcdErrors.noLeader.message);
        }
        return this.watches.create(ctx, client, cid, req.req, this.sm!.store, this.headerFor(0), req.requireLeader === true);
      case 'watchCancel':
        return this.watches.cancel(ctx, client, req.watchId, this.headerFor(0));
      default:
        return this.reply(ctx, client, cid, this.local(req, ctx.now));
    }
  }

  /** Requests any member answers from its own state (serializable reads, lists, status). */
  private local(req: ClientRequest, now: number): EtcdResult<unknown> {
    const answer: LocalAnswer = answerLocally(req, {
      sm: this.sm!,
      now,
      isLeader: this.role === 'leader',
      leaderMemberId: this.sm!.membership.get(this.lead)?.id ?? 0n,
      raftIndex: this.committed,
      raftApplied: this.applied,
      raftTerm: this.term,
      dbSizeHighWater: this.dbSizeHighWater,
    });
    this.dbSizeHighWater = Math.max(this.dbSizeHighWater, answer.dbSize);
    return answer.result;
  }

  private proposeFor(client: string, cid: number, deadline: number, op: string, req: InternalRequest): void {
    const id = this.nextRequestId();
    this.waiters.add(id, { client, cid, op, deadline });
    const entry: ProposedEntry = { id, req };
    this.propose(encodeEntry(entry), id, decodedForm(entry));
  }

  /** Queue a proposal for this tick's batch (see proposals.ts). */
  private propose(data: string, waiter: string, decoded?: ProposedEntry): void {
    this.queued.push({ kind: 'entry', data, waiter, decoded });
  }

  private flushQueued(): void {
    if (this.lead === 0 || this.node === undefined || this.queued.size === 0) return;
    this.queued.flush(this.node); // pruned in tick() when waiters expire
  }

  private proposeMembership(
    ctx: ProcessContext<EtcdWire>,
    client: string,
    cid: number,
    req: Extract<ClientRequest, { op: 'memberAdd' | 'memberRemove' }>,
    deadline: number,
  ): void {
    const ms = this.sm!.membership;
    const id = this.nextRequestId();
    let cc: ConfChange;
    if (req.op === 'memberAdd') {
      const taken = new Set(ms.members().flatMap((m) => m.peerURLs));
      if (req.peerURLs.some((u) => taken.has(u))) return this.reply(ctx, client, cid, { ok: false, error: etcdErrors.peerURLExists });
      // --strict-reconfig-check: the started members must keep a quorum of the new size
      const started = ms.members().filter((m) => m.name !== '').length;
      if (started < Math.floor((ms.size() + 1) / 2) + 1) return this.reply(ctx, client, cid, { ok: false, error: etcdErrors.notEnoughStarted });
      const raftId = ms.nextRaftId();
      const member: MemberInfo = { raftId, id: this.newMemberId(req.peerURLs), name: '', peerURLs: [...req.peerURLs], clientURLs: [] };
      cc = { type: 'addNode', nodeId: raftId, context: memberContext(id, member) };
    } else {
      const m = ms.byId(req.id);
      if (m === undefined) return this.reply(ctx, client, cid, { ok: false, error: etcdErrors.memberNotFound });
      cc = { type: 'removeNode', nodeId: m.raftId, context: JSON.stringify({ id } satisfies ConfChangeContext) };
    }
    this.waiters.add(id, { client, cid, op: req.op, deadline });
    this.queued.push({ kind: 'conf', cc, waiter: id });
  }

  /**
   * The id that finds the waiting client when the entry is applied: unique per member
   * and incarnation (etcd uses its idutil generator; a plain counter is cheaper here).
   */
  private nextRequestId(): string {
    if (this.requestIdIncarnation !== this.incarnation) {
      this.requestIdPrefix = `${this.config.raftId}.${this.incarnation}.`;
      this.requestIdIncarnation = this.incarnation;
    }
    return this.requestIdPrefix + ++this.requestSeq;
  }

  /** A new member's id: derived from its peer URLs and the cluster, like etcd's computeMemberId. */
  private newMemberId(peerURLs: string[]): bigint {
    let h = this.config.clusterId;
    for (const u of [...peerURLs].sort()) for (let i = 0; i < u.length; i++) h = (h * 1099511628211n + BigInt(u.charCodeAt(i))) & 0xffffffffffffffffn;
    return h === 0n ? 1n : h;
  }

  private forward(ctx: ProcessContext<EtcdWire>, client: string, cid: number, req: ClientRequest, deadline: number): void {
    const fid = this.nextForward++;
    this.forwards.set(fid, { client, cid, deadline });
    this.forwardQueue.push({ fid, req });
    this.flushForwards(ctx);
  }

  private flushForwards(ctx: ProcessContext<EtcdWire>): void {
    if (this.lead === 0 || this.forwardQueue.length === 0) return;
    const to = this.sm!.membership.addressOf(this.lead);
    if (to === undefined) return;
    for (const f of this.forwardQueue) ctx.send(to, { kind: 'forward', fid: f.fid, req: f.req });
    this.forwardQueue = [];
  }

  private handleForward(ctx: ProcessContext<EtcdWire>, from: string, fid: number, req: ClientRequest): void {
    const result: EtcdResult<unknown> = this.role === 'leader' ? this.local(req, ctx.now) : { ok: false, error: etcdErrors.notLeader };
    ctx.send(from, { kind: 'forward-reply', fid, result });
  }

  // ---- Raft's Ready loop ----

  private drive(ctx: ProcessContext<EtcdWire>): void {
    const node = this.node;
    if (node === undefined || this.removed) return;
    if (this.reads.hasUnissued || this.lead !== 0) {
      const rctx = this.lead !== 0 ? this.reads.issue(ctx.now) : undefined;
      if (rctx !== undefined) node.readIndex(rctx);
    }
    while (node.hasReady()) {
      const rd = node.ready();
      this.handleReady(ctx, rd);
      node.advance(rd);
      if (this.removed) return;
    }
    this.serveReads(ctx);
  }

  private handleReady(ctx: ProcessContext<EtcdWire>, rd: Ready): void {
    if (rd.softState) this.onSoftState(ctx, rd.softState.lead, rd.softState.role);
    if (rd.hardState) {
      this.term = rd.hardState.term;
      this.committed = rd.hardState.commit;
    }
    this.storage.persist(rd);
    const ms = this.sm!.membership;
    const book = this.config.addressBook;
    for (const m of rd.messages) {
      const to = ms.addressOf(m.to) ?? book?.find((b) => b.raftId === m.to)?.name;
      if (to === undefined) continue;
      ctx.send(to, { kind: 'raft', msg: m });
      // rafthttp's snapshot sender reports the outcome; the simulated transport hands the
      // snapshot to the network and reports it sent, so a snapshot lost to a dead or cut-off
      // member is retried from the probe that follows instead of pinning the follower.
      if (m.type === 'MsgSnap') this.node!.reportSnapshot(m.to, true);
    }
    if (rd.snapshot && rd.snapshot.metadata.index > this.applied) {
      this.sm!.restore(rd.snapshot.data, ctx.now, this.role === 'leader');
      this.applied = rd.snapshot.metadata.index;
      this.lastSnapshotIndex = rd.snapshot.metadata.index;
      this.watches.afterRestore(ctx, this.sm!.store, this.headerFor(0));
      ctx.trace({ event: 'snapshot-restored', index: this.applied });
    }
    const ents = rd.committedEntries;
    for (let i = 0; i < ents.length; i++) this.applyEntry(ctx, ents[i]!);
    for (const rs of rd.readStates) this.reads.confirm(rs.requestCtx, rs.index);
    this.maybeSnapshot(ctx);
  }

  private onSoftState(ctx: ProcessContext<EtcdWire>, lead: number, role: EtcdMember['role']): void {
    const wasLeader = this.role === 'leader';
    this.lead = lead;
    if (lead !== 0) this.hadLeader = true;
    this.role = role;
    if (role === 'leader' && !wasLeader) this.sm!.lessor.promote(ctx.now, this.config.ticksPerSecond);
    if (role !== 'leader' && wasLeader) {
      this.sm!.lessor.demote();
      this.revoking.clear();
    }
    ctx.trace({ event: 'role', role, lead, term: this.term });
    this.flushForwards(ctx);
  }

  private applyEntry(ctx: ProcessContext<EtcdWire>, e: Entry): void {
    if (e.index <= this.applied) return;
    this.applied = e.index;
    if (e.type === 'confChange') return this.applyConfChange(ctx, e);
    if (e.data === '') return; // a new leader's empty entry
    const reqs = decodeRequests(e.data);
    for (let i = 0; i < reqs.length; i++) this.applyRequest(ctx, reqs[i]!);
  }

  private applyRequest(ctx: ProcessContext<EtcdWire>, entry: ProposedEntry): void {
    const { id, req } = entry;
    const sm = this.sm!;
    // the waiter is found first so that a member nobody waits on skips building the answer
    const w = id === '' || this.waiters.size === 0 ? undefined : this.waiters.take(id);
    const out = sm.apply(req, ctx.now, this.watches.size > 0, w !== undefined);
    if (req.t === 'leaseRevoke') this.revoking.delete(req.id);
    if (out.changes.length > 0) this.watches.notify(ctx, out.changes, sm.store.compactRev, this.headerFor(sm.store.currentRev));
    if (w !== undefined) this.reply(ctx, w.client, w.cid, out.result);
  }

  private applyConfChange(ctx: ProcessContext<EtcdWire>, e: Entry): void {
    const cc = decodeConfChange(e.data);
    const cctx = (cc.context === '' ? { id: '' } : JSON.parse(cc.context)) as ConfChangeContext;
    const ms = this.sm!.membership;
    // ValidateConfigurationChange: an invalid change becomes a no-op for Raft too
    const valid = cc.type === 'addNode' ? cctx.member !== undefined && ms.get(cc.nodeId) === undefined || isBootstrap(cctx, ms.get(cc.nodeId)) : ms.get(cc.nodeId) !== undefined;
    if (valid) {
      this.node!.applyConfChange(cc);
      if (cc.type === 'addNode' && cctx.member !== undefined) {
        const m = cctx.member;
        ms.add({ raftId: m.raftId, id: BigInt(m.id), name: m.name, peerURLs: m.peerURLs, clientURLs: m.clientURLs });
      } else if (cc.type === 'removeNode') {
        ms.remove(cc.nodeId);
        if (cc.nodeId === this.config.raftId) {
          this.removed = true;
          this.watches.closeRequireLeader(ctx);
        }
      }
      ctx.trace({ event: 'conf-change', type: cc.type, nodeId: cc.nodeId });
    }
    const w = cctx.id === '' ? undefined : this.waiters.take(cctx.id);
    if (w === undefined) return;
    if (!valid) return this.reply(ctx, w.client, w.cid, { ok: false, error: cc.type === 'addNode' ? etcdErrors.memberExists : etcdErrors.memberNotFound });
    const header = this.headerFor(NO_REVISION);
    const members = ms.members();
    if (cc.type === 'addNode') {
      const member = members.find((m) => m.ID === BigInt(cctx.member!.id))!;
      this.reply(ctx, w.client, w.cid, { ok: true, value: { header, member, members } });
    } else this.reply(ctx, w.client, w.cid, { ok: true, value: { header, members } });
  }

  private serveReads(ctx: ProcessContext<EtcdWire>): void {
    for (const r of this.reads.ready(this.applied)) this.reply(ctx, r.client, r.cid, this.local({ op: 'range', req: r.req }, ctx.now));
  }

  /** etcd's triggerSnapshot: every snapshotCount applied entries, then compact the Raft log. */
  private maybeSnapshot(ctx: ProcessContext<EtcdWire>): void {
    const c = this.config;
    if (this.applied - this.lastSnapshotIndex < c.snapshotCount) return;
    const voters = this.node!.status().voters;
    const snap = this.storage.createSnapshot(this.applied, { voters }, this.sm!.snapshot());
    if (typeof snap === 'string') return;
    this.lastSnapshotIndex = this.applied;
    const compactTo = this.applied - c.snapshotCatchUpEntries;
    if (compactTo > this.storage.firstIndex()) this.storage.compact(compactTo);
    ctx.trace({ event: 'snapshot', index: this.applied });
  }

  private revokeExpiredLeases(now: number): void {
    for (const id of this.sm!.lessor.expired(now)) {
      const at = this.revoking.get(id);
      if (at !== undefined && now - at < 3 * this.config.ticksPerSecond) continue; // expiredLeaseRetryInterval
      this.revoking.set(id, now);
      this.propose(encodeEntry({ id: '', req: { t: 'leaseRevoke', id } }), '');
    }
  }

  /** A member that joined through `member add` announces its name once it has a leader (etcdserver publish). */
  private maybePublish(now: number): void {
    if (this.lead === 0 || now - this.lastPublish < this.config.electionTick * 2) return;
    const self = this.sm!.membership.get(this.config.raftId);
    if (self === undefined) return;
    // asked every tick: the record already found published, unchanged, needs no string compares
    const seen = this.publishedSeen;
    if (seen !== undefined && seen.self === self && seen.clientURLs === self.clientURLs && seen.name === self.name) return;
    if (self.name === this.config.name && self.clientURLs[0] === this.config.clientURL) {
      this.publishedSeen = { self, name: self.name, clientURLs: self.clientURLs };
      return;
    }
    this.lastPublish = now;
    const member: MemberInfo = { ...self, name: this.config.name, clientURLs: [this.config.clientURL] };
    this.propose(encodeEntry({ id: '', req: { t: 'publish', member } }), '');
  }

  // ---- answers ----

  /**
   * api/v3rpc/header.go fill: cluster and member id, this member's term, and the revision
   * (0 = the current one). NO_REVISION keeps it 0: the Cluster API (member list/add/remove)
   * builds its header without fill, and a watch canceled by compaction carries none.
   */
  headerFor(revision: number): ResponseHeader {
    return {
      cluster_id: this.config.clusterId,
      member_id: this.config.memberId,
      revision: revision === NO_REVISION ? 0 : revision === 0 ? (this.sm?.store.currentRev ?? 0) : revision,
      raft_term: this.term,
    };
  }

  private reply(ctx: ProcessContext<EtcdWire>, client: string, cid: number, result: EtcdResult<unknown>): void {
    if (result.ok) {
      const value = result.value;
      if (Array.isArray(value)) for (const v of value) this.fillHeader(v as { header?: ResponseHeader });
      else this.fillHeader(value as { header?: ResponseHeader } | undefined);
    }
    ctx.send(client, { kind: 'response', cid, result });
  }

  /** A method rather than a closure per reply: reply runs once per put (the benchmark's hot path). */
  private fillHeader(v: { header?: ResponseHeader } | undefined): void {
    if (v !== undefined && v !== null && v.header !== undefined) v.header = this.headerFor(v.header.revision);
  }
}

