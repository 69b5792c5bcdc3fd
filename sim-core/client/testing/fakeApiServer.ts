// An in-memory stand-in for the API server, for tests only (client-go's fake clientset +
// its tracker): it stores objects with resourceVersions, answers requests when `flush`
// is called (answers always arrive later, as on the simulated network), serves watches
// with 410 Gone on demand, applies patches and label/field selectors with the real
// server's functions, and records every request as an action so a fixture test can
// assert exactly what a controller wrote.
import {
  statusError,
  type ApiAnswers,
  type ApiClient,
  type ApiRequest,
  type ApiResult,
  type ApiVerb,
  type Continuation,
  type KubeObject,
  type RequestId,
  type Status,
  type WatchEvent,
} from '../api';
import { deepCopy } from '../store';
import { KINDS } from '../../apiserver/kinds';
import { parseLabelSelector } from '../../apiserver/server/labelSelectorString';
import { parseFieldSelector } from '../../apiserver/server/fieldSelector';
import { applyPatch } from '../../apiserver/server/patch';

export interface RecordedAction {
  verb: ApiVerb;
  resource: string;
  namespace?: string;
  name?: string;
  /** a copy of the body for create/update/updateStatus */
  object?: KubeObject;
  propagationPolicy?: string;
  /** delete's gracePeriodSeconds, when given */
  gracePeriodSeconds?: number;
  /** update's subresource (`finalize`, `scale`) */
  subresource?: string;
  /** patch's type and body */
  patchType?: string;
  patch?: unknown;
}

interface Watcher {
  id: RequestId;
  resource: string;
  namespace?: string;
  /** the watch's selectors (an event is sent when its object matches; no ADDED/DELETED transitions) */
  matches?: (o: KubeObject) => boolean;
  done?: Continuation<'watch'>;
}

interface FailureRule {
  verb: ApiVerb;
  resource: string;
  status: Status;
  times: number;
}

const GROUP: Record<string, string> = { deployments: 'apps', replicasets: 'apps' };

function keyOf(namespace: string | undefined, name: string | undefined): string {
  return namespace ? `${namespace}/${name ?? ''}` : (name ?? '');
}

export class FakeApiServer implements ApiClient {
  private readonly objects = new Map<string, Map<string, KubeObject>>();
  private readonly history: { rev: number; resource: string; event: WatchEvent }[] = [];
  private readonly watchers = new Map<RequestId, Watcher>();
  private readonly answers: (() => void)[] = [];
  private readonly failures: FailureRule[] = [];
  private revision = 1;
  private nextRequestId = 1;
  private uidCounter = 0;
  readonly actions: RecordedAction[] = [];

  /** Put objects straight into storage (no action recorded), as a fixture's preload. */
  seed(resource: string, ...objs: KubeObject[]): void {
    for (const o of objs) {
      const obj = deepCopy(o);
      const meta = (obj.metadata ??= {});
      meta.uid ??= `uid-${meta.name ?? ++this.uidCounter}`;
      meta.resourceVersion = String(++this.revision);
      this.bucket(resource).set(keyOf(meta.namespace, meta.name), obj);
      this.history.push({ rev: this.revision, resource, event: { type: 'ADDED', object: deepCopy(obj) } });
    }
  }

  /** Every stored object of a resource, sorted by key. */
  all(resource: string): KubeObject[] {
    const b = this.bucket(resource);
    return [...b.keys()].sort().map((k) => deepCopy(b.get(k) as KubeObject));
  }

  find(resource: string, key: string): KubeObject | undefined {
    const o = this.bucket(resource).get(key);
    return o === undefined ? undefined : deepCopy(o);
  }

  /** The writes a controller made, without list/watch/get noise. */
  writes(): RecordedAction[] {
    return this.actions.filter((a) => a.verb !== 'list' && a.verb !== 'watch' && a.verb !== 'get');
  }

  clearActions(): void {
    this.actions.length = 0;
  }

  /** The next `times` requests of this verb on this resource fail with `status`. */
  failNext(verb: ApiVerb, resource: string, status: Status, times = 1): void {
    this.failures.push({ verb, resource, status, times });
  }

  /** Forget every failNext rule still pending: requests are served again. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /** End every open watch with 410 Gone, as the API server does when a watcher fell behind compaction. */
  expireWatches(): void {
    for (const w of [...this.watchers.values()]) {
      this.watchers.delete(w.id);
      const done = w.done;
      this.answers.push(() => done?.({ ok: true, value: { type: 'ERROR', status: statusError('Gone', 'too old resource version') } }));
    }
  }

