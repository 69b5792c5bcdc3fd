import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { decodeAt, encodeObject } from './objectCodec';

describe('stored objects', () => {
  it('are stored without a resourceVersion and read back with their revision as one, last in metadata', () => {
    const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', resourceVersion: '5', uid: 'u' }, data: { k: 'v' } };
    const text = encodeObject(obj);
    expect(text).toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","uid":"u"},"data":{"k":"v"}}');
    expect(obj.metadata.resourceVersion).toBe('5'); // the caller's object is not changed
    const back = decodeAt(text, 42);
    expect(JSON.stringify(back)).toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","uid":"u","resourceVersion":"42"},"data":{"k":"v"}}');
  });

  it('read back from keys written by hand: not JSON or not an object is nothing, odd metadata becomes an object', () => {
    expect(decodeAt('hello', 3)).toBeUndefined();
    expect(decodeAt('[1,2]', 3)).toBeUndefined();
    expect(decodeAt('{}', 3)).toEqual({ metadata: { resourceVersion: '3' } });
    expect(decodeAt('{"metadata":null}', 3)).toEqual({ metadata: { resourceVersion: '3' } });
    expect(decodeAt('{"metadata":[7]}', 3)).toEqual({ metadata: { 0: 7, resourceVersion: '3' } });
    expect(decodeAt('{"metadata":{"__proto__":{"polluted":true}}}', 3)?.metadata).toEqual(JSON.parse('{"__proto__":{"polluted":true},"resourceVersion":"3"}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('settled: the same text as a plain encoding, whatever the shape; a settled member is printed once', () => {
    const shapes: KubeObject[] = [
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', resourceVersion: '9', labels: { x: 'y' } }, spec: { containers: [{ name: 'c', image: 'i', args: ['a', undefined as unknown as string] }], n: -0, u: undefined }, status: { phase: 'Running' } },
      { metadata: { name: 'no-rv' }, status: {} },
      { kind: 'K', metadata: 'odd' as unknown as KubeObject['metadata'], data: [1, null, { z: NaN }] },
      { kind: 'K', metadata: [1] as unknown as KubeObject['metadata'], spec: {} },
      { kind: 'no metadata', spec: { a: 1 } },
      JSON.parse('{"kind":"K","metadata":{"name":"p","resourceVersion":"1"},"__proto__":{"polluted":true},"spec":{"__proto__":{"x":1}}}') as KubeObject,
      { kind: 'K', metadata: { name: 'd' }, spec: { when: new Date(0) } },
    ];
    for (const obj of shapes) expect(encodeObject(obj, true)).toBe(encodeObject(obj));
    // a later write carrying the same spec object reuses its text: changing the spec
    // afterwards (which no caller does: a settled member is read-only) shows that it was kept
    const spec = { replicas: 1 };
    const first = { kind: 'K', metadata: { name: 'k' }, spec };
    expect(encodeObject(first, true)).toBe('{"kind":"K","metadata":{"name":"k"},"spec":{"replicas":1}}');
    spec.replicas = 2;
    expect(encodeObject({ kind: 'K', metadata: { name: 'k', resourceVersion: '3' }, spec, status: { ok: true } }, true)).toBe('{"kind":"K","metadata":{"name":"k"},"spec":{"replicas":1},"status":{"ok":true}}');
    // never metadata, and never for an encoding that is not settled
    expect(encodeObject({ kind: 'K', metadata: { name: 'k' }, spec })).toBe('{"kind":"K","metadata":{"name":"k"},"spec":{"replicas":2}}');
  });
});
