// How kubectl computes a strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch,
// patch.go), the body it sends for `apply` (CreateThreeWayMergePatch) and for `set image`,
// `cordon`, `rollout restart` (CreateTwoWayMergePatch):
//   - a field added or changed is in the patch with its new value; a field removed is null;
//   - a list with the `merge` strategy (containers by name, ports by containerPort, …; the
//     field tables are the API server's listStrategy) lists only the elements that changed,
//     each with its merge key, a removed element as `{key, $patch: delete}`, and
//     `$setElementOrder/<list>` gives the order of the whole list (the merge keys of the new
//     list); a list of strings with the merge strategy (finalizers) names removed values in
//     `$deleteFromPrimitiveList/<list>`; any other list is replaced whole;
//   - a map with the `retainKeys` strategy (a Deployment's strategy, a volume) carries
//     `$retainKeys`, the keys the new value has.
// The three-way patch is the difference from the live object to the new configuration
// without deletions, merged with the deletions from the last applied configuration to the new
// one (kubectl apply always overwrites: no conflict check). Go's quirks are kept where they
// show in the body: lists are walked sorted by the `%v` text of their merge keys, and sorting
// a list of strings sorts the caller's own list (so an unchanged but unsorted finalizers list
// still gets its `$setElementOrder`). json.Marshal writes the body's keys sorted.
import { setOwn } from '../../kernel';
import { goSort } from './sort/goSort';
import { sortedDeep } from './structured';
import { isPlainObject, keyValue, MergeKeyError, normalizeElementOrder, normalizeOrder, partition, listStrategy, retainsKeys } from '../../apiserver/server';

type Json = unknown;
type Obj = Record<string, Json>;

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM = '$deleteFromPrimitiveList/';
const SET_ORDER = '$setElementOrder/';

interface DiffOptions {
  setElementOrder: boolean;
  ignoreChangesAndAdditions: boolean;
  ignoreDeletions: boolean;
  buildRetainKeys: boolean;
}

/** A patch that cannot be computed (strategicpatch's errors: mixed element types, lists of lists, an unknown directive). */
export class StrategicDiffError extends Error {}

/** Whether `e` is one of the errors computing a patch can meet (a merge list item without its key among them). */
export function isPatchComputeError(e: unknown): e is Error {
  return e instanceof StrategicDiffError || e instanceof MergeKeyError;
}

/** The list each patch compute error was met in (its message rarely names it). */
const listOfError = new WeakMap<Error, readonly string[]>();

/** The path of the list a patch could not be computed for (`['spec', 'template', 'spec', 'containers']`), when the error was met in one. */
export function patchComputeErrorList(e: Error): readonly string[] | undefined {
  return listOfError.get(e);
}

/** Runs a step on the list at `path`, noting that list on a patch compute error it throws (the innermost list keeps it). */
function inList<T>(path: readonly string[], step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (isPatchComputeError(e) && !listOfError.has(e)) listOfError.set(e, path);
    throw e;
  }
}

/** reflect.TypeOf of a decoded JSON value, as far as the diff tells them apart. */
function typeOf(v: Json): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  return typeof v === 'object' ? 'map' : typeof v;
}

function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** fmt.Sprintf("%v", v) of a decoded JSON scalar (numbers are float64: %g, shortest, e-form from 1e21 or below 1e-4). */
function goText(v: Json): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') {
    const exp = v === 0 ? 0 : Math.floor(Math.log10(Math.abs(v)));
    if (exp < -4 || exp >= 21) {
      const [m, e] = v.toExponential().split('e') as [string, string];
      const n = Number(e);
      return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
    }
    return String(v);
  }
  return String(v);
}

/**
 * Go's sort.Sort by `%v` text, with strategicpatch's Less = StringsAreSorted([a, b]), that
 * is a <= b: equal texts count as "less", so the sort moves elements that share a key (two
 * Service ports 53, TCP and UDP) — insertion sort reverses them — and which one a merge
 * keeps follows from that. In place, as Go sorts the caller's slice.
 */
