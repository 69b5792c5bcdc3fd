// The client side of the etcd API on the simulated network: a process (address
// `etcdctl` by default) that sends requests to a member and waits — by running the
// simulation — until the answer arrives or its deadline passes, exactly as clientv3
// waits on a context with etcdctl's --command-timeout, only in simulated time.
import { TICKS_PER_SECOND, type Envelope, type Kernel, type Process, type ProcessContext } from '../kernel';
import { OPEN_WATCH_BUFFER } from '../apiserver/server/terminalPort';
import { etcdErrors } from '../etcd/errors';
import type { ClientRequest, EtcdWire } from '../etcd/wire';
import type {
  CompactionRequest,
  CompactionResponse,
  DeleteRangeRequest,
  DeleteRangeResponse,
  EtcdResult,
  LeaseGrantRequest,
  LeaseGrantResponse,
  LeaseKeepAliveResponse,
  LeaseLeasesResponse,
  LeaseRevokeResponse,
  LeaseTimeToLiveResponse,
  MemberAddResponse,
  MemberListResponse,
  MemberRemoveResponse,
  PutRequest,
  PutResponse,
  RangeRequest,
  RangeResponse,
  StatusResponse,
  TxnRequest,
  TxnResponse,
  WatchCreateRequest,
  WatchResponse,
} from '../etcd/types';
import type { CallOptions, EtcdClientPort, LiveEtcdKeepAlive, LiveEtcdWatch } from '../cli/ports';

/** gRPC's connection back-off (grpc-go backoff.DefaultConfig), in ticks: 1 s at first, × 1.6 per failed attempt, at most 120 s (without its jitter). */
const RECONNECT_BASE_TICKS = TICKS_PER_SECOND;
const RECONNECT_MULTIPLIER = 1.6;
const RECONNECT_MAX_TICKS = 12_000;

/**
 * clientv3's retryConnWait (lease.go, v3.4): its send loop looks for due keep-alives this
 * often, and a keep-alive stream that broke is opened again this long after.
 */
const RETRY_CONN_WAIT_TICKS = 50;
/** clientv3's deadlineLoop looks every second for a keep-alive left unanswered past its deadline. */
const DEADLINE_LOOP_TICKS = TICKS_PER_SECOND;

/**
 * A lease the terminal keeps alive (EtcdClientPort.openLiveKeepAlive), as clientv3's
 * lessor.KeepAlive does (clientv3/lease.go, v3.4): a LeaseKeepAlive stream on a connection
 * to one of the endpoints, a keep-alive sent on it at once and then TTL/3 after each answer
 * (sendKeepAliveLoop, every retryConnWait), each answer kept for the reader. The client
 * gives the lease up — the channel closes, etcdctl prints `expired or revoked.` — when the
 * server answers that the lease is gone, or when no answer came by its deadline (the first
 * keep-alive's timeout, then the TTL after each answer; deadlineLoop). A stream that breaks
 * (its member died, or answered an error) is opened again retryConnWait later, on the next
 * endpoint (or the same), on a connection dialed with gRPC's back-off.
 */
export interface LiveKeepAlive {
  readonly id: bigint;
  /** member addresses, in --endpoints order */
  readonly endpoints: readonly string[];
  /** the endpoint in use */
  at: number;
  /** the connection to endpoints[at]: being dialed, made (the stream not open yet: openAfter), or carrying the stream */
  stream: 'dialing' | 'connected' | 'open';
  /** bumped when a dial or a stream is given up: the timers and answers of an older one find it changed */
  generation: number;
  backoff: number;
  /** a broken stream is opened again no sooner than this tick (recvKeepAliveLoop waits retryConnWait) */
  openAfter: number;
  /**
   * the keep-alive the stream waits on: one at a time, as the server answers a stream's
   * requests in turn (v3rpc/lease.go leaseKeepAlive) — the real client's repeats of an
   * unanswered one every retryConnWait would only queue behind it
   */
  pending: number | undefined;
  /** the tick of the last answer and the TTL it gave: the next keep-alive is due TTL/3 after it (nextKeepAlive) */
  renewedAt: number | undefined;
  ttl: number;
  /** past this tick with no answer, the client gives the lease up (ka.deadline) */
  deadline: number;
  unread: LeaseKeepAliveResponse[];
  dropped: number;
  /** the client gave the lease up: the server said it is gone, or its deadline passed */
  expired: boolean;
  /** expired, or closed by its reader (Ctrl+C): nothing more happens */
  done: boolean;
}

