// The API server's etcd client (k8s.io/apiserver storage/etcd3 over clientv3), inside the
// process: requests go out as `request` messages to one member and the answer comes back
// as a message at a later tick. clientv3 balances over --etcd-servers: when the member in
// use does not answer before the attempt timeout (killed, cut off) or says it cannot serve
// (no leader), the request is retried on the next endpoint, and every watch stream is
// created again there from the revision after the last one its owner saw (clientv3's watch
// resumption). Members forward proposals to the leader themselves.
import type { ProcessContext } from '../../kernel';
import type { ClientRequest, EtcdWire } from '../../etcd/wire';
import type { EtcdResult, WatchCreateRequest, WatchResponse } from '../../etcd/types';
import { etcdErrors } from '../../etcd/errors';
import type { ClusterWire } from './wire';

type Ctx = ProcessContext<ClusterWire>;

interface PendingCall {
  req: ClientRequest;
  done: (r: EtcdResult<unknown>) => void;
  attempts: number;
  timer: number;
  /** the member the current attempt went to */
  endpoint: string;
}

interface WatchStream {
  /** the request; start_revision is recomputed from `resumeFrom` on every (re)creation */
  req: WatchCreateRequest;
  resumeFrom: () => number;
  onResponse: (resp: WatchResponse) => void;
  /** the cid of the stream's current incarnation */
  cid: number;
  /** the member it was created on, and the watch id that member gave it (its first response) */
  endpoint: string;
  watchId?: number;
}

export interface EtcdConnectionConfig {
  /** member addresses in --etcd-servers order (etcd-1, etcd-2, …) */
  endpoints: readonly string[];
  /** ticks to wait for one attempt's answer before trying the next member */
  attemptTimeoutTicks: number;
  /** attempts per request before the API server gives up (504 Timeout) */
  maxAttempts: number;
}

export class EtcdConnection {
  private current = 0;
  private nextCid = 1;
  private readonly calls = new Map<number, PendingCall>();
  private readonly streams = new Map<number, WatchStream>();
  /** watch stream id → its current cid */
  private readonly streamCid = new Map<number, number>();
  /** cids of streams canceled before etcd confirmed their creation: canceled when it does */
  private readonly cancelOnCreate = new Map<number, string>();
  private nextStreamId = 1;

  constructor(readonly config: EtcdConnectionConfig) {
    if (config.endpoints.length === 0) throw new Error('EtcdConnection: no endpoints');
  }

  /** The member requests go to now. */
  get endpoint(): string {
    return this.config.endpoints[this.current]!;
  }

  get inFlight(): number {
    return this.calls.size;
  }

  call(ctx: Ctx, req: ClientRequest, done: (r: EtcdResult<unknown>) => void): void {
    this.attempt(ctx, { req, done, attempts: 0, timer: 0, endpoint: this.endpoint });
  }

  /** Open a long-lived watch; returns its stream id for `cancelWatch`. */
  watch(ctx: Ctx, req: WatchCreateRequest, resumeFrom: () => number, onResponse: (resp: WatchResponse) => void): number {
    const id = this.nextStreamId++;
    const stream: WatchStream = { req, resumeFrom, onResponse, cid: 0, endpoint: this.endpoint };
    this.streams.set(id, stream);
    this.openStream(ctx, id, stream);
    return id;
  }

  /**
   * Stop a watch stream. With `ctx`, the member is told too (clientv3 sends a
   * WatchCancelRequest when the watch's context ends), so it stops sending; without, the
   * stream is only forgotten (etcd canceled it itself).
   */
  cancelWatch(id: number, ctx?: Ctx): void {
    const s = this.streams.get(id);
    if (s === undefined) return;
    this.streams.delete(id);
    this.streamCid.delete(s.cid);
    if (ctx === undefined) return;
    if (s.watchId === undefined) this.cancelOnCreate.set(s.cid, s.endpoint);
    else this.sendCancel(ctx, s.endpoint, s.watchId);
  }

  private sendCancel(ctx: Ctx, endpoint: string, watchId: number): void {
    ctx.send(endpoint, { kind: 'request', cid: this.nextCid++, req: { op: 'watchCancel', watchId } });
  }

  /** Handle an etcd message; false if it was not for this connection. */
  receive(p: EtcdWire, ctx: Ctx): boolean {
    if (p.kind === 'response') {
      const call = this.calls.get(p.cid);
      if (call === undefined) return true; // a late answer to an attempt we gave up on
      this.calls.delete(p.cid);
      ctx.cancelTimer(call.timer);
      if (!p.result.ok && p.result.error.code === 'Unavailable') return this.retry(ctx, call, p.result), true;
      call.done(p.result);
      return true;
    }
    if (p.kind === 'watch') {
      const id = this.streamCid.get(p.cid);
      const s = id === undefined ? undefined : this.streams.get(id);
      if (s !== undefined) {
        if (p.resp.created) s.watchId = p.resp.watch_id;
        s.onResponse(p.resp);
      } else if (p.resp.created) {
        const endpoint = this.cancelOnCreate.get(p.cid);
        if (endpoint !== undefined) {
          this.cancelOnCreate.delete(p.cid);
          this.sendCancel(ctx, endpoint, p.resp.watch_id);
        }
      }
      return true;
    }
    return false;
  }

  /** The process crashed: in-flight calls and streams are gone with it. */
  reset(): void {
    this.calls.clear();
    this.streams.clear();
    this.streamCid.clear();
    this.cancelOnCreate.clear();
  }

  private attempt(ctx: Ctx, call: PendingCall): void {
    const cid = this.nextCid++;
    call.attempts++;
    call.endpoint = this.endpoint;
    call.timer = ctx.setTimer(this.config.attemptTimeoutTicks, (c) => {
      if (!this.calls.delete(cid)) return;
      this.retry(c, call, { ok: false, error: etcdErrors.deadlineExceeded });
    });
    this.calls.set(cid, call);
    ctx.send(this.endpoint, { kind: 'request', cid, req: call.req, deadline: ctx.now + this.config.attemptTimeoutTicks });
  }

  private retry(ctx: Ctx, call: PendingCall, last: EtcdResult<unknown>): void {
    // only the first failure seen from the member in use moves the connection on: when many
    // requests in flight fail together, moving once per failure would cycle back to the dead one
    if (call.endpoint === this.endpoint) this.failover(ctx);
    if (call.attempts >= this.config.maxAttempts) return call.done(last);
    this.attempt(ctx, call);
  }

  /** Move to the next endpoint and re-create every watch stream there. */
  private failover(ctx: Ctx): void {
    this.current = (this.current + 1) % this.config.endpoints.length;
    ctx.trace({ etcdClient: { failover: this.endpoint } });
    for (const [id, s] of [...this.streams].sort((a, b) => a[0] - b[0])) this.openStream(ctx, id, s);
  }

  private openStream(ctx: Ctx, id: number, s: WatchStream): void {
    this.streamCid.delete(s.cid);
    s.cid = this.nextCid++;
    s.endpoint = this.endpoint;
    s.watchId = undefined;
    this.streamCid.set(s.cid, id);
    ctx.send(this.endpoint, { kind: 'request', cid: s.cid, req: { op: 'watchCreate', req: { ...s.req, start_revision: s.resumeFrom() } } });
  }
}
