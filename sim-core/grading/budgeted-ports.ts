// The terminal's ports, wrapped so no command can run the clock past the replay's tick
// budget: etcdctl's --command-timeout, `sim tick N` and `sim settle N` are all cut at the
// deadline, where the command times out — in the replay as in the lab's terminal.
import type { CallOptions, EtcdClientPort, MemberStatusRow, SimControlPort, SimResult } from '../cli/ports';
import type { KubeApiPort, KubeRequestOptions, ServerRequest } from '../apiserver/server';
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
import type { Budget } from './caps';
import type { TickBudget } from '../cli/sim/time';

/** The simulated clock the wrappers read (the Simulation). */
export interface Clock {
  readonly now: number;
}

// Prototype methods, not arrow-function fields: the replay wraps the ports once per
// replay, but a field per method would still be a closure per wrapper.

/** kubectl's waits (--request-timeout, a script's `get -w`) are cut at the deadline too. */
export class BudgetedKubePort implements KubeApiPort {
  /** an open watch waits for nothing: the clock runs outside the command (Play, steps), each step under the budget */
  readonly openWatch?: KubeApiPort['openWatch'];

  constructor(
    private readonly inner: KubeApiPort,
    private readonly budget: Budget,
    private readonly clock: Clock,
  ) {
    if (inner.openWatch !== undefined) this.openWatch = inner.openWatch.bind(inner);
  }

  private cut(opts: KubeRequestOptions): KubeRequestOptions {
    return {
      ...opts,
      timeoutTicks: this.budget.allow(opts.timeoutTicks, this.clock.now),
    };
  }

  // the answer's type is the inner port's (its AnswerOf<R> is not exported)
  request<R extends ServerRequest>(req: R, opts: KubeRequestOptions) {
    return this.inner.request(req, this.cut(opts));
  }
  watchSoFar(req: Extract<ServerRequest, { verb: 'watch' }>, opts: KubeRequestOptions): ReturnType<KubeApiPort['watchSoFar']> {
    return this.inner.watchSoFar(req, this.cut(opts));
  }
  serverVersion(): ReturnType<KubeApiPort['serverVersion']> {
    return this.inner.serverVersion();
  }
}

export class BudgetedEtcdClient implements EtcdClientPort {
  /** a live watch waits only for its creation (and its history), cut like a request; its events come as the clock runs outside the command */
  readonly openLiveWatch?: EtcdClientPort['openLiveWatch'];
  /** a live keep-alive waits only for its first answer, cut like a request; its renewals come as the clock runs outside the command */
  readonly openLiveKeepAlive?: EtcdClientPort['openLiveKeepAlive'];

  constructor(
    private readonly inner: EtcdClientPort,
    private readonly budget: Budget,
    private readonly clock: Clock,
  ) {
    const open = inner.openLiveWatch?.bind(inner);
    if (open !== undefined) this.openLiveWatch = (req, endpoints, opts) => open(req, endpoints, { timeoutTicks: this.budget.allow(opts.timeoutTicks, this.clock.now) });
    const keepAlive = inner.openLiveKeepAlive?.bind(inner);
    if (keepAlive !== undefined) this.openLiveKeepAlive = (id, endpoints, opts) => keepAlive(id, endpoints, { ...opts, timeoutTicks: this.budget.allow(opts.timeoutTicks, this.clock.now) });
  }

  private cut(opts: CallOptions): CallOptions {
    return {
      ...opts,
      timeoutTicks: this.budget.allow(opts.timeoutTicks, this.clock.now),
    };
  }

