// The chain journal: a bounded ring of hops (hop.ts) distilled from every kernel trace
// event as it is recorded. The kernel's own ring fills with Raft heartbeats within
// seconds of simulated time; the journal keeps only what the watch chain is made of, so
// `sim trace deployment/web` still finds the kubectl request minutes later.
import { traceExitCode, traceRestartedBy, type Trace, type TraceEvent } from '../../kernel';
import type { ApiTraceDetail } from '../../apiserver/server/requestTrace';
import type { ChainHop, HopObject } from './hop';

const READS = new Set(['get', 'list', 'watch']);
const WATCH_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED']);

/** `Deployment` → `deployments`, `Endpoints` → `endpoints` (every kind the simulation stores). */
export function resourceOfKind(kind: string): string {
  const lower = kind.toLowerCase();
  return lower.endsWith('s') ? lower : `${lower}s`;
}

/** `/registry/deployments/default/web` → deployments default/web (`services/specs` and `minions` as the registry names them). */
export function objectOfKey(key: string): HopObject | undefined {
  const parts = key.split('/').filter((p) => p !== '');
  if (parts[0] !== 'registry' || parts.length < 3) return undefined;
  let resource = parts[1] as string;
  let rest = parts.slice(2);
  if (resource === 'services' && (rest[0] === 'specs' || rest[0] === 'endpoints')) {
    resource = rest[0] === 'specs' ? 'services' : 'endpoints';
    rest = rest.slice(1);
  }
  if (resource === 'minions') resource = 'nodes';
  if (rest.length === 1) return { resource, name: rest[0] as string };
  if (rest.length === 2) return { resource, namespace: rest[0] as string, name: rest[1] as string };
  return undefined;
}

interface ObjectLike {
  kind?: unknown;
  metadata?: {
    name?: unknown;
    namespace?: unknown;
    uid?: unknown;
    resourceVersion?: unknown;
    ownerReferences?: unknown;
  };
}

function hopObjectOf(o: ObjectLike, resource?: string): HopObject | undefined {
  const m = o.metadata;
  if (m === undefined || typeof m.name !== 'string') return undefined;
  const res = resource ?? (typeof o.kind === 'string' ? resourceOfKind(o.kind) : undefined);
  if (res === undefined) return undefined;
  const owners = Array.isArray(m.ownerReferences) ? m.ownerReferences.map((r: { uid?: unknown }) => r.uid).filter((u): u is string => typeof u === 'string') : [];
  return {
    resource: res,
    name: m.name,
    ...(typeof m.namespace === 'string' && m.namespace !== '' ? { namespace: m.namespace } : {}),
    ...(typeof m.uid === 'string' ? { uid: m.uid } : {}),
    ...(owners.length > 0 ? { owners } : {}),
  };
}

function splitKey(podKey: string): { namespace?: string; name: string } {
  const at = podKey.indexOf('/');
  return at < 0 ? { name: podKey } : { namespace: podKey.slice(0, at), name: podKey.slice(at + 1) };
}

export class ChainJournal {
  private ring: ChainHop[] = [];
  private head = 0;
  /** the API server's etcd writes waiting for their answer, by `<apiserver>#<cid>` */
  private readonly etcdWrites = new Map<string, { to: string; what: string; object: HopObject | undefined }>();
  private readonly stop: () => void;
  /**
   * etcd's answers wait here for the API server's request record: the server hears from
   * etcd before it answers (and records) the request, but the chain reads request → etcd.
   */
  private pendingEtcd: ChainHop[] = [];
  /** the latest revision each object (by uid) was seen at, with its owners (for `sim trace` after a delete) */
  readonly seen = new Map<string, HopObject>();

  constructor(
    trace: Trace,
    readonly capacity: number,
    private readonly apiServer: string,
  ) {
    this.stop = trace.subscribe((e) => this.record(e));
  }

  close(): void {
    this.stop();
  }