/**
 * A watch the terminal keeps open (EtcdClientPort.openLiveWatch), as clientv3's watcher
 * keeps it: created with WithRequireLeader, its responses kept for the reader, and — when
 * its member's connection drops — created again, on the next endpoint or after a back-off
 * on the same one, from the revision after the last one it delivered (watch.go's
 * ws.initReq.rev), until it is canceled.
 */
interface LiveStream {
  readonly req: WatchCreateRequest;
  /** member addresses, in --endpoints order */
  readonly endpoints: readonly string[];
  /** the endpoint in use */
  at: number;
  /** this incarnation's request number */
  cid: number;
  /** the member's watch id, once it answered `created` */
  watchId: number | undefined;
  /** where a re-created watch starts (0: at the member's current revision, until the first answer fixes it) */
  nextRev: number;
  backoff: number;
  unread: WatchResponse[];
  dropped: number;
  /** canceled by the server or closed by its reader: nothing more comes */
  ended: boolean;
}

/** The process that receives answers for the client. */
export class ClientProcess implements Process<EtcdWire> {
  readonly answers = new Map<number, EtcdResult<unknown>>();
  /** requests whose caller gave up: a late answer is dropped, as a cancelled context's is */
  readonly abandoned = new Set<number>();
  /** watch stream responses by the cid that created the stream */
  readonly watchStreams = new Map<number, WatchResponse[]>();
  /** the live watches (openLiveWatch) by their current incarnation's cid */
  readonly liveStreams = new Map<number, LiveStream>();
  /** the leases kept alive (openLiveKeepAlive) that are not done */
  private readonly keepAlives = new Set<LiveKeepAlive>();
  /** keep-alive requests sent, by cid: the lease and the generation of the stream they went on */
  private readonly keepAliveRequests = new Map<number, { ka: LiveKeepAlive; generation: number }>();
  private nextCid = 1;

  constructor(readonly address: string) {}

  newCid(): number {
    return this.nextCid++;
  }

  receive(env: Envelope<EtcdWire>, ctx: ProcessContext<EtcdWire>): void {
    const p = env.payload;
    if (p.kind === 'response') {
      if (this.abandoned.delete(p.cid)) return;
      const keepAlive = this.keepAliveRequests.get(p.cid);
      if (keepAlive !== undefined) {
        this.keepAliveRequests.delete(p.cid);
        return this.onKeepAliveAnswer(keepAlive.ka, keepAlive.generation, p.result, ctx);
      }
      // a member that cannot serve the watch (removed, stopping) answered its creation with an
      // error: the attempt failed, and create's back-off timer dials the next one
      if (this.liveStreams.has(p.cid)) return;
      this.answers.set(p.cid, p.result);
    }
    else if (p.kind === 'watch') {
      const live = this.liveStreams.get(p.cid);
      if (live !== undefined) return this.onLiveResponse(live, p.resp);
      const list = this.watchStreams.get(p.cid);
      if (list !== undefined) list.push(p.resp);
      // a watch nobody waits for any more (closed before the member created it): clientv3
      // cancels a response's unknown watch id, so the member stops sending
      else if (p.resp.created && !p.resp.canceled) ctx.send(env.from, { kind: 'request', cid: this.newCid(), req: { op: 'watchCancel', watchId: p.resp.watch_id } });
    }
    else if (p.kind === 'closed') {
      for (const live of [...this.liveStreams.values()]) if (live.endpoints[live.at] === env.from) this.reconnect(live, ctx);
      // a connection being dialed that never came up needs no news: its back-off dials again
      for (const ka of [...this.keepAlives]) if (ka.stream !== 'dialing' && ka.endpoints[ka.at] === env.from) this.breakKeepAliveStream(ka, ctx);
    }
    else if (p.kind === 'connected') {
      for (const ka of [...this.keepAlives]) if (ka.stream === 'dialing' && ka.endpoints[ka.at] === env.from) this.onConnected(ka, ctx);
    }
  }

