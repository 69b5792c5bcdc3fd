// POST: the create path (k8s.io/apiserver endpoints/handlers/create.go, then
// registry/generic/registry/store.go Create): namespace from the request → strict decode
// and defaulting (decodeForCreate) → the mutating admission plugins: NamespaceLifecycle,
// then for a Pod ServiceAccount → generateName → validation (validateDecoded) → uid,
// creationTimestamp, generation 1 (kinds that keep one)
// → a Service's cluster IP and node ports (ipallocator, portallocator)
// → a txn that stores the JSON only if the key does not exist (create_revision == 0).
// Events get a one-hour etcd lease (kube-apiserver --event-ttl=1h), so etcd removes them.
import type { KubeObject } from '../../client';
import { decodeForCreate, EVENT_TTL_SECONDS, validateDecoded, type KindDefinition } from '../kinds';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { clusterIPsInUse, newUid, nodePortsInUse, randomSuffix } from './identity';
import { decodeKindRefusal } from './decodeKind';
import { decodeKv, encodeObject } from './objectCodec';
import { admitServiceAccount } from './serviceAccountAdmission';
import { allocateServiceCreate, prepareServiceCreate } from './serviceCreate';
import { alreadyExists, badRequest, namespaceNotFound, namespaceTerminating, admissionStatus } from './statuses';
import { timestampAt } from './clock';

/**
 * What create and update first do with a request: find the resource's kind, check that
 * the body (already the request's own copy: decodeRequestBody) is a JSON object and that
 * its kind decodes to the resource's (decodeKind.ts) — or answer the request with the error.
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
  const refused = decodeKindRefusal(found.def, body as KubeObject);
  if (refused !== undefined) {
    fail(env, refused);
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
  const decoded = decodeForCreate(input as Record<string, unknown>, env.fieldValidation);
  if (!decoded.ok) return fail(env, admissionStatus(decoded, input));
  if (decoded.warnings !== undefined) env.warnings?.push(...decoded.warnings);
  const obj = decoded.object as KubeObject;
  if (!def.namespaced || def.resource === 'namespaces') return createAdmitted(env, def, obj);
  // the mutating admission plugins, in kube-apiserver's order, see the object before it is
  // named or validated. NamespaceLifecycle (apiserver/pkg/admission/plugin/namespace/
  // lifecycle) reads the namespace from the informer cache, with a live read from etcd when
  // the cache does not have it yet
  const name = admissionName(obj);
  const ns = meta(obj).namespace ?? '';
  const admitIn = (nsObj: KubeObject | undefined, revision?: number): void => {
    if (nsObj === undefined) return fail(env, namespaceNotFound(ns), revision);
    if (nsObj.metadata?.deletionTimestamp) return fail(env, namespaceTerminating(def, name, ns), revision);
    if (def.resource === 'pods') return admitServiceAccount(env, def, obj, name, () => createAdmitted(env, def, obj));
    createAdmitted(env, def, obj);
  };
  const cached = env.cachedNamespace?.(ns);
  if (cached !== undefined) return admitIn(cached);
  env.storage.get(env.ctx, `/registry/namespaces/${ns}`, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    admitIn(r.value.kv === undefined ? undefined : decodeKv(r.value.kv), r.value.revision);
  });
}

/**
 * The name admission knows an object by (admission.NewForbidden's extractResourceName): a
 * generateName'd object's prefix, as no name is generated yet, and `Unknown` for one with
 * neither.
 */
function admissionName(obj: KubeObject): string {
  const m = meta(obj);
  if (m.name !== undefined && m.name !== '') return m.name;
  return m.generateName !== undefined && m.generateName !== '' ? m.generateName : 'Unknown';
}

/**
 * The registry's Create on an admitted object (registry/generic/registry/store.go): the
 * name generated from generateName, validation (rest.BeforeCreate; 422 Invalid), then the
 * system fields, a Service's allocations and the write.
 */
function createAdmitted(env: HandlerEnv, def: KindDefinition, obj: KubeObject): void {
  const m = meta(obj);
  if ((m.name === undefined || m.name === '') && typeof m.generateName === 'string' && m.generateName !== '') {
    m.name = m.generateName + randomSuffix(env.ctx.rng);
  }
  const valid = validateDecoded(def, obj as Record<string, unknown>);
  if (!valid.ok) return fail(env, admissionStatus(valid, obj));
  stampNewObject(env, def, obj);
  if (def.resource === 'services') return withServiceAllocations(env, def, obj);
  store(env, def, obj);
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
  if (def.resource === 'namespaces') {
    // the immutable label the API server puts on every namespace (KEP-2161)
    m.labels = { 'kubernetes.io/metadata.name': m.name ?? '', ...(m.labels ?? {}) };
  }
}

/**
 * A Service's allocations before it is stored (serviceCreate.ts). The real allocators keep
 * bitmaps in etcd (/registry/ranges/serviceips, /registry/ranges/servicenodeports) and
 * claim from them with a compare-and-swap; here what is in use is read from the stored
 * Services, which hold the same information, plus what this API server's creates in
 * flight have claimed (`env.serviceClaims`) until etcd answers them.
 */
function withServiceAllocations(env: HandlerEnv, def: KindDefinition, obj: KubeObject): void {
  const prepared = prepareServiceCreate(def, obj);
  if (prepared.refusal !== undefined) return fail(env, prepared.refusal.error);
  if (!prepared.allocates) return store(env, def, obj);
  const claims = env.serviceClaims ?? { ips: new Set<string>(), ports: new Set<number>() };
  env.storage.list(env.ctx, `${def.etcdPrefix}/`, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const services = r.value.kvs.map((kv) => decodeKv(kv) ?? {});
    const usedIPs = clusterIPsInUse(services);
    for (const ip of claims.ips) usedIPs.add(ip);
    const usedPorts = nodePortsInUse(services);
    for (const p of claims.ports) usedPorts.add(p);
    const before = new Set(usedPorts);
    const allocated = allocateServiceCreate(def, obj, env.ctx.rng, usedIPs, usedPorts);
    if (!allocated.ok) return fail(env, allocated.error, r.value.revision);
    // claimed until etcd answers the create: a concurrent create sees them taken
    const claimedIP = allocated.claimedIP;
    const claimedPorts = [...usedPorts].filter((p) => !before.has(p));
    if (claimedIP !== undefined) claims.ips.add(claimedIP);
    for (const p of claimedPorts) claims.ports.add(p);
    store(env, def, obj, () => {
      if (claimedIP !== undefined) claims.ips.delete(claimedIP);
      for (const p of claimedPorts) claims.ports.delete(p);
    });
  });
}

/** `settled`: called once etcd has answered the create, whatever it answered. */
function store(env: HandlerEnv, def: KindDefinition, obj: KubeObject, settled?: () => void): void {
  const m = meta(obj);
  const key = keyOf(def, m.namespace, m.name ?? '');
  const value = encodeObject(obj);
  // a client that only reads the answer shares `obj` with the watch cache (HandlerEnv.answerShared)
  if (!env.dryRun) env.written?.remember(key, value, obj, env.answerShared === true);
  const put = (lease: bigint): void =>
    env.storage.create(env.ctx, key, value, lease, (r) => {
      settled?.();
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