function sortByText<T>(items: T[], text: (x: T) => string): T[] {
  const texts = items.map(text);
  goSort(items.length, {
    less: (i, j) => texts[i]! <= texts[j]!,
    swap: (i, j) => {
      [items[i], items[j]] = [items[j]!, items[i]!];
      [texts[i], texts[j]] = [texts[j]!, texts[i]!];
    },
  });
  return items;
}

/** The patch strategy of a field: how a list merges, whether a map retains keys. */
function fieldMeta(kind: string, path: readonly string[]) {
  return { list: listStrategy(kind, path), retainKeys: retainsKeys(kind, path) };
}

// ---- diff: original → modified ----

function diffMaps(kind: string, path: readonly string[], original: Obj, modified: Obj, opts: DiffOptions): Obj {
  const patch: Obj = {};
  const retain: string[] = [];
  for (const key of Object.keys(modified)) {
    const m = modified[key];
    if (opts.buildRetainKeys && m !== null) retain.push(key);
    if (!Object.hasOwn(original, key)) {
      if (!opts.ignoreChangesAndAdditions) setOwn(patch, key, m);
      continue;
    }
    const o = original[key];
    if (key === DIRECTIVE) {
      if (typeof o !== 'string' || typeof m !== 'string') throw new StrategicDiffError(`invalid value for special key: ${DIRECTIVE}`);
      if (o !== m) setOwn(patch, key, m);
      continue;
    }
    if (typeOf(o) !== typeOf(m)) {
      if (!opts.ignoreChangesAndAdditions) setOwn(patch, key, m);
      continue;
    }
    const childPath = [...path, key];
    if (isPlainObject(o) && isPlainObject(m)) {
      const sub = diffMaps(kind, childPath, o, m, { ...opts, buildRetainKeys: fieldMeta(kind, childPath).retainKeys });
      if (Object.keys(sub).length > 0) setOwn(patch, key, sub);
    } else if (Array.isArray(o) && Array.isArray(m)) {
      diffSliceInto(kind, childPath, key, o, m, patch, opts);
    } else if (!opts.ignoreChangesAndAdditions && !deepEqual(o, m)) setOwn(patch, key, m);
  }
  if (!opts.ignoreDeletions) for (const key of Object.keys(original)) if (!Object.hasOwn(modified, key)) setOwn(patch, key, null);
  if (retain.length > 0 && (Object.keys(patch).length > 0 || Object.keys(original).some((k) => original[k] !== null && !Object.hasOwn(modified, k)))) {
    patch[RETAIN_KEYS] = sortByText(retain, goText);
  }
  return patch;
}

function diffSliceInto(kind: string, path: readonly string[], key: string, original: Json[], modified: Json[], patch: Obj, opts: DiffOptions): void {
  const meta = fieldMeta(kind, path);
  if (meta.list === undefined) {
    if (!opts.ignoreChangesAndAdditions && !deepEqual(original, modified)) setOwn(patch, key, modified);
    return;
  }
  const mergeKey = meta.list.merge === 'key' ? meta.list.key : '';
  const { add, del, order } = inList(path, () => diffLists(kind, path, original, modified, mergeKey, { ...opts, buildRetainKeys: meta.retainKeys }));
  if (add.length > 0) setOwn(patch, key, add);
  if (del.length > 0) patch[`${DELETE_FROM}${key}`] = del;
  if (order.length > 0) patch[`${SET_ORDER}${key}`] = order;
}

function elementKind(lists: Json[][]): 'map' | 'scalar' {
  let kind: string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const t = typeOf(v);
      if (t === 'slice') throw new StrategicDiffError('lists of lists are not supported');
      if (kind !== undefined && kind !== t) throw new StrategicDiffError(`list element types are not identical: ${JSON.stringify(lists)}`);
      kind = t;
    }
  }
  return kind === 'map' ? 'map' : 'scalar';
}

