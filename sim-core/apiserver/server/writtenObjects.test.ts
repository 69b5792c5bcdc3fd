import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { decodeAt, encodeObject } from './objectCodec';
import { WrittenObjects } from './writtenObjects';

/** JSON-ish values with what JSON treats specially: -0, NaN, undefined members, a toJSON, integer-like and __proto__ keys. */
const member: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, undefined, new Date(0)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('0', '7', '__proto__', 'resourceVersion')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const object: fc.Arbitrary<KubeObject> = fc.record({
  apiVersion: fc.constant('v1'),
  kind: fc.constant('ConfigMap'),
  metadata: fc.record({ name: fc.string({ maxLength: 6 }), resourceVersion: fc.option(fc.nat().map(String), { nil: undefined }), labels: fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 3 }) }, { requiredKeys: ['name'] }),
  data: member,
}) as fc.Arbitrary<KubeObject>;

describe('the objects an API server wrote', () => {
  it('come back exactly as decoding their bytes gives them — same members, same order', () => {
    fc.assert(
      fc.property(object, fc.integer({ min: 1, max: 1e6 }), (obj, rev) => {
        const w = new WrittenObjects();
        const value = encodeObject(obj);
        w.remember('/registry/configmaps/default/a', value, obj);
        const taken = w.take('/registry/configmaps/default/a', value, rev);
        const decoded = decodeAt(value, rev);
        expect(taken).toEqual(decoded);
        expect(JSON.stringify(taken)).toBe(JSON.stringify(decoded));
        expect(Object.keys(taken!.metadata!)).toEqual(Object.keys(decoded!.metadata!));
      }),
      { numRuns: 400 },
    );
  });

  it('are taken once, only for the same key and bytes, and are copies the writer can no longer change', () => {
    const w = new WrittenObjects();
    const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', resourceVersion: '3' }, data: { k: 'v' } };
    const value = encodeObject(obj);
    w.remember('k', value, obj);
    (obj.data as Record<string, string>).k = 'changed after the write';
    obj.metadata!.resourceVersion = '9';
    expect(w.take('other', value, 5)).toBeUndefined();
    expect(w.take('k', value.replace('"v"', '"w"'), 5)).toBeUndefined();
    expect(w.take('k', value, 5)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', resourceVersion: '5' }, data: { k: 'v' } });
    expect(w.take('k', value, 6)).toBeUndefined();
    // a later write of the key replaces an earlier one that never showed up
    w.remember('k', '{"old":1}', { metadata: { name: 'old' } });
    w.remember('k', value, { ...obj, data: { k: 'v' } });
    expect(w.take('k', '{"old":1}', 7)).toBeUndefined();
    expect(w.take('k', value, 8)?.metadata?.resourceVersion).toBe('8');
    expect(w.size).toBe(0);
  });

  it('keep a bounded number of entries', () => {
    const w = new WrittenObjects();
    for (let i = 0; i < 25_000; i++) w.remember(`k${i}`, '{}', { metadata: {} });
    expect(w.size).toBeLessThanOrEqual(10_000);
  });
});
