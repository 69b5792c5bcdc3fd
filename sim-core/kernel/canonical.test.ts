import { describe, expect, it } from 'vitest';
import { canonicalJson, hash64, stateHash } from './canonical';

// reference FNV-1a 64 with bigint, feeding each UTF-16 unit as two bytes (low, high)
function fnvRef(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    for (const byte of [u & 0xff, u >>> 8]) {
      h ^= BigInt(byte);
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return h.toString(16).padStart(16, '0');
}

describe('canonicalJson', () => {
  it('is independent of key insertion order and sorts nested keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it('marks bigints, drops undefined members, encodes Map and Set sorted', () => {
    expect(canonicalJson({ id: 18446744073709551615n, gone: undefined })).toBe('{"id":{"$bigint":"18446744073709551615"}}');
    expect(canonicalJson(new Map([['b', 1], ['a', 2]]))).toBe('{"$map":[["a",2],["b",1]]}');
    expect(canonicalJson(new Set([3, 1]))).toBe('{"$set":[1,3]}');
    expect(canonicalJson([undefined])).toBe('[null]');
  });

  it('refuses values JSON cannot carry faithfully', () => {
    expect(() => canonicalJson({ n: NaN })).toThrow();
    expect(() => canonicalJson({ f: () => 1 })).toThrow();
  });
});

describe('hash64 / stateHash', () => {
  it('is FNV-1a 64 as 16 hex digits', () => {
    for (const s of ['', 'a', 'hello world', '한국어 노트', '{"k":"v"}'.repeat(50)]) {
      expect(hash64(s)).toBe(fnvRef(s));
      expect(hash64(s)).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('gives equal hashes for equal states and different ones for different states', () => {
    expect(stateHash({ a: 1, b: [1, 2] })).toBe(stateHash({ b: [1, 2], a: 1 }));
    expect(stateHash({ a: 1, b: [1, 2] })).not.toBe(stateHash({ a: 1, b: [2, 1] }));
  });
});
