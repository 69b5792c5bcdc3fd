// The kube-apiserver process: the ONLY holder of an etcd client in a cluster (DESIGN.md
// §2). It answers `api-request` messages from every other process with `api-response`
// messages, serves watches from one watch cache per resource (each fed by one etcd
// watch on the resource's key prefix), and compacts etcd periodically as kube-apiserver
// does (--etcd-compaction-interval, default 5 minutes). Every request handled leaves a
// trace event naming the requester, verb, resource/name and the etcd revision, so the
// chain kubectl → apiserver → etcd → watch → controller can be reconstructed. Every request
// is authorized first (authorize.ts: the sender's address is its user; Node + RBAC).
import type { Envelope, Process, Prng } from '../../kernel';
import { freezeCached, statusError, type ApiRequestMessage, type ApiResponseMessage, type KubeObject, type WatchEvent } from '../../client';
import { KINDS, kindOfResource, type KindDefinition } from '../kinds';
import { authenticate, authorize, cacheAuthorizerView, type AuthorizerView } from './authorize';
import { decodeRequestBody } from './bodyLimit';
import { handleCreate } from './create';
import { handleDelete } from './delete';
import { EtcdConnection } from './etcdConnection';
import { fail, type Ctx, type HandlerEnv, type Reply } from './handlerEnv';
import { handleGet, handleList } from './read';
import { parseFieldSelector } from './fieldSelector';
import { parseLabelSelector } from './labelSelectorString';
import { handlePatch } from './patch';
import { badRequest } from './statuses';
import { DryRunStorage, Storage, prefixEnd } from './storage';
import { handleBind, handleUpdate } from './update';
import { traceRequest } from './requestTrace';
import { WatchCache, type CachedKv } from './watchCache';
import { WrittenObjects } from './writtenObjects';
import { handleGetScale, handlePatchScale, handleUpdateScale } from './scale';
import { handleNamespaceFinalize } from './namespaceRegistry';
import { watchFromEtcd, type EtcdClientWatch } from './etcdWatch';
import { ACCESS_REVIEWS, RULES_REVIEWS, handleAccessReview, handleRulesReview } from './accessReview';
import { handleNonResource } from './nonResource';
import { APISERVER_ADDRESS, isApiWire, type ClusterWire, type ServerRequest } from './wire';

export interface ApiServerConfig {
  address?: string;
  /** --etcd-servers, in order: the first is used until it fails */
  etcdEndpoints: readonly string[];
  /** ticks one etcd attempt may take before the next member is tried; default 300 (3 s) */
  attemptTimeoutTicks?: number;
  /** etcd attempts per request; default 2 × the endpoints */
  maxAttempts?: number;
  /** events each resource's watch cache keeps; default 1,000 */
  watchCacheCapacity?: number;
  /** --etcd-compaction-interval in ticks; default 30,000 (5 min); 0 disables compaction */
  compactionIntervalTicks?: number;
  /** etcd client keepalive in ticks; default 3,000 (30 s); 0 disables it */
  keepaliveTicks?: number;
}

interface ClientWatch {
  resource: string;
  /** the watch cache's id of the watcher; 0 for a watch served from etcd */
  watcherId: number;
  /** a watch of a resource with no watch cache, served from etcd (etcdWatch.ts) */
  direct?: EtcdClientWatch;
}

/**
 * Resources kube-apiserver keeps no watch cache for (pkg/kubeapiserver/
 * default_storage_factory_builder.go DefaultWatchCacheSizes: events → 0): their watches go
 * to etcd one by one, and their writes cost the API server no decoding.
 */
const UNCACHED_RESOURCES: ReadonlySet<string> = new Set(['events']);

/** What keeps being written in a converged cluster: heartbeats (Leases) and Events. */
const HEARTBEAT_RESOURCES: ReadonlySet<string> = new Set(['leases', 'events']);

