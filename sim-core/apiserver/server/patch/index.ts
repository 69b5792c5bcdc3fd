// PATCH (k8s.io/apiserver endpoints/handlers/patch.go over store.go Update): read the
// stored object, apply the patch to its JSON (merge, strategic merge or JSON patch), and
// treat the result as an update — the same strategy (identity, status and deletion
// fields from storage, generation bumped on a spec change), the same defaulting,
// admission and validation (a 422 in the real text), the same txn comparing
// mod_revision. A patch that carries metadata.resourceVersion is a precondition (409
// Conflict when stale); one without is re-applied to the newer object if it loses a race
// (guaranteedUpdate's retry).
// A patch that changes nothing writes nothing (no new etcd revision).
// On the status subresource only .status is taken from the patched object.
import { deepCopy, type ApiRequest, type KubeObject, type Status } from '../../../client';
import { canonicalStatusQuantities } from '../../kinds';
import { definitionOf, fail, meta, type HandlerEnv } from '../handlerEnv';
import { badRequest, conflict, statusWithCode } from '../statuses';
import { guaranteedUpdate, statusStrategy, updateStrategy, type Mutation } from '../update';
import { withServiceNodePorts, type NodePortPool } from '../serviceUpdate';
import { admitUpdate } from '../admitUpdate';
import { applyJsonPatch } from './jsonPatch';
import { applyMergePatch, applyMergePatchShared, isPlainObject } from './mergePatch';
import { applyStrategicMergePatch } from './strategicMerge';

export { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS } from './jsonPatch';
export { applyMergePatch, isPlainObject } from './mergePatch';
export { applyStrategicMergePatch, listStrategy, retainsKeys } from './strategicMerge';
export { indexOf, keyValue, MergeKeyError, normalizeElementOrder, normalizeOrder, partition, type ElementKind } from './elementOrder';

type PatchRequest = Extract<ApiRequest, { verb: 'patch' }>;

type Patched = { ok: true; value: KubeObject } | { ok: false; error: Status };

/** The patch applied to the current object's JSON. */
export function applyPatch(current: KubeObject, req: Pick<PatchRequest, 'patchType' | 'patch'>): Patched {
  switch (req.patchType) {
    case 'application/json-patch+json': {
      const r = applyJsonPatch(current, req.patch);
      if (r.ok) return isPlainObject(r.value) ? { ok: true, value: r.value as KubeObject } : { ok: false, error: badRequest('the body of the request was in an unknown format') };
      if (r.stage === 'decode') return { ok: false, error: badRequest(r.error) };
      if (r.stage === 'tooLarge') return { ok: false, error: statusWithCode('RequestEntityTooLarge', 413, r.error) };
      // patch.go: errors.NewGenericServerResponse(422, …) — the text does not name the operation
      return { ok: false, error: statusWithCode('Invalid', 422, 'the server rejected our request due to an error in our request') };
    }
    case 'application/merge-patch+json': {
      if (!isPlainObject(req.patch)) return { ok: false, error: badRequest('the body of the request was in an unknown format') };
      return { ok: true, value: applyMergePatch(current, req.patch) as KubeObject };
    }
    case 'application/strategic-merge-patch+json': {
      if (!isPlainObject(req.patch)) return { ok: false, error: badRequest('the body of the request was in an unknown format') };
      const r = applyStrategicMergePatch(current.kind ?? '', current, req.patch);
      return r.ok ? { ok: true, value: r.value as KubeObject } : { ok: false, error: badRequest(r.error) };
    }
    default:
      return { ok: false, error: statusWithCode('UnsupportedMediaType', 415, `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json`) };
  }
}

/** The resourceVersion a merge or strategic patch names (a JSON patch's shows in its result). */
function preconditionOf(req: PatchRequest): string | undefined {
  if (!isPlainObject(req.patch)) return undefined;
  const m = req.patch.metadata;
  if (!isPlainObject(m)) return undefined;
  return typeof m.resourceVersion === 'string' && m.resourceVersion !== '' ? m.resourceVersion : undefined;
}

export function handlePatch(env: HandlerEnv, req: PatchRequest): void {
  const found = definitionOf(req.resource);
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  const namespace = def.namespaced ? req.namespace || 'default' : undefined;
  const precondition = preconditionOf(req);
  // applyPatch patches a copy and never changes its target, so the mutation reads the
  // stored object as it is and copies it only for a strategy that builds in `current`.
  // A merge patch of .status alone is merged without copying the stored object at all:
  // its result is written as it is (nothing changes it), sharing what it did not patch.
  const mutate = (pool: NodePortPool | undefined): Mutation => (stored) => {
    const currentRv = stored.metadata?.resourceVersion ?? '';
    const statusOnly = req.subresource === 'status' && onlyStatus(req, stored);
    const patched: Patched = statusOnly ? { ok: true, value: applyMergePatchShared(stored, req.patch) as KubeObject } : applyPatch(stored, req);
    if (!patched.ok) return patched;
    const obj = patched.value;
    const pm = meta(obj);
    // a JSON patch that rewrote metadata.resourceVersion is a precondition too
    if (pm.resourceVersion !== undefined && pm.resourceVersion !== '' && pm.resourceVersion !== currentRv) return { ok: false, error: conflict(def, req.name) };
    if (pm.name !== req.name) return { ok: false, error: badRequest(`the name of the object (${pm.name ?? ''}) does not match the name on the URL (${req.name})`) };
    if (def.namespaced && pm.namespace !== namespace) {
      return { ok: false, error: badRequest('the namespace of the provided object does not match the namespace sent on the request') };
    }
    if (statusOnly) return { ok: true, next: canonicalStatusQuantities(def, obj), shares: true };
    if (req.subresource === 'status') return { ok: true, next: statusStrategy(deepCopy(stored), canonicalStatusQuantities(def, obj)) };
    const admitted = admitUpdate(def, stored, obj, pool);
    if (!admitted.ok) return { ok: false, error: admitted.error };
    return { ok: true, next: updateStrategy(def, deepCopy(stored), admitted.object) };
  };
  const patch = (pool: NodePortPool | undefined) => {
    const m = mutate(pool);
    m.readsOnly = true;
    guaranteedUpdate(env, def, namespace, req.name, precondition, m);
  };
  if (req.subresource === 'status') patch(undefined);
  else withServiceNodePorts(env, def, namespace, req.name, patch);
}

/**
 * A merge patch of .status alone (at most naming the object's own uid in its metadata, as
 * the kubelet's status patches do): the patched object already is what the status
 * strategy would build from it — the stored object with the patched status, in the same
 * key order — so it is merged sharing the stored object's other members
 * (applyMergePatchShared) and written as it is.
 */
function onlyStatus(req: PatchRequest, current: KubeObject): boolean {
  if (req.patchType !== 'application/merge-patch+json' || !isPlainObject(req.patch)) return false;
  for (const k in req.patch) {
    if (k === 'status') continue;
    if (k !== 'metadata') return false;
    const m = req.patch.metadata;
    if (!isPlainObject(m)) return false;
    for (const f in m) if (f !== 'uid' || m.uid !== current.metadata?.uid) return false;
  }
  return true;
}
