// PUT and its subresources (registry/generic/registry/store.go Update over
// storage/etcd3 GuaranteedUpdate): read the stored object, refuse a stale
// metadata.resourceVersion with 409 Conflict, build the new object, and write it with a
// txn comparing mod_revision — a concurrent writer in between also gets the 409.
//   update       the main resource: status, uid, creationTimestamp and deletion fields
//                are kept from storage; generation bumps only when the spec changed.
//   updateStatus the status subresource: only .status is taken from the body.
//   bind         the binding subresource: spec.nodeName is set once, PodScheduled=True.
// Removing the last finalizer of an object that has a deletionTimestamp deletes it (a
// Namespace's spec.finalizers count too: ShouldDeleteNamespaceDuringUpdate).
import { deepCopy, type KubeObject, type Status } from '../../client';
import type { KeyValue } from '../../etcd/types';
import { canonicalJson } from '../../kernel';
import { canonicalStatusQuantities, decodeForCreate, type KindDefinition } from '../kinds';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { putWithEventLease, readRequestBody } from './create';
import { decodeAt, encodeObject } from './objectCodec';
import type { WriteOutcome } from './storage';
import { alreadyBound, badRequest, conflict, notFound, admissionStatus } from './statuses';
import { timestampAt } from './clock';
import { shouldDeleteDuringUpdate } from './gracefulDeletion';
import { prepareServiceUpdate, withServiceNodePorts, type NodePortPool } from './serviceUpdate';
import { validateMetaUpdate } from './metaUpdate';

export type Mutation = ((current: KubeObject, def: KindDefinition) => Mutated) & {
  /**
   * The mutation never changes `current` and builds its result afresh (copying `current`
   * itself when it must change it): it may then be handed the watch cache's read-only
   * object instead of a copy made for it.
   */
  readsOnly?: boolean;
  /**
   * A storage-level GuaranteedUpdate (the namespace registry's first delete): the result is
   * written even when it has a deletionTimestamp and no finalizers — the store's
   * ShouldDeleteDuringUpdate is not asked.
   */
  keepsObject?: boolean;
};

/**
 * `shares`: `next` is a new object that shares members with the read-only `current` it was
 * handed (readsOnly), rather than owning all of itself. Nothing may change those members:
 * the write gives the watch cache `next` itself (it keeps objects read-only) and answers
 * the client with a copy, which is the one copy such an update makes — one fewer than
 * copying `current` first and then copying the result for the cache.
 */
export type Mutated = { ok: true; next: KubeObject; shares?: true } | { ok: false; error: Status };

/** Bounded, so that a pathological writer cannot keep one request busy forever. */
export const MAX_TXN_RETRIES = 16;

/**
 * Check the resourceVersion, mutate, write with compare: the common shape of every update
 * (storage/etcd3 store.go GuaranteedUpdate). The first try starts from the watch cache's
 * copy of the object when it has one (the cacher passes it as `cachedExistingObject`), so
 * an update costs etcd one txn, not a read and a txn. That copy may be stale: whenever it
 * leads to a refusal or to "nothing changed", the object is read from etcd and the update
 * tried again on the live data before anything is answered — and a txn that loses the
 * compare brings the key's current value back in its else branch.
 */
export function guaranteedUpdate(
  env: HandlerEnv,
  def: KindDefinition,
  namespace: string | undefined,
  name: string,
  expectedRv: string | undefined,
  mutate: Mutation,
  /**
   * etcd3 store's GuaranteedUpdate loops when its txn loses a race: it takes the newer
   * object and tries again, so a write without a resourceVersion (a kubelet's status, a
   * patch) never fails because someone else wrote first; one WITH a stale resourceVersion
   * then fails the check below with 409.
   */
  retriesOnConflict = MAX_TXN_RETRIES,
): void {
  const key = keyOf(def, namespace, name);
  const u: PendingUpdate = { env, def, key, name, expectedRv, mutate, retries: retriesOnConflict };
  const cached = env.cachedKv?.(def.resource, key);
  if (cached !== undefined) return tryUpdate(u, cached, false, cached.mod_revision);
  readCurrent(u);
}

