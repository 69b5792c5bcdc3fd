// The update path of one object through the API server's pipeline, minus storage: what
// PATCH does to the patched object before it writes it (patch.go's applyPatch handing the
// result to store.go Update). A Service is prepared against the stored one first (an
// address or node port the update left out is the allocated one); then the kind's strict
// decode and defaulting, as on create; then its validation together with what only an
// update can get wrong (metaUpdate.ts: an immutable selector, a Pod's spec, a Service's
// cluster IP…), in one list as a strategy's ValidateUpdate reports them. The PATCH handler runs it inside GuaranteedUpdate; the lab editor runs it
// on what `kubectl apply` would make of a manifest of a live object, to list what the
// server would refuse before the learner applies it.
import type { KubeObject, Status } from '../../client';
import { decodeForCreate, type FieldError, type KindDefinition } from '../kinds';
import { updateFieldErrors } from './metaUpdate';
import { prepareServiceUpdate, type NodePortPool } from './serviceUpdate';
import { admissionStatus, badRequest, invalidObject } from './statuses';

/** `errors`: the field errors of a 422 Invalid refusal (empty for any other refusal) */
export type UpdateAdmission = { ok: true; object: KubeObject } | { ok: false; error: Status; errors: FieldError[] };

/**
 * `patched` (the stored object with the update applied: a copy the caller owns, prepared
 * in place) admitted as the new state of `stored`. Without a node port `pool` a Service
 * allocates nothing: what it left out is still the stored value, and what it would newly
 * allocate is not checked.
 */
export function admitUpdate(def: KindDefinition, stored: KubeObject, patched: KubeObject, pool: NodePortPool | undefined): UpdateAdmission {
  if (def.resource === 'services') {
    const refusal = prepareServiceUpdate(def, stored, patched, pool);
    if (refusal !== undefined) return { ok: false, ...refusal };
  }
  const decoded = decodeForCreate(patched as Record<string, unknown>);
  if (!decoded.ok) return { ok: false, error: admissionStatus(decoded, patched), errors: decoded.code === 422 ? decoded.errors : [] };
  if (decoded.kind.resource !== def.resource) {
    return { ok: false, error: badRequest(`the API version in the data (${decoded.kind.apiVersion}) does not match the expected kind for resource ${def.resource}`), errors: [] };
  }
  const object = decoded.object as KubeObject;
  // the kind's validation and the update's own rules, refused together as ValidateUpdate does
  const errors = updateFieldErrors(def, stored, object, decoded.kind.validate(object as Record<string, unknown>));
  if (errors.length > 0) return { ok: false, error: invalidObject(def.kind, def.group, stored.metadata?.name ?? '', errors), errors };
  return { ok: true, object };
}