  /** Forget history older than now: a watch from an older resourceVersion gets 410 Gone. */
  compact(): void {
    this.compactedRevision = this.revision;
  }
  private compactedRevision = 0;

  /** Deliver every pending answer (and the answers those continuations cause); returns how many. */
  flush(limit = 100000): number {
    let n = 0;
    while (this.answers.length > 0) {
      if (n++ >= limit) throw new Error('FakeApiServer.flush: answers never settle');
      (this.answers.shift() as () => void)();
    }
    return n;
  }

  get currentRevision(): number {
    return this.revision;
  }

  request<R extends ApiRequest>(req: R, done?: Continuation<R['verb']>): RequestId {
    const id = this.nextRequestId++;
    this.record(req);
    const reply = done as Continuation<ApiVerb> | undefined;
    if (req.verb === 'watch') {
      this.startWatch(id, req, reply as Continuation<'watch'> | undefined);
      return id;
    }
    const rule = this.failures.find((f) => f.verb === req.verb && f.resource === req.resource && f.times > 0);
    let result: ApiResult<ApiAnswers[ApiVerb]>;
    if (rule) {
      rule.times--;
      result = { ok: false, error: rule.status };
    } else result = this.serve(req);
    this.answers.push(() => reply?.(result));
    return id;
  }

  stop(id: RequestId): void {
    this.watchers.delete(id);
  }

  private record(req: ApiRequest): void {
    const a: RecordedAction = { verb: req.verb, resource: req.resource };
    if ('namespace' in req && req.namespace !== undefined) a.namespace = req.namespace;
    if ('name' in req) a.name = req.name;
    if ('body' in req) {
      a.object = deepCopy(req.body);
      a.name = req.body.metadata?.name;
    }
    if (req.verb === 'update' && req.subresource !== undefined) a.subresource = req.subresource;
    if (req.verb === 'delete' && req.propagationPolicy) a.propagationPolicy = req.propagationPolicy;
    if (req.verb === 'delete' && req.gracePeriodSeconds !== undefined) a.gracePeriodSeconds = req.gracePeriodSeconds;
    if (req.verb === 'patch') {
      a.patchType = req.patchType;
      a.patch = deepCopy(req.patch);
    }
    this.actions.push(a);
  }

  private bucket(resource: string): Map<string, KubeObject> {
    let b = this.objects.get(resource);
    if (!b) this.objects.set(resource, (b = new Map()));
    return b;
  }

  private qualified(resource: string): string {
    const g = GROUP[resource];
    return g ? `${resource}.${g}` : resource;
  }

