// `kubectl get --sort-by=FIELD` (kubectl pkg/cmd/get/sorter.go): FIELD is a relaxed JSONPath
// (`.metadata.name`, `{.metadata.name}`, `metadata.name`); each object is ordered by the
// first value the path finds in it, compared as sorter.go's isLess does — integers and
// floats by value, strings as Kubernetes quantities when both parse as one ("250m" < "1")
// and byte-wise otherwise, timestamps being strings — with an object that has no value
// sorting as "less" than anything; values it cannot compare (lists, maps, mixed types) end
// kubectl with klog's fatal line. The order is Go's unstable sort.Sort (goSort.ts), so
// ties come out as kubectl prints them. A table sorts only when it has two rows or more;
// a list (`-o name|json|yaml|jsonpath`) sorts whenever it has an item, and refuses a path
// no item has.
import { parseQuantity } from '../../../apiserver';
import { parseJsonPath } from '../jsonpath';
import { findAll } from '../jsonpath/execute';
import { relaxedJsonPathExpression } from '../jsonpath/custom-columns';
import { goCompare, type GoValue } from '../jsonpath/go-values';
import { goSort } from './goSort';
import { klogLine } from '../parse/klog';

export type SortResult<T> = { ok: true; value: T[] } | { ok: false; error: string };

/** What %T prints for the unstructured value kubectl could not compare. */
function goTypeOf(v: GoValue): string {
  switch (v.k) {
    case 'slice':
      return '[]interface {}';
    case 'map':
      return 'map[string]interface {}';
    case 'bool':
      return 'bool';
    default:
      return 'interface {}';
  }
}

/** sorter.go isLess over the first values found (interface values of an unstructured object): less, or why kubectl gives up. */
function isLess(i: GoValue, j: GoValue): boolean | { unsortable: string } {
  if (i.k === 'nil' && j.k === 'nil') return false;
  if (i.k === 'nil') return true;
  if (j.k === 'nil') return false;
  if (i.k === 'int') return j.k === 'int' ? i.v < j.v : { unsortable: 'unsortable interface: interface' };
  if (i.k === 'float') return j.k === 'float' ? i.v < j.v : { unsortable: 'unsortable interface: interface' };
  if (i.k === 'string') {
    if (j.k !== 'string') return { unsortable: 'unsortable interface: interface' };
    const qi = parseQuantity(i.v);
    const qj = qi.ok ? parseQuantity(j.v) : qi;
    if (qi.ok && qj.ok) return qi.quantity.milli < qj.quantity.milli;
    return goCompare(i.v, j.v) < 0;
  }
  return { unsortable: `unsortable type: ${goTypeOf(i)}` };
}

/** Thrown out of the sort when kubectl would exit (klog.Exitf). */
class Unsortable extends Error {}

/**
 * `objects` in --sort-by order. `table`: the human-readable output, sorted only with two
 * rows or more; otherwise a list, sorted (and checked) whenever it has an item.
 */
export function sortByField<T>(objects: readonly T[], field: string, options: { table: boolean; now?: number }): SortResult<T> {
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
  const sortData = {
    less: (i: number, j: number) => {
      const a = keys[i];
      const b = keys[j];
      if (a === undefined) return true;
      if (b === undefined) return false;
      const less = isLess(a, b);
      if (typeof less === 'boolean') return less;
      throw new Unsortable(less.unsortable);
    },
    swap: (i: number, j: number) => {
      [items[i], items[j]] = [items[j]!, items[i]!];
      [keys[i], keys[j]] = [keys[j], keys[i]];
    },
  };
  try {
    goSort(items.length, sortData);
  } catch (e) {
    if (!(e instanceof Unsortable)) throw e;
    // RuntimeSort.Less: klog.Exitf, exit 1
    return { ok: false, error: `${klogLine('F', options.now ?? 0, 'sorter.go:329', `Field ${relaxed.value} in *unstructured.Unstructured is an unsortable type: interface, err: ${e.message}`)}\n` };
  }
  return { ok: true, value: items };
}