export class KubeApiServer implements Process<ClusterWire> {
  readonly address: string;
  private readonly etcd: EtcdConnection;
  private readonly storage: Storage;
  /** what a dry-run request writes through: nothing reaches etcd */
  private readonly dryRunStorage: Storage;
  private caches = new Map<string, WatchCache>();
  /** the admission plugins' own random stream (the token volume's name, a lookup's retry interval), apart from the one that names and numbers objects */
  private admissionRng: Prng | undefined;
  /** what this server wrote, for its watch caches (writtenObjects.ts) */
  private readonly written = new WrittenObjects();
  /** what Service creates in flight have claimed from the allocators (create.ts withServiceAllocations) */
  private readonly serviceClaims = { ips: new Set<string>(), ports: new Set<number>() };
  private readonly clientWatches = new Map<string, ClientWatch>();
  /**
   * The tick of the last change etcd reported for an object other than a Lease or an Event
   * (heartbeats and what is said about changes, not changes): `sim settle` waits until
   * this has been quiet for a while, i.e. until the cluster has converged.
   */
  lastObjectChange = 0;
  /** requests being served, `from#requestId` (their connections break if the process dies) */
  private readonly inService = new Set<string>();
  /** watches that arrived before their cache finished its first list */
  private waiting: Array<{ from: string; msg: ApiRequestMessage }> = [];
  private nextWatcherId = 1;
  private compactCandidate = 0;
  /** the revision the API server last compacted etcd to */
  compactedRevision = 0;

  constructor(readonly config: ApiServerConfig) {
    this.address = config.address ?? APISERVER_ADDRESS;
    const endpoints = config.etcdEndpoints;
    this.etcd = new EtcdConnection({
      endpoints,
      attemptTimeoutTicks: config.attemptTimeoutTicks ?? 300,
      maxAttempts: config.maxAttempts ?? 2 * endpoints.length,
    });
    this.storage = new Storage(this.etcd);
    this.dryRunStorage = new DryRunStorage(this.etcd);
  }

  /** Start serving: build the watch caches and the compactor (also what a restart does). */
  start(ctx: Ctx): void {
    this.admissionRng ??= ctx.rng.child('admission');
    this.caches = new Map();
    for (const def of KINDS) {
      if (UNCACHED_RESOURCES.has(def.resource)) continue;
      const cache = new WatchCache(def, this.config.watchCacheCapacity ?? 1000, this.written);
      this.caches.set(def.resource, cache);
      this.fillCache(ctx, cache);
    }
    const interval = this.config.compactionIntervalTicks ?? 30_000;
    if (interval > 0) ctx.setTimer(interval, (c) => this.compact(c, interval), true);
    const keepalive = this.config.keepaliveTicks ?? 3_000;
    if (keepalive > 0) ctx.setTimer(keepalive, (c) => this.keepalive(c, keepalive), true);
  }

  /**
   * clientv3's keepalive (the API server dials etcd with a 30 s keepalive time): a member
   * that died while the API server was idle is noticed, and the watch streams move to
   * another member, even when no request comes.
   */
  private keepalive(ctx: Ctx, interval: number): void {
    ctx.setTimer(interval, (c) => this.keepalive(c, interval), true);
    this.etcd.call(ctx, { op: 'status' }, () => undefined);
  }

  /** The etcd member requests currently go to. */
  get etcdEndpoint(): string {
    return this.etcd.endpoint;
  }

  /** Whether every watch cache has finished its initial list. */
  get ready(): boolean {
    for (const c of this.caches.values()) if (!c.ready) return false;
    return this.caches.size > 0;
  }

  receive(env: Envelope<ClusterWire>, ctx: Ctx): void {
    const p = env.payload;
    if (!isApiWire(p)) {
      this.etcd.receive(p, ctx);
      return;
    }
    if (p.type === 'api-cancel') return this.cancelWatch(env.from, p.requestId);
    if (p.type === 'api-connection-closed') return this.closeConnections(env.from);
    if (p.type === 'api-request') {
      // A request number that still names one of our watches comes from a new connection
      // of a restarted client (its numbering began again): that old watch's connection is
      // gone, so its stream must not run on into the new request's answers.
      if (this.clientWatches.has(`${env.from}#${p.requestId}`)) this.cancelWatch(env.from, p.requestId);
      this.serve(ctx, env.from, p);
    }
  }

