import { describe, expect, it } from 'vitest';
import { optionOrder } from './option-order';

const four = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
const seeds = Array.from({ length: 40 }, (_, i) => `question-${i}`);

describe('optionOrder', () => {
  it('is a permutation of the options, the same every time for the same question', () => {
    for (const seed of seeds) {
      const once = optionOrder(four, seed);
      expect([...once].sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(optionOrder(four, seed)).toEqual(once);
    }
  });

  it('puts the first written option (where authors put the answer) in every place, about evenly', () => {
    const firstAt = [0, 0, 0, 0];
    for (const seed of seeds) firstAt[optionOrder(four, seed).indexOf('a')]! += 1;
    // 40 questions: a fair shuffle puts it about 10 times in each place
    for (const n of firstAt) expect(n).toBeGreaterThanOrEqual(4);
  });

  it('keeps pinned options at their written index and shuffles the others around them', () => {
    const withLast = [...four, { id: 'none', fixed: true }];
    const orders = new Set<string>();
    for (const seed of seeds) {
      const order = optionOrder(withLast, seed);
      expect(order[4]).toBe('none');
      orders.add(order.slice(0, 4).join());
    }
    expect(orders.size).toBeGreaterThan(1);
    const allPinned = four.map((o) => ({ ...o, fixed: true }));
    for (const seed of seeds) expect(optionOrder(allPinned, seed)).toEqual(['a', 'b', 'c', 'd']);
  });
});
