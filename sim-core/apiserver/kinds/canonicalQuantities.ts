// Quantities as the API server stores them. The real one decodes a body into the typed
// object (resource.Quantity's UnmarshalJSON parses the text or JSON number) and encodes
// that to etcd and to every reader with MarshalJSON: Quantity.String(), always a JSON
// string. So `cpu: 0.5` is stored as "500m", `memory: 1024Mi` as "1Gi", a YAML number
// `cpu: 2` as "2", `" 100m"` as "100m" (UnmarshalJSON trims white space), while text
// already canonical stays as written ("100m", "128Mi", "1e3").
// Here the decoded object is JSON already, so each field the schema types as a Quantity
// (goTypes.ts quantity(), resourceList()) is rewritten to canonicalQuantity's text,
// following the schema as decodeNulls does. Only what changes is copied: an object whose
// quantities are all canonical comes back as itself.
import { z } from 'zod';
import { goTypeName, unwrap } from './goTypes';
import type { KindDefinition } from './kindDefinition';
import { canonicalQuantity, unmarshalQuantityText } from './quantity';

/** Returns its argument when nothing in it changes, else a copy sharing what did not. */
type Rewrite = (value: unknown) => unknown;

/** Per schema, the rewrite of the quantities under it; null when it holds none (most of a kind). */
const compiled = new WeakMap<z.ZodType, Rewrite | null>();

/** `object`, a value of `def`'s schema that decoding accepted, with every Quantity in canonical text. */
export function canonicalQuantities(def: KindDefinition, object: Record<string, unknown>): Record<string, unknown> {
  const rewrite = rewriteFor(def.schema);
  return rewrite === null ? object : (rewrite(object) as Record<string, unknown>);
}

/**
 * The same for the status subresource, whose writes take only .status from the body (the
 * status strategy) and which the simulated server does not decode: the quantities of
 * `object.status` (a Node's capacity and allocatable), as the real decode would write them.
 */
export function canonicalStatusQuantities<T extends Record<string, unknown>>(def: KindDefinition, object: T): T {
  const s = unwrap(def.schema);
  const status = s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>).status : undefined;
  const rewrite = status === undefined ? null : rewriteFor(status);
  if (rewrite === null || object.status === undefined) return object;
  const next = rewrite(object.status);
  return next === object.status ? object : { ...object, status: next };
}

function rewriteFor(schema: z.ZodType): Rewrite | null {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  // a schema that contains itself (none of the kinds' does) adds nothing on its inner visits
  compiled.set(schema, null);
  const rewrite = compile(schema);
  compiled.set(schema, rewrite);
  return rewrite;
}

/** Canonical text by text as written: a cluster writes the same few quantities (`100m`, `64Mi`) again and again. Bounded. */
const canonicalCache = new Map<string, string>();
const CACHE_LIMIT = 4096;

function canonicalText(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = unmarshalQuantityText(value);
  let canonical = canonicalCache.get(text);
  if (canonical === undefined) {
    // text that does not parse stays as it is: decoding refuses it, but a status write is
    // not decoded here
    canonical = canonicalQuantity(text) ?? text;
    if (canonicalCache.size >= CACHE_LIMIT) canonicalCache.clear();
    canonicalCache.set(text, canonical);
  }
  return canonical === value ? value : canonical;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `out[key] = value`, an own "__proto__" key included (JSON.parse makes it a key, not the prototype). */
function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

/** A copy of `o` with its own enumerable members, `__proto__` kept as a key. */
function copyOf(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) setMember(out, k, o[k]);
  return out;
}

function compile(schema: z.ZodType): Rewrite | null {
  const s = unwrap(schema);
  if (goTypeName(s) === 'resource.Quantity') return canonicalText;
  if (s instanceof z.ZodObject) {
    const members: [string, Rewrite][] = [];
    for (const [k, member] of Object.entries(s.shape as Record<string, z.ZodType>)) {
      const r = rewriteFor(member);
      if (r !== null) members.push([k, r]);
    }
    if (members.length === 0) return null;
    return (v) => {
      if (!isRecord(v)) return v;
      let out: Record<string, unknown> | undefined;
      for (const [k, r] of members) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        const next = r(v[k]);
        if (next !== v[k]) setMember((out ??= copyOf(v)), k, next);
      }
      return out ?? v;
    };
  }
  if (s instanceof z.ZodRecord) {
    const r = rewriteFor(s.valueType as z.ZodType);
    if (r === null) return null;
    return (v) => {
      if (!isRecord(v)) return v;
      let out: Record<string, unknown> | undefined;
      for (const k of Object.keys(v)) {
        const next = r(v[k]);
        if (next !== v[k]) setMember((out ??= copyOf(v)), k, next);
      }
      return out ?? v;
    };
  }
  if (s instanceof z.ZodArray) {
    const r = rewriteFor(s.element as z.ZodType);
    if (r === null) return null;
    return (v) => {
      if (!Array.isArray(v)) return v;
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const next = r(v[i]);
        if (next !== v[i]) (out ??= v.slice())[i] = next;
      }
      return out ?? v;
    };
  }
  if (s instanceof z.ZodUnion) {
    // no union of the kinds holds a Quantity but the Quantity itself (string | number);
    // one that did would need to say which option a value took
    if ((s.options as readonly z.ZodType[]).some((o) => rewriteFor(o) !== null)) throw new Error('canonicalQuantities: a union holding a Quantity');
    return null;
  }
  return null;
}
