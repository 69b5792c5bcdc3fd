// POST: the create path (k8s.io/apiserver registry/generic/registry/store.go Create):
// namespace from the request → generateName → strict decode, defaulting, admission and
// validation (admitForCreate) → NamespaceLifecycle → uid, creationTimestamp, generation 1 (kinds that keep one)
// → a NodePort/LoadBalancer Service's node ports (portallocator)
// → a txn that stores the JSON only if the key does not exist (create_revision == 0).
// Events get a one-hour etcd lease (kube-apiserver --event-ttl=1h), so etcd removes them.
import type { KubeObject } from '../../client';
import { admitForCreate, badValueOf, EVENT_TTL_SECONDS, formatInvalid, invalidFieldError, type FieldError, type KindDefinition } from '../kinds';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { allocateClusterIP, allocateNodePorts, clusterIPsInUse, needsNodePorts, newUid, nodePortsInUse, randomSuffix, requestedClusterIPRefusal } from './identity';
import { decodeKv, encodeObject } from './objectCodec';
import { alreadyExists, badRequest, namespaceNotFound, namespaceTerminating, statusWithCode } from './statuses';
import { timestampAt } from './clock';

/**
 * What create and update first do with a request: find the resource's kind and check
 * that the body (already the request's own copy: decodeRequestBody) is a JSON object —
 * or answer the request with the error.
 */
export function readRequestBody(env: HandlerEnv, resource: string, body: unknown): { def: KindDefinition; input: KubeObject } | undefined {
  const found = definitionOf(resource);
  if (!found.ok) {
    fail(env, found.error);
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail(env, badRequest('the body of the request was in an unknown format'));
    return undefined;
  }
  return { def: found.def, input: body as KubeObject };
}

export function handleCreate(env: HandlerEnv, resource: string, namespace: string, body: unknown): void {
  const read = readRequestBody(env, resource, body);
  if (read === undefined) return;
  const { def, input } = read;
  const m = meta(input);
  if (def.namespaced) {
    if (m.namespace === undefined || m.namespace === '') m.namespace = namespace === '' ? 'default' : namespace;
    else if (namespace !== '' && m.namespace !== namespace) {
      return fail(env, badRequest('the namespace of the provided object does not match the namespace sent on the request'));
    }
  } else delete m.namespace;
  if ((m.name === undefined || m.name === '') && typeof m.generateName === 'string' && m.generateName !== '') {
    m.name = m.generateName + randomSuffix(env.ctx.rng);
  }
  const admitted = admitForCreate(input as Record<string, unknown>);
  if (!admitted.ok) {
    return fail(env, statusWithCode(admitted.reason, admitted.code, admitted.message));
  }
  if (admitted.kind.resource !== def.resource) {
    return fail(env, badRequest(`the API version in the data (${admitted.kind.apiVersion}) does not match the expected kind for resource ${resource}`));
  }
  const obj = admitted.object as KubeObject;
  // a clusterIP the Service names itself, which the allocator must grant (checked once the namespace admits it)
  const requestedIP = def.resource === 'services' ? requestedClusterIP(obj) : undefined;
  stampNewObject(env, def, obj);
  if (!def.namespaced || def.resource === 'namespaces') return store(env, def, obj);
  // NamespaceLifecycle admission (plugin/pkg/admission/namespace/lifecycle): the namespace
  // from the informer cache, with a live read from etcd when the cache does not have it yet
  const ns = meta(obj).namespace ?? '';
  const admitIn = (nsObj: KubeObject | undefined, revision?: number): void => {
    if (nsObj === undefined) return fail(env, namespaceNotFound(ns), revision);
    if (nsObj.metadata?.deletionTimestamp) return fail(env, namespaceTerminating(def, meta(obj).name ?? '', ns), revision);
    if (def.resource === 'services') return withServiceAllocations(env, def, obj, requestedIP);
    store(env, def, obj);
  };
  const cached = env.cachedNamespace?.(ns);
  if (cached !== undefined) return admitIn(cached);
  env.storage.get(env.ctx, `/registry/namespaces/${ns}`, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    admitIn(r.value.kv === undefined ? undefined : decodeKv(r.value.kv), r.value.revision);
  });
}

