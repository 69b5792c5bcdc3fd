// A yes/no answer to "would this schema accept this value?", compiled once per schema.
// Strict decoding (decode.ts) asks zod's safeParse of every object the API server is
// sent — every Event, Pod and Binding — and only needs its verdict when the answer is yes:
// the object decoded is the input itself, and only a refusal needs zod's issues to word
// the API server's message. zod builds a result object, an issues array and a copy of
// the input on the way; this predicate builds nothing.
//
// It must say yes exactly when zod does (fastCheck.test.ts checks that on every kind's
// schema with generated and mutated objects), so it knows only what the kinds use, read
// from each schema's definition (`_zod.def`) as zod 4 runs it:
//   object   a non-null, non-array object; each shape key present (`key in value`) passes
//            its schema, an absent one must be optional; a strict object (catchall
//            `never`) has no other key (for…in, `__proto__` included). A plain object —
//            what JSON.parse and the API server's copy of a request body make, every own
//            key enumerable — is judged from the keys it has rather than the dozens its
//            schema lists, which gives the same verdict;
//   array    Array.isArray, every index passes; record: zod's isPlainObject, every own
//            enumerable key but `__proto__` a string whose value passes;
//   optional undefined or the inner schema; union: any option;
//   string, boolean; number: finite, then its int (safeint) and >=/<= checks; unknown; never.
// Anything else — a refinement, another check, literal, enum, nullable, default, lazy —
// asks zod itself for that part (`safeParse(v).success`): correct by construction.
import type { z } from 'zod';

type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  innerType?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  when?: unknown;
}

interface Internals {
  def: Def;
  optin?: string;
  values?: unknown;
}

const internals = (schema: z.ZodType): Internals => (schema as unknown as { _zod: Internals })._zod;

const compiled = new WeakMap<z.ZodType, Check>();

/** The predicate for `schema`: true exactly when `schema.safeParse(value).success` would be. */
export function fastCheck(schema: z.ZodType): Check {
  let check = compiled.get(schema);
  if (check === undefined) {
    // a placeholder while compiling, so a schema that contains itself asks zod
    compiled.set(schema, (v) => schema.safeParse(v).success);
    check = compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

function viaZod(schema: z.ZodType): Check {
  return (v) => schema.safeParse(v).success;
}

function compile(schema: z.ZodType): Check {
  const { def } = internals(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 ? (v) => typeof v === 'string' : viaZod(schema);
    case 'boolean':
      return checks.length === 0 ? (v) => typeof v === 'boolean' : viaZod(schema);
    case 'number':
      return numberCheck(schema, checks);
    case 'unknown':
      return checks.length === 0 ? () => true : viaZod(schema);
    case 'never':
      return () => false;
    case 'optional': {
      const inner = def.innerType!;
      if (checks.length > 0 || internals(inner).optin === 'defaulted') return viaZod(schema);
      const innerCheck = fastCheck(inner);
      return (v) => v === undefined || innerCheck(v);
    }
    case 'union': {
      if (checks.length > 0) return viaZod(schema);
      const options = (def.options ?? []).map(fastCheck);
      return (v) => {
        for (const o of options) if (o(v)) return true;
        return false;
      };
    }
    case 'array': {
      if (checks.length > 0) return viaZod(schema);
      const element = fastCheck(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'record':
      return recordCheck(schema, def, checks.length);
    case 'object':
      return objectCheck(schema, def, checks.length);
    default:
      return viaZod(schema);
  }
}

function numberCheck(schema: z.ZodType, checks: NonNullable<Def['checks']>): Check {
  const parts: Check[] = [];
  for (const c of checks) {
    const d = c._zod.def;
    if (d.when !== undefined) return viaZod(schema);
    if (d.check === 'number_format' && d.format === 'safeint') {
      // zod's int(): an integer, and a safe one
      parts.push((v) => Number.isSafeInteger(v));
    } else if (d.check === 'greater_than' && typeof d.value === 'number') {
      const bound = d.value;
      parts.push(d.inclusive === true ? (v) => (v as number) >= bound : (v) => (v as number) > bound);
    } else if (d.check === 'less_than' && typeof d.value === 'number') {
      const bound = d.value;
      parts.push(d.inclusive === true ? (v) => (v as number) <= bound : (v) => (v as number) < bound);
    } else {
      return viaZod(schema);
    }
  }
  return (v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    for (const p of parts) if (!p(v)) return false;
    return true;
  };
}

/** zod's util.isPlainObject. */
function isPlainObject(o: unknown): o is Record<string, unknown> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const ctor = (o as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prot: unknown = (ctor as { prototype?: unknown }).prototype;
  if (typeof prot !== 'object' || prot === null || Array.isArray(prot)) return false;
  return Object.prototype.hasOwnProperty.call(prot, 'isPrototypeOf');
}

function recordCheck(schema: z.ZodType, def: Def, checkCount: number): Check {
  const key = internals(def.keyType!);
  // a key schema that is not a plain string (an enum's values, a refinement) is zod's to judge
  if (checkCount > 0 || key.def.type !== 'string' || (key.def.checks ?? []).length > 0 || key.values !== undefined) return viaZod(schema);
  const value = fastCheck(def.valueType!);
  return (v) => {
    if (!isPlainObject(v)) return false;
    for (const k of Reflect.ownKeys(v)) {
      if (k === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, k)) continue;
      if (typeof k !== 'string' || !value(v[k])) return false;
    }
    return true;
  };
}

function objectCheck(schema: z.ZodType, def: Def, checkCount: number): Check {
  const shape = def.shape ?? {};
  if (checkCount > 0 || Object.getOwnPropertySymbols(shape).length > 0) return viaZod(schema);
  const catchall = def.catchall === undefined ? undefined : internals(def.catchall).def.type;
  // a catchall other than `never` (strict) or none at all (strip) is zod's to judge
  if (catchall !== undefined && catchall !== 'never') return viaZod(schema);
  const keys = Object.keys(shape).filter((k) => k !== '__proto__');
  // a field with a default is substituted when absent: zod's to judge
  if (keys.some((k) => internals(shape[k]!).optin === 'defaulted')) return viaZod(schema);
  const fields = new Map<string, Check>(keys.map((k) => [k, fastCheck(shape[k]!)]));
  const required = keys.filter((k) => internals(shape[k]!).optin !== 'optional');
  // keys every object has through Object.prototype (`constructor`, `toString`…): `key in
  // value` holds for them whatever the object, so zod always checks their value
  const inherited = keys.filter((k) => k in Object.prototype);
  const strict = catchall === 'never';
  const declared = new Set(Object.keys(shape));
  /** zod's walk: every shape key (`key in value`), then every enumerable key for strictness */
  const byShape: Check = (v) => {
    const o = v as Record<string, unknown>;
    for (const [k, check] of fields) {
      if (k in o) {
        if (!check(o[k])) return false;
      } else if (required.includes(k)) return false;
    }
    if (strict) for (const k in o) if (!declared.has(k)) return false;
    return true;
  };
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    // anything but a plain object (what JSON gives) takes zod's walk, key by key
    if (Object.getPrototypeOf(v) !== Object.prototype || inherited.length > 0) return byShape(v);
    // a plain object: the same verdict from the keys it has (a few), not the keys the
    // schema lists (a Pod's spec lists dozens): for…in sees every key `in` finds but
    // Object.prototype's own, which are not enumerable and not in the shape
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const check = fields.get(k);
      if (check === undefined) {
        if (strict && !declared.has(k)) return false;
        continue;
      }
      if (!check(o[k])) return false;
    }
    for (const k of required) if (!(k in o)) return false;
    return true;
  };
}
