// The client side of the etcd API on the simulated network: a process (address
// `etcdctl` by default) that sends requests to a member and waits — by running the
// simulation — until the answer arrives or its deadline passes, exactly as clientv3
// waits on a context with etcdctl's --command-timeout, only in simulated time.
import type { Envelope, Kernel, Process, ProcessContext } from '../kernel';
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
import type { CallOptions, EtcdClientPort } from '../cli/ports';

/** The process that receives answers for the client. */
export class ClientProcess implements Process<EtcdWire> {
  readonly answers = new Map<number, EtcdResult<unknown>>();
  /** requests whose caller gave up: a late answer is dropped, as a cancelled context's is */
  readonly abandoned = new Set<number>();
  /** watch stream responses by the cid that created the stream */
  readonly watchStreams = new Map<number, WatchResponse[]>();
  private nextCid = 1;

  constructor(readonly address: string) {}

  newCid(): number {
    return this.nextCid++;
  }

  receive(env: Envelope<EtcdWire>, _ctx: ProcessContext<EtcdWire>): void {
    const p = env.payload;
    if (p.kind === 'response') {
      if (this.abandoned.delete(p.cid)) return;
      this.answers.set(p.cid, p.result);
    }
    else if (p.kind === 'watch') {
      const list = this.watchStreams.get(p.cid);
      if (list !== undefined) list.push(p.resp);
    }
  }

  crash(): void {
    this.answers.clear();
    this.watchStreams.clear();
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