  /** Watches streaming to `address` (what a test or the UI reads to see a connection's watches). */
  watchesOf(address: string): number {
    let n = 0;
    for (const k of this.clientWatches.keys()) if (k.slice(0, k.lastIndexOf('#')) === address) n++;
    return n;
  }

  /**
   * The clients with a connection open on this server: a request in service, a watch
   * streaming or waiting for its cache. When the process dies, its host closes each of
   * these connections (cluster/default-topology.ts tells every one of them), sorted.
   */
  openConnections(): string[] {
    const from = (k: string) => k.slice(0, k.lastIndexOf('#'));
    const open = new Set<string>([...[...this.inService].map(from), ...[...this.clientWatches.keys()].map(from), ...this.waiting.map((w) => w.from)]);
    return [...open].sort();
  }

  /** The client's connections closed (its process died): every watch on them ends. */
  private closeConnections(from: string): void {
    for (const key of [...this.clientWatches.keys()].sort()) {
      const at = key.lastIndexOf('#');
      if (key.slice(0, at) === from) this.cancelWatch(from, Number(key.slice(at + 1)));
    }
  }

  /**
   * Killed: everything in memory is gone. The clients are not told from here — a dead
   * process says nothing — but by its host, which closes their connections (FIN/RST) as it
   * reclaims the sockets (cluster/default-topology.ts), and refuses any new one while the
   * server is down.
   */
  crash(): void {
    this.inService.clear();
    // the same connection object: its request numbers keep counting, so an answer still in
    // flight from before the crash can never be taken for a new request's
    this.etcd.reset();
    this.storage.reset();
    this.caches.clear();
    this.written.clear();
    this.serviceClaims.ips.clear();
    this.serviceClaims.ports.clear();
    this.clientWatches.clear();
    this.waiting = [];
  }

  /**
   * Back from a crash with empty watch caches, each filled again from etcd's current
   * revision: a client that re-watches from an older resourceVersion gets 410 Expired and
   * relists (watchCache.ts), as after a real API server restart.
   */
  restart(ctx: Ctx): void {
    this.start(ctx);
  }

  /**
   * What the impersonation and authorization filters would decide now of a request `from`
   * sends: nothing is sent, traced or changed. kubectl edit's editor opens only where
   * kubectl's own GET would be let through (cli/kubectl/run/edit-open.ts).
   */
  authorizes(from: string, impersonate: ApiRequestMessage['impersonate'], req: ServerRequest): boolean {
    const who = authenticate(from, impersonate, this.authorizerView);
    return who.ok && authorize(who.user, req, this.authorizerView).allowed;
  }

  hasPendingWork(): boolean {
    return this.etcd.inFlight > 0 || this.waiting.length > 0 || !this.ready;
  }

  /** HandlerEnv's reads of the watch caches: the same two functions for every request */
  private readonly cachedNamespace = (ns: string): Readonly<KubeObject> | undefined => this.caches.get('namespaces')?.peek(`/registry/namespaces/${ns}`);
  private readonly cachedKv = (resource: string, key: string): Readonly<CachedKv> | undefined => {
    const cache = this.caches.get(resource);
    return cache?.ready ? cache.getKv(key) : undefined;
  };

