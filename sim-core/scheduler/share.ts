// The one piece of arithmetic the resource scores repeat for every node and every Pod:
// ⌊(capacity − requested) × 100 / capacity⌋ over exact milli-unit quantities. Go's
// scorer does it in int64; BigInt is exact at any size but allocates at every step, so
// while the operands are small enough the same integer division is done on numbers.

const MAX_SCALE = 100;
/**
 * Up to here (≈ 9·10^13, below 2^47) number arithmetic gives the exact answer: every
 * operand and the product (capacity − requested) × scale stay below 2^53, so they are
 * exact; division is correctly rounded, and a quotient just below an integer k ≤ 100 is
 * at most k − 1/capacity, further below k than half the spacing of doubles there
 * (2^-47), so it never rounds up to k and its floor is the integer quotient.
 */
const EXACT_CAPACITY = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / MAX_SCALE));

/**
 * ⌊(capacity − requested) × scale / capacity⌋, or 0 when nothing is free (requested over
 * capacity) or the capacity is unknown or not positive.
 */
export function freeShare(requested: bigint, capacity: bigint | undefined, scale: number): number {
  if (capacity === undefined || capacity <= 0n || requested > capacity) return 0;
  if (capacity > EXACT_CAPACITY || requested < 0n || scale > MAX_SCALE || !Number.isInteger(scale) || scale < 0) {
    return Number(((capacity - requested) * BigInt(scale)) / capacity);
  }
  const c = Number(capacity);
  return Math.floor(((c - Number(requested)) * scale) / c);
}

/**
 * freeShare(a + b, capacity, scale) without the BigInt sum (an allocation per node and
 * per Pod in the scoring loop) while a, b and the capacity are small enough for numbers.
 */
export function freeShareOfSum(a: bigint, b: bigint, capacity: bigint | undefined, scale: number): number {
  if (capacity === undefined || capacity <= 0n || capacity > EXACT_CAPACITY || a < 0n || b < 0n || a > EXACT_CAPACITY || b > EXACT_CAPACITY) return freeShare(a + b, capacity, scale);
  if (scale > MAX_SCALE || !Number.isInteger(scale) || scale < 0) return freeShare(a + b, capacity, scale);
  // each operand is below 2^47, so their sum is exact too
  const c = Number(capacity);
  const requested = Number(a) + Number(b);
  if (requested > c) return 0;
  return Math.floor(((c - requested) * scale) / c);
}
