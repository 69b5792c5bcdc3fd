// PUT and its subresources (registry/generic/registry/store.go Update over
// storage/etcd3 GuaranteedUpdate): read the stored object, refuse a stale
// metadata.resourceVersion with 409 Conflict, build the new object, and write it with a
// txn comparing mod_revision — a concurrent writer in between also gets the 409.
//   update       the main resource: status, uid, creationTimestamp and deletion fields
//                are kept from storage; generation bumps only when the spec changed.
//   updateStatus the status subresource: only .status is taken from the body.
//   bind         the binding subresource: spec.nodeName is set once, PodScheduled=True.
// Removing the last finalizer of an object that has a deletionTimestamp deletes it.
import type { KubeObject, Status } from '../../client';
import type { KeyValue } from '../../etcd/types';
import { canonicalJson } from '../../kernel';
import { admitForCreate, type KindDefinition } from '../kinds';
import { clone, definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { putWithEventLease, readRequestBody } from './create';
import { decodeKv, encodeObject } from './objectCodec';
import { alreadyBound, badRequest, conflict, notFound, statusWithCode } from './statuses';
import { timestampAt } from './clock';
import { awaitsKubelet } from './gracefulDeletion';
import { keepNodePorts } from './identity';
import { validateMetaUpdate } from './metaUpdate';

export type Mutation = (current: KubeObject, def: KindDefinition) => { ok: true; next: KubeObject } | { ok: false; error: Status };

/** Bounded, so that a pathological writer cannot keep one request busy forever. */
export const MAX_TXN_RETRIES = 16;

/** Read, check the resourceVersion, mutate, write with compare; the common shape of every update. */
export function guaranteedUpdate(
  env: HandlerEnv,
  def: KindDefinition,
  namespace: string | undefined,
  name: string,
  expectedRv: string | undefined,
  mutate: Mutation,
  /**
   * etcd3 store's GuaranteedUpdate loops when its txn loses a race: it reads the newer
   * object and tries again, so a write without a resourceVersion (a kubelet's status, a
   * patch) never fails because someone else wrote first; one WITH a stale resourceVersion
   * then fails the check above with 409.
   */
  retriesOnConflict = MAX_TXN_RETRIES,
): void {
  const key = keyOf(def, namespace, name);
  env.storage.get(env.ctx, key, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const kv = r.value.kv;
    if (kv === undefined) return fail(env, notFound(def, name), r.value.revision);
    if (expectedRv !== undefined && expectedRv !== '' && expectedRv !== String(kv.mod_revision)) return fail(env, conflict(def, name), r.value.revision);
    const current = decodeKv(kv);
    if (current === undefined) return fail(env, badRequest(`the stored object at ${key} is not JSON`), r.value.revision);
    // a second decode of the same bytes is the mutation's private copy (cheaper than a JSON round trip of `current`)
    const m = mutate(decodeKv(kv) as KubeObject, def);
    if (!m.ok) return fail(env, m.error, r.value.revision);
    const retry = retriesOnConflict > 0 ? () => guaranteedUpdate(env, def, namespace, name, expectedRv, mutate, retriesOnConflict - 1) : undefined;
    write(env, def, key, kv, current, m.next, retry);
  });
}

function write(env: HandlerEnv, def: KindDefinition, key: string, kv: KeyValue, current: KubeObject, next: KubeObject, retry: (() => void) | undefined): void {
  const nm = meta(next);
  const name = nm.name ?? '';
  if (nm.deletionTimestamp && (nm.finalizers ?? []).length === 0 && !awaitsKubelet(def, next)) {
    // the last finalizer is gone: the object's deletion completes now
    return env.storage.delete(env.ctx, key, kv.mod_revision, (r) => {
      if (!r.ok) return fail(env, storageFailure(r.error));
      if (!r.value.succeeded) return retry ? retry() : fail(env, conflict(def, name), r.value.revision);
      nm.resourceVersion = String(r.value.revision);
      succeed(env, next, r.value.revision);
    });
  }
  const value = encodeObject(next);
  if (value === encodeObject(current)) return succeed(env, current, kv.mod_revision); // a no-op update writes nothing
  const put = (lease: bigint): void =>
    env.storage.update(
      env.ctx,
      key,
      value,
      kv.mod_revision,
      (r) => {
        if (!r.ok) return fail(env, storageFailure(r.error));
        if (!r.value.succeeded) return retry ? retry() : fail(env, conflict(def, name), r.value.revision);
        nm.resourceVersion = String(r.value.revision);
        succeed(env, next, r.value.revision);
      },
      lease,
    );
  // An Event keeps expiring after an update (a repeat bumps its count): the events
  // registry's TTL applies on update too, so the write takes a fresh 1-hour lease — a put
  // without one would detach the key from its lease and keep it forever.
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
  let admittedBody: KubeObject | undefined;
  if (!statusOnly) {
    const admitted = admitForCreate(input as Record<string, unknown>);
    if (!admitted.ok) return fail(env, statusWithCode(admitted.reason, admitted.code, admitted.message));
    admittedBody = admitted.object as KubeObject;
  }
  guaranteedUpdate(env, def, ns, name, m.resourceVersion, (current) => {
    if (statusOnly) return { ok: true, next: statusStrategy(current, input) };
    const refused = validateMetaUpdate(def, current, admittedBody!);
    if (refused !== undefined) return { ok: false, error: refused };
    return { ok: true, next: updateStrategy(def, current, admittedBody!) };
  });
}