  range(req: RangeRequest, opts: CallOptions): EtcdResult<RangeResponse> {
    return this.inner.range(req, this.cut(opts));
  }
  put(req: PutRequest, opts: CallOptions): EtcdResult<PutResponse> {
    return this.inner.put(req, this.cut(opts));
  }
  deleteRange(req: DeleteRangeRequest, opts: CallOptions): EtcdResult<DeleteRangeResponse> {
    return this.inner.deleteRange(req, this.cut(opts));
  }
  txn(req: TxnRequest, opts: CallOptions): EtcdResult<TxnResponse> {
    return this.inner.txn(req, this.cut(opts));
  }
  compact(req: CompactionRequest, opts: CallOptions): EtcdResult<CompactionResponse> {
    return this.inner.compact(req, this.cut(opts));
  }
  watchSoFar(req: WatchCreateRequest, opts: CallOptions): EtcdResult<WatchResponse[]> {
    return this.inner.watchSoFar(req, this.cut(opts));
  }
  leaseGrant(req: LeaseGrantRequest, opts: CallOptions): EtcdResult<LeaseGrantResponse> {
    return this.inner.leaseGrant(req, this.cut(opts));
  }
  leaseRevoke(id: bigint, opts: CallOptions): EtcdResult<LeaseRevokeResponse> {
    return this.inner.leaseRevoke(id, this.cut(opts));
  }
  leaseKeepAliveOnce(id: bigint, opts: CallOptions): EtcdResult<LeaseKeepAliveResponse> {
    return this.inner.leaseKeepAliveOnce(id, this.cut(opts));
  }
  leaseTimeToLive(id: bigint, keys: boolean, opts: CallOptions): EtcdResult<LeaseTimeToLiveResponse> {
    return this.inner.leaseTimeToLive(id, keys, this.cut(opts));
  }
  leaseLeases(opts: CallOptions): EtcdResult<LeaseLeasesResponse> {
    return this.inner.leaseLeases(this.cut(opts));
  }
  memberList(opts: CallOptions): EtcdResult<MemberListResponse> {
    return this.inner.memberList(this.cut(opts));
  }
  memberAdd(peerURLs: string[], isLearner: boolean, opts: CallOptions): EtcdResult<MemberAddResponse> {
    return this.inner.memberAdd(peerURLs, isLearner, this.cut(opts));
  }
  memberRemove(id: bigint, opts: CallOptions): EtcdResult<MemberRemoveResponse> {
    return this.inner.memberRemove(id, this.cut(opts));
  }
  status(opts: CallOptions): EtcdResult<StatusResponse> {
    return this.inner.status(this.cut(opts));
  }
  clusterEndpoints(opts: CallOptions): EtcdResult<string[]> {
    return this.inner.clusterEndpoints(this.cut(opts));
  }
}

/** `sim tick` and `sim settle` read the budget through TickBudget and refuse what it has no room for. */
export class BudgetedSimControl implements SimControlPort, TickBudget {
  // the default topology's commands take no simulated time: passed through when present
  readonly curl: SimControlPort['curl'];
  readonly chain: SimControlPort['chain'];
  readonly recentHops: SimControlPort['recentHops'];
  readonly controlPlaneNodes: SimControlPort['controlPlaneNodes'];

  constructor(
    private readonly inner: SimControlPort,
    private readonly budget: Budget,
    /** told after every restart, which may start a member added with `etcdctl member add` */
    private readonly afterRestart?: () => void,
  ) {
    this.curl = inner.curl?.bind(inner);
    this.chain = inner.chain?.bind(inner);
    this.recentHops = inner.recentHops?.bind(inner);
    this.controlPlaneNodes = inner.controlPlaneNodes?.bind(inner);
  }

  now(): number {
    return this.inner.now();
  }
  ticksLeft(): number {
    return this.budget.ticksLeft(this.inner.now());
  }
  maxTicks(): number {
    return this.budget.caps.maxTicks;
  }
  tick(n: number): void {
    const allowed = this.budget.allow(n, this.inner.now());
    if (allowed > 0) this.inner.tick(allowed);
  }
  settle(capTicks: number): number {
    // a cut settle still reports the full cap as reached, so `sim settle` says "still busy"
    const allowed = this.budget.allow(capTicks, this.inner.now());
    const ran = allowed > 0 ? this.inner.settle(allowed) : 0;
    return ran >= allowed ? capTicks : ran;
  }
  kill(target: string): SimResult {
    return this.inner.kill(target);
  }
  restart(target: string): SimResult {
    const r = this.inner.restart(target);
    this.afterRestart?.();
    return r;
  }
  partition(groups: string[][]): SimResult {
    return this.inner.partition(groups);
  }
  heal(): SimResult {
    return this.inner.heal();
  }
  status(): MemberStatusRow[] {
    return this.inner.status();
  }
  resolveMember(target: string): string | undefined {
    return this.inner.resolveMember(target);
  }
}
