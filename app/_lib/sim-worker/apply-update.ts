// What the lab editor's Problems list says of a manifest of an object the cluster already
// holds: Apply (`kubectl apply -f`) would not create it but patch the live one — the
// three-way strategic merge of the last-applied annotation, the file and the live object
// (sim-core/cli's apply, whose own pieces are used here) — and the API server would admit
// the patched object as an update: the kind's validation, then what only an update can
// get wrong (an immutable selector, a Pod's spec, a Service's cluster IP). Runs in the
// worker, which has the cluster; reads it and changes nothing.
import { admitUpdate, applyStrategicMergePatch, decodeKv, keyOf } from '@/sim-core/apiserver/server';
import type { FieldError, KindDefinition } from '@/sim-core/apiserver/kinds';
import type { KubeObject } from '@/sim-core/client';
import { modifiedConfiguration, parseLastApplied } from '@/sim-core/cli/kubectl/run/apply';
import { createThreeWayMergePatch, isPatchComputeError } from '@/sim-core/cli/kubectl/strategic-diff';
import { kindPrefix } from '@/sim-core/cli/kubectl';
import type { MvccStore } from '@/sim-core/etcd/mvcc';
import type { LiveCheck } from '@/app/_components/lab/manifest-problems';

/**
 * The field errors the API server would refuse Apply's patch of `live` with: none when it
 * would admit it, when the patch is empty (kubectl sends nothing: `unchanged`), or when
 * Apply fails before any validation (a patch kubectl cannot compute, one the server cannot
 * apply — Apply says so in its own words).
 */
export function applyUpdateErrors(def: KindDefinition, manifest: Record<string, unknown>, namespace: string, name: string, live: KubeObject): FieldError[] {
  const modified = modifiedConfiguration({ source: '', def, object: manifest as KubeObject, name, namespace });
  let patch: Record<string, unknown>;
  try {
    patch = createThreeWayMergePatch(def.kind, parseLastApplied(live), modified as Record<string, unknown>, live as Record<string, unknown>);
  } catch (e) {
    if (!isPatchComputeError(e)) throw e;
    return [];
  }
  if (Object.keys(patch).length === 0) return [];
  const patched = applyStrategicMergePatch(live.kind ?? '', live, patch);
  if (!patched.ok) return [];
  const admitted = admitUpdate(def, live, patched.value as KubeObject, undefined);
  return admitted.ok ? [] : admitted.errors;
}

/** The longest object name the API server stores (a DNS subdomain). */
const MAX_NAME_LENGTH = 253;

/**
 * The LiveCheck of a cluster whose committed keyspace `store` gives (the grading's view:
 * the member that has applied the most): an object stored under the manifest's name is
 * judged as Apply's update of it, as a GET would have read it.
 */
export function liveCheckOf(store: () => MvccStore | undefined): LiveCheck {
  return (object, def, namespace, name) => {
    // no object is stored under a name the API server would refuse (253 characters at most):
    // the create path's validation says what is wrong with it
    if (name.length > MAX_NAME_LENGTH) return undefined;
    const r = store()?.range(keyOf(def, def.namespaced ? namespace : undefined, name), undefined);
    const kv = r?.ok ? r.value.kvs[0] : undefined;
    const live = kv === undefined ? undefined : decodeKv(kv);
    if (live === undefined) return undefined;
    return { errors: applyUpdateErrors(def, object, namespace, name, live), updates: `${kindPrefix(def.kind)}/${name}` };
  };
}