function stampNewObject(env: HandlerEnv, def: KindDefinition, obj: KubeObject): void {
  const m = meta(obj);
  m.uid = newUid(env.ctx.rng);
  m.creationTimestamp = timestampAt(env.ctx.now);
  // only kinds whose strategy tracks it have a generation (registry PrepareForCreate)
  if (def.tracksGeneration === true) m.generation = 1;
  else delete m.generation;
  delete m.resourceVersion;
  delete m.deletionTimestamp;
  delete m.deletionGracePeriodSeconds;
  if (def.resource === 'services') {
    const spec = (obj.spec ??= {}) as { type?: string; clusterIP?: string; clusterIPs?: string[] };
    // an address no cached Service holds (the allocator's bitmap; undefined when the range is full)
    if (spec.type !== 'ExternalName' && (spec.clusterIP === undefined || spec.clusterIP === '')) spec.clusterIP = allocateClusterIP(env.ctx.rng, env.serviceIPsInUse?.());
    // normalizeClusterIPs: no clusterIPs (or an empty list) means the one clusterIP
    if (spec.clusterIP !== undefined && spec.clusterIP !== '' && (spec.clusterIPs === undefined || spec.clusterIPs.length === 0)) spec.clusterIPs = [spec.clusterIP];
  }
  if (def.resource === 'namespaces') {
    // the immutable label the API server puts on every namespace (KEP-2161)
    m.labels = { 'kubernetes.io/metadata.name': m.name ?? '', ...(m.labels ?? {}) };
  }
}

function requestedClusterIP(obj: KubeObject): string | undefined {
  const ip = (obj.spec as { clusterIP?: unknown } | undefined)?.clusterIP;
  return typeof ip === 'string' && ip !== '' && ip !== 'None' ? ip : undefined;
}

/**
 * A Service's allocations before it is stored (the service REST's allocateCreate): the
 * clusterIP it asks for must be in the service CIDR and free, and a NodePort or
 * LoadBalancer Service takes its node ports. The real allocators keep bitmaps in etcd
 * (/registry/ranges/serviceips, /registry/ranges/servicenodeports); here what is in use is
 * read from the stored Services, which hold the same information.
 */
function withServiceAllocations(env: HandlerEnv, def: KindDefinition, obj: KubeObject, requestedIP: string | undefined): void {
  const spec = (obj.spec ?? {}) as Parameters<typeof allocateNodePorts>[1] & { type?: string; clusterIP?: string; clusterIPs?: string[] };
  if (spec.type !== 'ExternalName' && spec.clusterIP === undefined) {
    return fail(env, statusWithCode('InternalError', 500, 'Internal error occurred: failed to allocate a serviceIP: range is full'));
  }
  const ports = needsNodePorts(spec);
  if (!ports && requestedIP === undefined) return store(env, def, obj);
  const name = meta(obj).name ?? '';
  env.storage.list(env.ctx, `${def.etcdPrefix}/`, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const services = r.value.kvs.map((kv) => decodeKv(kv) ?? {});
    const ipRefusal = requestedIP === undefined ? undefined : requestedClusterIPRefusal(requestedIP, clusterIPsInUse(services));
    if (ipRefusal !== undefined) {
      const err: FieldError = { type: 'Invalid value', field: 'spec.clusterIPs', badValue: badValueOf(spec.clusterIPs ?? []), detail: `failed to allocate IP ${requestedIP}: ${ipRefusal}` };
      return fail(env, statusWithCode('Invalid', 422, formatInvalid(def.kind, name, [err])), r.value.revision);
    }
    const refused = ports ? allocateNodePorts(env.ctx.rng, spec, nodePortsInUse(services)) : undefined;
    if (refused) {
      const message = formatInvalid(def.kind, name, [invalidFieldError(refused.field, refused.port, refused.detail)]);
      return fail(env, statusWithCode('Invalid', 422, message), r.value.revision);
    }
    store(env, def, obj);
  });
}

function store(env: HandlerEnv, def: KindDefinition, obj: KubeObject): void {
  const m = meta(obj);
  const key = keyOf(def, m.namespace, m.name ?? '');
  const value = encodeObject(obj);
  if (!env.dryRun) env.written?.remember(key, value, obj);
  const put = (lease: bigint): void =>
    env.storage.create(env.ctx, key, value, lease, (r) => {
      if (!r.ok) return fail(env, storageFailure(r.error));
      if (!r.value.succeeded) return fail(env, alreadyExists(def, m.name ?? ''), r.value.revision);
      // dryrun.go: a dry-run create answers with the object as it would be stored, unversioned
      if (!env.dryRun) m.resourceVersion = String(r.value.revision);
      succeed(env, obj, r.value.revision);
    });
  putWithEventLease(env, def, put);
}

/**
 * Runs a write with no lease (0n), or for an Event with a lease of EVENT_TTL_SECONDS
 * (kube-apiserver --event-ttl=1h) from the lease manager, so etcd removes the Event when
 * it runs out. Create and update both go through here.
 */
export function putWithEventLease(env: HandlerEnv, def: KindDefinition, put: (lease: bigint) => void): void {
  if (def.resource !== 'events') return put(0n);
  env.storage.ttlLease(env.ctx, EVENT_TTL_SECONDS, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    put(r.value);
  });
}