interface PendingUpdate {
  env: HandlerEnv;
  def: KindDefinition;
  key: string;
  name: string;
  expectedRv: string | undefined;
  mutate: Mutation;
  /** txn attempts left after the current one */
  retries: number;
}

/** The stored bytes and their revision: from etcd, or from the watch cache (with its decoding of them). */
type StoredState = Pick<KeyValue, 'value' | 'mod_revision'> & { object?: Readonly<KubeObject> };

/** getCurrentState: a read from etcd, then a try on what it found. */
function readCurrent(u: PendingUpdate): void {
  u.env.storage.get(u.env.ctx, u.key, (r) => {
    if (!r.ok) return fail(u.env, storageFailure(r.error));
    const kv = r.value.kv;
    if (kv === undefined) return fail(u.env, notFound(u.def, u.name), r.value.revision);
    tryUpdate(u, kv, true, r.value.revision);
  });
}

/** One pass of GuaranteedUpdate's loop on `state`; `current` says it came from etcd just now. */
function tryUpdate(u: PendingUpdate, state: StoredState, current: boolean, revision: number): void {
  const { env, def, key, name, expectedRv } = u;
  // a refusal based on the cache's copy is not final: it is checked again on live data
  const refuse = (error: Status): void => (current ? fail(env, error, revision) : readCurrent(u));
  if (expectedRv !== undefined && expectedRv !== '' && expectedRv !== String(state.mod_revision)) return refuse(conflict(def, name));
  // the mutation's own copy of the stored object (a copy of the cache's decoding, when it
  // has one), or that decoding itself for a mutation that only reads it
  const working = state.object !== undefined ? (u.mutate.readsOnly === true ? (state.object as KubeObject) : deepCopy(state.object as KubeObject)) : decodeAt(state.value, state.mod_revision);
  if (working === undefined) return refuse(badRequest(`the stored object at ${key} is not JSON`));
  const m = u.mutate(working, def);
  if (!m.ok) return refuse(m.error);
  write(u, state, m.next, current, m.shares === true);
}

function write(u: PendingUpdate, state: StoredState, next: KubeObject, current: boolean, shares: boolean): void {
  const { env, def, key, name } = u;
  // a shared result's metadata is its own: the answer's resourceVersion is set in it
  if (shares) next.metadata = { ...next.metadata };
  const nm = meta(next);
  // the client's answer is its own object: a copy of a result that shares read-only members
  // — unless the client only reads it (env.answerShared), when `next` itself is the answer
  // and the watch cache's object too (remember hands it over: only metadata is copied, so
  // the resourceVersion set below is the answer's alone)
  const sharedAnswer = env.answerShared === true;
  const answer = (): KubeObject => (shares && !sharedAnswer ? deepCopy(next) : next);
  // the txn lost the compare: go again on the value its else branch read, while retries last
  const lost = (r: WriteOutcome): void => {
    if (u.retries <= 0) return fail(env, conflict(def, name), r.revision);
    u.retries--;
    if (r.current === undefined) return fail(env, notFound(def, name), r.revision);
    tryUpdate(u, r.current, true, r.revision);
  };
  if (u.mutate.keepsObject !== true && shouldDeleteDuringUpdate(def, next)) {
    // the last finalizer is gone: the object's deletion completes now
    return env.storage.delete(env.ctx, key, state.mod_revision, (r) => {
      if (!r.ok) return fail(env, storageFailure(r.error));
      if (!r.value.succeeded) return lost(r.value);
      nm.resourceVersion = String(r.value.revision);
      succeed(env, answer(), r.value.revision);
    });
  }
  // a shared result is read-only whatever becomes of the write (Mutated): its members' text may be kept
  const value = encodeObject(next, shares);
  if (value === state.value) {
    // a no-op update (the same bytes as stored) writes nothing — and answers with the live
    // object, never a cached one
    return current ? succeed(env, decodeAt(state.value, state.mod_revision), state.mod_revision) : readCurrent(u);
  }
  if (!env.dryRun) env.written?.remember(key, value, next, shares || sharedAnswer);
  const put = (lease: bigint): void =>
    env.storage.update(
      env.ctx,
      key,
      value,
      state.mod_revision,
      (r) => {
        if (!r.ok) return fail(env, storageFailure(r.error));
        if (!r.value.succeeded) return lost(r.value);
        nm.resourceVersion = String(r.value.revision);
        succeed(env, answer(), r.value.revision);
      },
      lease,
    );
  // An Event keeps expiring after an update (a repeat bumps its count): the events
  // registry's TTL applies on update too, so the write takes a lease — a put without one
  // would detach the key from its lease and keep it forever.
  putWithEventLease(env, def, put);
}

