// The ports the terminal commands (etcdctl, sim, later kubectl) use to reach a running
// simulation. cli/ is written against these interfaces; cluster/ implements them.
// Every call is synchronous from the terminal's point of view: the implementation sends
// the request over the simulated network and advances the simulation until the answer
// arrives or the command timeout (in ticks) passes — exactly what etcdctl does with its
// --command-timeout, only in simulated time.
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
import type { ChainHop } from '../cluster/chain/hop';
import type { KindDefinition } from '../apiserver/kinds';
import type { KubeRequestOptions, ServerRequest } from '../apiserver/server';
import type { KubeObject } from '../client';
import type { CausalHop, ObjectQuery } from '../cluster/chain/causal';

export type { ChainHop, CausalHop, ObjectQuery };

/** Where a client request goes: a member name (`etcd-2`) or its client URL (`http://etcd-2:2379`). */
export type Endpoint = string;

export interface CallOptions {
  /** the member the client talks to; etcdctl's default is the first of --endpoints */
  endpoint: Endpoint;
  /** etcdctl --command-timeout, in ticks (etcdctl's default 5s = 500 ticks) */
  timeoutTicks: number;
}

/** An etcd v3 client (clientv3's KV, Lease, Cluster, Maintenance and Watch APIs). */
export interface EtcdClientPort {
  range(req: RangeRequest, opts: CallOptions): EtcdResult<RangeResponse>;
  put(req: PutRequest, opts: CallOptions): EtcdResult<PutResponse>;
  deleteRange(req: DeleteRangeRequest, opts: CallOptions): EtcdResult<DeleteRangeResponse>;
  txn(req: TxnRequest, opts: CallOptions): EtcdResult<TxnResponse>;
  compact(req: CompactionRequest, opts: CallOptions): EtcdResult<CompactionResponse>;
  /**
   * A watch in a script prints what has happened up to now and returns: the responses a
   * watcher created now with this request would have received so far (from
   * start_revision to the current revision), in order. A compacted start revision gives
   * one response with compact_revision set and canceled = true, as etcd sends it.
   */
  watchSoFar(req: WatchCreateRequest, opts: CallOptions): EtcdResult<WatchResponse[]>;
  leaseGrant(req: LeaseGrantRequest, opts: CallOptions): EtcdResult<LeaseGrantResponse>;
  leaseRevoke(id: bigint, opts: CallOptions): EtcdResult<LeaseRevokeResponse>;
  leaseKeepAliveOnce(id: bigint, opts: CallOptions): EtcdResult<LeaseKeepAliveResponse>;
  leaseTimeToLive(id: bigint, keys: boolean, opts: CallOptions): EtcdResult<LeaseTimeToLiveResponse>;
  leaseLeases(opts: CallOptions): EtcdResult<LeaseLeasesResponse>;
  memberList(opts: CallOptions): EtcdResult<MemberListResponse>;
  memberAdd(peerURLs: string[], isLearner: boolean, opts: CallOptions): EtcdResult<MemberAddResponse>;
  memberRemove(id: bigint, opts: CallOptions): EtcdResult<MemberRemoveResponse>;
  status(opts: CallOptions): EtcdResult<StatusResponse>;
  /** every member's client URLs, as `--cluster` discovers them through member list */
  clusterEndpoints(opts: CallOptions): EtcdResult<string[]>;
  /**
   * The browser terminal's `etcdctl watch` (asked for with TerminalPorts.live): a watch left
   * open while simulated time goes on outside the command, on the first of `endpoints`
   * (member names), resumed on the next or on the same after a back-off when its member
   * dies, until Ctrl+C or the server cancels it. It waits (at most `timeoutTicks`) for a
   * live member to create it, so the history from its start revision comes with the
   * command; an unreachable member is retried on, as etcdctl's watch, which has no
   * deadline, keeps dialing. Ports without it (tests' fakes) run the watch as a script
   * does (watchSoFar).
   */
  openLiveWatch?(req: WatchCreateRequest, endpoints: readonly string[], opts: Pick<CallOptions, 'timeoutTicks'>): LiveEtcdWatch;
  /**
   * The browser terminal's `etcdctl lease keep-alive` without --once (asked for with
   * TerminalPorts.live): lease `id` kept alive while simulated time goes on outside the
   * command, on the first of `endpoints` (member names) — a keep-alive at once, then TTL/3
   * after each answer, on the next endpoint or the same after a back-off when its stream
   * breaks — until Ctrl+C or the client gives the lease up: the server answered that it is
   * gone, or nothing answered by its deadline (`firstTimeoutTicks` for the first answer, the
   * TTL after each). It waits (at most `timeoutTicks`) for the first answer, so the command
   * prints it as it returns. Ports without it (tests' fakes) run it as a script does: one
   * keep-alive (leaseKeepAliveOnce).
   */
  openLiveKeepAlive?(id: bigint, endpoints: readonly string[], opts: { timeoutTicks: number; firstTimeoutTicks: number }): LiveEtcdKeepAlive;
}