  /** Keep lease `id` alive from now on (the terminal's side of EtcdClientPort.openLiveKeepAlive); unanswered past `firstTimeoutTicks`, it is given up. */
  openKeepAlive(id: bigint, endpoints: readonly string[], firstTimeoutTicks: number, ctx: ProcessContext<EtcdWire>): LiveKeepAlive {
    const ka: LiveKeepAlive = {
      id,
      endpoints,
      at: 0,
      stream: 'dialing',
      generation: 0,
      backoff: RECONNECT_BASE_TICKS,
      openAfter: ctx.now,
      pending: undefined,
      renewedAt: undefined,
      ttl: 0,
      deadline: ctx.now + firstTimeoutTicks,
      unread: [],
      dropped: 0,
      expired: false,
      done: false,
    };
    this.keepAlives.add(ka);
    this.dialKeepAlive(ka, ctx);
    // deadlineLoop: every second from the first KeepAlive, whatever the stream is doing
    const lookAtDeadline = (c: ProcessContext<EtcdWire>): void => {
      if (ka.done) return;
      if (ka.deadline < c.now) return this.endKeepAlive(ka, true);
      c.setTimer(DEADLINE_LOOP_TICKS, lookAtDeadline, true);
    };
    ctx.setTimer(DEADLINE_LOOP_TICKS, lookAtDeadline, true);
    return ka;
  }

  /** The reader stopped it (Ctrl+C): etcdctl exits and its connection closes; the lease is simply no longer renewed. */
  closeKeepAlive(ka: LiveKeepAlive): void {
    if (!ka.done) this.endKeepAlive(ka, false);
  }

  private endKeepAlive(ka: LiveKeepAlive, expired: boolean): void {
    ka.expired = expired;
    ka.done = true;
    ka.generation++;
    ka.pending = undefined;
    this.keepAlives.delete(ka);
  }

  /** Dial endpoints[at]; no answer by the back-off's end: the next endpoint (or the same), with a longer back-off. */
  private dialKeepAlive(ka: LiveKeepAlive, ctx: ProcessContext<EtcdWire>): void {
    const generation = ++ka.generation;
    ka.stream = 'dialing';
    ka.pending = undefined;
    ctx.send(ka.endpoints[ka.at]!, { kind: 'connect' });
    ctx.setTimer(
      ka.backoff,
      (c) => {
        if (ka.done || ka.generation !== generation || ka.stream !== 'dialing') return;
        ka.backoff = Math.min(RECONNECT_MAX_TICKS, Math.round(ka.backoff * RECONNECT_MULTIPLIER));
        ka.at = (ka.at + 1) % ka.endpoints.length;
        this.dialKeepAlive(ka, c);
      },
      true,
    );
  }

  private onConnected(ka: LiveKeepAlive, ctx: ProcessContext<EtcdWire>): void {
    ka.stream = 'connected';
    ka.backoff = RECONNECT_BASE_TICKS;
    const generation = ka.generation;
    const wait = ka.openAfter - ctx.now;
    if (wait <= 0) return this.openKeepAliveStream(ka, ctx);
    ctx.setTimer(
      wait,
      (c) => {
        if (!ka.done && ka.generation === generation) this.openKeepAliveStream(ka, c);
      },
      true,
    );
  }

  /** resetRecv + sendKeepAliveLoop: the stream is open; what is due goes at once, then the loop looks every retryConnWait. */
  private openKeepAliveStream(ka: LiveKeepAlive, ctx: ProcessContext<EtcdWire>): void {
    ka.stream = 'open';
    const generation = ka.generation;
    const sendLoop = (c: ProcessContext<EtcdWire>): void => {
      if (ka.done || ka.generation !== generation) return;
      this.sendDueKeepAlive(ka, c);
      c.setTimer(RETRY_CONN_WAIT_TICKS, sendLoop, true);
    };
    sendLoop(ctx);
  }

  private sendDueKeepAlive(ka: LiveKeepAlive, ctx: ProcessContext<EtcdWire>): void {
    if (ka.pending !== undefined) return;
    // nextKeepAlive.Before(now), with nextKeepAlive = the answer's time + TTL/3 (exactly, in whole ticks × 3)
    if (ka.renewedAt !== undefined && 3 * (ctx.now - ka.renewedAt) <= ka.ttl * TICKS_PER_SECOND) return;
    const cid = this.newCid();
    ka.pending = cid;
    this.keepAliveRequests.set(cid, { ka, generation: ka.generation });
    ctx.send(ka.endpoints[ka.at]!, { kind: 'request', cid, req: { op: 'leaseKeepAlive', id: ka.id } });
  }