/**
 * PrepareForUpdate of the main resource (every kind's strategy.go): the identity and
 * deletion fields and the status come from storage, a Service keeps its clusterIP, and
 * generation bumps only when something outside metadata and status changed.
 */
export function updateStrategy(def: KindDefinition, current: KubeObject, next: KubeObject): KubeObject {
  const cm = meta(current);
  const nm = meta(next);
  for (const f of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const) {
    if (cm[f] === undefined) delete nm[f];
    else (nm as Record<string, unknown>)[f] = cm[f];
  }
  if (current.status === undefined) delete next.status;
  else next.status = current.status;
  if (def.resource === 'services') {
    keepClusterIP(current, next);
    keepNodePorts(current.spec as Parameters<typeof keepNodePorts>[0], (next.spec ??= {}) as Parameters<typeof keepNodePorts>[1]);
  }
  if (specOf(next) !== specOf(current)) nm.generation = (cm.generation ?? 0) + 1;
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
 * generation, the deletion fields) never changes here (rest.BeforeUpdate).
 */
export function statusStrategy(current: KubeObject, next: KubeObject): KubeObject {
  const out = clone(current);
  if (next.status === undefined) delete out.status;
  else out.status = clone(next.status);
  const from = next.metadata ?? {};
  const to = (out.metadata ??= {});
  const take = (field: 'labels' | 'annotations' | 'finalizers' | 'ownerReferences'): void => {
    const value = from[field];
    if (value === undefined) delete to[field];
    else (to as Record<string, unknown>)[field] = clone(value);
  };
  if (!STATUS_KEEPS_LABELS.has(current.kind ?? '')) take('labels');
  take('annotations');
  take('finalizers');
  if (current.kind !== 'Pod') take('ownerReferences');
  return out;
}

/** spec.clusterIP is immutable once allocated; an update that leaves it out keeps it. */
function keepClusterIP(current: KubeObject, next: KubeObject): void {
  const cur = current.spec as { clusterIP?: string; clusterIPs?: string[] } | undefined;
  const spec = (next.spec ??= {}) as { clusterIP?: string; clusterIPs?: string[] };
  if (cur?.clusterIP !== undefined && (spec.clusterIP === undefined || spec.clusterIP === '')) {
    spec.clusterIP = cur.clusterIP;
    spec.clusterIPs = cur.clusterIPs ?? [cur.clusterIP];
  }
}

/** pods/<name>/binding (pkg/registry/core/pod/storage BindingREST + assignPod). */
export function handleBind(env: HandlerEnv, namespace: string, podName: string, nodeName: string): void {
  const def = definitionOf('pods');
  if (!def.ok) return fail(env, def.error);
  if (nodeName === '') return fail(env, badRequest('spec.target.name: Required value'));
  guaranteedUpdate(env, def.def, namespace, podName, undefined, (pod) => {
    const spec = (pod.spec ??= {}) as { nodeName?: string };
    const pm = meta(pod);
    if (pm.deletionTimestamp) return { ok: false, error: conflictText(podName, `pod ${podName} is being deleted, cannot be assigned to a host`) };
    if (spec.nodeName !== undefined && spec.nodeName !== '') return { ok: false, error: alreadyBound(podName, spec.nodeName) };
    spec.nodeName = nodeName;
    const status = (pod.status ??= {}) as { conditions?: Array<Record<string, unknown>> };
    const conditions = (status.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    conditions.push({ type: 'PodScheduled', status: 'True', lastTransitionTime: timestampAt(env.ctx.now) });
    status.conditions = conditions;
    return { ok: true, next: pod };
  });
}

function conflictText(podName: string, text: string): ReturnType<typeof conflict> {
  const s = alreadyBound(podName, '');
  return { ...s, message: `Operation cannot be fulfilled on pods/binding "${podName}": ${text}` };
}
