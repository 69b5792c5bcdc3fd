// The scale subresource of Deployments and ReplicaSets (pkg/registry/apps/deployment and
// replicaset storage: ScaleREST), what `kubectl scale` and a HorizontalPodAutoscaler use.
// GET answers an autoscaling/v1 Scale made from the stored object (scaleFromDeployment:
// name, namespace, uid, resourceVersion and creationTimestamp; spec.replicas;
// status.replicas and the selector as a string). PUT and PATCH change that Scale
// (scaleUpdatedObjectInfo): the new Scale is validated, a uid it carries must be the
// object's, its resourceVersion becomes the object's — a precondition when it is not the
// stored one, none when it is empty — and its spec.replicas is written into the object,
// which then goes through the object's own update (validation, generation bump) in one
// GuaranteedUpdate. The answer is the Scale of what was written. Kinds without the
// subresource: 404, the server could not find the requested resource.
import { decodeKindRefusal } from './decodeKind';
import { deepCopy, statusError, type ApiRequest, type KubeObject, type Status } from '../../client';
import { decodeForCreate, invalidFieldError, selectorString, type KindDefinition, type LabelSelector } from '../kinds';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { decodeKv } from './objectCodec';
import { applyPatch } from './patch';
import { admissionStatus, badRequest, conflict, invalidObject, notFound } from './statuses';
import { guaranteedUpdate, updateStrategy, type Mutation } from './update';
import { validateMetaUpdate } from './metaUpdate';

/** The resources that serve `<resource>/scale` (StatefulSets are not simulated). */
export const SCALABLE_RESOURCES: ReadonlySet<string> = new Set(['deployments', 'replicasets']);

type ScaleTarget = KubeObject & { spec?: { replicas?: number; selector?: LabelSelector }; status?: { replicas?: number } };

/** The autoscaling/v1 Scale of a stored Deployment or ReplicaSet, in Go's field order (spec.replicas omitted when 0). */
export function scaleOf(obj: KubeObject): KubeObject {
  const o = obj as ScaleTarget;
  const m = o.metadata ?? {};
  const replicas = o.spec?.replicas ?? 0;
  const selector = selectorString(o.spec?.selector);
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: m.name,
      ...(m.namespace !== undefined ? { namespace: m.namespace } : {}),
      ...(m.uid !== undefined ? { uid: m.uid } : {}),
      ...(m.resourceVersion !== undefined ? { resourceVersion: m.resourceVersion } : {}),
      ...(m.creationTimestamp !== undefined ? { creationTimestamp: m.creationTimestamp } : {}),
    },
    spec: replicas !== 0 ? { replicas } : {},
    status: { replicas: o.status?.replicas ?? 0, ...(selector !== '' ? { selector } : {}) },
  };
}

function scalable(env: HandlerEnv, resource: string): KindDefinition | undefined {
  const found = definitionOf(resource);
  if (!found.ok) {
    fail(env, found.error);
    return undefined;
  }
  if (!SCALABLE_RESOURCES.has(resource)) {
    fail(env, statusError('NotFound', 'the server could not find the requested resource'));
    return undefined;
  }
  return found.def;
}

/** GET <resource>/<name>/scale. */
export function handleGetScale(env: HandlerEnv, resource: string, namespace: string, name: string): void {
  const def = scalable(env, resource);
  if (def === undefined) return;
  env.storage.get(env.ctx, keyOf(def, namespace, name), (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const obj = r.value.kv === undefined ? undefined : decodeKv(r.value.kv);
    if (obj === undefined) return fail(env, notFound(def, name), r.value.revision);
    succeed(env, scaleOf(obj), r.value.revision);
  });
}

