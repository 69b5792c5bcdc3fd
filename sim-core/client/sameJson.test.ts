// sameJson must agree with comparing JSON.stringify texts, key order and left-out
// undefined included, on statuses and on random JSON-shaped values.
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { sameJson } from './sameJson';

function randomValue(rng: Prng, depth: number): unknown {
  const kind = rng.int(0, depth > 2 ? 4 : 7);
  switch (kind) {
    case 0:
      return rng.pick(['a', 'b', '', 'Running']);
    case 1:
      return rng.int(0, 2);
    case 2:
      return rng.int(0, 1) === 0;
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
    case 6: {
      const o: Record<string, unknown> = {};
      for (let n = rng.int(0, 3); n > 0; n--) o[rng.pick(['x', 'y', 'z', 'phase'])] = randomValue(rng, depth + 1);
      return o;
    }
    default:
      return Array.from({ length: rng.int(0, 2) }, () => randomValue(rng, depth + 1));
  }
}

describe('sameJson', () => {
  it('is JSON text equality: key order counts, undefined keys do not', () => {
    expect(sameJson({ phase: 'Running', ready: true }, { phase: 'Running', ready: true })).toBe(true);
    expect(sameJson({ phase: 'Running', ready: true }, { ready: true, phase: 'Running' })).toBe(false);
    expect(sameJson({ phase: 'Running', message: undefined }, { phase: 'Running' })).toBe(true);
    expect(sameJson({ a: [1, { b: 'c' }] }, { a: [1, { b: 'd' }] })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });

  it('agrees with JSON.stringify on random values', () => {
    const rng = new Prng(5);
    let equal = 0;
    for (let i = 0; i < 20000; i++) {
      const a = randomValue(rng, 0);
      const b = rng.int(0, 2) === 0 ? a : randomValue(rng, 0);
      const expected = JSON.stringify(a) === JSON.stringify(b);
      if (expected) equal++;
      expect(sameJson(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(expected);
    }
    expect(equal).toBeGreaterThan(1000);
  });
});
