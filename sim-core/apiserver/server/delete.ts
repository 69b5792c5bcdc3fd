// DELETE (registry/generic/registry/store.go Delete + deletionFinalizersForGarbageCollection):
// a Pod bound to a node is deleted gracefully (gracefulDeletion.ts: deletionTimestamp in the
// future, the key kept until its kubelet deletes it with grace 0); an object with
// finalizers is only marked — deletionTimestamp set, the key kept — until the last
// finalizer is removed by an update; anything else is removed from etcd at once.
// propagationPolicy is recorded the way the real one records it: Orphan adds the `orphan`
// finalizer, Foreground adds `foregroundDeletion` (the garbage collector acts on them);
// Background adds nothing.
import type { KubeObject, PropagationPolicy } from '../../client';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { decodeKv, encodeObject } from './objectCodec';
import { badRequest, conflict, notFound, uidPreconditionFailed } from './statuses';
import { timestampAt } from './clock';
import { beginGracefulDeletion } from './gracefulDeletion';
import { MAX_TXN_RETRIES } from './update';
import { handleNamespaceDelete } from './namespaceRegistry';

const POLICY_FINALIZER: Partial<Record<PropagationPolicy, string>> = { Orphan: 'orphan', Foreground: 'foregroundDeletion' };

export interface DeleteOptions {
  propagationPolicy?: PropagationPolicy;
  /** metav1.Preconditions.UID */
  uid?: string;
  gracePeriodSeconds?: number;
}

export function handleDelete(env: HandlerEnv, resource: string, namespace: string, name: string, options: DeleteOptions = {}): void {
  // a Namespace has its own REST.Delete (namespaceRegistry.ts), which ends in this one once its spec.finalizers are gone
  if (resource === 'namespaces') return handleNamespaceDelete(env, name, options, () => storeDelete(env, resource, namespace, name, options));
  storeDelete(env, resource, namespace, name, options);
}

/** The generic store's Delete. */
function storeDelete(env: HandlerEnv, resource: string, namespace: string, name: string, options: DeleteOptions, retries = MAX_TXN_RETRIES): void {
  const found = definitionOf(resource);
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  const { propagationPolicy: policy, uid, gracePeriodSeconds } = options;
  if (gracePeriodSeconds !== undefined && (!Number.isInteger(gracePeriodSeconds) || gracePeriodSeconds < 0)) {
    return fail(env, badRequest(`gracePeriodSeconds: Invalid value: ${gracePeriodSeconds}: must be a non-negative integer`));
  }
  const key = keyOf(def, namespace, name);
  env.storage.get(env.ctx, key, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const kv = r.value.kv;
    if (kv === undefined) return fail(env, notFound(def, name), r.value.revision);
    const obj = decodeKv(kv);
    if (obj === undefined) return fail(env, badRequest(`the stored object at ${key} is not JSON`), r.value.revision);
    const m = meta(obj);
    // etcd3 store's Delete: a txn that lost a race re-reads the object and decides again
    const retry = (revision: number): void =>
      retries > 0 ? storeDelete(env, resource, namespace, name, options, retries - 1) : fail(env, conflict(def, name), revision);
    if (uid !== undefined && uid !== m.uid) return fail(env, uidPreconditionFailed(def, name, uid, m.uid ?? ''), r.value.revision);
    const before = encodeObject(obj);
    const graceful = beginGracefulDeletion(def, obj, gracePeriodSeconds, env.ctx.now);
    const finalizers = [...(m.finalizers ?? [])];
    const extra = policy === undefined ? undefined : POLICY_FINALIZER[policy];
    if (extra !== undefined && !finalizers.includes(extra)) finalizers.push(extra);
    if (finalizers.length === 0 && !graceful) {
      return env.storage.delete(env.ctx, key, kv.mod_revision, (d) => {
        if (!d.ok) return fail(env, storageFailure(d.error));
        if (!d.value.succeeded) return retry(d.value.revision);
        m.resourceVersion = String(d.value.revision);
        succeed(env, obj, d.value.revision);
      });
    }
    const marked: KubeObject = obj;
    if (finalizers.length > 0) m.finalizers = finalizers;
    if (m.deletionTimestamp === undefined) {
      m.deletionTimestamp = timestampAt(env.ctx.now);
      m.deletionGracePeriodSeconds = 0;
      // rest.BeforeDelete: marking for deletion is a change controllers must observe
      if ((m.generation ?? 0) > 0) m.generation = (m.generation ?? 0) + 1;
    }
    const after = encodeObject(marked);
    if (after === before) return succeed(env, marked, kv.mod_revision); // already terminating: nothing to write
    env.storage.update(env.ctx, key, after, kv.mod_revision, (u) => {
      if (!u.ok) return fail(env, storageFailure(u.error));
      if (!u.value.succeeded) return retry(u.value.revision);
      m.resourceVersion = String(u.value.revision);
      succeed(env, marked, u.value.revision);
    });
  });
}