function diffLists(kind: string, path: readonly string[], original: Json[], modified: Json[], mergeKey: string, opts: DiffOptions): { add: Json[]; del: Json[]; order: Json[] } {
  const none = { add: [], del: [], order: [] };
  if (original.length === 0) return modified.length === 0 || opts.ignoreChangesAndAdditions ? none : { add: modified, del: [], order: [] };
  const k = elementKind([original, modified]);
  if (k === 'map') {
    const { patch, deletions } = diffListsOfMaps(kind, path, original, modified, mergeKey, opts);
    const add = [...normalizeOrder(patch, modified, mergeKey, 'map'), ...deletions];
    const orderSame = original.length === modified.length && modified.every((m, i) => keyValue(original[i], mergeKey) === keyValue(m, mergeKey));
    const wantOrder = opts.setElementOrder && ((!opts.ignoreChangesAndAdditions && (add.length > 0 || !orderSame)) || (!opts.ignoreDeletions && add.length > 0));
    return { add, del: [], order: wantOrder ? modified.map((m) => ({ [mergeKey]: (m as Obj)[mergeKey] })) : [] };
  }
  // diffListsOfScalars sorts `original` in place (Go shares the slice): the order check below sees it sorted
  sortByText(original, goText);
  const sortedModified = sortByText([...modified], goText);
  const add: Json[] = [];
  const del: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < original.length || j < sortedModified.length) {
    const o = i < original.length ? goText(original[i]) : undefined;
    const m = j < sortedModified.length ? goText(sortedModified[j]) : undefined;
    if (o !== undefined && m !== undefined && o === m) {
      i++;
      j++;
    } else if (o === undefined || (m !== undefined && o > m)) {
      if (!opts.ignoreChangesAndAdditions) add.push(sortedModified[j]);
      j++;
    } else {
      if (!opts.ignoreDeletions) del.push(original[i]);
      i++;
    }
  }
  const dedup = [...new Set(del)];
  const wantOrder = opts.setElementOrder && ((!opts.ignoreDeletions && dedup.length > 0) || (!opts.ignoreChangesAndAdditions && !deepEqual(original, modified)));
  return { add: normalizeOrder(add, modified, mergeKey, 'scalar'), del: dedup, order: wantOrder ? modified : [] };
}

function diffListsOfMaps(kind: string, path: readonly string[], original: Json[], modified: Json[], mergeKey: string, opts: DiffOptions): { patch: Json[]; deletions: Json[] } {
  const byKey = (x: Json) => goText(keyValue(x, mergeKey));
  const o = sortByText([...original], byKey) as Obj[];
  const m = sortByText([...modified], byKey) as Obj[];
  const patch: Json[] = [];
  const deletions: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < o.length || j < m.length) {
    const ok = i < o.length ? byKey(o[i]) : undefined;
    const mk = j < m.length ? byKey(m[j]) : undefined;
    if (ok !== undefined && mk !== undefined && ok === mk) {
      const sub = diffMaps(kind, path, o[i]!, m[j]!, opts);
      if (Object.keys(sub).length > 0) {
        sub[mergeKey] = m[j]![mergeKey];
        patch.push(sub);
      }
      i++;
      j++;
    } else if (ok === undefined || (mk !== undefined && ok > mk)) {
      if (!opts.ignoreChangesAndAdditions) patch.push(m[j]);
      j++;
    } else {
      if (!opts.ignoreDeletions) deletions.push({ [mergeKey]: o[i]![mergeKey], [DIRECTIVE]: 'delete' });
      i++;
    }
  }
  return { patch, deletions };
}

// ---- merging the deletions patch with the delta patch (mergeMap, MergeParallelList off) ----

function removeDirectives(v: Json): { keep: boolean; value: Json } {
  if (isPlainObject(v)) {
    if (Object.hasOwn(v, DIRECTIVE)) return { keep: false, value: undefined };
    for (const k of Object.keys(v)) {
      const r = removeDirectives(v[k]);
      if (r.keep) v[k] = r.value;
      else delete v[k];
    }
    return { keep: true, value: v };
  }
  if (Array.isArray(v)) {
    const out: Json[] = [];
    for (const x of v) {
      const r = removeDirectives(x);
      if (r.keep) out.push(r.value);
    }
    return { keep: true, value: out };
  }
  return { keep: true, value: v };
}

