// Strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch), kubectl's default
// `kubectl patch` type and what `kubectl apply` sends: like a JSON merge patch, except
// that some lists merge element by element instead of being replaced. Which lists, and
// by which key, comes from the Go struct tags `patchStrategy:"merge" patchMergeKey:"…"`
// of the built-in types (k8s.io/api/core/v1/types.go, apps/v1, meta/v1):
//   PodSpec.containers / initContainers / ephemeralContainers  by name
//   PodSpec.volumes, imagePullSecrets                          by name
//   PodSpec.hostAliases by ip; topologySpreadConstraints by topologyKey
//   Container.ports by containerPort, env by name, volumeMounts by mountPath
//   ServiceSpec.ports by port
//   status conditions by type; NodeStatus.addresses by type
//   ObjectMeta.ownerReferences by uid; ObjectMeta.finalizers and
//   NodeSpec.podCIDRs merge as sets of strings
// Every other list (tolerations, taints, args, command, envFrom, Endpoints subsets, …)
// has no patch strategy and is replaced whole.
// Directives: `$patch: delete` on a list element removes the element with that merge key;
// `$patch: replace` replaces the enclosing map or list; `$patch: delete` on a map removes
// it; `$deleteFromPrimitiveList/<field>` removes values from a merged list of strings;
// `$retainKeys` keeps only the listed keys; `$setElementOrder/<field>` orders a merged list.
import { isPlainObject } from './mergePatch';

type Obj = Record<string, unknown>;

/** How a list merges: by a key of its elements, as a set of primitives, or not at all (replace). */
type ListStrategy = { merge: 'key'; key: string } | { merge: 'primitive' } | undefined;

/**
 * The list strategy at a field path (field names only, list positions left out), for an
 * object of `kind`. Paths are matched by their tail, so a PodSpec is the same inside a
 * Pod, a Deployment's template or a ReplicaSet's.
 */
export function listStrategy(kind: string, path: readonly string[]): ListStrategy {
  const field = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  const inContainer = parent === 'containers' || parent === 'initContainers' || parent === 'ephemeralContainers';
  if (path.length === 2 && path[0] === 'metadata') {
    if (field === 'ownerReferences') return { merge: 'key', key: 'uid' };
    if (field === 'finalizers') return { merge: 'primitive' };
    return undefined;
  }
  if (inContainer) {
    if (field === 'ports') return { merge: 'key', key: 'containerPort' };
    if (field === 'env') return { merge: 'key', key: 'name' };
    if (field === 'volumeMounts') return { merge: 'key', key: 'mountPath' };
    if (field === 'volumeDevices') return { merge: 'key', key: 'devicePath' };
    return undefined;
  }
  if (parent === 'spec') {
    if (field === 'containers' || field === 'initContainers' || field === 'ephemeralContainers') return { merge: 'key', key: 'name' };
    if (field === 'volumes' || field === 'imagePullSecrets') return { merge: 'key', key: 'name' };
    if (field === 'hostAliases') return { merge: 'key', key: 'ip' };
    if (field === 'topologySpreadConstraints') return { merge: 'key', key: 'topologyKey' };
    if (kind === 'Service' && path.length === 2 && field === 'ports') return { merge: 'key', key: 'port' };
    if (kind === 'Node' && path.length === 2 && field === 'podCIDRs') return { merge: 'primitive' };
    return undefined;
  }
  if (parent === 'status' && path.length === 2) {
    if (field === 'conditions') return { merge: 'key', key: 'type' };
    if (kind === 'Node' && field === 'addresses') return { merge: 'key', key: 'type' };
  }
  return undefined;
}

/**
 * Whether the field at `path` has the `retainKeys` patch strategy (struct tag
 * `patchStrategy:"retainKeys"`): a Deployment's spec.strategy (apps/v1), and every element
 * of a PodSpec's volumes (`merge,retainKeys`). A patch of it may carry `$retainKeys`, the
 * keys to keep; kubectl builds that list when it computes a patch (strategicpatch diffMaps).
 */
export function retainsKeys(kind: string, path: readonly string[]): boolean {
  const field = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  if (kind === 'Deployment' && path.length === 2 && path[0] === 'spec' && field === 'strategy') return true;
  return parent === 'spec' && field === 'volumes';
}

export type StrategicResult = { ok: true; value: unknown } | { ok: false; error: string };

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Apply a strategic merge patch for an object of `kind`; on copies. */
export function applyStrategicMergePatch(kind: string, original: unknown, patch: unknown): StrategicResult {
  if (!isPlainObject(patch)) return { ok: false, error: 'unable to find api field in struct Unstructured for the json field' };
  try {
    const merged = mergeMap(kind, [], isPlainObject(original) ? clone(original) : {}, patch);
    return { ok: true, value: merged ?? {} };
  } catch (e) {
    if (e instanceof PatchError) return { ok: false, error: e.message };
    throw e;
  }
}

