import { describe, expect, it } from 'vitest';
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
});
