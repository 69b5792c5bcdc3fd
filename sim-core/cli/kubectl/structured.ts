// `kubectl get … -o json|yaml`. kubectl get handles objects as unstructured maps, so keys
// come out sorted at every level (unlike `create --dry-run -o json`, which prints the typed
// object in Go field order — apiserver's printJson). A request for a collection (`get pods`,
// `get pod a b`) prints a `List`; a request for one named object prints the object itself.
// JSON: json.MarshalIndent with four spaces, `<`, `>`, `&` escaped; YAML: apiserver's
// printYaml (sigs.k8s.io/yaml rules).
import { goJsonEscape, printYaml } from '../../apiserver';
import { setOwn } from '../../kernel';

/** Go's encoding of an unstructured object: map keys sorted, at every depth. */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) setOwn(out, key, sortedDeep(v));
  }
  return out;
}

/** json.Marshal of a map (an unstructured object, a patch): compact, keys sorted at every level, HTML characters escaped. */
export function goCompactJson(value: unknown): string {
  return goJsonEscape(JSON.stringify(sortedDeep(value)));
}

function goJson(value: unknown): string {
  return `${goJsonEscape(JSON.stringify(sortedDeep(value), null, 4))}\n`;
}

/** The `List` kubectl wraps a collection in. */
export function kubectlList(items: readonly unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * A string that reads back as a YAML 1.1 timestamp (`2026-01-01T00:00:04Z`) is not a
 * plain string to go-yaml v2, so it double-quotes it (`creationTimestamp: "2026-…"`, as
 * every real `kubectl get -o yaml` shows); apiserver's printYaml single-quotes it.
 */
const SINGLE_QUOTED_TIMESTAMP = /^(\s*(?:- )*(?:[^\s'"#][^:]*: )?)'(\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?)'$/gm;

/** kubectl's -o yaml for an object or List: apiserver's printYaml with go-yaml's timestamp quoting. */
export function kubectlYaml(doc: Record<string, unknown>): string {
  return printYaml(doc).replace(SINGLE_QUOTED_TIMESTAMP, '$1"$2"');
}

export function printStructured(objects: readonly unknown[], format: 'json' | 'yaml', asList: boolean): string {
  const doc = (asList || objects.length !== 1 ? kubectlList(objects) : objects[0]) as Record<string, unknown>;
  return format === 'json' ? goJson(doc) : kubectlYaml(sortedDeep(doc) as Record<string, unknown>);
}