function mergeSlice(kind: string, path: readonly string[], original: Json[], patch: Json[], mergeKey: string): Json[] {
  if (original.length === 0 && patch.length === 0) return original;
  const k = elementKind([original, patch]);
  let merged: Json[];
  if (k !== 'map') {
    merged = [...new Set([...original, ...patch])];
  } else {
    if (mergeKey === '') throw new StrategicDiffError(`cannot merge lists without merge key for ${path.join('.')}`);
    const plain: Json[] = [];
    const deleted = new Set<Json>();
    let replace = false;
    for (const v of patch) {
      const d = (v as Obj)[DIRECTIVE];
      if (d === undefined) plain.push(v);
      else if (d === 'delete') deleted.add(keyValue(v, mergeKey));
      else if (d === 'replace') replace = true;
      else throw new StrategicDiffError(`Unknown patch type: ${String(d)} in map: ${JSON.stringify(v)}`);
    }
    // mergeSliceWithSpecialElements: `$patch: replace` makes the patch's own elements the list
    const base = replace ? plain.splice(0) : original.filter((x) => !deleted.has((x as Obj)[mergeKey]));
    const at = new Map<Json, number>();
    base.forEach((x, i) => {
      if (!at.has((x as Obj)[mergeKey])) at.set((x as Obj)[mergeKey], i);
    });
    for (const v of plain) {
      const key = keyValue(v, mergeKey);
      const i = at.get(key);
      if (i !== undefined) base[i] = mergeMap(kind, path, base[i] as Obj, v as Obj);
      else {
        at.set(key, base.length);
        base.push(v);
      }
    }
    merged = base;
  }
  const { inPatch, serverOnly } = partition(merged, patch, mergeKey, k);
  return normalizeElementOrder(inPatch, serverOnly, patch, original, mergeKey, k);
}

function mergeMap(kind: string, path: readonly string[], original: Obj, patch: Obj): Obj {
  if (Object.hasOwn(patch, DIRECTIVE)) {
    // handleDirectiveInMergeMap: replace keeps the patch without the directive; delete empties the map
    if (patch[DIRECTIVE] === 'replace') {
      const { [DIRECTIVE]: _d, ...rest } = patch;
      return rest;
    }
    if (patch[DIRECTIVE] === 'delete') return {};
    throw new StrategicDiffError(`Unknown patch type: ${String(patch[DIRECTIVE])} in map: ${JSON.stringify(patch)}`);
  }
  if (Object.hasOwn(patch, RETAIN_KEYS)) {
    const p = patch[RETAIN_KEYS];
    delete patch[RETAIN_KEYS];
    if (Object.hasOwn(original, RETAIN_KEYS)) {
      if (!deepEqual(original[RETAIN_KEYS], p)) throw new StrategicDiffError('the $retainKeys of the two patches differ');
    } else original[RETAIN_KEYS] = p;
  }
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ORDER)) continue;
    const order = patch[key];
    if (Object.hasOwn(original, key)) {
      if (!deepEqual(original[key], order)) throw new StrategicDiffError('the $setElementOrder lists of the two patches differ');
    } else original[key] = order;
    delete patch[key];
    if (!Array.isArray(order)) throw new StrategicDiffError(`${key} is not a list`);
    const field = key.slice(SET_ORDER.length);
    const childPath = [...path, field];
    const strategy = listStrategy(kind, childPath);
    const mergeKey = strategy?.merge === 'key' ? strategy.key : '';
    const o = original[field];
    const p = patch[field];
    let merged: Json[];
    if (Array.isArray(o) && p === undefined) merged = o;
    else if (o === undefined && Array.isArray(p)) merged = removeDirectives(p).value as Json[];
    else if (Array.isArray(o) && Array.isArray(p)) merged = strategy !== undefined ? inList(childPath, () => mergeSlice(kind, childPath, o, p, mergeKey)) : p;
    else continue;
    original[field] = inList(childPath, () => {
      const k = elementKind([Array.isArray(o) ? o : [], Array.isArray(p) ? p : []]);
      const { inPatch, serverOnly } = partition(merged, order, mergeKey, k);
      return normalizeElementOrder(inPatch, serverOnly, order, Array.isArray(o) ? o : [], mergeKey, k);
    });
    delete patch[field];
  }
  for (const key of Object.keys(patch)) {
    const p = patch[key];
    if (key.startsWith(DELETE_FROM)) {
      original[key] = p;
      continue;
    }
    if (p === null) delete original[key];
    if (!Object.hasOwn(original, key) || typeOf(original[key]) !== typeOf(p)) {
      const r = removeDirectives(p);
      if (r.keep) setOwn(original, key, r.value);
      else delete original[key];
      continue;
    }
    const o = original[key];
    const childPath = [...path, key];
    if (isPlainObject(o) && isPlainObject(p)) original[key] = mergeMap(kind, childPath, o, p);
    else if (Array.isArray(o) && Array.isArray(p)) {
      const strategy = listStrategy(kind, childPath);
      original[key] = strategy === undefined ? p : inList(childPath, () => mergeSlice(kind, childPath, o, p, strategy.merge === 'key' ? strategy.key : ''));
    } else {
      const r = removeDirectives(p);
      if (r.keep) original[key] = r.value;
      else delete original[key];
    }
  }
  return original;
}

