// How `kubectl edit` reads the file the learner saved (kubectl editoptions.go Run, in its
// order): the client-side validation of the text without its comments (validation/schema.go
// ParamVerifyingSchema: parse, apiVersion and kind, and for a List each item's — the API
// server validates every kind the simulation has, so no schema is downloaded for them), the
// comparison with what was opened (StripComments: YAML compared as the JSON it converts to,
// JSON byte for byte), then the builder's decoding of the text as a stream named
// "edited-file" (each object mapped to its kind; a List flattened).
import { decodeManifests, kindFor, parseDocuments, type KindDefinition } from '../../apiserver';
import { goJsonSyntaxError } from '../../apiserver/manifest/goJsonScanner';
import type { KubeObject } from '../../client';
import { manualStrip } from './edit-file';
import { goCompactJson, sortedDeep } from './structured';

type Converted = { ok: true; json: string } | { ok: false; error: string };
type Value = { ok: true; value: unknown } | { ok: false; error: string };

/** hasJSONPrefix: the first character after white space is `{`. */
function hasJsonPrefix(text: string): boolean {
  return /^\s*\{/.test(text);
}

/**
 * apimachinery's yaml.ToJSON: a text that starts with `{` is JSON already (returned as it
 * is, valid or not); any other is YAML, whose first document sigs.k8s.io/yaml converts
 * (json.Marshal of it: keys sorted; an empty one is `null`).
 */
export function yamlToJson(text: string): Converted {
  if (hasJsonPrefix(text)) return { ok: true, json: text };
  const parsed = parseDocuments(text);
  if (!parsed.ok) {
    const p = parsed.problem;
    if (p.reason === 'yaml') return { ok: false, error: `yaml: ${p.line !== undefined ? `line ${p.line}: ` : ''}${p.detail}` };
    return { ok: false, error: p.reason === 'json' ? p.detail : 'the file is too large' };
  }
  return { ok: true, json: goCompactJson(parsed.values[0] ?? null) };
}

/** cmdutil.StripComments: the text as JSON when it converts, else without its comment lines — what edit compares. */
export function stripComments(text: string): string {
  const c = yamlToJson(text);
  return c.ok ? c.json : manualStrip(text);
}

/** json.Unmarshal into interface{}, with encoding/json's error texts (and the depth guard every learner's text gets). */
function unmarshal(json: string): Value {
  const syntax = goJsonSyntaxError(json);
  if (syntax !== undefined) return { ok: false, error: syntax };
  const parsed = parseDocuments(json);
  if (!parsed.ok) return { ok: false, error: parsed.problem.reason === 'tooLarge' ? 'the file is too large' : parsed.problem.detail };
  return { ok: true, value: parsed.values[0] ?? null };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** validation.go getObjectKind: what is missing or wrong in an object's apiVersion and kind. */
function objectKindErrors(v: unknown): string[] {
  if (!isRecord(v)) return ['invalid object to validate'];
  const errors: string[] = [];
  const apiVersion = v.apiVersion;
  if (apiVersion === undefined || apiVersion === null) errors.push('apiVersion not set');
  else if (typeof apiVersion !== 'string') errors.push("apiVersion isn't string type");
  else if ((apiVersion.match(/\//g) ?? []).length > 1) errors.push(`unexpected GroupVersion string: ${apiVersion}`);
  const kind = v.kind;
  if (kind === undefined || kind === null) errors.push('kind not set');
  else if (typeof kind !== 'string') errors.push("kind isn't string type");
  return errors;
}

/** utilerrors.NewAggregate(errs).Error(): repeats dropped, one as it is, several in brackets. */
function aggregate(errors: readonly string[]): string {
  const seen = [...new Set(errors)];
  return seen.length === 1 ? seen[0]! : `[${seen.join(', ')}]`;
}

/**
 * The error kubectl's validation finds in the saved text, or undefined. `directive` is
 * --validate's (ignore never gets here). A List is checked item by item only under strict:
 * its kind has no fieldValidation to rely on, so kubectl validates it itself (warn skips it).
 */
export function validationError(edited: string, directive: 'strict' | 'warn'): string | undefined {
  const converted = yamlToJson(edited);
  // StripComments: what did not convert is stripped of its comment lines and parsed again
  const json = converted.ok ? converted : yamlToJson(manualStrip(edited));
  if (!json.ok) return json.error;
  const value = unmarshal(json.json);
  if (!value.ok) return value.error;
  const kindErrors = objectKindErrors(value.value);
  if (kindErrors.length > 0) return aggregate(kindErrors);
  const doc = value.value as Record<string, unknown>;
  if (directive !== 'strict' || doc.apiVersion !== 'v1' || doc.kind !== 'List') return undefined;
  // schemaValidation.validateList
  if (!Array.isArray(doc.items)) return 'invalid object to validate';
  const itemErrors = doc.items.flatMap(objectKindErrors);
  return itemErrors.length > 0 ? aggregate(itemErrors) : undefined;
}

/** An object of the saved file, mapped to its kind; `namespace` is its own ('' when it names none). */
export interface EditedObject {
  def: KindDefinition;
  object: KubeObject;
}

const SOURCE = 'edited-file';

/** The Go type json.Unmarshal names when a document is not an object. */
function goTypeOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

/** One document as the builder's unstructured decoder and REST mapper take it (a List's items each in turn). */
function mapped(doc: Record<string, unknown>, out: EditedObject[]): string | undefined {
  const kind = typeof doc.kind === 'string' ? doc.kind : '';
  if (kind === '') return `unable to decode "${SOURCE}": Object 'Kind' is missing in '${goCompactJson(doc)}'`;
  const apiVersion = typeof doc.apiVersion === 'string' ? doc.apiVersion : '';
  if (kind.endsWith('List') && Array.isArray(doc.items)) {
    for (const item of doc.items) {
      if (!isRecord(item)) return `unable to decode "${SOURCE}": json: cannot unmarshal ${goTypeOf(item)} into Go value of type map[string]interface {}`;
      const problem = mapped(item, out);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const def = kindFor(apiVersion, kind);
  const object = doc as KubeObject;
  if (def === undefined) {
    const name = object.metadata?.name ?? '';
    const namespace = object.metadata?.namespace ?? '';
    return `resource mapping not found for name: "${name}" namespace: "${namespace}" from "${SOURCE}": no matches for kind "${kind}" in version "${apiVersion}"\nensure CRDs are installed first`;
  }
  out.push({ def, object });
  return undefined;
}

/** The builder's objects from the saved text (Stream "edited-file", Flatten), or its error. */
export function decodeEdited(edited: string): { ok: true; objects: EditedObject[] } | { ok: false; error: string } {
  const parsed = parseDocuments(edited);
  if (!parsed.ok) {
    // the decoder's words for a text that does not parse
    const d = decodeManifests(edited, SOURCE);
    return { ok: false, error: d.ok ? 'the edited file could not be read' : d.error.replace(/^error: /, '') };
  }
  const objects: EditedObject[] = [];
  for (const doc of parsed.values) {
    if (doc === null || doc === undefined) continue;
    if (!isRecord(doc)) return { ok: false, error: `unable to decode "${SOURCE}": json: cannot unmarshal ${goTypeOf(doc)} into Go value of type map[string]interface {}` };
    const problem = mapped(doc, objects);
    if (problem !== undefined) return { ok: false, error: problem };
  }
  return { ok: true, objects };
}

/** Go's strconv.Quote, as %#v writes a string. */
function goQuoted(s: string): string {
  return JSON.stringify(s)
    .replace(/\\u00([01][0-9a-f])/g, (_, hex: string) => ({ '07': '\\a', '0b': '\\v' })[hex] ?? `\\x${hex}`)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** fmt's %#v of an unstructured value: Go syntax, map keys sorted. */
function goSyntaxOf(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuoted(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntaxOf).join(', ')}}`;
  const o = sortedDeep(v) as Record<string, unknown>;
  return `map[string]interface {}{${Object.keys(o)
    .map((k) => `${goQuoted(k)}:${goSyntaxOf(o[k])}`)
    .join(', ')}}`;
}

/** `%#v` of an *unstructured.Unstructured, as visitToPatch names an object it found no original for. */
export function goSyntaxUnstructured(obj: KubeObject): string {
  return `&unstructured.Unstructured{Object:${goSyntaxOf(obj)}}`;
}