/** An expected refusal of a malformed patch, raised deep in the recursion and caught once at the top. */
class PatchError extends Error {}

const DELETE_FROM = '$deleteFromPrimitiveList/';
const ORDER = '$setElementOrder/';

/** Merge `patch` into `original` (already a copy); undefined means "delete this map". */
function mergeMap(kind: string, path: readonly string[], original: Obj, patch: Obj): Obj | undefined {
  const directive = patch.$patch;
  if (directive === 'delete') return undefined;
  if (directive === 'replace') {
    const out = clone(patch);
    delete out.$patch;
    return stripDirectives(out) as Obj;
  }
  if (directive !== undefined) throw new PatchError(`Unknown patch type: ${String(directive)}`);
  const out = original;
  const retain = patch.$retainKeys;
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch' || k === '$retainKeys' || k === '__proto__' || k.startsWith(ORDER)) continue;
    if (k.startsWith(DELETE_FROM)) {
      const field = k.slice(DELETE_FROM.length);
      const cur = out[field];
      if (Array.isArray(cur) && Array.isArray(v)) out[field] = cur.filter((x) => !v.some((d) => JSON.stringify(d) === JSON.stringify(x)));
      continue;
    }
    if (v === null) {
      delete out[k];
      continue;
    }
    const childPath = [...path, k];
    if (isPlainObject(v)) {
      const merged = mergeMap(kind, childPath, isPlainObject(out[k]) ? (out[k] as Obj) : {}, v);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    } else if (Array.isArray(v)) {
      out[k] = mergeList(kind, childPath, Array.isArray(out[k]) ? (out[k] as unknown[]) : [], v);
    } else out[k] = v;
  }
  if (Array.isArray(retain)) {
    for (const k of Object.keys(out)) if (!retain.includes(k)) delete out[k];
  }
  for (const [k, v] of Object.entries(patch)) {
    if (!k.startsWith(ORDER) || !Array.isArray(v)) continue;
    const field = k.slice(ORDER.length);
    const strategy = listStrategy(kind, [...path, field]);
    if (Array.isArray(out[field])) out[field] = ordered(out[field] as unknown[], v, strategy);
  }
  return out;
}

function mergeList(kind: string, path: readonly string[], original: unknown[], patch: unknown[]): unknown[] {
  const strategy = listStrategy(kind, path);
  const replaceAll = patch.some((e) => isPlainObject(e) && e.$patch === 'replace');
  if (replaceAll) return stripDirectives(patch.filter((e) => !(isPlainObject(e) && e.$patch === 'replace'))) as unknown[];
  if (strategy === undefined) return stripDirectives(clone(patch)) as unknown[];
  if (strategy.merge === 'primitive') {
    const out = [...original];
    for (const v of patch) if (!out.some((x) => JSON.stringify(x) === JSON.stringify(v))) out.push(v);
    return out;
  }
  const out = [...original];
  for (const item of patch) {
    if (!isPlainObject(item)) throw new PatchError(`merging an object in json but data type is not map, expected map for a list merged by ${strategy.key}`);
    const keyValue = item[strategy.key];
    if (keyValue === undefined) throw new PatchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${strategy.key}`);
    const at = out.findIndex((x) => isPlainObject(x) && JSON.stringify(x[strategy.key]) === JSON.stringify(keyValue));
    if (item.$patch === 'delete') {
      if (at >= 0) out.splice(at, 1);
      continue;
    }
    if (at >= 0) {
      const merged = mergeMap(kind, path, clone(out[at] as Obj), item);
      if (merged === undefined) out.splice(at, 1);
      else out[at] = merged;
    } else out.push(stripDirectives(clone(item)));
  }
  return out;
}

/** `$setElementOrder/<field>`: the listed elements first, in that order, the rest after. */
function ordered(list: unknown[], order: unknown[], strategy: ListStrategy): unknown[] {
  const keyOf = (x: unknown): string => JSON.stringify(strategy?.merge === 'key' && isPlainObject(x) ? x[strategy.key] : x);
  const rank = new Map(order.map((o, i) => [keyOf(o), i]));
  return [...list].sort((a, b) => (rank.get(keyOf(a)) ?? order.length) - (rank.get(keyOf(b)) ?? order.length));
}

/** A replaced value keeps no directive keys, and no null fields (they mean "absent"). */
function stripDirectives(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isPlainObject(v)) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('$') || k === '__proto__' || x === null) continue;
    out[k] = stripDirectives(x);
  }
  return out;
}
