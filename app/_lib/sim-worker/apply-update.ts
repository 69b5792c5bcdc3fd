// What the lab editor's Problems list says of a manifest as the live cluster decides it. An
// object the cluster already holds: Apply (`kubectl apply -f`) would not create it but patch
// the live one — the three-way strategic merge of the last-applied annotation, the file and
// the live object (sim-core/cli's apply, whose own pieces are used here) — and the API
// server would admit the patched object as an update: a Service's allocations against the
// node ports and addresses the other Services hold, the kind's validation, then what only an
// update can get wrong (an immutable selector, a Pod's spec, a Service's cluster IP). A new
// Service: the create path's allocators, against the same. A failure that is no field's
// (a patch kubectl cannot compute, a body the server cannot decode) is given in the words
// kubectl apply prints. Runs in the worker, which has the cluster; reads the committed
// keyspace and changes nothing.
import { admitUpdate, applyPatch, decodeKv, keyOf } from '@/sim-core/apiserver/server';
import { nodePortPoolOf, type NodePortPool, type ServiceRefusal } from '@/sim-core/apiserver/server/serviceUpdate';
import { allocateServiceCreate, prepareServiceCreate } from '@/sim-core/apiserver/server/serviceCreate';
import { clusterIPsInUse, nodePortsInUse } from '@/sim-core/apiserver/server/identity';
import { prefixEnd } from '@/sim-core/apiserver/server/storage';
import type { KindDefinition } from '@/sim-core/apiserver/kinds';
import { deepCopy, type KubeObject, type Status } from '@/sim-core/client';
import { Prng } from '@/sim-core/kernel';
import { modifiedConfiguration, parseLastApplied, patchComputeError } from '@/sim-core/cli/kubectl/run/apply';
import { statusTextFromFile } from '@/sim-core/cli/kubectl/run/api';
import type { ManifestObject } from '@/sim-core/cli/kubectl/run/manifests';
import { createThreeWayMergePatch, isPatchComputeError, patchComputeErrorList } from '@/sim-core/cli/kubectl/strategic-diff';
import { kindPrefix } from '@/sim-core/cli/kubectl';
import type { MvccStore } from '@/sim-core/etcd/mvcc';
import type { ApplyFailure, ApplyVerdict, LiveCheck } from '@/app/_components/lab/manifest-problems';

/**
 * The allocators draw a free node port or address at random from the API server's PRNG;
 * the check draws from a PRNG of its own, so the cluster's is never advanced. Which free
 * one is drawn changes no verdict but one: a port left to the allocator drawing the very
 * port a later port of the same Service asks for (a chance of one in 2,768 per port).
 */
const CHECK_SEED = 0x6b_75_62_65;

/**
 * How Apply's patch of `live` from the file `source` would fare: no field errors when the
 * server would admit it, or when the patch is empty (kubectl sends nothing: `unchanged`);
 * the field errors it would refuse it with (422 Invalid); or Apply's failure in kubectl's
 * words when kubectl cannot compute the patch, or the server refuses it otherwise (a body
 * it cannot decode, an allocator's internal error). `pool`: what the other Services hold
 * (for a Service; without it nothing is allocated, so nothing an allocator refuses is found).
 */
export function applyUpdateVerdict(def: KindDefinition, manifest: Record<string, unknown>, namespace: string, name: string, live: KubeObject, source: string, pool?: NodePortPool): ApplyVerdict {
  const m: ManifestObject = { source, def, object: manifest as KubeObject, name, namespace };
  let patch: Record<string, unknown>;
  try {
    patch = createThreeWayMergePatch(def.kind, parseLastApplied(live), modifiedConfiguration(m) as Record<string, unknown>, live as Record<string, unknown>);
  } catch (e) {
    if (!isPatchComputeError(e)) throw e;
    const list = patchComputeErrorList(e);
    return { errors: [], failure: { message: e.message, output: patchComputeError(m, live, e).trimEnd(), ...(list !== undefined ? { field: list.join('.') } : {}) } };
  }
  if (Object.keys(patch).length === 0) return { errors: [] };
  // the PATCH handler's own step: the server applies the patch to the stored object
  const patched = applyPatch(live, { patchType: 'application/strategic-merge-patch+json', patch });
  if (!patched.ok) return { errors: [], failure: serverFailure(patched.error, 'applying patch', source) };
  const admitted = admitUpdate(def, live, patched.value, pool);
  if (admitted.ok) return { errors: [] };
  return admitted.errors.length > 0 ? { errors: admitted.errors } : { errors: [], failure: serverFailure(admitted.error, 'applying patch', source) };
}

