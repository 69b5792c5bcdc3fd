// A seeded 32-bit PRNG: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
// seeded through splitmix32. Every random choice in sim-core comes from one of these,
// so the same seed gives the same run everywhere (DESIGN.md §2, TigerBeetle's VOPR).
// Named child streams are derived from the *seed* and the name, never from the parent's
// current state: adding a new stream, or drawing more from one, never perturbs another.

/** FNV-1a 32-bit over a string's UTF-16 code units; used to turn a stream name into bits. */
export function hashName32(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32: spreads a 32-bit seed over the generator's 128 bits of state. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Prng {
  /** the 32-bit seed this stream was built from (children derive from it) */
  readonly seed: number;
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    const st = { s: this.seed };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    // sfc32 is advised to discard its first outputs so weak seeds mix in.
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** An integer in [lo, hiInclusive]. */
  int(lo: number, hiInclusive: number): number {
    if (!Number.isInteger(lo) || !Number.isInteger(hiInclusive) || hiInclusive < lo) {
      throw new Error(`Prng.int: bad range [${lo}, ${hiInclusive}]`);
    }
    const span = hiInclusive - lo + 1;
    if (span > 4294967296) throw new Error('Prng.int: range wider than 2^32');
    // Rejection sampling so every value is equally likely (no modulo bias).
    const limit = 4294967296 - (4294967296 % span);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return lo + (x % span);
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return p > 0 && this.float() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(arr: readonly T[]): T {
    if (arr.length === 0) throw new Error('Prng.pick: empty array');
    return arr[this.int(0, arr.length - 1)] as T;
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(arr: T[]): T[] {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = arr[i] as T;
      arr[i] = arr[j] as T;
      arr[j] = tmp;
    }
    return arr;
  }

  /** An independent stream named `name`, derived from this stream's seed only. */
  child(name: string): Prng {
    const st = { s: (this.seed ^ Math.imul(hashName32(name), 0x9e3779b1)) | 0 };
    return new Prng(splitmix32(st) ^ hashName32(name + '\u0000' + String(this.seed)));
  }
}
