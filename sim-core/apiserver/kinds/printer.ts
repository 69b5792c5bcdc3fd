// kubectl's -o json and -o yaml printers.
// -o json: encoding/json MarshalIndent with four spaces — struct fields in Go struct order
//   (our schemas list fields in that order), map keys sorted, `<`, `>`, `&` escaped.
// -o yaml: sigs.k8s.io/yaml turns the JSON into a generic map and go-yaml v2 prints it,
//   so keys come out sorted, sequences are not indented under their key, and a string
//   that would read back as a number, boolean or null is double-quoted (YAML 1.1 rules).
import { Document, isScalar, parse, visit, type SchemaOptions } from 'yaml';
import { z } from 'zod';
import { unwrap } from './goTypes';
import { kindFor } from './registry';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Reorder an object's keys as Go would marshal it, following the schema. */
export function inGoFieldOrder(value: unknown, schema: z.ZodType | undefined): unknown {
  const s = schema ? unwrap(schema) : undefined;
  if (Array.isArray(value)) {
    const element = s instanceof z.ZodArray ? (s.element as z.ZodType) : undefined;
    return value.map((v) => inGoFieldOrder(v, element));
  }
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  if (s instanceof z.ZodObject) {
    const shape = s.shape as Record<string, z.ZodType>;
    for (const key of Object.keys(shape)) {
      if (Object.hasOwn(value, key) && value[key] !== undefined) out[key] = inGoFieldOrder(value[key], shape[key]);
    }
    for (const key of sortedKeys(value)) {
      if (!Object.hasOwn(shape, key) && value[key] !== undefined) out[key] = inGoFieldOrder(value[key], undefined);
    }
    return out;
  }
  const valueSchema = s instanceof z.ZodRecord ? (s.valueType as z.ZodType) : undefined;
  for (const key of sortedKeys(value)) if (value[key] !== undefined) out[key] = inGoFieldOrder(value[key], valueSchema);
  return out;
}

/** encoding/json's text of a typed object: Go field order, `<`, `>`, `&` and U+2028/9 escaped. */
function goJson(obj: Record<string, unknown>, indent: number | undefined): string {
  const def = kindFor(String(obj.apiVersion ?? ''), String(obj.kind ?? ''));
  const ordered = inGoFieldOrder(obj, def?.schema);
  return goJsonEscape(JSON.stringify(ordered, null, indent));
}

/** What encoding/json escapes that JSON.stringify does not: <, >, & (HTML-safe) and U+2028/U+2029. */
export function goJsonEscape(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** `kubectl … -o json`: the object in Go field order, four-space indent, trailing newline. */
export function printJson(obj: Record<string, unknown>): string {
  return `${goJson(obj, 4)}\n`;
}

/** json.Marshal of a typed object (compact): what `--save-config` writes for an object kubectl built itself. */
export function compactJson(obj: Record<string, unknown>): string {
  return goJson(obj, undefined);
}

/** Would this plain scalar read back as something other than a string under YAML 1.1? */
function needsDoubleQuotes(s: string): boolean {
  // `<<` is YAML 1.1's merge key; go-yaml quotes it like any string that resolves to another tag.
  if (s === '' || s === '<<') return true;
  if (s.length > 64) return false;
  try {
    const v = parse(s, { version: '1.1', schema: 'yaml-1.1', logLevel: 'silent' }) as unknown;
    return typeof v === 'number' || typeof v === 'boolean' || v === null || typeof v === 'bigint';
  } catch {
    return false;
  }
}

/** go-yaml v2's emitter width (yaml_emitter_t.best_width). */
const BEST_WIDTH = 80;

const PLAIN_LINE = /^( *)((?:- )*)(?:([^\s'"{[|>&*!%@`#][^:]*|'[^']*'|"[^"]*"): )?([^\s'"{[|>&*!%@`#].*)$/;

/**
 * Fold long plain scalars the way go-yaml v2 does: break at a single space once the line
 * is already past column 80 (so a line overshoots by one word, unlike the `yaml`
 * package, which breaks before the limit), continuing two columns in from the key or dash.
 */
function foldLikeGoYaml(line: string): string {
  if (line.length <= BEST_WIDTH) return line;
  const m = PLAIN_LINE.exec(line);
  if (!m) return line;
  const indent = (m[1] ?? '').length;
  const dashes = (m[2] ?? '').length;
  const key = m[3];
  const value = m[4] ?? '';
  if (value.startsWith('- ') || value.endsWith(':')) return line;
  const continuation = ' '.repeat(key === undefined ? indent + dashes : indent + dashes + 2);
  let out = line.slice(0, line.length - value.length);
  let column = out.length;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === ' ' && value[i - 1] !== ' ' && value[i + 1] !== ' ' && column > BEST_WIDTH) {
      out += `\n${continuation}`;
      column = continuation.length;
      continue;
    }
    out += c;
    column++;
  }
  return out;
}

type TagList = Extract<NonNullable<SchemaOptions['customTags']>, unknown[]>;

function withoutMergeTag(tags: TagList): TagList {
  return tags.filter((t) => (typeof t === 'string' ? t !== 'merge' : t.tag !== 'tag:yaml.org,2002:merge'));
}

/** `kubectl … -o yaml`. */
export function printYaml(obj: Record<string, unknown>): string {
  // Without the merge tag, a `<<` key is an ordinary string (and gets quoted below).
  const doc = new Document(obj, { version: '1.1', sortMapEntries: true, merge: false, customTags: withoutMergeTag });
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && needsDoubleQuotes(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  const text = doc.toString({ indentSeq: false, singleQuote: true, lineWidth: 0 });
  // Lines of a literal block (`key: |`) are content, never folded.
  let blockIndent = -1;
  return text
    .split('\n')
    .map((line) => {
      const indent = line.length - line.trimStart().length;
      if (blockIndent >= 0 && (line.trim() === '' || indent > blockIndent)) return line;
      blockIndent = /(^|: |- )[|>][-+]?\d*$/.test(line) ? indent : -1;
      return foldLikeGoYaml(line);
    })
    .join('\n');
}