  /** Every retained hop, oldest first. */
  hops(): ChainHop[] {
    const ordered = this.ring.length < this.capacity ? this.ring.slice() : [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
    return this.pendingEtcd.length > 0 ? [...ordered, ...this.pendingEtcd] : ordered;
  }

  private push(h: ChainHop): void {
    if (h.kind === 'etcd') {
      this.pendingEtcd.push(h);
      return;
    }
    const held = this.pendingEtcd;
    if (held.length > 0) {
      this.pendingEtcd = [];
      // the request's own etcd write right after it; anything else held goes first
      const mine = h.kind === 'request' && h.revision !== undefined ? held.filter((e) => e.revision === h.revision) : [];
      for (const e of held) if (!mine.includes(e)) this.store(e);
      this.store(h);
      for (const e of mine) this.store(e);
      return;
    }
    this.store(h);
  }

  private store(h: ChainHop): void {
    if (h.object?.uid !== undefined) this.seen.set(h.object.uid, h.object);
    if (this.ring.length < this.capacity) this.ring.push(h);
    else {
      this.ring[this.head] = h;
      this.head = (this.head + 1) % this.capacity;
    }
  }

  private record(e: TraceEvent): void {
    switch (e.kind) {
      case 'state':
        return this.recordState(e);
      case 'send':
        return this.recordSend(e);
      case 'deliver':
        return this.recordDeliver(e);
      case 'restart': {
        // started again by its kubelet (an exited static Pod's container): the kubelet's step, not the learner's fault
        const by = traceRestartedBy(e);
        if (by !== undefined) return this.push({ seq: e.seq, tick: e.tick, kind: 'step', from: by, to: e.address, what: `start ${e.address} again` });
        return this.push({ seq: e.seq, tick: e.tick, kind: 'fault', from: 'sim', to: e.address, what: `restart ${e.address}` });
      }
      case 'kill':
        return this.push({
          seq: e.seq,
          tick: e.tick,
          kind: 'fault',
          from: 'sim',
          to: e.address,
          what: `${e.kind} ${e.address}`,
        });
      case 'exit':
        // the process ended itself (a lost lease): its own step, not the learner's fault
        return this.push({ seq: e.seq, tick: e.tick, kind: 'step', from: e.address, to: e.address, what: `exit ${e.address} (code ${traceExitCode(e) ?? '?'})` });
      case 'fault':
        return this.push({
          seq: e.seq,
          tick: e.tick,
          kind: 'fault',
          from: 'sim',
          to: 'network',
          what: JSON.stringify(e.detail),
        });
      case 'drop':
        return;
    }
  }

  private recordState(e: TraceEvent): void {
    const d = e.detail as Record<string, unknown> | undefined;
    if (d === undefined || d === null || typeof d !== 'object') return;
    if (e.address === this.apiServer && 'api' in d) {
      const api = (d as unknown as ApiTraceDetail).api;
      if (READS.has(api.verb)) return;
      const object: HopObject | undefined =
        api.name !== undefined
          ? {
              resource: api.resource,
              name: api.name,
              ...(api.namespace !== undefined ? { namespace: api.namespace } : {}),
            }
          : undefined;
      const resource = api.subresource === undefined ? api.resource : `${api.resource}/${api.subresource}`;
      const ref = object === undefined ? resource : `${resource} ${api.namespace !== undefined ? `${api.namespace}/` : ''}${api.name}`;
      return this.push({
        seq: e.seq,
        tick: e.tick,
        kind: 'request',
        from: api.from,
        to: e.address,
        what: `${api.verb} ${ref}${api.dryRun === true ? ' (dry run)' : ''}`,
        ...(object !== undefined ? { object } : {}),
        code: api.code,
        // a dry run wrote nothing: no revision of its own to follow
        ...(api.revision !== undefined && api.code < 300 && api.dryRun !== true ? { revision: api.revision } : {}),
      });
    }
    const scheduling = d['scheduling'] as { pod?: string; node?: string; unschedulable?: string } | undefined;
    if (scheduling !== undefined && typeof scheduling.pod === 'string') {
      const object: HopObject = {
        resource: 'pods',
        ...splitKey(scheduling.pod),
      };
      const what = scheduling.node !== undefined ? `schedule pod ${scheduling.pod} → ${scheduling.node}` : `cannot schedule pod ${scheduling.pod}: ${scheduling.unschedulable ?? ''}`;
      return this.step(e, what, object);
    }
    if (typeof d['pod'] === 'string' && typeof d['reason'] === 'string') {
      return this.step(e, `${d['reason']} pod ${d['pod']}`, { resource: 'pods', ...splitKey(d['pod']) });
    }
    // a controller's reconcile: the controller-manager traces { controller, key } for every
    // key a worker takes from a queue (controller-manager/host.ts)
    if (typeof d['controller'] === 'string' && typeof d['key'] === 'string') {
      const object = this.reconciled(d['controller'], d['key']);
      if (object === undefined) return;
      const ref = `${object.resource} ${object.namespace !== undefined ? `${object.namespace}/` : ''}${object.name}`;
      return this.step(e, `${d['controller']}: reconcile ${ref}`, object);
    }
  }

  /** A process's own step on an object (a scheduling decision, a runtime event, a reconcile). */
  private step(e: TraceEvent, what: string, object: HopObject): void {
    this.push({ seq: e.seq, tick: e.tick, kind: 'step', from: e.address, to: e.address, what, object });
  }

  /**
   * The object a controller's work-queue key stands for: `namespace/name` of the kind the
   * controller owns (the Endpoints controller's keys are its Services'), a node's name for
   * the node controllers, an object's uid for the garbage collector (graph_builder.go
   * queues uids).
   */
  private reconciled(controller: string, key: string): HopObject | undefined {
    const ns = splitKey(key);
    switch (controller) {
      case 'deployment-controller':
        return { resource: 'deployments', ...ns };
      case 'replicaset-controller':
        return { resource: 'replicasets', ...ns };
      case 'endpoints-controller':
        return { resource: 'services', ...ns };
      case 'node-lifecycle-controller':
        return { resource: 'nodes', name: key };
      case 'taint-eviction-controller':
        return key.includes('/') ? { resource: 'pods', ...ns } : { resource: 'nodes', name: key };
      case 'garbage-collector-controller': {
        const o = this.seen.get(key);
        return o === undefined
          ? undefined
          : {
              resource: o.resource,
              name: o.name,
              ...(o.namespace !== undefined ? { namespace: o.namespace } : {}),
              uid: key,
            };
      }
      default:
        return undefined;
    }
  }

  /** The API server's etcd writes: remembered until etcd answers with the revision. */
  private recordSend(e: TraceEvent): void {
    if (e.address !== this.apiServer || e.peer === undefined) return;
    const p = e.payload as { kind?: string; cid?: number; req?: { op?: string; req?: unknown } } | undefined;
    if (p?.kind !== 'request' || p.req === undefined || typeof p.cid !== 'number') return;
    const write = describeEtcdWrite(p.req.op, p.req.req);
    if (write !== undefined) this.etcdWrites.set(`${e.peer}#${p.cid}`, { to: e.peer, ...write });
  }

  private recordDeliver(e: TraceEvent): void {
    const p = e.payload as
      | {
          kind?: string;
          type?: string;
          cid?: number;
          result?: { ok: boolean; value?: unknown };
        }
      | undefined;
    if (p === undefined) return;
    if (e.address === this.apiServer && p.kind === 'response' && typeof p.cid === 'number' && e.peer !== undefined) {
      const key = `${e.peer}#${p.cid}`;
      const w = this.etcdWrites.get(key);
      if (w === undefined) return;
      this.etcdWrites.delete(key);
      const value =
        p.result?.ok === true
          ? (p.result.value as {
              header?: { revision?: number };
              succeeded?: boolean;
            })
          : undefined;
      if (value === undefined || value.succeeded === false) return;
      return this.push({
        seq: e.seq,
        tick: e.tick,
        kind: 'etcd',
        from: this.apiServer,
        to: w.to,
        what: w.what,
        ...(w.object !== undefined ? { object: w.object } : {}),
        ...(value.header?.revision !== undefined ? { revision: value.header.revision } : {}),
      });
    }
    if (p.type !== 'api-response' || e.peer !== this.apiServer || p.result?.ok !== true) return;
    const list = p.result.value as { kind?: unknown; items?: unknown } | undefined;
    if (list !== undefined && Array.isArray(list.items)) return this.recordList(e, list.kind, list.items as ObjectLike[]);
    const ev = p.result.value as { type?: string; object?: ObjectLike } | undefined;
    if (ev === undefined || typeof ev.type !== 'string' || !WATCH_TYPES.has(ev.type) || ev.object === undefined) return;
    const object = hopObjectOf(ev.object);
    if (object === undefined) return;
    const rv = Number(ev.object.metadata?.resourceVersion);
    this.push({
      seq: e.seq,
      tick: e.tick,
      kind: 'watch',
      from: this.apiServer,
      to: e.address,
      what: `watch ${ev.type} ${object.resource} ${object.namespace !== undefined ? `${object.namespace}/` : ''}${object.name}`,
      object,
      ...(Number.isFinite(rv) && rv > 0 ? { revision: rv } : {}),
    });
  }

  /** An informer's LIST answer (not the terminal's `kubectl get`): one hop per object in it. */
  private recordList(e: TraceEvent, kind: unknown, items: readonly ObjectLike[]): void {
    if (e.address === 'kubectl') return;
    const fallback = resourceOfList(kind);
    for (const item of items) {
      const object = hopObjectOf(item, typeof item.kind === 'string' ? undefined : fallback);
      if (object === undefined) continue;
      const rv = Number(item.metadata?.resourceVersion);
      this.push({
        seq: e.seq,
        tick: e.tick,
        kind: 'list',
        from: this.apiServer,
        to: e.address,
        what: `list ${object.resource} ${object.namespace !== undefined ? `${object.namespace}/` : ''}${object.name}`,
        object,
        ...(Number.isFinite(rv) && rv > 0 ? { revision: rv } : {}),
      });
    }
  }
}

/** `PodList` → `pods`. */
function resourceOfList(kind: unknown): string | undefined {
  return typeof kind === 'string' && kind.endsWith('List') ? resourceOfKind(kind.slice(0, -'List'.length)) : undefined;
}

/** `txn put /registry/…` for the API server's writes; undefined for reads and everything else. */
function describeEtcdWrite(op: string | undefined, req: unknown): { what: string; object: HopObject | undefined } | undefined {
  if (op === 'put') {
    const key = (req as { key: string }).key;
    return { what: `put ${key}`, object: objectOfKey(key) };
  }
  if (op === 'deleteRange') {
    const key = (req as { key: string }).key;
    return { what: `delete ${key}`, object: objectOfKey(key) };
  }
  if (op !== 'txn') return undefined;
  const success = (req as { success?: Array<Record<string, { key?: string }>> }).success ?? [];
  for (const o of success) {
    if (o['request_put']?.key !== undefined)
      return {
        what: `txn put ${o['request_put'].key}`,
        object: objectOfKey(o['request_put'].key),
      };
    if (o['request_delete_range']?.key !== undefined)
      return {
        what: `txn delete ${o['request_delete_range'].key}`,
        object: objectOfKey(o['request_delete_range'].key),
      };
  }
  return undefined;
}
