// The watch chain of note 02, hop by hop, derived from the kernel's trace: a client's
// request to the API server, the API server's write to etcd at revision N, etcd's watch
// event back to the API server, the API server's watch events out to the processes that
// watch that kind, their decisions (the scheduler's placement, the kubelet's container
// work), and the writes those decisions cause (bind, status) — which start the next
// round. Every hop carries a short label and an explanation in Korean and English, for
// the view to animate and announce.
//
// The recorder is fed trace events one at a time (live through `sim.subscribe`, or a
// retained list through `deriveWatchChain`) and keeps at most `limit` hops, newest last.
// Background traffic is left out unless asked: Raft heartbeats, node Lease renewals,
// Events, node status heartbeats, reads and watch set-up.
import type { TraceEvent } from '@/sim-core/kernel';
import type { ApiTraceDetail } from '@/sim-core/apiserver/server';
import { summarizePod } from '@/sim-core/cli/kubectl';
import type { Pod } from '@/sim-core/apiserver';
import { explainHop, type Text } from './watch-chain-text';

import type { Hop } from './watch-chain-schema';
export { hopKinds, hopSchema, type Hop, type HopKind } from './watch-chain-schema';

/** Most hops a recorder keeps (older ones fall off the front). */
export const DEFAULT_HOP_LIMIT = 500;

export interface WatchChainOptions {
  limit?: number;
  /** keep Lease renewals, Events, node heartbeats and etcd Raft traffic-free reads too */
  includeBackground?: boolean;
}

const APISERVER = 'kube-apiserver';
const WRITE_VERBS = new Set(['create', 'update', 'updateStatus', 'patch', 'delete', 'bind']);
/** Resources whose writes are housekeeping rather than the chain: heartbeats, leader renewals, Events. */
const BACKGROUND_RESOURCES = new Set(['leases', 'events']);
const BACKGROUND_KINDS = new Set(['Lease', 'Event']);
/**
 * Controllers that look at every object on every change without acting on most of them:
 * their reconciles would bury the chain. What they do (a delete, a taint) still shows as
 * the request it sends.
 */
const QUIET_CONTROLLERS = new Set(['garbage-collector-controller', 'taint-eviction-controller', 'node-lifecycle-controller']);

interface SentRequest {
  tick: number;
  request: {
    verb?: string;
    resource?: string;
    body?: { spec?: { nodeName?: string }; status?: unknown } & Record<string, unknown>;
    /** a PATCH's body: the kubelet's status patch carries the whole new status */
    patch?: { status?: unknown } & Record<string, unknown>;
    subresource?: string;
    nodeName?: string;
    name?: string;
  };
}

interface EtcdWrite {
  tick: number;
  member: string;
  key: string;
  op: 'put' | 'delete';
  /** housekeeping: a Lease renewal, an Event, a node's status heartbeat */
  background: boolean;
}