  private onKeepAliveAnswer(ka: LiveKeepAlive, generation: number, result: EtcdResult<unknown>, ctx: ProcessContext<EtcdWire>): void {
    // an answer on a stream given up since (or after the end) reaches nobody
    if (ka.done || ka.generation !== generation) return;
    ka.pending = undefined;
    if (!result.ok) {
      // the server answers a lease it does not have with TTL 0 (v3rpc/lease.go), which closes the channel
      if (result.error.message === etcdErrors.leaseNotFound.message) return this.endKeepAlive(ka, true);
      // any other error (no leader to forward to, a stopped member) ends the stream
      return this.breakKeepAliveStream(ka, ctx);
    }
    const resp = result.value as LeaseKeepAliveResponse;
    if (resp.TTL <= 0) return this.endKeepAlive(ka, true);
    ka.renewedAt = ctx.now;
    ka.ttl = resp.TTL;
    ka.deadline = ctx.now + resp.TTL * TICKS_PER_SECOND;
    ka.unread.push(resp);
    if (ka.unread.length > OPEN_WATCH_BUFFER) {
      const over = ka.unread.length - OPEN_WATCH_BUFFER;
      ka.unread.splice(0, over);
      ka.dropped += over;
    }
  }

  /**
   * The stream broke: recvKeepAliveLoop opens it again retryConnWait later, on the next
   * endpoint (or the same) — dialed at once, as grpc-go's first reconnect is immediate.
   */
  private breakKeepAliveStream(ka: LiveKeepAlive, ctx: ProcessContext<EtcdWire>): void {
    ka.openAfter = ctx.now + RETRY_CONN_WAIT_TICKS;
    ka.at = (ka.at + 1) % ka.endpoints.length;
    this.dialKeepAlive(ka, ctx);
  }

  /** Open a live watch on `endpoints[0]` (the terminal's side of EtcdClientPort.openLiveWatch). */
  openLive(req: WatchCreateRequest, endpoints: readonly string[], ctx: ProcessContext<EtcdWire>): LiveStream {
    const live: LiveStream = { req, endpoints, at: 0, cid: 0, watchId: undefined, nextRev: req.start_revision ?? 0, backoff: RECONNECT_BASE_TICKS, unread: [], dropped: 0, ended: false };
    this.create(live, ctx);
    return live;
  }

  /** The reader closed it (Ctrl+C): the member is told, as clientv3 cancels an established watch. */
  closeLive(live: LiveStream, ctx: ProcessContext<EtcdWire>): void {
    if (live.ended) return;
    live.ended = true;
    this.liveStreams.delete(live.cid);
    if (live.watchId !== undefined) ctx.send(live.endpoints[live.at]!, { kind: 'request', cid: this.newCid(), req: { op: 'watchCancel', watchId: live.watchId } });
    // not created yet: its `created`, when it comes, finds no stream and is canceled (receive)
  }

  private create(live: LiveStream, ctx: ProcessContext<EtcdWire>): void {
    this.liveStreams.delete(live.cid);
    live.cid = this.newCid();
    live.watchId = undefined;
    this.liveStreams.set(live.cid, live);
    const req: WatchCreateRequest = live.nextRev === (live.req.start_revision ?? 0) ? live.req : { ...live.req, start_revision: live.nextRev };
    ctx.send(live.endpoints[live.at]!, { kind: 'request', cid: live.cid, req: { op: 'watchCreate', req, requireLeader: true } });
    // no answer by the back-off's end (the member is down, or not serving yet): the next attempt
    const cid = live.cid;
    ctx.setTimer(
      live.backoff,
      (c) => {
        if (live.ended || live.cid !== cid || live.watchId !== undefined) return;
        live.backoff = Math.min(RECONNECT_MAX_TICKS, Math.round(live.backoff * RECONNECT_MULTIPLIER));
        live.at = (live.at + 1) % live.endpoints.length;
        this.create(live, c);
      },
      true,
    );
  }

  /**
   * Its member's connection dropped: dial again at once — the next endpoint, or the same one
   * (grpc-go's first reconnect is immediate) — and then after each back-off (create's timer).
   */
  private reconnect(live: LiveStream, ctx: ProcessContext<EtcdWire>): void {
    live.at = (live.at + 1) % live.endpoints.length;
    this.create(live, ctx);
  }

  private onLiveResponse(live: LiveStream, resp: WatchResponse): void {
    if (resp.created && !resp.canceled) {
      live.watchId = resp.watch_id;
      live.backoff = RECONNECT_BASE_TICKS;
      // a watch from "now" resumes at the store's revision then (watch.go: so a write between a drop and the resumption is not missed)
      if (live.nextRev === 0) live.nextRev = resp.header.revision;
      return; // the created response is not delivered (no WithCreatedNotify)
    }
    if (resp.canceled) {
      live.ended = true;
      this.liveStreams.delete(live.cid);
    } else {
      const events = resp.events;
      live.nextRev = events.length > 0 ? events[events.length - 1]!.kv.mod_revision + 1 : resp.header.revision + 1;
    }
    live.unread.push(resp);
    if (live.unread.length > OPEN_WATCH_BUFFER) {
      const over = live.unread.length - OPEN_WATCH_BUFFER;
      live.unread.splice(0, over);
      live.dropped += over;
    }
  }

