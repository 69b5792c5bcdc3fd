// DELETE (registry/generic/registry/store.go Delete + deletionFinalizersForGarbageCollection):
// an object with finalizers is only marked — deletionTimestamp set, the key kept — until
// the last finalizer is removed by an update; one without is removed from etcd at once.
// propagationPolicy is recorded the way the real one records it: Orphan adds the `orphan`
// finalizer, Foreground adds `foregroundDeletion` (the garbage collector acts on them);
// Background adds nothing.
import type { KubeObject, PropagationPolicy } from '../../client';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { decodeKv, encodeObject } from './objectCodec';
import { badRequest, conflict, notFound, uidPreconditionFailed } from './statuses';
import { timestampAt } from './clock';

const POLICY_FINALIZER: Partial<Record<PropagationPolicy, string>> = { Orphan: 'orphan', Foreground: 'foregroundDeletion' };

export function handleDelete(env: HandlerEnv, resource: string, namespace: string, name: string, policy: PropagationPolicy | undefined, uid: string | undefined): void {
  const found = definitionOf(resource);
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  const key = keyOf(def, namespace, name);
  env.storage.get(env.ctx, key, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const kv = r.value.kv;
    if (kv === undefined) return fail(env, notFound(def, name), r.value.revision);
    const obj = decodeKv(kv);
    if (obj === undefined) return fail(env, badRequest(`the stored object at ${key} is not JSON`), r.value.revision);
    const m = meta(obj);
    if (uid !== undefined && uid !== m.uid) return fail(env, uidPreconditionFailed(def, name, uid, m.uid ?? ''), r.value.revision);
    const finalizers = [...(m.finalizers ?? [])];
    const extra = policy === undefined ? undefined : POLICY_FINALIZER[policy];
    if (extra !== undefined && !finalizers.includes(extra)) finalizers.push(extra);
    if (finalizers.length === 0) {
      return env.storage.delete(env.ctx, key, kv.mod_revision, (d) => {
        if (!d.ok) return fail(env, storageFailure(d.error));
        if (!d.value.succeeded) return fail(env, conflict(def, name), d.value.revision);
        m.resourceVersion = String(d.value.revision);
        succeed(env, obj, d.value.revision);
      });
    }
    const before = encodeObject(obj);
    const marked: KubeObject = obj;
    m.finalizers = finalizers;
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
      if (!u.value.succeeded) return fail(env, conflict(def, name), u.value.revision);
      m.resourceVersion = String(u.value.revision);
      succeed(env, marked, u.value.revision);
    });
  });
}