  private serve(req: Exclude<ApiRequest, { verb: 'watch' }>): ApiResult<ApiAnswers[ApiVerb]> {
    const b = this.bucket(req.resource);
    switch (req.verb) {
      case 'get': {
        const o = b.get(keyOf(req.namespace, req.name));
        return o ? { ok: true, value: deepCopy(o) } : this.notFound(req.resource, req.name);
      }
      case 'list': {
        const selected = this.selector(req.resource, req.labelSelector, req.fieldSelector);
        if (!selected.ok) return selected;
        const items = this.all(req.resource).filter((o) => (req.namespace === undefined || o.metadata?.namespace === req.namespace) && selected.value(o));
        return { ok: true, value: { items, resourceVersion: String(this.revision) } };
      }
      case 'create': {
        if (req.resource === 'bindings') return this.bind(req.namespace, req.body);
        const obj = deepCopy(req.body);
        const meta = (obj.metadata ??= {});
        meta.namespace ??= req.namespace;
        const key = keyOf(meta.namespace, meta.name);
        if (b.has(key)) {
          return { ok: false, error: statusError('AlreadyExists', `${this.qualified(req.resource)} "${meta.name}" already exists`) };
        }
        meta.uid = `uid-${meta.name}-${++this.uidCounter}`;
        meta.generation = 1;
        this.store(req.resource, obj, 'ADDED');
        return { ok: true, value: deepCopy(obj) };
      }
      case 'update':
      case 'updateStatus': {
        const meta = req.body.metadata ?? {};
        const key = keyOf(meta.namespace ?? req.namespace, meta.name);
        const cur = b.get(key);
        if (!cur) return this.notFound(req.resource, meta.name);
        if (meta.resourceVersion !== undefined && meta.resourceVersion !== cur.metadata?.resourceVersion) {
          return {
            ok: false,
            error: statusError(
              'Conflict',
              `Operation cannot be fulfilled on ${this.qualified(req.resource)} "${meta.name}": the object has been modified; please apply your changes to the latest version and try again`,
            ),
          };
        }
        // The status subresource writes only status; the main resource never writes status.
        const next: KubeObject =
          req.verb === 'updateStatus'
            ? // like the deployment status strategy: status, and annotations (the revision rides along)
              { ...deepCopy(cur), status: deepCopy(req.body.status), metadata: { ...cur.metadata, annotations: deepCopy(req.body.metadata?.annotations) } }
            : req.subresource === 'finalize'
              ? // a Namespace's finalize subresource: the body's spec.finalizers, the stored everything else
                { ...deepCopy(cur), spec: { ...(cur.spec as object), finalizers: deepCopy((req.body.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []) } }
              : { ...deepCopy(req.body), status: deepCopy(cur.status) };
        next.metadata = { ...(next.metadata ?? {}), uid: cur.metadata?.uid, generation: cur.metadata?.generation };
        if (req.verb === 'update' && JSON.stringify(req.body.spec) !== JSON.stringify(cur.spec) && next.metadata) {
          next.metadata.generation = (cur.metadata?.generation ?? 0) + 1;
        }
        // a Namespace also waits for its spec.finalizers (ShouldDeleteNamespaceDuringUpdate)
        const specFinalizers = req.resource === 'namespaces' ? ((next.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []) : [];
        if (next.metadata?.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0 && specFinalizers.length === 0) {
          b.delete(key);
          this.revision++;
          this.emit(req.resource, { type: 'DELETED', object: deepCopy(next) });
          return { ok: true, value: next };
        }
        this.store(req.resource, next, 'MODIFIED');
        return { ok: true, value: deepCopy(next) };
      }
      case 'delete': {
        const key = keyOf(req.namespace, req.name);
        const cur = b.get(key);
        if (!cur) return this.notFound(req.resource, req.name);
        if (req.uid !== undefined && cur.metadata?.uid !== req.uid) {
          return { ok: false, error: statusError('Conflict', `Precondition failed: UID in precondition: ${req.uid}, UID in object meta: ${cur.metadata?.uid ?? ''}`) };
        }
        const finalizer = req.propagationPolicy === 'Foreground' ? 'foregroundDeletion' : req.propagationPolicy === 'Orphan' ? 'orphan' : undefined;
        const finalizers = [...(cur.metadata?.finalizers ?? [])];
        if (finalizer && !finalizers.includes(finalizer)) finalizers.push(finalizer);
        if (finalizers.length > 0) {
          const next = deepCopy(cur);
          next.metadata = { ...(next.metadata ?? {}), finalizers, deletionTimestamp: next.metadata?.deletionTimestamp ?? 'deleting' };
          this.store(req.resource, next, 'MODIFIED');
          return { ok: true, value: deepCopy(next) };
        }
        b.delete(key);
        this.revision++;
        this.emit(req.resource, { type: 'DELETED', object: deepCopy(cur) });
        return { ok: true, value: deepCopy(cur) };
      }
      case 'patch': {
        // the real server's patch functions on the stored JSON; no defaulting or validation here
        const cur = b.get(keyOf(req.namespace, req.name));
        if (!cur) return this.notFound(req.resource, req.name);
        const patched = applyPatch(deepCopy(cur), req);
        if (!patched.ok) return patched;
        const next: KubeObject =
          req.subresource === 'status' ? { ...deepCopy(cur), status: deepCopy(patched.value.status) } : { ...patched.value, status: deepCopy(cur.status) };
        next.metadata = { ...(next.metadata ?? {}), uid: cur.metadata?.uid, generation: cur.metadata?.generation };
        if (req.subresource !== 'status' && JSON.stringify(next.spec) !== JSON.stringify(cur.spec) && next.metadata) next.metadata.generation = (cur.metadata?.generation ?? 0) + 1;
        if (JSON.stringify(next) === JSON.stringify(cur)) return { ok: true, value: deepCopy(cur) };
        this.store(req.resource, next, 'MODIFIED');
        return { ok: true, value: deepCopy(next) };
      }
    }
  }

  /** The request's label and field selectors as one predicate (the real server's parsers and field tables). */
  private selector(resource: string, labelSelector: string | undefined, fieldSelector: string | undefined): { ok: true; value: (o: KubeObject) => boolean } | { ok: false; error: Status } {
    const labels = parseLabelSelector(labelSelector);
    if (!labels.ok) return { ok: false, error: statusError('BadRequest', labels.error) };
    const def = KINDS.find((k) => k.resource === resource);
    const fields = def === undefined ? undefined : parseFieldSelector(def, fieldSelector);
    if (fields !== undefined && !fields.ok) return { ok: false, error: statusError('BadRequest', fields.error) };
    return { ok: true, value: (o) => labels.matches(o.metadata?.labels) && (fields === undefined || fields.matches(o)) };
  }

  private notFound(resource: string, name: string | undefined): { ok: false; error: Status } {
    return { ok: false, error: statusError('NotFound', `${this.qualified(resource)} "${name ?? ''}" not found`) };
  }

  /** POST pods/<name>/binding: set spec.nodeName only if the Pod is still unbound (409 otherwise), as the API server does. */
  private bind(namespace: string, body: KubeObject): ApiResult<KubeObject> {
    const name = body.metadata?.name ?? '';
    const node = (body.target as { name?: string } | undefined)?.name ?? '';
    const cur = this.bucket('pods').get(keyOf(namespace, name));
    if (!cur) return this.notFound('pods', name);
    const bound = (cur.spec as { nodeName?: string } | undefined)?.nodeName;
    if (bound) return { ok: false, error: statusError('Conflict', `Operation cannot be fulfilled on pods/binding "${name}": pod ${name} is already assigned to node "${bound}"`) };
    const next = deepCopy(cur);
    next.spec = { ...(next.spec as object), nodeName: node };
    this.store('pods', next, 'MODIFIED');
    return { ok: true, value: { apiVersion: 'v1', kind: 'Status', status: 'Success', code: 201 } };
  }

  private store(resource: string, obj: KubeObject, type: 'ADDED' | 'MODIFIED'): void {
    const meta = (obj.metadata ??= {});
    meta.resourceVersion = String(++this.revision);
    this.bucket(resource).set(keyOf(meta.namespace, meta.name), deepCopy(obj));
    this.emit(resource, { type, object: deepCopy(obj) });
  }

  private emit(resource: string, event: WatchEvent): void {
    if (event.type !== 'ERROR' && event.type === 'DELETED') {
      event.object.metadata = { ...(event.object.metadata ?? {}), resourceVersion: String(this.revision) };
    }
    this.history.push({ rev: this.revision, resource, event });
    for (const w of [...this.watchers.values()].sort((a, b) => a.id - b.id)) {
      if (w.resource !== resource) continue;
      if (event.type !== 'ERROR' && w.namespace !== undefined && event.object.metadata?.namespace !== w.namespace) continue;
      if (event.type !== 'ERROR' && w.matches !== undefined && !w.matches(event.object)) continue;
      const done = w.done;
      this.answers.push(() => {
        if (this.watchers.has(w.id)) done?.({ ok: true, value: deepCopy(event) });
      });
    }
  }

  private startWatch(id: RequestId, req: Extract<ApiRequest, { verb: 'watch' }>, done?: Continuation<'watch'>): void {
    const from = Number(req.resourceVersion || '0');
    if (from < this.compactedRevision) {
      this.answers.push(() =>
        done?.({ ok: true, value: { type: 'ERROR', status: statusError('Gone', `too old resource version: ${from} (${this.compactedRevision})`) } }),
      );
      return;
    }
    const selected = this.selector(req.resource, req.labelSelector, req.fieldSelector);
    if (!selected.ok) {
      this.answers.push(() => done?.({ ok: false, error: selected.error }));
      return;
    }
    const matches = req.labelSelector || req.fieldSelector ? selected.value : undefined;
    this.watchers.set(id, { id, resource: req.resource, namespace: req.namespace, done, ...(matches ? { matches } : {}) });
    for (const h of this.history) {
      if (h.rev <= from || h.resource !== req.resource) continue;
      if (h.event.type !== 'ERROR' && req.namespace !== undefined && h.event.object.metadata?.namespace !== req.namespace) continue;
      if (h.event.type !== 'ERROR' && matches !== undefined && !matches(h.event.object)) continue;
      const ev = h.event;
      this.answers.push(() => {
        if (this.watchers.has(id)) done?.({ ok: true, value: deepCopy(ev) });
      });
    }
  }
}