  private serve(ctx: Ctx, from: string, msg: ApiRequestMessage): void {
    let req = msg.request as ServerRequest;
    const name = 'name' in req ? req.name : 'body' in req ? req.body.metadata?.name : undefined;
    const connection = `${from}#${msg.requestId}`;
    if (req.verb !== 'watch') this.inService.add(connection);
    const reply: Reply = (result, revision) => {
      this.inService.delete(connection);
      // the Warning headers go out with the answer, a failure's too
      const warnings = env.warnings;
      const answer = warnings !== undefined && warnings.length > 0 ? { ...result, warnings } : result;
      // an answer the watch cache may share (env.answerShared) is read-only from here on
      if (env.answerShared && result.ok) freezeCached(result.value);
      const response: ApiResponseMessage = { type: 'api-response', requestId: msg.requestId, result: answer as ApiResponseMessage['result'] };
      ctx.send(from, response);
      const createdName = result.ok && req.verb === 'create' ? (result.value as { metadata?: { name?: string } }).metadata?.name : undefined;
      traceRequest(ctx, from, msg.requestId, req, createdName ?? name, result.ok ? (req.verb === 'create' ? 201 : 200) : result.error.code, revision);
    };
    const dryRun = 'dryRun' in req && req.dryRun === true;
    // one literal of one shape for every request (no conditional spreads on the hot path)
    const env: HandlerEnv = {
      ctx,
      storage: dryRun ? this.dryRunStorage : this.storage,
      dryRun,
      reply,
      written: UNCACHED_RESOURCES.has(req.resource) ? undefined : this.written,
      cachedNamespace: this.cachedNamespace,
      serviceClaims: this.serviceClaims,
      cachedKv: this.cachedKv,
      admissionRng: this.admissionRng,
      fieldValidation: 'fieldValidation' in req ? req.fieldValidation : undefined,
      warnings: [],
      answerShared: msg.answerShared === true,
    };
    const view = this.authorizerView;
    const who = authenticate(from, msg.impersonate, view);
    if (!who.ok) return fail(env, who.decision.status);
    if (req.verb === 'nonResource') return handleNonResource(env, who.user, req, view);
    const decision = authorize(who.user, req, view);
    if (!decision.allowed) return fail(env, decision.status);
    if ('body' in req) {
      const body = decodeRequestBody(req.body);
      if (!body.ok) return fail(env, body.status);
      req = { ...req, body: body.value as KubeObject };
    } else if (req.verb === 'patch') {
      const patch = decodeRequestBody(req.patch);
      if (!patch.ok) return fail(env, patch.status);
      req = { ...req, patch: patch.value as typeof req.patch };
    }
    if (req.resource === ACCESS_REVIEWS) return handleAccessReview(env, who.user, req.verb, 'body' in req ? req.body : undefined, view);
    if (req.resource === RULES_REVIEWS) return handleRulesReview(env, who.user, req.verb, 'body' in req ? req.body : undefined, view);
    switch (req.verb) {
      case 'get':
        if (req.subresource === 'scale') return handleGetScale(env, req.resource, req.namespace, req.name);
        return handleGet(env, req.resource, req.namespace, req.name);
      case 'list':
        return handleList(env, req.resource, req.namespace, req.labelSelector, req.fieldSelector);
      case 'create':
        if (req.resource === 'bindings' || req.resource === 'pods/binding') return this.bindFromBody(env, req.namespace, req.body);
        return handleCreate(env, req.resource, req.namespace, req.body);
      case 'update':
        if (req.subresource === 'scale') return handleUpdateScale(env, req.resource, req.namespace, req.body);
        if (req.subresource === 'finalize') {
          if (req.resource !== 'namespaces') return fail(env, statusError('NotFound', 'the server could not find the requested resource'));
          return handleNamespaceFinalize(env, req.body);
        }
        return handleUpdate(env, req.resource, req.namespace, req.body, false);
      case 'updateStatus':
        return handleUpdate(env, req.resource, req.namespace, req.body, true);
      case 'bind':
        return handleBind(env, req.namespace, req.name, req.nodeName);
      case 'patch':
        if (req.subresource === 'scale') return handlePatchScale(env, req);
        return handlePatch(env, req);
      case 'delete':
        return handleDelete(env, req.resource, req.namespace, req.name, {
          ...(req.propagationPolicy !== undefined ? { propagationPolicy: req.propagationPolicy } : {}),
          ...(req.uid !== undefined ? { uid: req.uid } : {}),
          ...(req.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: req.gracePeriodSeconds } : {}),
        });
      case 'watch':
        return this.startWatch(ctx, from, msg, reply);
    }
  }

  /** core/v1 Binding: {metadata: {name: <pod>}, target: {kind: Node, name: <node>}}. */
  private bindFromBody(env: HandlerEnv, namespace: string, body: unknown): void {
    const b = (typeof body === 'object' && body !== null ? body : {}) as { metadata?: { name?: unknown }; target?: { name?: unknown } };
    const pod = typeof b.metadata?.name === 'string' ? b.metadata.name : '';
    const node = typeof b.target?.name === 'string' ? b.target.name : '';
    if (pod === '') return fail(env, badRequest('metadata.name: Required value'));
    handleBind(env, namespace, pod, node);
  }

  private startWatch(ctx: Ctx, from: string, msg: ApiRequestMessage, reply: Reply): void {
    const req = msg.request;
    if (req.verb !== 'watch') return;
    const cache = this.caches.get(req.resource);
    if (cache === undefined) {
      const def = UNCACHED_RESOURCES.has(req.resource) ? kindOfResource(req.resource) : undefined;
      if (def !== undefined) return this.startEtcdWatch(ctx, from, msg, def);
      const env: HandlerEnv = { ctx, storage: this.storage, reply };
      return fail(env, badRequest(`the server could not find the requested resource (${req.resource})`));
    }
    if (!cache.ready) {
      this.waiting.push({ from, msg });
      return;
    }
    const selectors = this.watchSelectors(ctx, from, msg, cache.def, cache.revision);
    if (selectors === undefined) return;
    const { send, matches, fields } = selectors;
    const id = this.nextWatcherId++;
    this.clientWatches.set(`${from}#${msg.requestId}`, { resource: req.resource, watcherId: id });
    const triggerField = cache.triggerField;
    const trigger = triggerField !== undefined ? fields.exact.get(triggerField) : undefined;
    const error = cache.addWatcher(id, req.resourceVersion, { namespace: req.namespace, send, ...(matches ? { matches } : {}), ...(trigger !== undefined ? { trigger } : {}) });
    traceRequest(ctx, from, msg.requestId, req, undefined, error === undefined ? 200 : error.code, cache.revision);
    if (error !== undefined) send({ type: 'ERROR', status: error });
  }

  /** A watch of a resource without a watch cache: one etcd watch of its own (etcdWatch.ts). */
  private startEtcdWatch(ctx: Ctx, from: string, msg: ApiRequestMessage, def: KindDefinition): void {
    const req = msg.request;
    if (req.verb !== 'watch') return;
    const selectors = this.watchSelectors(ctx, from, msg, def, undefined);
    if (selectors === undefined) return;
    const { send, matches } = selectors;
    const direct = watchFromEtcd(ctx, this.etcd, this.storage, { def, resourceVersion: req.resourceVersion, namespace: def.namespaced ? req.namespace : undefined, send, ...(matches ? { matches } : {}) });
    const refused = 'code' in direct ? direct : undefined;
    traceRequest(ctx, from, msg.requestId, req, undefined, refused === undefined ? 200 : refused.code, undefined);
    if (refused !== undefined) return send({ type: 'ERROR', status: refused });
    this.clientWatches.set(`${from}#${msg.requestId}`, { resource: req.resource, watcherId: 0, direct: direct as EtcdClientWatch });
  }

  /**
   * A watch request's selectors, parsed, and the function that streams its events — or
   * undefined once a selector that does not parse has been answered with 400.
   */
  private watchSelectors(ctx: Ctx, from: string, msg: ApiRequestMessage, def: KindDefinition, revision: number | undefined) {
    const req = msg.request;
    if (req.verb !== 'watch') return undefined;
    const labels = parseLabelSelector(req.labelSelector);
    const fields = parseFieldSelector(def, req.fieldSelector);
    if (!labels.ok || !fields.ok) {
      traceRequest(ctx, from, msg.requestId, req, undefined, 400, revision);
      ctx.send(from, { type: 'api-response', requestId: msg.requestId, result: { ok: false, error: badRequest(!labels.ok ? labels.error : (fields as { error: string }).error) } });
      return undefined;
    }
    const filtered = req.labelSelector?.trim() || req.fieldSelector?.trim();
    const matches = filtered ? (o: KubeObject) => labels.matches(o.metadata?.labels) && fields.matches(o) : undefined;
    const key = `${from}#${msg.requestId}`;
    const send = (event: WatchEvent): void => {
      ctx.send(from, { type: 'api-response', requestId: msg.requestId, result: { ok: true, value: event } });
      if (event.type === 'ERROR') this.clientWatches.delete(key);
    };
    return { send, matches, fields };
  }

  /** What the authorizer reads: RBAC objects and Pods from the watch caches (its informers) — whichever caches are current. */
  private readonly authorizerView: AuthorizerView = cacheAuthorizerView((resource) => this.caches.get(resource));

  private cancelWatch(from: string, requestId: number): void {
    const key = `${from}#${requestId}`;
    const w = this.clientWatches.get(key);
    if (w === undefined) return;
    this.clientWatches.delete(key);
    if (w.direct !== undefined) w.direct.cancel();
    else this.caches.get(w.resource)?.removeWatcher(w.watcherId);
  }

  private fillCache(ctx: Ctx, cache: WatchCache): void {
    this.storage.list(ctx, cache.prefix, (r) => {
      if (this.caches.get(cache.def.resource) !== cache) return; // a crash replaced the caches
      if (!r.ok) return this.fillCache(ctx, cache); // etcd unreachable: keep trying, as the cacher's reflector does
      cache.initialize(r.value.kvs, r.value.revision);
      const stream = this.etcd.watch(
        ctx,
        { key: cache.prefix, range_end: prefixEnd(cache.prefix), prev_kv: true },
        () => cache.revision + 1,
        (resp) => {
          if (cache.apply(resp)) {
            if (resp.events.length > 0 && !HEARTBEAT_RESOURCES.has(cache.def.resource)) this.lastObjectChange = ctx.now;
            return;
          }
          // etcd canceled the stream (the resume revision was compacted): relist, and every
          // client watch of this resource ends with 410 Gone so its informer relists too
          this.etcd.cancelWatch(stream);
          cache.expireWatchers();
          this.fillCache(ctx, cache);
        },
      );
      this.releaseWaiting(ctx);
    });
  }

  private releaseWaiting(ctx: Ctx): void {
    const still: typeof this.waiting = [];
    for (const w of this.waiting) {
      const req = w.msg.request;
      if (req.verb === 'watch' && this.caches.get(req.resource)?.ready) this.serve(ctx, w.from, w.msg);
      else still.push(w);
    }
    this.waiting = still;
  }

  /**
   * compact.go: every interval, compact etcd to the revision seen at the previous interval,
   * so a watcher gets one interval to catch up. The watch caches forget the same history.
   */
  private compact(ctx: Ctx, interval: number): void {
    ctx.setTimer(interval, (c) => this.compact(c, interval), true);
    this.storage.get(ctx, 'compact_rev_key', (r) => {
      if (!r.ok) return;
      const target = this.compactCandidate;
      this.compactCandidate = r.value.revision;
      if (target <= this.compactedRevision) return;
      this.storage.compact(ctx, target, (c) => {
        if (!c.ok) return;
        this.compactedRevision = target;
        ctx.trace({ apiCompaction: { revision: target } });
        for (const cache of this.caches.values()) cache.compactTo(target);
      });
    });
  }
}
