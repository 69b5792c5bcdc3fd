// `kubectl get … -o json|yaml`. kubectl get handles objects as unstructured maps, so keys
// come out sorted at every level (unlike `create --dry-run -o json`, which prints the typed
// object in Go field order — apiserver's printJson). A request for a collection (`get pods`,
// `get pod a b`) prints a `List`; a request for one named object prints the object itself.
// JSON: json.MarshalIndent with four spaces, `<`, `>`, `&` escaped; YAML: apiserver's
// printYaml (sigs.k8s.io/yaml rules).
import { printYaml } from '../../apiserver';

function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortedDeep(v);
  }
  return out;
}

function goJson(value: unknown): string {
  return (
    JSON.stringify(sortedDeep(value), null, 4)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029') + '\n'
  );
}

/** The `List` kubectl wraps a collection in. */
export function kubectlList(items: readonly unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

export function printStructured(objects: readonly unknown[], format: 'json' | 'yaml', asList: boolean): string {
  const doc = (asList || objects.length !== 1 ? kubectlList(objects) : objects[0]) as Record<string, unknown>;
  return format === 'json' ? goJson(doc) : printYaml(sortedDeep(doc) as Record<string, unknown>);
}