function specOf(obj: KubeObject): string {
  const { metadata: _m, status: _s, ...rest } = obj;
  return canonicalJson(rest);
}

export function handleUpdate(env: HandlerEnv, resource: string, namespace: string, body: unknown, statusOnly: boolean): void {
  const read = readRequestBody(env, resource, body);
  if (read === undefined) return;
  const { def, input } = read;
  const m = meta(input);
  const name = m.name ?? '';
  if (name === '') return fail(env, badRequest('name is required'));
  const ns = def.namespaced ? (m.namespace !== undefined && m.namespace !== '' ? m.namespace : namespace) : undefined;
  if (def.namespaced && namespace !== '' && ns !== namespace) {
    return fail(env, badRequest('the namespace of the provided object does not match the namespace sent on the request'));
  }
  if (def.namespaced) m.namespace = ns;
  // a Service is decoded once it is prepared against the stored one (prepareServiceUpdate);
  // everything else before it is read. Validation waits for the stored object either way:
  // ValidateUpdate reports the kind's validation and what the update may not change together.
  const againstStored = def.resource === 'services';
  let decodedBody: KubeObject | undefined;
  if (!statusOnly && !againstStored) {
    const decoded = decodeForCreate(input as Record<string, unknown>, env.fieldValidation);
    if (decoded.warnings !== undefined) env.warnings?.push(...decoded.warnings);
    if (!decoded.ok) return fail(env, admissionStatus(decoded, input));
    decodedBody = decoded.object as KubeObject;
  }
  const update = (pool: NodePortPool | undefined) => guaranteedUpdate(env, def, ns, name, m.resourceVersion, (current) => {
    if (statusOnly) return { ok: true, next: statusStrategy(current, canonicalStatusQuantities(def, input)) };
    let body = decodedBody;
    if (body === undefined) {
      const prepared = deepCopy(input as KubeObject);
      const refusal = prepareServiceUpdate(def, current, prepared, pool);
      if (refusal !== undefined) return { ok: false, error: refusal.error };
      const decoded = decodeForCreate(prepared as Record<string, unknown>, env.fieldValidation);
      // a retried mutation decodes again: its warnings are the last try's
      if (env.warnings !== undefined) env.warnings.splice(0, env.warnings.length, ...(decoded.warnings ?? []));
      if (!decoded.ok) return { ok: false, error: admissionStatus(decoded, prepared) };
      body = decoded.object as KubeObject;
    }
    const refused = validateMetaUpdate(def, current, body, def.validate(body as Record<string, unknown>));
    if (refused !== undefined) return { ok: false, error: refused };
    return { ok: true, next: updateStrategy(def, current, body) };
  });
  if (statusOnly) update(undefined);
  else withServiceNodePorts(env, def, ns, name, update);
}

/**
 * PrepareForUpdate of the main resource (every kind's strategy.go): the identity and
 * deletion fields and the status come from storage, a Service keeps its node ports, and
 * generation — in a kind that keeps one — bumps only when something outside metadata and
 * status changed.
 */