/** An `etcdctl lease keep-alive` the terminal keeps running (EtcdClientPort.openLiveKeepAlive). */
export interface LiveEtcdKeepAlive {
  /**
   * the answers that arrived since the last take, oldest first, how many older ones the
   * buffer dropped unread, and whether the client has given the lease up (nothing more comes)
   */
  take(): { responses: LeaseKeepAliveResponse[]; dropped: number; expired: boolean };
  /** Ctrl+C: the lease is no longer renewed */
  close(): void;
}

/** An `etcdctl watch` the terminal keeps open (EtcdClientPort.openLiveWatch). */
export interface LiveEtcdWatch {
  /** the responses that arrived since the last take, oldest first (a canceled one is the last), and how many older ones the buffer dropped unread */
  take(): { responses: WatchResponse[]; dropped: number };
  /** Ctrl+C: the member is told to cancel it */
  close(): void;
}

/** One row of `sim status`. */
export interface MemberStatusRow {
  name: string;
  /** 'down' when the member's process is killed */
  role: 'leader' | 'follower' | 'candidate' | 'pre-candidate' | 'down';
  term: number;
  commitIndex: number;
  appliedIndex: number;
  logLength: number;
  /** the group the member is in when the network is partitioned, e.g. 'a' */
  partition?: string;
}

export type SimResult = { ok: true; value: string } | { ok: false; error: string };

/** What `sim curl` prints: the body, or curl's own error line and exit code (kube-proxy/responses.ts). */
export type SimCurlResult = { ok: true; output: string } | { ok: false; exitCode: number; output: string };

/** `sim trace`: the hops behind an object, or why there are none to show. */
export type ChainQueryResult = { ok: true; hops: CausalHop[] } | { ok: false; error: string };

/** The `sim` commands: time and faults, the things a teacher does to a cluster. */
export interface SimControlPort {
  now(): number;
  tick(n: number): void;
  /** run until nothing is pending or `capTicks` pass; returns the ticks run */
  settle(capTicks: number): number;
  /** kill/restart take a member name or URL (later also node and control-plane process names) */
  kill(target: string): SimResult;
  restart(target: string): SimResult;
  /** groups of member names or URLs, e.g. [['etcd-1','etcd-2'],['etcd-3']] */
  partition(groups: string[][]): SimResult;
  heal(): SimResult;
  status(): MemberStatusRow[];
  /** resolve a member name or URL to the canonical name `etcd-N`, or undefined */
  resolveMember(target: string): string | undefined;
  // The `default` topology's commands; an etcd-only cluster has none of them (undefined),
  // and `sim` says the command needs the default topology.
  /** `sim curl <service|clusterIP>[:port]` from a Pod on a worker, through its node's kube-proxy */
  curl?(target: string): SimCurlResult;
  /** `sim trace <kind>/<name>`: the causal chain behind an object */
  chain?(query: ObjectQuery): ChainQueryResult;
  /** `sim events [N]`: the last N hops (undefined when tracing is off) */
  recentHops?(n: number): ChainHop[] | undefined;
  /** the control-plane nodes, `control-plane` first (several in an HA cluster): `sim help` names their processes */
  controlPlaneNodes?(): readonly string[];
}

