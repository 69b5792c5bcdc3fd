// Decoding a JSON object into a known kind the way the API server does it with strict
// field validation (kubectl 1.32 sends fieldValidation=Strict): a value of the wrong type
// is a JSON decode error; otherwise unknown fields are listed as a strict decoding error.
// Both become a 400 BadRequest whose message kubectl prints after
// `Error from server (BadRequest): error when creating "web.yaml": `.
import { goTypeName, unwrap } from './goTypes';
import { QUANTITY_FORMAT_ERROR } from './quantity';
import type { KindDefinition } from './kindDefinition';
import { fastCheck } from './fastCheck';
import { z } from 'zod';

export type DecodeResult =
  | { ok: true; object: Record<string, unknown> }
  | { ok: false; code: 400; reason: 'BadRequest'; message: string };

type PathSegment = PropertyKey;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Go decodes `null` as the zero value, i.e. as if the field were absent. Returns the value
 * itself when it holds no null field (the common case: no copy), else a copy without them.
 */
export function dropNulls(value: unknown): unknown {
  return hasNullField(value) ? withoutNulls(value) : value;
}

function hasNullField(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const v of value) if (hasNullField(v)) return true;
    return false;
  }
  if (isRecord(value)) {
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      const v = value[k];
      if (v === null || hasNullField(v)) return true;
    }
  }
  return false;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;
      // an own "__proto__" key stays a key, as JSON.parse made it
      if (k === '__proto__') Object.defineProperty(out, k, { value: withoutNulls(v), writable: true, enumerable: true, configurable: true });
      else out[k] = withoutNulls(v);
    }
    return out;
  }
  return value;
}

/** `spec.template.spec.containers[0].restartPolicy`, as strict decoding names a field. */
function strictPath(path: readonly PathSegment[]): string {
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else s += s.length === 0 ? String(seg) : `.${String(seg)}`;
  }
  return s;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

function jsonTypeName(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

function fallbackGoType(schema: z.ZodType): string {
  if (schema instanceof z.ZodString) return 'string';
  if (schema instanceof z.ZodNumber) return 'int64';
  if (schema instanceof z.ZodBoolean) return 'bool';
  if (schema instanceof z.ZodArray) return '[]interface {}';
  return 'map[string]interface {}';
}

/** How the leaf type appears in `of type …`: structs are qualified by their Go package. */
function leafTypeName(schema: z.ZodType): string {
  const name = goTypeName(schema) ?? fallbackGoType(unwrap(schema));
  return /^[A-Z]/.test(name) ? `v1.${name}` : name;
}

/**
 * Walk the schema along a path: the innermost struct's Go name, the struct field names on
 * the way (Go's error names fields, not slice indices or map keys) and the leaf schema.
 */
function locate(schema: z.ZodType, path: readonly PathSegment[]) {
  let current = unwrap(schema);
  let structName = goTypeName(schema) ?? '';
  const fields: string[] = [];
  for (const seg of path) {
    if (current instanceof z.ZodObject && typeof seg === 'string') {
      structName = goTypeName(current) ?? structName;
      fields.push(seg);
      const next = (current.shape as Record<string, z.ZodType>)[seg];
      if (!next) break;
      current = unwrap(next);
    } else if (current instanceof z.ZodArray && typeof seg === 'number') {
      current = unwrap(current.element as z.ZodType);
    } else if (current instanceof z.ZodRecord) {
      current = unwrap(current.valueType as z.ZodType);
    } else break;
  }
  return { structName, fields, leaf: current };
}

function typeError(def: KindDefinition, input: unknown, path: readonly PathSegment[]): string {
  const { structName, fields, leaf } = locate(def.schema, path);
  const goType = leafTypeName(leaf);
  if (goType === 'resource.Quantity') return QUANTITY_FORMAT_ERROR;
  const value = valueAt(input, path);
  const isIntType = /^u?int(8|16|32|64)?$/.test(goType);
  const shown = typeof value === 'number' && isIntType ? `number ${String(value)}` : jsonTypeName(value);
  return `json: cannot unmarshal ${shown} into Go struct field ${structName}.${fields.join('.')} of type ${goType}`;
}

/**
 * Decode `input` (already known to have this kind's apiVersion and kind) strictly.
 * Returns the object with nulls dropped, or the BadRequest message.
 */
export function decodeObject(def: KindDefinition, input: unknown): DecodeResult {
  const cleaned = dropNulls(input);
  // the usual answer, yes, without zod's result objects (fastCheck.ts); zod words a refusal
  if (fastCheck(def.schema)(cleaned)) return { ok: true, object: cleaned as Record<string, unknown> };
  const parsed = def.schema.safeParse(cleaned);
  if (parsed.success) return { ok: true, object: cleaned as Record<string, unknown> };
  const prefix = `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: `;
  const issues = parsed.error.issues;
  const decodeIssue = issues.find((i) => i.code !== 'unrecognized_keys');
  if (decodeIssue) {
    const message = decodeIssue.code === 'custom' ? decodeIssue.message : typeError(def, cleaned, decodeIssue.path);
    return { ok: false, code: 400, reason: 'BadRequest', message: prefix + message };
  }
  const unknown: string[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const key of issue.keys) unknown.push(`unknown field "${strictPath([...issue.path, key])}"`);
  }
  return { ok: false, code: 400, reason: 'BadRequest', message: `${prefix}strict decoding error: ${unknown.join(', ')}` };
}
