// `kubectl get --sort-by=FIELD` (kubectl pkg/cmd/get/sorter.go): FIELD is a relaxed JSONPath
// (`.metadata.name`, `{.metadata.name}`, `metadata.name`); each object is ordered by the
// first value the path finds in it, compared as sorter.go's isLess does — integers and
// floats by value, strings as Kubernetes quantities when both parse as one ("250m" < "1")
// and byte-wise otherwise, timestamps being strings — with an object that has no value
// sorting as "less" than anything. The order is Go's unstable sort.Sort (goSort.ts), so
// ties come out as kubectl prints them. A table sorts only when it has two rows or more;
// a list (`-o name|json|yaml|jsonpath`) sorts whenever it has an item, and refuses a path
// no item has.
import { parseQuantity } from '../../../apiserver';
import { parseJsonPath } from '../jsonpath';
import { findAll } from '../jsonpath/execute';
import { relaxedJsonPathExpression } from '../jsonpath/custom-columns';
import { goCompare, type GoValue } from '../jsonpath/go-values';
import { goSort } from './goSort';

export type SortResult<T> = { ok: true; value: T[] } | { ok: false; error: string };

/** sorter.go isLess over the first values found (interface values of an unstructured object). */
function isLess(i: GoValue, j: GoValue): boolean {
  if (i.k === 'nil' && j.k === 'nil') return false;
  if (i.k === 'nil') return true;
  if (j.k === 'nil') return false;
  if (i.k === 'int' && j.k === 'int') return i.v < j.v;
  if (i.k === 'float' && j.k === 'float') return i.v < j.v;
  if (i.k === 'string' && j.k === 'string') {
    const qi = parseQuantity(i.v);
    const qj = qi.ok ? parseQuantity(j.v) : qi;
    if (qi.ok && qj.ok) return qi.quantity.milli < qj.quantity.milli;
    return goCompare(i.v, j.v) < 0;
  }
  // kubectl exits on an unsortable pair (klog.Exitf); the simulation keeps the order
  return false;
}

/**
 * `objects` in --sort-by order. `table`: the human-readable output, sorted only with two
 * rows or more; otherwise a list, sorted (and checked) whenever it has an item.
 */
export function sortByField<T>(objects: readonly T[], field: string, options: { table: boolean }): SortResult<T> {
  if (objects.length === 0 || (options.table && objects.length < 2)) return { ok: true, value: [...objects] };
  const relaxed = relaxedJsonPathExpression(field);
  if (!relaxed.ok) return { ok: false, error: `error: ${relaxed.error}\n` };
  const template = parseJsonPath(relaxed.value);
  if (!template.ok) return { ok: false, error: template.error };
  const keys: (GoValue | undefined)[] = [];
  for (const obj of objects) {
    const found = findAll(template.value, obj, { allowMissingKeys: true });
    if (!found.ok) return { ok: false, error: 'execError' in found ? `error: ${found.execError}\n` : found.error };
    keys.push(found.lists[0]?.[0]);
  }
  if (keys.every((k) => k === undefined)) return { ok: false, error: `error: couldn't find any field with path ${JSON.stringify(relaxed.value)} in the list of objects\n` };
  const items = [...objects];
  goSort(items.length, {
    less: (i, j) => {
      const a = keys[i];
      const b = keys[j];
      if (a === undefined) return true;
      if (b === undefined) return false;
      return isLess(a, b);
    },
    swap: (i, j) => {
      [items[i], items[j]] = [items[j]!, items[i]!];
      [keys[i], keys[j]] = [keys[j], keys[i]];
    },
  });
  return { ok: true, value: items };
}