export function updateStrategy(def: KindDefinition, current: KubeObject, next: KubeObject, options: { keepSpecFinalizers?: boolean } = {}): KubeObject {
  const cm = meta(current);
  const nm = meta(next);
  // namespaceStrategy.PrepareForUpdate: spec.finalizers change only through the finalize
  // subresource (whose FinalizeStrategy passes keepSpecFinalizers: false)
  if (def.resource === 'namespaces' && options.keepSpecFinalizers !== false) {
    const finalizers = (current.spec as { finalizers?: string[] } | undefined)?.finalizers;
    const spec = { ...((next.spec ?? {}) as Record<string, unknown>) };
    if (finalizers === undefined) delete spec.finalizers;
    else spec.finalizers = finalizers;
    next.spec = spec;
  }
  // namespaceStrategy.Canonicalize (the finalize strategy inherits it): the label naming the
  // namespace is put back whatever the update did to it
  if (def.resource === 'namespaces' && nm.name !== undefined && nm.labels?.['kubernetes.io/metadata.name'] !== nm.name) {
    nm.labels = { ...(nm.labels ?? {}), 'kubernetes.io/metadata.name': nm.name };
  }
  for (const f of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const) {
    if (cm[f] === undefined) delete nm[f];
    else (nm as Record<string, unknown>)[f] = cm[f];
  }
  if (current.status === undefined) delete next.status;
  else next.status = current.status;
  if (def.tracksGeneration === true && specOf(next) !== specOf(current)) nm.generation = (cm.generation ?? 0) + 1;
  delete nm.resourceVersion;
  return next;
}

/** Kinds whose status strategy keeps the stored labels (pkg/registry/apps/*: `newX.Labels = oldX.Labels`). */
const STATUS_KEEPS_LABELS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet']);

/**
 * The status subresource (the kinds' status strategies' PrepareForUpdate in
 * k8s.io/kubernetes pkg/registry/…/strategy.go): the spec and every other field stay as
 * stored and .status comes from the body, and so does the user metadata — labels,
 * annotations, finalizers, ownerReferences. That is how the deployment controller's
 * `deployment.kubernetes.io/revision` annotation rides on its status write. Except what a
 * kind protects: Deployments and ReplicaSets keep their labels, Pods their
 * ownerReferences (old kubelets corrupted them). System metadata (uid, creationTimestamp,
 * generation, the deletion fields) never changes here (rest.BeforeUpdate). Both arguments
 * must be the caller's own objects: `current` becomes the result.
 */
export function statusStrategy(current: KubeObject, next: KubeObject): KubeObject {
  // both are the request's own objects (a fresh decode of what is stored, the decoded body
  // or the patched copy): the result is built in `current`, taking parts of `next`
  const out = current;
  if (next.status === undefined) delete out.status;
  else out.status = next.status;
  const from = next.metadata ?? {};
  const to = (out.metadata ??= {});
  const take = (field: 'labels' | 'annotations' | 'finalizers' | 'ownerReferences'): void => {
    const value = from[field];
    if (value === undefined) delete to[field];
    else (to as Record<string, unknown>)[field] = value;
  };
  if (!STATUS_KEEPS_LABELS.has(current.kind ?? '')) take('labels');
  take('annotations');
  take('finalizers');
  if (current.kind !== 'Pod') take('ownerReferences');
  return out;
}

/** pods/<name>/binding (pkg/registry/core/pod/storage BindingREST + assignPod). */
export function handleBind(env: HandlerEnv, namespace: string, podName: string, nodeName: string): void {
  const def = definitionOf('pods');
  if (!def.ok) return fail(env, def.error);
  if (nodeName === '') return fail(env, badRequest('spec.target.name: Required value'));
  // the bound Pod is built beside the stored one, sharing all but the members it sets
  const mutate: Mutation = (pod) => {
    const spec = (pod.spec ?? {}) as { nodeName?: string };
    if (pod.metadata?.deletionTimestamp) return { ok: false, error: conflictText(podName, `pod ${podName} is being deleted, cannot be assigned to a host`) };
    if (spec.nodeName !== undefined && spec.nodeName !== '') return { ok: false, error: alreadyBound(podName, spec.nodeName) };
    const status = (pod.status ?? {}) as { conditions?: Array<Record<string, unknown>> };
    const conditions = (status.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    conditions.push({ type: 'PodScheduled', status: 'True', lastTransitionTime: timestampAt(env.ctx.now) });
    return { ok: true, next: { ...pod, metadata: { ...pod.metadata }, spec: { ...spec, nodeName }, status: { ...status, conditions } }, shares: true };
  };
  mutate.readsOnly = true;
  guaranteedUpdate(env, def.def, namespace, podName, undefined, mutate);
}

function conflictText(podName: string, text: string): ReturnType<typeof conflict> {
  const s = alreadyBound(podName, '');
  return { ...s, message: `Operation cannot be fulfilled on pods/binding "${podName}": ${text}` };
}