/** What kubectl apply prints of a refusal that is no field's (cmdutil.AddSourceToErr), and the field its decode error names, if any. */
function serverFailure(error: Status, verb: string, source: string): ApplyFailure {
  const message = statusTextFromFile(error, verb, source).trimEnd();
  const field = decodedField(error.message);
  return field !== undefined ? { message, field } : { message };
}

/**
 * The field of a decode error (`json: cannot unmarshal object into Go struct field
 * PodSpec.spec.template.spec.containers of type []v1.Container`): the JSON path after the
 * Go type's name, which names no list's index.
 */
function decodedField(message: string): string | undefined {
  return /Go struct field [A-Za-z0-9_]+\.(\S+) of type/.exec(message)?.[1];
}

/** What the allocators would refuse of a new Service, given the stored `services`: an address or node port another one holds, or one outside its range. */
function serviceCreateVerdict(def: KindDefinition, admitted: Record<string, unknown>, source: string, services: readonly Record<string, unknown>[]): ApplyVerdict {
  const copy = deepCopy(admitted as KubeObject);
  const prepared = prepareServiceCreate(def, copy);
  if (prepared.refusal !== undefined) return verdictOf(prepared.refusal, 'creating', source);
  if (!prepared.allocates) return { errors: [] };
  const allocated = allocateServiceCreate(def, copy, new Prng(CHECK_SEED), clusterIPsInUse(services), nodePortsInUse(services));
  return allocated.ok ? { errors: [] } : verdictOf(allocated, 'creating', source);
}

function verdictOf(refusal: ServiceRefusal, verb: string, source: string): ApplyVerdict {
  return refusal.errors.length > 0 ? { errors: refusal.errors } : { errors: [], failure: serverFailure(refusal.error, verb, source) };
}

/** The longest object name the API server stores (a DNS subdomain). */
const MAX_NAME_LENGTH = 253;

/**
 * The LiveCheck of a cluster whose committed keyspace `store` gives (the grading's view:
 * the member that has applied the most): an object stored under the manifest's name is
 * judged as Apply's update of it, as a GET would have read it; a new one by the create
 * path's allocators. The Services the allocators count are read from the same keyspace,
 * as the API server lists them (withServiceNodePorts, withServiceAllocations).
 */
export function liveCheckOf(store: () => MvccStore | undefined): LiveCheck {
  const stored = (def: KindDefinition): { key: string; object: Record<string, unknown> }[] => {
    const prefix = `${def.etcdPrefix}/`;
    const r = store()?.range(prefix, prefixEnd(prefix));
    return r?.ok ? r.value.kvs.map((kv) => ({ key: kv.key, object: decodeKv(kv) ?? {} })) : [];
  };
  return {
    update(object, def, namespace, name, source) {
      // no object is stored under a name the API server would refuse (253 characters at most):
      // the create path's validation says what is wrong with it
      if (name.length > MAX_NAME_LENGTH) return undefined;
      const key = keyOf(def, def.namespaced ? namespace : undefined, name);
      const r = store()?.range(key, undefined);
      const kv = r?.ok ? r.value.kvs[0] : undefined;
      const live = kv === undefined ? undefined : decodeKv(kv);
      if (live === undefined) return undefined;
      const pool = def.resource === 'services' ? nodePortPoolOf(new Prng(CHECK_SEED), stored(def).flatMap((s) => (s.key === key ? [] : [s.object]))) : undefined;
      return { ...applyUpdateVerdict(def, object, namespace, name, live, source, pool), updates: `${kindPrefix(def.kind)}/${name}` };
    },
    create(def, admitted, source) {
      // only a Service takes anything from an allocator on create
      return def.resource === 'services' ? serviceCreateVerdict(def, admitted, source, stored(def).map((s) => s.object)) : { errors: [] };
    },
  };
}