/**
 * The API objects as the committed keyspace holds them at this tick, read without a request
 * and without simulated time passing: what `kubectl edit` opens in the browser's editor. The
 * page reads them before its dialog opens, the clock stands still while it is open, and the
 * save (one logged command) reads them again at the same tick — so what the save is compared
 * with is what the learner saw, in the browser and in the server's replay alike.
 */
export interface StoredObjectsPort {
  /** whether the API server is running (a stopped one answers no request) */
  serving(): boolean;
  get(def: KindDefinition, namespace: string, name: string): KubeObject | undefined;
  /** every object of the kind in `namespace` ('' for a cluster-scoped kind), in key order */
  list(def: KindDefinition, namespace: string): KubeObject[];
  /**
   * whether the API server would let kubectl (impersonating `impersonate`, kubectl --as)
   * send `req` now: its own authorization, decided without a request
   */
  authorizes(req: ServerRequest, impersonate?: KubeRequestOptions['impersonate']): boolean;
}

/** The file `kubectl edit` reopens after a save it could not apply, for the terminal's editor to show again. */
export interface EditorReopen {
  buffer: string;
  language: 'yaml' | 'json';
}

/**
 * kubectl edit's editor still open on the file it reopened: the command before this one was
 * the same `kubectl edit` line, kubectl could not apply its save and reopened the file, and
 * nothing has happened since. This command is that kubectl's next pass of its loop.
 */
export interface EditorReopened {
  /** the save kubectl could not apply (its `edited`) */
  edited: string;
  /** the file it reopened on */
  file: EditorReopen;
}

/** What a terminal command returns. */
export interface CommandOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  /**
   * what a lab's `sim tick` / `sim settle` said about the tick budget, as data: the
   * lab's terminal words it in the learner's language (its English is the text printed)
   */
  budget?: TickBudgetNote;
  /**
   * `kubectl edit`'s save that kubectl would answer by reopening the editor (the API server
   * refused the object, or the file did not parse): the file it reopens. Never logged: the
   * next save is a command of its own, which the Simulation hands the reopen (EditorReopened)
   * when it comes straight after.
   */
  edit?: EditorReopen;
  /**
   * A watch the command left running (the browser terminal's `kubectl get -w`, asked for
   * with TerminalPorts.live): its rows come as simulated time passes outside the command,
   * until Ctrl+C (an `interrupt` action) or the watch ends by itself.
   */
  watch?: LiveWatch;
}

/** What a running watch printed since it was last read; `exitCode` once it has ended by itself (its error on stderr). */
export interface LiveOutput {
  stdout: string;
  stderr: string;
  exitCode?: number;
  /** what came before this output was lost unread (a buffer kept only its newest events): the terminal says older output was not kept */
  clipped?: true;
}

/** A command still running after it returned (CommandOutput.watch). */
export interface LiveWatch {
  read(): LiveOutput;
  /** Ctrl+C: stop it; nothing more is printed */
  stop(): void;
}

/** A sentence `sim tick` or `sim settle` printed about a lab's tick budget, with its numbers. */
export type TickBudgetNote =
  /** refused: no simulated time is left (`cap` is the whole budget) */
  | { kind: 'used-up'; command: 'tick' | 'settle'; cap: number }
  /** `sim tick` refused: it asked for more than the `left` ticks there are */
  | { kind: 'only-left'; left: number; cap: number }
  /** `sim settle` ran `ran` ticks and stopped at the end of the budget, at tick `now` */
  | { kind: 'settle-cut'; ran: number; cap: number; now: number };