/** A Scale's own checks (autoscaling validation ValidateScale), then the uid precondition. */
function checkScale(def: KindDefinition, stored: KubeObject, scale: KubeObject): Status | undefined {
  const replicas = (scale.spec as { replicas?: unknown } | undefined)?.replicas ?? 0;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas)) return badRequest(`unable to decode the Scale: spec.replicas: ${JSON.stringify(replicas)} is not an integer`);
  const name = stored.metadata?.name ?? '';
  if (replicas < 0) return invalidObject('Scale', 'autoscaling', name, [invalidFieldError('spec.replicas', replicas, 'must be greater than or equal to 0')]);
  const uid = scale.metadata?.uid;
  if (uid !== undefined && uid !== '' && uid !== stored.metadata?.uid) {
    return statusError('Conflict', `Operation cannot be fulfilled on ${def.resource}/scale.${def.group} "${name}": Precondition failed: UID in precondition: ${uid}, UID in object meta: ${stored.metadata?.uid ?? ''}`, { name, group: def.group, kind: `${def.resource}/scale` });
  }
  return undefined;
}

/**
 * The write both verbs share: `next` turns the stored object's Scale into the new one. Its
 * replicas go into a copy of the stored object, which is admitted and updated as a PUT of
 * the object would be; the reply is the Scale of the result.
 */
function updateThroughScale(env: HandlerEnv, def: KindDefinition, namespace: string, name: string, expectedRv: string | undefined, next: (old: KubeObject) => { ok: true; scale: KubeObject } | { ok: false; error: Status }): void {
  const scaled: HandlerEnv = { ...env, reply: (result, revision) => env.reply(result.ok ? { ok: true, value: scaleOf(result.value as KubeObject) } : result, revision) };
  const mutate: Mutation = (stored) => {
    const r = next(scaleOf(stored));
    if (!r.ok) return r;
    const refused = checkScale(def, stored, r.scale);
    if (refused !== undefined) return { ok: false, error: refused };
    // deployment.ResourceVersion = scale.ResourceVersion: a version other than the stored one is a stale precondition
    const rv = r.scale.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '' && rv !== stored.metadata?.resourceVersion) return { ok: false, error: conflict(def, name) };
    const obj = deepCopy(stored) as ScaleTarget;
    obj.spec = { ...(obj.spec ?? {}), replicas: ((r.scale.spec as { replicas?: number } | undefined)?.replicas ?? 0) };
    const decoded = decodeForCreate(obj as Record<string, unknown>);
    if (!decoded.ok) return { ok: false, error: admissionStatus(decoded, obj) };
    const scaledObject = decoded.object as KubeObject;
    const invalid = validateMetaUpdate(def, stored, scaledObject, def.validate(scaledObject as Record<string, unknown>));
    if (invalid !== undefined) return { ok: false, error: invalid };
    return { ok: true, next: updateStrategy(def, deepCopy(stored), scaledObject) };
  };
  mutate.readsOnly = true;
  guaranteedUpdate(scaled, def, namespace, name, expectedRv, mutate);
}

/** PUT <resource>/<name>/scale with an autoscaling/v1 Scale body. */
export function handleUpdateScale(env: HandlerEnv, resource: string, namespace: string, body: unknown): void {
  const def = scalable(env, resource);
  if (def === undefined) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(env, badRequest('the body of the request was in an unknown format'));
  const scale = body as KubeObject;
  // the body decodes to autoscaling/v1 Scale or is refused as the decoder refuses it
  const refused = decodeKindRefusal({ kind: 'Scale', group: 'autoscaling', apiVersion: 'autoscaling/v1' }, scale);
  if (refused !== undefined) return fail(env, refused);
  const name = meta(scale).name ?? '';
  if (name === '') return fail(env, badRequest('name is required'));
  const rv = scale.metadata?.resourceVersion;
  updateThroughScale(env, def, namespace, name, rv, () => ({ ok: true, scale }));
}

/** PATCH <resource>/<name>/scale: the patch applies to the Scale, not to the object. */
export function handlePatchScale(env: HandlerEnv, req: Extract<ApiRequest, { verb: 'patch' }>): void {
  const def = scalable(env, req.resource);
  if (def === undefined) return;
  updateThroughScale(env, def, req.namespace, req.name, undefined, (old) => {
    const patched = applyPatch(old, req);
    if (!patched.ok) return patched;
    const name = patched.value.metadata?.name;
    if (name !== req.name) return { ok: false, error: badRequest(`the name of the object (${name ?? ''}) does not match the name on the URL (${req.name})`) };
    return { ok: true, scale: patched.value };
  });
}

