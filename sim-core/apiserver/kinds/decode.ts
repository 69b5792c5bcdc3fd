// Decoding a JSON object into a known kind the way the API server does it with strict
// field validation (kubectl 1.32 sends fieldValidation=Strict): a value of the wrong type
// is a JSON decode error; otherwise unknown fields are listed as a strict decoding error.
// Both become a 400 BadRequest whose message kubectl prints after
// `Error from server (BadRequest): error when creating "web.yaml": `.
import { goTypeName, unwrap } from './goTypes';
import { QUANTITY_FORMAT_ERROR } from './quantity';
import type { KindDefinition } from './kindDefinition';
import { fastCheck } from './fastCheck';
import { canonicalQuantities } from './canonicalQuantities';
import { z } from 'zod';
import type { FieldValidation } from '../../client';

export type DecodeResult =
  /** warnings: the unknown fields a Warn decode dropped (`unknown field "spec.x"`) */
  | { ok: true; object: Record<string, unknown>; warnings?: string[] }
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

/** Whether a null is anywhere in `value`: a field, a list item or a map value. */
function holdsNull(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => v === null || holdsNull(v));
  if (!isRecord(value)) return false;
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    const v = value[k];
    if (v === null || holdsNull(v)) return true;
  }
  return false;
}

/**
 * The zero value Go decodes a JSON null into where it cannot leave a field out: a list
 * item or a map value (encoding/json ignores null for a struct, string, number or bool and
 * keeps the zero it started from). A zero struct is `{}` here: its members are absent, as
 * validation then sees them. Undefined where the zero is not known (intstr, Quantity).
 */
function zeroOf(schema: z.ZodType): unknown {
  const s = unwrap(schema);
  if (s instanceof z.ZodObject) return {};
  if (s instanceof z.ZodString) return '';
  if (s instanceof z.ZodNumber) return 0;
  if (s instanceof z.ZodBoolean) return false;
  return undefined;
}

/**
 * dropNulls along the kind's schema: a null field is left out, a null list item or map
 * value becomes the zero of its Go type (`ports: [null]` is one zero ServicePort, which
 * validation then finds wanting). Where the schema has no answer, a null item stays for
 * the decoder to refuse.
 */
function decodeNulls(value: unknown, schema: z.ZodType | undefined): unknown {
  const s = schema === undefined ? undefined : unwrap(schema);
  if (Array.isArray(value)) {
    const item = s instanceof z.ZodArray ? (s.element as z.ZodType) : undefined;
    return value.map((v) => (v === null ? (item === undefined ? null : (zeroOf(item) ?? null)) : decodeNulls(v, item)));
  }
  if (!isRecord(value)) return value;
  const shape = s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : undefined;
  const valueType = s instanceof z.ZodRecord ? (s.valueType as z.ZodType) : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const member = v === null ? (valueType === undefined ? undefined : zeroOf(valueType)) : decodeNulls(v, shape?.[k] ?? valueType);
    if (member === undefined) continue;
    // an own "__proto__" key stays a key, as JSON.parse made it
    if (k === '__proto__') Object.defineProperty(out, k, { value: member, writable: true, enumerable: true, configurable: true });
    else out[k] = member;
  }
  return out;
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
 * Returns the object as the real server's typed object encodes — its nulls decoded
 * (decodeNulls), its quantities in canonical text (canonicalQuantities) — or the
 * BadRequest message.
 */
/**
 * metav1.FieldValidation: what a decode does with a field the kind does not have — Strict
 * refuses the object (`strict decoding error: unknown field …`), Warn drops the field and
 * says so in a warning, Ignore drops it silently. The server's default for a request that
 * names none is Warn (handlers fieldValidation()); kubectl's typed commands send Strict, and
 * a caller here that names none gets Strict, as those are the callers.
 */

export function decodeObject(def: KindDefinition, input: unknown, fieldValidation: FieldValidation = 'Strict'): DecodeResult {
  const cleaned = holdsNull(input) ? decodeNulls(input, def.schema) : input;
  // the usual answer, yes, without zod's result objects (fastCheck.ts); zod words a refusal
  if (fastCheck(def.schema)(cleaned)) return { ok: true, object: canonicalQuantities(def, cleaned as Record<string, unknown>) };
  const parsed = def.schema.safeParse(cleaned);
  if (parsed.success) return { ok: true, object: canonicalQuantities(def, cleaned as Record<string, unknown>) };
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
  if (fieldValidation !== 'Strict') {
    // the fields are dropped (a copy: the caller's input stays as sent) and the rest decoded again
    const kept = JSON.parse(JSON.stringify(cleaned)) as Record<string, unknown>;
    for (const issue of issues) {
      if (issue.code !== 'unrecognized_keys') continue;
      const holder = valueAt(kept, issue.path);
      if (holder !== null && typeof holder === 'object') for (const key of issue.keys) Reflect.deleteProperty(holder, key);
    }
    const again = decodeObject(def, kept, 'Strict');
    if (!again.ok) return again;
    return fieldValidation === 'Warn' ? { ...again, warnings: unknown } : again;
  }
  return { ok: false, code: 400, reason: 'BadRequest', message: `${prefix}strict decoding error: ${unknown.join(', ')}` };
}
