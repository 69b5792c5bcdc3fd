import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodedForm, decodeEntry, encodeEntry, type ProposedEntry } from './entry-codec';

// Any text a learner or the API server may store, newlines and quotes included.
const text = fc.string({ unit: 'binary', maxLength: 40 });

const guarded = fc.record({
  id: text,
  key: text,
  value: fc.option(text, { nil: undefined }),
  target: fc.constantFrom('CREATE' as const, 'MOD' as const),
  result: fc.constantFrom('EQUAL' as const, 'NOT_EQUAL' as const),
  revision: fc.nat(),
  lease: fc.option(fc.bigInt({ min: 1n, max: (1n << 63n) - 1n }), { nil: undefined }),
});

type GuardedCase = typeof guarded extends fc.Arbitrary<infer T> ? T : never;

function guardedWrite(g: GuardedCase): ProposedEntry {
  const compare = g.target === 'CREATE' ? { result: g.result, target: g.target, key: g.key, create_revision: g.revision } : { result: g.result, target: g.target, key: g.key, mod_revision: g.revision };
  const success =
    g.value === undefined
      ? { request_delete_range: { key: g.key } }
      : { request_put: g.lease === undefined ? { key: g.key, value: g.value } : { key: g.key, value: g.value, lease: g.lease } };
  return { id: g.id, req: { t: 'txn', r: { compare: [compare], success: [success], failure: [{ request_range: { key: g.key } }] } } };
}

describe('entry codec', () => {
  it("decodes the API server's guarded writes to what was proposed, whatever their text", () => {
    fc.assert(
      fc.property(guarded, (g) => {
        const e = guardedWrite(g);
        const data = encodeEntry(e);
        expect(data.startsWith('t')).toBe(true); // the short form, not JSON
        expect(decodeEntry(data)).toEqual(e);
        expect(decodedForm(e)).toEqual(e);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the JSON form for txns of another shape, and decodes them the same', () => {
    const e: ProposedEntry = {
      id: 'c-1',
      req: {
        t: 'txn',
        r: {
          compare: [{ result: 'EQUAL', target: 'VALUE', key: 'k', value: 'v' }],
          success: [{ request_put: { key: 'k', value: 'w', prev_kv: true } }],
          failure: [{ request_range: { key: 'k' } }],
        },
      },
    };
    const data = encodeEntry(e);
    expect(data.startsWith('j')).toBe(true);
    expect(decodeEntry(data)).toEqual(e);
    expect(decodedForm(e)).toBeUndefined();
  });

  it('does not take a put of another key, or a failure read of a range, for a guarded write', () => {
    const other: ProposedEntry = {
      id: 'c-2',
      req: { t: 'txn', r: { compare: [{ result: 'EQUAL', target: 'MOD', key: 'a', mod_revision: 3 }], success: [{ request_put: { key: 'b', value: 'x' } }], failure: [{ request_range: { key: 'a' } }] } },
    };
    const range: ProposedEntry = {
      id: 'c-3',
      req: { t: 'txn', r: { compare: [{ result: 'EQUAL', target: 'MOD', key: 'a', mod_revision: 3 }], success: [{ request_put: { key: 'a', value: 'x' } }], failure: [{ request_range: { key: 'a', range_end: 'b' } }] } },
    };
    for (const e of [other, range]) {
      expect(encodeEntry(e).startsWith('j')).toBe(true);
      expect(decodeEntry(encodeEntry(e))).toEqual(e);
    }
  });
});