type Obj = { kind?: string; metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string }; spec?: { nodeName?: string } };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** `pods/default/web` → `pods/web` in the default namespace, `pods/<ns>/<name>` elsewhere (kubectl's `kind/name`). */
function objectRef(resource: string, namespace: string | undefined, name: string | undefined): string {
  const n = name ?? '…';
  return namespace && namespace !== 'default' ? `${resource}/${namespace}/${n}` : `${resource}/${n}`;
}

const RESOURCE_OF_KIND: Record<string, string> = {
  Pod: 'pods',
  Deployment: 'deployments',
  ReplicaSet: 'replicasets',
  Service: 'services',
  Endpoints: 'endpoints',
  EndpointSlice: 'endpointslices',
  Node: 'nodes',
  Namespace: 'namespaces',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  ServiceAccount: 'serviceaccounts',
  Lease: 'leases',
  Event: 'events',
};

function byTickThenId(a: Hop, b: Hop): number {
  return a.tick - b.tick || a.id - b.id;
}

export class WatchChainRecorder {
  private readonly limit: number;
  private readonly includeBackground: boolean;
  private hops: Hop[] = [];
  private nextId = 1;
  /** requests in flight to the API server, by `<from>#<requestId>` */
  private readonly sent = new Map<string, SentRequest>();
  /** the API server's writes to etcd waiting for their answer, by etcd client request id */
  private readonly etcdWrites = new Map<number, EtcdWrite>();
  /** Pods the scheduler has already heard are bound (see freshlyBound) */
  private readonly boundSeen = new Set<string>();

  constructor(options: WatchChainOptions = {}) {
    this.limit = Math.max(1, Math.min(options.limit ?? DEFAULT_HOP_LIMIT, 10_000));
    this.includeBackground = options.includeBackground ?? false;
  }

  /**
   * The hops so far in causal order: by the tick each hop started, then by when it was
   * recorded. A client's request is known only once the API server has handled it, so it
   * is recorded after the etcd traffic it caused, but its tick (when it was sent) is earlier.
   */
  list(): Hop[] {
    return this.hops.slice().sort(byTickThenId);
  }

  /** Hops recorded after `afterId` (for a view that posts only what is new), in causal order. */
  since(afterId: number): Hop[] {
    return this.hops.filter((h) => h.id > afterId).sort(byTickThenId);
  }

  clear(): void {
    this.hops = [];
    this.sent.clear();
    this.etcdWrites.clear();
    this.boundSeen.clear();
  }

  /** Feed one trace event (a `sim.subscribe` listener). */
  readonly record = (e: TraceEvent): void => {
    if (e.kind === 'send') this.onSend(e);
    else if (e.kind === 'state') this.onState(e);
  };

  private push(h: Omit<Hop, 'id' | 'explanation'> & { explanation?: Text }): void {
    const hop: Hop = { id: this.nextId++, ...h, explanation: h.explanation ?? explainHop(h.kind, h.from, h.to) };
    this.hops.push(hop);
    if (this.hops.length > this.limit) this.hops.splice(0, this.hops.length - this.limit);
  }

  private onSend(e: TraceEvent): void {
    const p = e.payload;
    if (!isRecord(p) || e.peer === undefined) return;
    if (p.type === 'api-request' && e.peer === APISERVER && isRecord(p.request)) {
      this.sent.set(`${e.address}#${String(p.requestId)}`, { tick: e.tick, request: p.request as SentRequest['request'] });
      // a client that never hears back (a crashed server) must not leak entries forever
      if (this.sent.size > 4096) this.sent.delete(this.sent.keys().next().value!);
      return;
    }
    if (e.address === APISERVER && p.kind === 'request' && isRecord(p.req) && typeof p.cid === 'number') {
      this.noteEtcdWrite(e.tick, e.peer, p.cid, p.req);
      return;
    }
    if (e.peer === APISERVER && p.kind === 'response' && typeof p.cid === 'number') {
      this.onEtcdAnswer(p.cid, p.result);
      return;
    }
    if (e.peer === APISERVER && p.kind === 'watch' && isRecord(p.resp)) {
      this.onEtcdWatch(e, p.resp);
      return;
    }
    if (e.address === APISERVER && p.type === 'api-response' && isRecord(p.result) && p.result.ok === true && isRecord(p.result.value)) {
      this.onWatchEvent(e, e.peer, p.result.value);
    }
  }

  /** kube-apiserver → etcd-N: a put, a delete or a txn that puts or deletes (the API server's optimistic write). */
  private noteEtcdWrite(tick: number, member: string, cid: number, req: Record<string, unknown>): void {
    if (!isRecord(req.req)) return;
    const body = req.req;
    let write: { key: string; op: 'put' | 'delete' } | undefined;
    let isCreate = false;
    if ((req.op === 'put' || req.op === 'deleteRange') && typeof body.key === 'string') write = { key: body.key, op: req.op === 'put' ? 'put' : 'delete' };
    else if (req.op === 'txn' && Array.isArray(body.success)) {
      for (const op of body.success as unknown[]) {
        if (!isRecord(op)) continue;
        const put = op.request_put;
        const del = op.request_delete_range;
        if (isRecord(put) && typeof put.key === 'string') write = { key: put.key, op: 'put' };
        else if (isRecord(del) && typeof del.key === 'string') write = { key: del.key, op: 'delete' };
        if (write) break;
      }
      // create is a txn comparing create_revision = 0 (storage/etcd3/store.go Create)
      isCreate = Array.isArray(body.compare) && (body.compare as unknown[]).some((c) => isRecord(c) && c.target === 'CREATE');
    }
    if (write === undefined) return;
    const resource = write.key.split('/')[2] ?? '';
    const background = BACKGROUND_RESOURCES.has(resource) || (resource === 'minions' && !isCreate && write.op === 'put');
    this.etcdWrites.set(cid, { tick, member, ...write, background });
    if (this.etcdWrites.size > 1024) this.etcdWrites.delete(this.etcdWrites.keys().next().value!);
  }

  /** etcd-N → kube-apiserver: the answer to a write; a committed one is a hop with its revision. */
  private onEtcdAnswer(cid: number, result: unknown): void {
    const w = this.etcdWrites.get(cid);
    if (w === undefined) return;
    this.etcdWrites.delete(cid);
    if (w.background && !this.includeBackground) return;
    if (!isRecord(result) || result.ok !== true || !isRecord(result.value)) return;
    const value = result.value;
    if (value.succeeded === false) return; // a failed compare: 409 Conflict, nothing written
    const header = value.header;
    const revision = isRecord(header) && Number.isInteger(header.revision) ? (header.revision as number) : undefined;
    this.push({
      tick: w.tick,
      from: APISERVER,
      to: w.member,
      kind: 'etcd-write',
      label: {
        ko: `${APISERVER} → ${w.member}: ${w.op} ${w.key}${revision !== undefined ? ` (revision ${revision})` : ''}`,
        en: `${APISERVER} → ${w.member}: ${w.op} ${w.key}${revision !== undefined ? ` (revision ${revision})` : ''}`,
      },
      ...(revision !== undefined ? { revision } : {}),
    });
  }

  private onState(e: TraceEvent): void {
    const d = e.detail;
    if (!isRecord(d)) return;
    if (e.address === APISERVER && isRecord(d.api)) return this.onHandled(e, d as unknown as ApiTraceDetail);
    if (isRecord(d.scheduling)) {
      const s = d.scheduling as { pod?: string; node?: string; reason?: string };
      if (s.pod === undefined) return;
      const where = s.node ?? null;
      this.push({
        tick: e.tick,
        from: e.address,
        to: e.address,
        kind: 'reconcile',
        label: where
          ? { ko: `${e.address}: ${s.pod} Pod를 ${where}에 배치하기로 결정`, en: `${e.address}: picks ${where} for pod ${s.pod}` }
          : { ko: `${e.address}: ${s.pod} Pod를 놓을 노드가 없음`, en: `${e.address}: no node fits pod ${s.pod}` },
        explanation: explainHop(where ? 'schedule' : 'unschedulable', e.address, e.address),
      });
      return;
    }
    if (e.address.startsWith('kubelet@') && typeof d.pod === 'string' && typeof d.reason === 'string') {
      this.push({
        tick: e.tick,
        from: e.address,
        to: e.address,
        kind: 'reconcile',
        label: { ko: `${e.address}: ${d.pod} — ${d.reason}`, en: `${e.address}: ${d.pod} — ${d.reason}` },
        explanation: explainHop('runtime', e.address, e.address),
      });
      return;
    }
    // a controller's reconcile(key): the controller-manager records { controller, key }
    // (controller-manager/host.ts) when a worker takes a key off its queue
    if (typeof d.controller === 'string' && typeof d.key === 'string') {
      if (QUIET_CONTROLLERS.has(d.controller) && !this.includeBackground) return;
      const label = `${e.address}: ${d.controller} reconcile(${d.key})`;
      this.push({ tick: e.tick, from: e.address, to: e.address, kind: 'reconcile', label: { ko: label, en: label } });
    }
  }

  /** The API server handled a request: the client's hop in (stamped with the tick it was sent). */
  private onHandled(e: TraceEvent, d: ApiTraceDetail): void {
    const a = d.api;
    const sent = this.sent.get(`${a.from}#${a.requestId}`);
    this.sent.delete(`${a.from}#${a.requestId}`);
    if (!WRITE_VERBS.has(a.verb)) return; // get/list/watch are reads: the chain is about writes and what they wake
    const background = BACKGROUND_RESOURCES.has(a.resource) || (a.resource === 'nodes' && a.verb !== 'create' && a.from.startsWith('kubelet@'));
    if (background && !this.includeBackground) return;
    const ref = objectRef(a.resource, a.namespace, a.name);
    const failed = a.code >= 300;
    const suffix = failed ? ` (${a.code})` : '';
    const body = sent?.request.body;
    const target = body?.target;
    const nodeName = sent?.request.nodeName ?? body?.spec?.nodeName ?? (isRecord(target) && typeof target.name === 'string' ? target.name : undefined);
    // The scheduler's bind arrives as the binding verb (pods/<name>/binding), a Binding
    // created on `bindings`, or an update that sets spec.nodeName (sim-core's first scheduler).
    const isBind =
      (a.resource === 'pods' && (a.verb === 'bind' || (a.verb === 'update' && a.from.startsWith('kube-scheduler') && nodeName !== undefined))) ||
      (a.resource === 'bindings' && a.verb === 'create');
    // the kubelet's status manager PATCHes pods/status (an older writer PUTs it: updateStatus)
    const isPodStatus = a.resource === 'pods' && a.from.startsWith('kubelet@') && (a.verb === 'updateStatus' || (a.verb === 'patch' && sent?.request.subresource === 'status'));
    const tick = sent?.tick ?? e.tick;
    const revision = !failed && a.revision !== undefined ? { revision: a.revision } : {};
    if (isBind) {
      this.push({
        tick,
        from: a.from,
        to: APISERVER,
        kind: 'bind',
        label: { ko: `${a.from} → ${APISERVER}: ${a.name ?? '…'} Pod를 ${nodeName ?? '?'}에 바인딩${suffix}`, en: `${a.from} → ${APISERVER}: bind pod ${a.name ?? '…'} to ${nodeName ?? '?'}${suffix}` },
        ...revision,
      });
    } else if (isPodStatus) {
      const reported = body ?? sent?.request.patch;
      const status = reported ? summarizePod(reported as Pod).status : '';
      this.push({
        tick,
        from: a.from,
        to: APISERVER,
        kind: 'status',
        label: { ko: `${a.from} → ${APISERVER}: ${a.name ?? '…'} Pod 상태 ${status}${suffix}`, en: `${a.from} → ${APISERVER}: pod ${a.name ?? '…'} status ${status}${suffix}` },
        ...revision,
      });
    } else {
      const verb = a.verb === 'updateStatus' ? 'update status' : a.verb;
      this.push({
        tick,
        from: a.from,
        to: APISERVER,
        kind: 'request',
        label: { ko: `${a.from} → ${APISERVER}: ${verb} ${ref}${suffix}`, en: `${a.from} → ${APISERVER}: ${verb} ${ref}${suffix}` },
        explanation: explainHop(failed ? 'request-failed' : 'request', a.from, APISERVER),
        ...revision,
      });
    }
  }

  /** etcd-N → kube-apiserver: the API server's own watch on /registry sees the committed write. */
  private onEtcdWatch(e: TraceEvent, resp: Record<string, unknown>): void {
    const events = resp.events;
    if (!Array.isArray(events)) return;
    for (const ev of events) {
      if (!isRecord(ev) || !isRecord(ev.kv) || typeof ev.kv.key !== 'string') continue;
      const key = ev.kv.key;
      const resource = key.split('/')[2] ?? '';
      if (!this.includeBackground && (BACKGROUND_RESOURCES.has(resource) || (resource === 'minions' && ev.type === 'PUT' && Number(ev.kv.version) > 1))) continue;
      const revision = Number(ev.kv.mod_revision);
      const type = ev.type === 'DELETE' ? 'DELETE' : 'PUT';
      this.push({
        tick: e.tick,
        from: e.address,
        to: APISERVER,
        kind: 'watch-event',
        label: { ko: `${e.address} → ${APISERVER}: watch ${type} ${key}${Number.isFinite(revision) ? ` (revision ${revision})` : ''}`, en: `${e.address} → ${APISERVER}: watch ${type} ${key}${Number.isFinite(revision) ? ` (revision ${revision})` : ''}` },
        explanation: explainHop('etcd-watch', e.address, APISERVER),
        ...(Number.isFinite(revision) && revision >= 0 ? { revision } : {}),
      });
    }
  }

  /** True the first time the scheduler is told a given Pod is bound (its bind, confirmed). */
  private freshlyBound(obj: Obj): boolean {
    const key = obj.metadata?.uid ?? `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;
    if (this.boundSeen.has(key)) return false;
    this.boundSeen.add(key);
    if (this.boundSeen.size > 4096) this.boundSeen.delete(this.boundSeen.values().next().value!);
    return true;
  }

  /** kube-apiserver → a watcher: one event of its watch stream. */
  private onWatchEvent(e: TraceEvent, to: string, value: Record<string, unknown>): void {
    const type = value.type;
    if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') return;
    if (!isRecord(value.object)) return;
    const obj = value.object as Obj;
    const kind = obj.kind ?? '';
    if (!this.includeBackground && (BACKGROUND_KINDS.has(kind) || (kind === 'Node' && type === 'MODIFIED'))) return;
    // A real kubelet watches only its own node's Pods (fieldSelector spec.nodeName=<node>,
    // pkg/kubelet/config/apiserver.go); events about other nodes' Pods are not its chain.
    if (to.startsWith('kubelet@') && kind === 'Pod' && obj.spec?.nodeName !== to.slice('kubelet@'.length)) return;
    // kube-proxy's chain is Services and Endpoints (pkg/proxy/config); the Pods it caches
    // to answer `sim curl` are not part of it.
    if (to.startsWith('kube-proxy@') && kind === 'Pod') return;
    // The scheduler's queue cares about Pods still waiting for a node; the echo of every
    // status write on an already bound Pod only refreshes its cache.
    if ((to === 'kube-scheduler' || to.startsWith('kube-scheduler@')) && kind === 'Pod' && type === 'MODIFIED' && obj.spec?.nodeName && !this.includeBackground && !this.freshlyBound(obj)) return;
    if (to === 'kubectl' || to === 'kubeadm') return; // a terminal's `get -w` is the learner watching, not a hop
    const ref = objectRef(RESOURCE_OF_KIND[kind] ?? kind.toLowerCase(), obj.metadata?.namespace, obj.metadata?.name);
    const revision = Number(obj.metadata?.resourceVersion);
    this.push({
      tick: e.tick,
      from: APISERVER,
      to,
      kind: 'watch-event',
      label: { ko: `${APISERVER} → ${to}: watch 이벤트 ${type} ${ref}`, en: `${APISERVER} → ${to}: watch event ${type} ${ref}` },
      ...(Number.isInteger(revision) && revision >= 0 ? { revision } : {}),
    });
  }
}

/** The hops of a retained trace (oldest first), e.g. `deriveWatchChain(sim.kernel.trace.events())`. */
export function deriveWatchChain(events: readonly TraceEvent[], options: WatchChainOptions = {}): Hop[] {
  const r = new WatchChainRecorder(options);
  for (const e of events) r.record(e);
  return r.list();
}
