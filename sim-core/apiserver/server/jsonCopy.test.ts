import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NOT_PLAIN, copyJsonWithin } from './jsonCopy';
import { deepCopy, deepFreeze } from '../../client';
import { decodeRequestBody } from './bodyLimit';

const roundTrip = (v: unknown): unknown => {
  const t = JSON.stringify(v);
  return t === undefined ? undefined : JSON.parse(t);
};

describe('copyJsonWithin', () => {
  it('gives what a JSON round trip gives, for any value JSON can print', () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
      key: fc.oneof(fc.string(), fc.constant('__proto__'), fc.constant('toJSON')),
    });
    fc.assert(
      fc.property(anything, (v) => {
        let expected: unknown;
        try {
          expected = roundTrip(v);
        } catch {
          return; // JSON cannot print it (a bigint): the caller's fallback says so
        }
        const copy = copyJsonWithin(v, 1 << 30);
        if (copy === NOT_PLAIN) return; // the fallback decides: still the round trip
        expect(copy).toStrictEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('never sets a prototype from a "__proto__" key', () => {
    const body = JSON.parse('{"metadata":{"__proto__":{"polluted":true},"name":"x"}}') as unknown;
    const copy = copyJsonWithin(body, 1 << 20) as { metadata: Record<string, unknown> };
    expect(Object.getPrototypeOf(copy.metadata)).toBe(Object.prototype);
    expect(Object.keys(copy.metadata)).toEqual(['__proto__', 'name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives up on what is not clearly under the limit, so the exact check can decide', () => {
    expect(copyJsonWithin({ data: 'x'.repeat(100) }, 300)).toBe(NOT_PLAIN);
    expect(copyJsonWithin({ data: 'x'.repeat(10) }, 300)).toEqual({ data: 'x'.repeat(10) });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(copyJsonWithin(cyclic, 1 << 20)).toBe(NOT_PLAIN);
  });
});

describe('decodeRequestBody', () => {
  it('refuses a body over 3 MiB with 413, a cyclic or bigint one with 400, and copies the rest', () => {
    const big = decodeRequestBody({ data: 'x'.repeat(3 * 1024 * 1024) });
    expect(big.ok ? 200 : big.status.code).toBe(413);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const bad = decodeRequestBody(cyclic);
    expect(bad.ok ? 200 : bad.status.code).toBe(400);
    const bigint = decodeRequestBody({ n: 1n });
    expect(bigint.ok ? 200 : bigint.status.code).toBe(400);
    const body = { metadata: { name: 'a' }, spec: { replicas: 2 } };
    const ok = decodeRequestBody(body);
    expect(ok.ok && ok.value).toEqual(body);
    expect(ok.ok && ok.value).not.toBe(body);
  });
});

describe('deepCopy of a frozen decoded object (what GuaranteedUpdate works on)', () => {
  it('copies a frozen decoded object into one equal to decoding its text again, and free to change', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        const frozen = deepFreeze(JSON.parse(text) as unknown);
        const copy = deepCopy(frozen);
        expect(copy).toStrictEqual(JSON.parse(text));
        if (copy !== null && typeof copy === 'object') expect(Object.isFrozen(copy)).toBe(false);
      }),
      { numRuns: 2000 },
    );
    const hostile = deepFreeze(JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>);
    const copy = deepCopy(hostile);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
  });
});
