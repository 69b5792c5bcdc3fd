// The order strategicpatch gives a merged list (patch.go normalizeSliceOrder,
// normalizeElementOrder, mergeSortedSlice), shared by the API server's strategic merge and
// kubectl's patch computation: the elements the patch (or its `$setElementOrder`) names come
// in that order, and the elements only the server has are slotted in among them by their
// order in the live list. Elements are maps matched by a merge key, or scalars matched by
// value.

import { isPlainObject } from './mergePatch';

type Json = unknown;
type Obj = Record<string, Json>;

export type ElementKind = 'map' | 'scalar';

/** A list element without its declared merge key (mergepatch.ErrNoMergeKey). */
export class MergeKeyError extends Error {}

/** fmt's %v of a decoded JSON value: `map[k:v …]` with sorted keys, `[a b]`, `<nil>`. */
export function goValueText(v: Json): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValueText).join(' ')}]`;
  if (isPlainObject(v)) return `map[${Object.keys(v).sort().map((k) => `${k}:${goValueText(v[k])}`).join(' ')}]`;
  return String(v);
}

/** The merge key's value of a map element; a missing key is strategicpatch's error (mergepatch.ErrNoMergeKey's text). */
export function keyValue(item: Json, mergeKey: string): Json {
  if (!isPlainObject(item)) throw new MergeKeyError(`expected a map, got ${goValueText(item)}`);
  if (!Object.hasOwn(item, mergeKey)) throw new MergeKeyError(`map: ${goValueText(item)} does not contain declared merge key: ${mergeKey}`);
  return item[mergeKey];
}

/** What an element is matched by: its merge key's value for maps, itself for scalars. */
function identity(item: Json, mergeKey: string, kind: ElementKind): Json {
  return kind === 'map' ? (isPlainObject(item) ? item[mergeKey] : undefined) : item;
}

/**
 * Each element's first index in `list` (strategicpatch index(), which scans the list: here
 * one map per list, so that a long hostile list costs linear time, not quadratic).
 */
export function indexOf(list: readonly Json[], mergeKey: string, kind: ElementKind): (item: Json) => number {
  const at = new Map<Json, number>();
  list.forEach((x, i) => {
    const id = identity(x, mergeKey, kind);
    if (!at.has(id)) at.set(id, i);
  });
  return (item) => at.get(identity(item, mergeKey, kind)) ?? -1;
}

/** normalizeSliceOrder: `toSort` in the order of `order` (stable), a map list's delete directives last. */
export function normalizeOrder(toSort: Json[], order: readonly Json[], mergeKey: string, kind: ElementKind): Json[] {
  let kept = toSort;
  let deletes: Json[] = [];
  if (kind === 'map') {
    for (const x of toSort) keyValue(x, mergeKey);
    for (const x of order) keyValue(x, mergeKey);
    kept = toSort.filter((x) => (x as Obj).$patch !== 'delete');
    deletes = toSort.filter((x) => (x as Obj).$patch === 'delete');
  }
  const inOrder = indexOf(order, mergeKey, kind);
  const ranked = kept.map((x, i) => ({ x, i, at: inOrder(x) }));
  ranked.sort((a, b) => (a.at >= 0 && b.at >= 0 ? a.at - b.at : 0) || a.i - b.i);
  return [...ranked.map((r) => r.x), ...deletes];
}

/** The merged elements the list `by` names, and the others (partitionMapsByPresentInList). */
export function partition(merged: Json[], by: readonly Json[], mergeKey: string, kind: ElementKind): { inPatch: Json[]; serverOnly: Json[] } {
  const inBy = indexOf(by, mergeKey, kind);
  const inPatch: Json[] = [];
  const serverOnly: Json[] = [];
  for (const x of merged) (inBy(x) >= 0 ? inPatch : serverOnly).push(x);
  return { inPatch, serverOnly };
}

/** normalizeElementOrder + mergeSortedSlice: patch items in the patch's order, server-only items slotted in by the server's order. */
export function normalizeElementOrder(inPatch: Json[], serverOnly: Json[], patchOrder: readonly Json[], serverOrder: readonly Json[], mergeKey: string, kind: ElementKind): Json[] {
  const right = normalizeOrder(inPatch, patchOrder, mergeKey, kind);
  const left = normalizeOrder(serverOnly, serverOrder, mergeKey, kind);
  const inServer = indexOf(serverOrder, mergeKey, kind);
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = inServer(left[i]);
      const ri = inServer(right[j]);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}
