// The namespace registry's own rules (kubernetes/kubernetes pkg/registry/core/namespace/
// storage/storage.go and strategy.go, Kubernetes 1.32):
//   DELETE    the first delete only marks the namespace — deletionTimestamp now and
//             status.phase Terminating, written with a storage-level GuaranteedUpdate (so
//             nothing deletes it during that write) — and answers with it; while
//             spec.finalizers is not empty a later delete answers with the namespace as it
//             is, writing nothing (since Kubernetes 1.17, kubernetes/kubernetes#84122; it
//             used to be 409 "The system is ensuring all content is removed from this
//             namespace."); once spec.finalizers is empty the generic delete removes it.
//   finalize  PUT namespaces/<name>/finalize (FinalizeREST, FinalizeStrategy): the body's
//             spec.finalizers (and metadata) replace the stored ones, the status stays; the
//             store's ShouldDeleteNamespaceDuringUpdate deletes a namespace left with no spec
//             and no metadata finalizers once it has a deletionTimestamp (update.ts write).
//   NamespaceLifecycle refuses to delete default, kube-system and kube-public (403).
//   update    the main resource cannot change spec.finalizers (namespaceStrategy
//             PrepareForUpdate keeps the stored ones), as the status subresource cannot
//             change the spec.
import { deepCopy, type KubeObject, type PropagationPolicy } from '../../client';
import { timestampAt } from './clock';
import { definitionOf, fail, keyOf, meta, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { decodeKv } from './objectCodec';
import { admissionForbidden, admissionStatus, badRequest, uidPreconditionFailed } from './statuses';
import { decodeObject, namespaceSpecFinalizers } from '../kinds';
import { guaranteedUpdate, updateStrategy, type Mutation } from './update';
import { readRequestBody } from './create';
import { validateMetaUpdate } from './metaUpdate';

const NAMESPACE_TERMINATING = 'Terminating';
/** The namespaces NamespaceLifecycle never lets go (kube-apiserver's immortalNamespaces; kube-node-lease is not one). */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

interface NamespaceShape {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: unknown[] };
}


/**
 * storage.go shouldHaveOrphanFinalizer / shouldHaveDeleteDependentsFinalizer: the metadata
 * finalizers the first delete leaves, from the request's propagationPolicy (none: what the
 * namespace already has).
 */
function finalizersFor(current: readonly string[], policy: PropagationPolicy | undefined): string[] | undefined {
  if (policy === undefined) return undefined;
  const want: Record<string, boolean> = { orphan: policy === 'Orphan', foregroundDeletion: policy === 'Foreground' };
  let changed = false;
  const next = current.filter((f) => {
    const keep = want[f] ?? true;
    if (!keep) changed = true;
    return keep;
  });
  for (const f of ['orphan', 'foregroundDeletion']) {
    if (want[f] === true && !next.includes(f)) {
      next.push(f);
      changed = true;
    }
  }
  return changed ? next : undefined;
}

/**
 * REST.Delete of namespaces. `generic` is the store's own Delete, for a namespace whose
 * spec.finalizers are all gone.
 */
export function handleNamespaceDelete(env: HandlerEnv, name: string, options: { propagationPolicy?: PropagationPolicy; uid?: string }, generic: () => void): void {
  const found = definitionOf('namespaces');
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  // r.Get: the namespace as stored now
  env.storage.get(env.ctx, keyOf(def, undefined, name), (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const kv = r.value.kv;
    if (kv === undefined) return generic(); // the store's Delete answers the 404
    const ns = decodeKv(kv);
    if (ns === undefined) return fail(env, badRequest(`the stored object at ${keyOf(def, undefined, name)} is not JSON`), r.value.revision);
    const uid = meta(ns).uid ?? '';
    if (options.uid !== undefined && options.uid !== uid) return fail(env, uidPreconditionFailed(def, name, options.uid, uid), r.value.revision);
    // NamespaceLifecycle admission, run as the delete's validation
    if (IMMORTAL_NAMESPACES.has(name)) return fail(env, admissionForbidden(def, name, 'this namespace may not be deleted'), r.value.revision);
    if (meta(ns).deletionTimestamp === undefined) {
      // upon the first request to delete, the phase switches to start namespace termination
      const mark: Mutation = (existing) => {
        const m = meta(existing);
        if (m.uid !== uid) return { ok: false, error: uidPreconditionFailed(def, name, uid, m.uid ?? '') };
        m.deletionTimestamp ??= timestampAt(env.ctx.now);
        const status = ((existing as NamespaceShape).status ??= {});
        status.phase = NAMESPACE_TERMINATING;
        const finalizers = finalizersFor(m.finalizers ?? [], options.propagationPolicy);
        if (finalizers !== undefined) {
          if (finalizers.length > 0) m.finalizers = finalizers;
          else delete m.finalizers;
        }
        return { ok: true, next: existing };
      };
      // Storage.GuaranteedUpdate itself, not the store's Update: this write never deletes
      mark.keepsObject = true;
      return guaranteedUpdate(env, def, undefined, name, undefined, mark);
    }
    // prior to final deletion, spec.finalizers must be empty: until then the answer is the namespace
    if (namespaceSpecFinalizers(ns).length > 0) return succeed(env, ns, r.value.revision);
    generic();
  });
}

/** PUT namespaces/<name>/finalize: FinalizeREST.Update with the namespace FinalizeStrategy. */
export function handleNamespaceFinalize(env: HandlerEnv, body: unknown): void {
  const read = readRequestBody(env, 'namespaces', body);
  if (read === undefined) return;
  const { def, input } = read;
  const name = meta(input).name ?? '';
  if (name === '') return fail(env, badRequest('name is required'));
  // decoded as the request's fieldValidation says, never defaulted: an update does not run the
  // create defaults, which would put the `kubernetes` finalizer back into a body that leaves it out
  const decoded = decodeObject(def, input, env.fieldValidation);
  if (!decoded.ok) return fail(env, admissionStatus(decoded, input));
  if (decoded.warnings !== undefined) env.warnings?.push(...decoded.warnings);
  const wanted = decoded.object as KubeObject;
  const finalize: Mutation = (current) => {
    const next = deepCopy(wanted);
    const refused = validateMetaUpdate(def, current, next);
    if (refused !== undefined) return { ok: false, error: refused };
    // FinalizeStrategy.PrepareForUpdate: the status is the stored one; the spec is the body's
    const prepared = updateStrategy(def, current, next, { keepSpecFinalizers: false });
    return { ok: true, next: prepared };
  };
  guaranteedUpdate(env, def, undefined, name, meta(wanted).resourceVersion, finalize);
}