  /**
   * Whether a live watch streams from `member` now, or a live keep-alive is connected to it or
   * dialing it (its death then closes a connection the client hears of).
   */
  watchesOn(member: string): boolean {
    for (const live of this.liveStreams.values()) if (live.endpoints[live.at] === member) return true;
    for (const ka of this.keepAlives) if (ka.endpoints[ka.at] === member) return true;
    return false;
  }

  crash(): void {
    this.answers.clear();
    this.watchStreams.clear();
    this.liveStreams.clear();
    this.keepAlives.clear();
    this.keepAliveRequests.clear();
  }
}

/** Resolves `etcd-2` or `http://etcd-2:2379` to the member's address. */
export type EndpointResolver = (endpoint: string) => string | undefined;

export class SimEtcdClient implements EtcdClientPort {
  constructor(
    private readonly kernel: Kernel<EtcdWire>,
    readonly process: ClientProcess,
    private readonly resolve: EndpointResolver,
  ) {}

  /** Send one request and run the simulation until its answer or the deadline. */
  call<T>(req: ClientRequest, opts: CallOptions): EtcdResult<T> {
    const cid = this.send(req, opts.endpoint, this.kernel.now + opts.timeoutTicks);
    const answers = this.process.answers;
    this.kernel.runUntil(() => answers.has(cid), opts.timeoutTicks);
    const got = answers.get(cid);
    answers.delete(cid);
    if (got === undefined) {
      this.process.abandoned.add(cid);
      return { ok: false, error: etcdErrors.deadlineExceeded };
    }
    return got as EtcdResult<T>;
  }

  /** Send without waiting (for load generators and swarms); the answer lands in process.answers. */
  send(req: ClientRequest, endpoint: string, deadline?: number): number {
    const cid = this.process.newCid();
    const to = this.resolve(endpoint) ?? endpoint;
    // two literals rather than a spread: the same object, built without a copy per request
    const wire: EtcdWire = deadline !== undefined ? { kind: 'request', cid, req, deadline } : { kind: 'request', cid, req };
    this.kernel.send(this.process.address, to, wire);
    return cid;
  }

  range(req: RangeRequest, opts: CallOptions): EtcdResult<RangeResponse> {
    return this.call({ op: 'range', req }, opts);
  }
  put(req: PutRequest, opts: CallOptions): EtcdResult<PutResponse> {
    return this.call({ op: 'put', req }, opts);
  }
  deleteRange(req: DeleteRangeRequest, opts: CallOptions): EtcdResult<DeleteRangeResponse> {
    return this.call({ op: 'deleteRange', req }, opts);
  }
  txn(req: TxnRequest, opts: CallOptions): EtcdResult<TxnResponse> {
    return this.call({ op: 'txn', req }, opts);
  }
  compact(req: CompactionRequest, opts: CallOptions): EtcdResult<CompactionResponse> {
    return this.call({ op: 'compact', req }, opts);
  }
  watchSoFar(req: WatchCreateRequest, opts: CallOptions): EtcdResult<WatchResponse[]> {
    return this.call({ op: 'watchSoFar', req }, opts);
  }
  leaseGrant(req: LeaseGrantRequest, opts: CallOptions): EtcdResult<LeaseGrantResponse> {
    return this.call({ op: 'leaseGrant', req }, opts);
  }
  leaseRevoke(id: bigint, opts: CallOptions): EtcdResult<LeaseRevokeResponse> {
    return this.call({ op: 'leaseRevoke', id }, opts);
  }
  leaseKeepAliveOnce(id: bigint, opts: CallOptions): EtcdResult<LeaseKeepAliveResponse> {
    return this.call({ op: 'leaseKeepAlive', id }, opts);
  }
  leaseTimeToLive(id: bigint, keys: boolean, opts: CallOptions): EtcdResult<LeaseTimeToLiveResponse> {
    return this.call({ op: 'leaseTimeToLive', id, keys }, opts);
  }
  leaseLeases(opts: CallOptions): EtcdResult<LeaseLeasesResponse> {
    return this.call({ op: 'leaseLeases' }, opts);
  }
  memberList(opts: CallOptions): EtcdResult<MemberListResponse> {
    return this.call({ op: 'memberList' }, opts);
  }
  memberAdd(peerURLs: string[], isLearner: boolean, opts: CallOptions): EtcdResult<MemberAddResponse> {
    return this.call({ op: 'memberAdd', peerURLs, isLearner }, opts);
  }
  memberRemove(id: bigint, opts: CallOptions): EtcdResult<MemberRemoveResponse> {
    return this.call({ op: 'memberRemove', id }, opts);
  }
  status(opts: CallOptions): EtcdResult<StatusResponse> {
    return this.call({ op: 'status' }, opts);
  }
  clusterEndpoints(opts: CallOptions): EtcdResult<string[]> {
    const r = this.memberList(opts);
    if (!r.ok) return r;
    return { ok: true, value: r.value.members.flatMap((m) => m.clientURLs) };
  }