// ---- JSON merge patch (evanphx/json-patch CreateMergePatch), what label and annotate send ----

/**
 * jsonpatch.CreateMergePatch(original, modified): the keys `modified` adds or changes (maps
 * compared key by key, lists and scalars whole), and null for each key it dropped.
 */
export function createMergePatch(original: Obj, modified: Obj): Obj {
  const diff = (a: Obj, b: Obj): Obj => {
    const into: Obj = {};
    for (const key of Object.keys(b)) {
      const bv = b[key];
      if (!Object.hasOwn(a, key)) {
        setOwn(into, key, bv);
        continue;
      }
      const av = a[key];
      if (typeOf(av) !== typeOf(bv)) setOwn(into, key, bv);
      else if (isPlainObject(av) && isPlainObject(bv)) {
        const sub = diff(av, bv);
        if (Object.keys(sub).length > 0) setOwn(into, key, sub);
      } else if (!deepEqual(av, bv)) setOwn(into, key, bv);
    }
    for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) setOwn(into, key, null);
    return into;
  };
  return sortedDeep(diff(original, modified)) as Obj;
}

// ---- the two entry points ----

function copy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** CreateTwoWayMergePatch(original, modified) for an object of `kind`: what set image, cordon and rollout restart send. */
export function createTwoWayMergePatch(kind: string, original: Obj, modified: Obj): Obj {
  const patch = diffMaps(kind, [], copy(original), copy(modified), { setElementOrder: true, ignoreChangesAndAdditions: false, ignoreDeletions: false, buildRetainKeys: false });
  return sortedDeep(patch) as Obj;
}

/**
 * CreateThreeWayMergePatch(original, modified, current, overwrite=true): what kubectl apply
 * sends — original is the last applied configuration (undefined when the object has none),
 * modified the new one (carrying its own annotation), current the live object.
 */
export function createThreeWayMergePatch(kind: string, original: Obj | undefined, modified: Obj, current: Obj): Obj {
  const delta = diffMaps(kind, [], copy(current), copy(modified), { setElementOrder: true, ignoreChangesAndAdditions: false, ignoreDeletions: true, buildRetainKeys: false });
  const deletions = diffMaps(kind, [], copy(original ?? {}), copy(modified), { setElementOrder: true, ignoreChangesAndAdditions: true, ignoreDeletions: false, buildRetainKeys: false });
  return sortedDeep(mergeMap(kind, [], deletions, delta)) as Obj;
}
