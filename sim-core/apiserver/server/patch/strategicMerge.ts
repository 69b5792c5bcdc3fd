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
// A merged list comes out in strategicpatch's order (elementOrder.ts): the patch's elements
// (or those `$setElementOrder` names) in the patch's order, the live-only ones slotted in by
// their live order — so a new element comes before a live one it cannot be compared with.
import { MergeKeyError, normalizeElementOrder, partition } from './elementOrder';
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
    if (e instanceof PatchError || e instanceof MergeKeyError) return { ok: false, error: e.message };
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
  // applyRetainKeysDirective, before the merge: every key the patch sets must be in the list,
  // and the keys the original has outside it are cleared
  if (retain !== undefined) {
    if (!Array.isArray(retain)) throw new PatchError('invalid patch format of retainKeys');
    const keep = new Set(retain.map((x) => String(x)));
    for (const [k, v] of Object.entries(patch)) {
      if (k === '$retainKeys' || v === null || k.startsWith(DELETE_FROM) || k.startsWith(ORDER)) continue;
      if (!keep.has(k)) throw new PatchError('invalid patch format of retainKeys');
    }
    for (const k of Object.keys(out)) if (!keep.has(k)) delete out[k];
  }
  // each ordered list as it was before the patch, for the order of the elements only the server has
  const before = new Map<string, unknown[]>();
  for (const k of Object.keys(patch)) {
    if (!k.startsWith(ORDER)) continue;
    const field = k.slice(ORDER.length);
    if (Array.isArray(out[field])) before.set(field, [...(out[field] as unknown[])]);
  }
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch' || k === '$retainKeys' || k === '__proto__' || k.startsWith(ORDER)) continue;
    if (k.startsWith(DELETE_FROM)) {
      const field = k.slice(DELETE_FROM.length);
      const cur = out[field];
      if (Array.isArray(cur) && Array.isArray(v)) {
        const drop = new Set(v.map((d) => JSON.stringify(d)));
        out[field] = cur.filter((x) => !drop.has(JSON.stringify(x)));
      }
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
  for (const [k, v] of Object.entries(patch)) {
    if (!k.startsWith(ORDER) || !Array.isArray(v)) continue;
    const field = k.slice(ORDER.length);
    const strategy = listStrategy(kind, [...path, field]);
    if (Array.isArray(out[field])) out[field] = ordered(out[field] as unknown[], v, before.get(field) ?? [], strategy);
  }
  return out;
}

function mergeList(kind: string, path: readonly string[], original: unknown[], patch: unknown[]): unknown[] {
  const strategy = listStrategy(kind, path);
  // mergeSliceWithSpecialElements: with `$patch: replace` the list is the patch's elements
  // that carry no directive (a delete directive among them goes too)
  const replaceAll = patch.some((e) => isPlainObject(e) && e.$patch === 'replace');
  if (replaceAll) return stripDirectives(patch.filter((e) => !(isPlainObject(e) && e.$patch !== undefined))) as unknown[];
  if (strategy === undefined) return stripDirectives(clone(patch)) as unknown[];
  // lookups by value or merge key go through sets and maps: a hostile list of many thousand
  // elements costs linear time, not quadratic
  if (strategy.merge === 'primitive') {
    const out = [...original];
    const seen = new Set(original.map((x) => JSON.stringify(x)));
    for (const v of patch) {
      const text = JSON.stringify(v);
      if (!seen.has(text)) {
        seen.add(text);
        out.push(v);
      }
    }
    const { inPatch, serverOnly } = partition(out, patch, '', 'scalar');
    return normalizeElementOrder(inPatch, serverOnly, patch, original, '', 'scalar');
  }
  const keyText = (x: unknown): string | undefined => (isPlainObject(x) ? JSON.stringify(x[strategy.key]) : undefined);
  const deleted = new Set<string>();
  const plain: Obj[] = [];
  for (const item of patch) {
    if (!isPlainObject(item)) throw new PatchError(`merging an object in json but data type is not map, expected map for a list merged by ${strategy.key}`);
    if (item[strategy.key] === undefined) throw new PatchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${strategy.key}`);
    if (item.$patch === 'delete') deleted.add(keyText(item)!);
    else plain.push(item);
  }
  const base = deleted.size === 0 ? [...original] : original.filter((x) => !deleted.has(keyText(x) ?? ''));
  // mergeSlice: the patch's elements merged into the live ones (new ones appended), then
  // ordered as strategicpatch orders them: the patch's in its order, the live-only ones
  // slotted in by their live order
  const live = [...base];
  const at = new Map<string, number>();
  base.forEach((x, i) => {
    const k = keyText(x);
    if (k !== undefined && !at.has(k)) at.set(k, i);
  });
  const removed = new Set<number>();
  for (const item of plain) {
    const k = keyText(item)!;
    const i = at.get(k);
    if (i !== undefined && !removed.has(i)) {
      const merged = mergeMap(kind, path, clone(base[i] as Obj), item);
      if (merged === undefined) removed.add(i);
      else base[i] = merged;
    } else {
      at.set(k, base.length);
      base.push(stripDirectives(clone(item)));
    }
  }
  const kept = removed.size === 0 ? base : base.filter((_, i) => !removed.has(i));
  const { inPatch, serverOnly } = partition(kept, plain, strategy.key, 'map');
  return normalizeElementOrder(inPatch, serverOnly, plain, live, strategy.key, 'map');
}

/** `$setElementOrder/<field>`: the listed elements in that order, the others slotted in by their order in `live` (the list before the patch). */
function ordered(list: unknown[], order: unknown[], live: unknown[], strategy: ListStrategy): unknown[] {
  const mergeKey = strategy?.merge === 'key' ? strategy.key : '';
  const kind = mergeKey === '' ? 'scalar' : 'map';
  const { inPatch, serverOnly } = partition(list, order, mergeKey, kind);
  return normalizeElementOrder(inPatch, serverOnly, order, live, mergeKey, kind);
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