  /**
   * The browser terminal's `etcdctl watch`: opened on the first of `endpoints` and run until
   * the member created it (or canceled it) — an unreachable member gives the deadline's
   * error after the command timeout, as a request does — then left open.
   */
  openLiveWatch(req: WatchCreateRequest, endpoints: readonly string[], opts: Pick<CallOptions, 'timeoutTicks'>): LiveEtcdWatch {
    const kernel = this.kernel;
    const process = this.process;
    const ctx = kernel.contextOf(process.address);
    if (ctx === undefined) throw new Error(`openLiveWatch: the client ${process.address} is not on the network`);
    const live = process.openLive(req, endpoints.map((e) => this.resolve(e) ?? e), ctx);
    const deadline = kernel.now + opts.timeoutTicks;
    // a dead member answers nothing: the client keeps dialing (its back-off) and the command returns
    if (kernel.isAlive(live.endpoints[0]!)) {
      kernel.runUntil(() => live.watchId !== undefined || live.ended, opts.timeoutTicks);
      // the history from --rev left the member right after `created` (one link, in order): let
      // it land, so the command prints it as it returns rather than at the clock's next frame
      const member = live.endpoints[live.at]!;
      const landed = Math.min(deadline, kernel.now + kernel.network.describe().latency.max);
      if (live.watchId !== undefined) kernel.runUntil(() => !kernel.network.inFlight().some((e) => e.from === member && e.to === process.address), Math.max(0, landed - kernel.now));
    }
    return {
      take() {
        const taken = { responses: live.unread.splice(0), dropped: live.dropped };
        live.dropped = 0;
        return taken;
      },
      close: () => process.closeLive(live, ctx),
    };
  }

  /**
   * The browser terminal's `etcdctl lease keep-alive` without --once: the lease is kept alive
   * from now on, and this waits (at most `timeoutTicks`) for the first answer, or for the
   * client to give the lease up, so the command prints it as it returns. A member that is
   * down is not waited for: the client dials on while the clock runs outside the command.
   */
  openLiveKeepAlive(id: bigint, endpoints: readonly string[], opts: { timeoutTicks: number; firstTimeoutTicks: number }): LiveEtcdKeepAlive {
    const kernel = this.kernel;
    const process = this.process;
    const ctx = kernel.contextOf(process.address);
    if (ctx === undefined) throw new Error(`openLiveKeepAlive: the client ${process.address} is not on the network`);
    const ka = process.openKeepAlive(id, endpoints.map((e) => this.resolve(e) ?? e), opts.firstTimeoutTicks, ctx);
    if (kernel.isAlive(ka.endpoints[0]!)) kernel.runUntil(() => ka.unread.length > 0 || ka.done, opts.timeoutTicks);
    return {
      take() {
        const taken = { responses: ka.unread.splice(0), dropped: ka.dropped, expired: ka.expired };
        ka.dropped = 0;
        return taken;
      },
      close: () => process.closeKeepAlive(ka),
    };
  }

  /** Open a long-lived watch stream; its responses accumulate in the returned array. */
  openWatch(req: WatchCreateRequest, endpoint: string): { cid: number; responses: WatchResponse[] } {
    const cid = this.process.newCid();
    const responses: WatchResponse[] = [];
    this.process.watchStreams.set(cid, responses);
    const to = this.resolve(endpoint) ?? endpoint;
    this.kernel.send(this.process.address, to, { kind: 'request', cid, req: { op: 'watchCreate', req } });
    return { cid, responses };
  }
}
