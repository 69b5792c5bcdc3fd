// The fast predicate must agree with zod on every schema the API server decodes with:
// property tests over values built from each kind's schema, as they are and mutated, and
// the corners where JSON objects and zod's rules meet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastCheck } from './fastCheck';
import { KINDS } from './registry';

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[]; innerType?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def; optin?: string } })._zod.def;
const optin = (s: z.ZodType): string | undefined => (s as unknown as { _zod: { optin?: string } })._zod.optin;

const numbers = fc.oneof(fc.integer({ min: -3, max: 70_000 }), fc.integer(), fc.double(), fc.constantFrom(0, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '3', 1e300));
const strings = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('100m', '1Gi', '0.5', 'bogus', '', 'aGVsbG8=', 'not base64!'));

/** Values shaped by the schema: mostly what it accepts, with its own corner values. */
function arbitraryFor(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      return strings;
    case 'number':
      return numbers;
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constant('true'));
    case 'optional':
      return fc.option(arbitraryFor(d.innerType!, depth), { nil: undefined, freq: 3 });
    case 'array':
      return depth > 5 ? fc.constant([]) : fc.array(arbitraryFor(d.element!, depth + 1), { maxLength: 2 });
    case 'record':
      return depth > 5 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 4 }), arbitraryFor(d.valueType!, depth + 1), { maxKeys: 2 });
    case 'union':
      return fc.oneof(...d.options!.map((o) => arbitraryFor(o, depth)));
    case 'object': {
      if (depth > 5) return fc.constant({});
      const shape = d.shape ?? {};
      const keys = Object.keys(shape);
      const parts: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) parts[k] = arbitraryFor(shape[k]!, depth + 1);
      const required = keys.filter((k) => optin(shape[k]!) === undefined);
      // deeper objects carry fewer of their optional fields, so a Pod stays a few kilobytes
      return fc.record(parts, { requiredKeys: required }).chain((full) =>
        fc.subarray(Object.keys(full), { maxLength: Math.min(Object.keys(full).length, Math.max(required.length, 6 - depth)) }).map((picked) => {
          const out: Record<string, unknown> = {};
          for (const k of Object.keys(full)) if (required.includes(k) || picked.includes(k)) out[k] = full[k];
          return out;
        }),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const badValues: unknown[] = [null, undefined, Number.NaN, 1.5, -0, 'x', true, [], {}, [1], { zzz: 1 }, 2 ** 53, Number.NEGATIVE_INFINITY];

/** The value with one change at a path chosen by `seed`: a wrong value, an unknown key, an own `__proto__`, a hole. */
function mutate(value: unknown, seed: number, kind: number): unknown {
  const copy = structuredClone(value);
  const containers: Array<Record<string, unknown> | unknown[]> = [];
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    containers.push(v as Record<string, unknown>);
    for (const c of Object.values(v)) walk(c);
  };
  walk(copy);
  if (containers.length === 0) return badValues[seed % badValues.length];
  const target = containers[seed % containers.length]!;
  const keys = Object.keys(target);
  switch (kind % 4) {
    case 0:
      if (keys.length > 0) (target as Record<string, unknown>)[keys[seed % keys.length]!] = badValues[(seed >> 3) % badValues.length];
      break;
    case 1:
      (target as Record<string, unknown>)[Array.isArray(target) ? target.length + 1 : 'zzzUnknown'] = 'x';
      break;
    case 2:
      if (!Array.isArray(target)) Object.defineProperty(target, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
      break;
    default:
      if (keys.length > 0) delete (target as Record<string, unknown>)[keys[seed % keys.length]!];
  }
  return copy;
}

describe('fastCheck agrees with zod', () => {
  for (const kind of KINDS) {
    it(`on ${kind.kind} objects, as built from its schema and with one thing wrong`, () => {
      const check = fastCheck(kind.schema);
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(arbitraryFor(kind.schema, 0), fc.nat(), fc.nat(), (value, seed, how) => {
          for (const v of [value, mutate(value, seed, how), mutate(value, seed + 1, how + 1)]) {
            const want = kind.schema.safeParse(v).success;
            expect(check(v)).toBe(want);
            if (want) accepted++;
            else refused++;
          }
        }),
        { numRuns: 150 },
      );
      // both answers were compared, many times
      expect(accepted).toBeGreaterThan(50);
      expect(refused).toBeGreaterThan(50);
    });
  }

  it('at the corners: absent and undefined optional fields, unknown and __proto__ keys, non-objects, number rules, records', () => {
    const s = z.strictObject({ name: z.string().optional(), n: z.number().int().min(0).max(10).optional(), tags: z.record(z.string(), z.string()).optional(), req: z.string() });
    const check = fastCheck(s);
    const cases: unknown[] = [
      { req: 'a' },
      { req: 'a', name: undefined },
      {},
      { req: undefined },
      { req: 'a', other: 1 },
      JSON.parse('{"req":"a","__proto__":{"x":1}}'),
      { req: 'a', n: 10 },
      { req: 'a', n: 11 },
      { req: 'a', n: -0 },
      { req: 'a', n: 2.5 },
      { req: 'a', n: Number.NaN },
      { req: 'a', tags: { a: 'b' } },
      { req: 'a', tags: { a: 1 } },
      { req: 'a', tags: [] },
      { req: 'a', tags: JSON.parse('{"__proto__":"x","a":"b"}') },
      { req: 'a', tags: { [Symbol('s')]: 'x' } },
      { req: 'a', tags: Object.create(null) },
      null,
      [],
      'req',
      new Date(0),
      Object.assign(Object.create({ inherited: 1 }), { req: 'a' }),
    ];
    for (const v of cases) expect([v, check(v)]).toEqual([v, s.safeParse(v).success]);
    // a plain number is any finite one; a boolean, an array and a union take nothing else
    for (const [schema, values] of [
      [z.number(), [1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, '1', 2 ** 60]],
      [z.boolean(), [true, 'true', 0]],
      [z.array(z.string()), [['a'], ['a', 1], [], 'a', { 0: 'a', length: 1 }]],
      [z.union([z.string(), z.number().int()]), ['a', 1, 1.5, null]],
    ] as const) {
      for (const v of values) expect([v, fastCheck(schema)(v)]).toEqual([v, schema.safeParse(v).success]);
    }
    // a refinement is zod's to judge, through the same predicate
    const q = z.union([z.string(), z.number()]).refine((v) => String(v).endsWith('m'));
    expect([fastCheck(q)('100m'), fastCheck(q)('100')]).toEqual([true, false]);
  });
});
