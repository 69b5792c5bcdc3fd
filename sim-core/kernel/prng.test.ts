import { describe, expect, it } from 'vitest';
import { Prng } from './prng';

const draw = (p: Prng, n: number): number[] => Array.from({ length: n }, () => p.nextU32());

describe('Prng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    expect(draw(new Prng(7), 20)).toEqual(draw(new Prng(7), 20));
    expect(draw(new Prng(7), 20)).not.toEqual(draw(new Prng(8), 20));
  });

  it('draws integers inside the inclusive range, hitting both ends, roughly uniformly', () => {
    const p = new Prng(1);
    const counts = new Map<number, number>();
    for (let i = 0; i < 60_000; i++) {
      const v = p.int(-2, 3);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    for (const c of counts.values()) expect(c).toBeGreaterThan(9_000); // 10,000 expected each
    expect(() => p.int(3, 2)).toThrow();
  });

  it('floats are in [0, 1)', () => {
    const p = new Prng(3);
    for (let i = 0; i < 10_000; i++) {
      const f = p.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('child streams depend only on the seed and name: drawing from or adding streams never perturbs another', () => {
    const a = new Prng(42);
    const expected = draw(a.child('network'), 10);
    const b = new Prng(42);
    draw(b, 100); // the parent has been used
    b.child('raft:1'); // another stream was added first
    expect(draw(b.child('network'), 10)).toEqual(expected);
    expect(draw(b.child('raft:1'), 10)).not.toEqual(expected);
    expect(draw(new Prng(43).child('network'), 10)).not.toEqual(expected);
  });

  it('shuffle is a permutation and pick returns an element', () => {
    const p = new Prng(9);
    const arr = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = p.shuffle(arr.slice());
    expect(shuffled).not.toEqual(arr);
    expect(shuffled.slice().sort((x, y) => x - y)).toEqual(arr);
    expect(arr).toContain(p.pick(arr));
    expect(() => p.pick([])).toThrow();
  });
});
