// freeShare must be the exact integer quotient the BigInt formula gives, also where the
// floating-point quotient lands next to an integer.
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { freeShare, freeShareOfSum } from './share';

function exact(requested: bigint, capacity: bigint | undefined, scale: number): number {
  if (capacity === undefined || capacity <= 0n || requested > capacity) return 0;
  return Number(((capacity - requested) * BigInt(scale)) / capacity);
}

describe('freeShare', () => {
  it('scores what is free of a node, 0 when full or unknown', () => {
    expect(freeShare(500n, 2000n, 100)).toBe(75);
    expect(freeShare(0n, 2000n, 100)).toBe(100);
    expect(freeShare(2001n, 2000n, 100)).toBe(0);
    expect(freeShare(1n, undefined, 100)).toBe(0);
    expect(freeShare(0n, 0n, 100)).toBe(0);
  });

  it('equals the exact quotient at the edges of every score and at any size', () => {
    const capacities = [3n, 7n, 4000n, 8n * 1024n ** 3n * 1000n, 12_345_678_901_237n, 89_999_999_999_999n, 90_071_992_547_409n, 90_071_992_547_410n, 10n ** 30n];
    for (const c of capacities) {
      for (let k = 0n; k <= 100n; k++) {
        for (const d of [-2n, -1n, 0n, 1n, 2n]) {
          const free = (k * c + 99n) / 100n + d;
          const r = c - free;
          if (r < 0n || r > c) continue;
          expect(freeShare(r, c, 100), `requested ${r} of ${c}`).toBe(exact(r, c, 100));
        }
      }
    }
    const rng = new Prng(3);
    for (let i = 0; i < 5000; i++) {
      const c = BigInt(rng.int(1, 2 ** 30)) * BigInt(rng.int(1, 2 ** 20));
      const r = (c * BigInt(rng.int(0, 1100))) / 1000n;
      expect(freeShare(r, c, 100), `requested ${r} of ${c}`).toBe(exact(r, c, 100));
    }
  });

  it('of a sum equals freeShare of the BigInt sum, small and huge', () => {
    const rng = new Prng(5);
    const big = [0n, 1n, 89_999_999_999_999n, 90_071_992_547_409n, 90_071_992_547_410n, 10n ** 30n];
    for (const a of big) for (const b of big) for (const c of [...big, 3n, 4000n, -1n]) expect(freeShareOfSum(a, b, c, 100), `${a} + ${b} of ${c}`).toBe(freeShare(a + b, c, 100));
    for (let i = 0; i < 5000; i++) {
      const c = BigInt(rng.int(1, 2 ** 30)) * BigInt(rng.int(1, 2 ** 20));
      const a = (c * BigInt(rng.int(0, 700))) / 1000n;
      const b = (c * BigInt(rng.int(0, 700))) / 1000n;
      expect(freeShareOfSum(a, b, c, 100), `${a} + ${b} of ${c}`).toBe(freeShare(a + b, c, 100));
    }
    expect(freeShareOfSum(1n, 2n, undefined, 100)).toBe(0);
  });
});
