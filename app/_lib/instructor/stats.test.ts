import { describe, expect, it } from 'vitest';
import { medianOfHistogram, ratio } from './stats';

describe('ratio', () => {
  it('is null when there is nothing to divide, so "no data" is not shown as 0 %', () => {
    expect(ratio(0, 0)).toBeNull();
    expect(ratio(0, 4)).toBe(0);
    expect(ratio(3, 4)).toBe(0.75);
  });
});

describe('medianOfHistogram', () => {
  it('takes the middle value of an odd count and the mean of the two middles of an even one', () => {
    // 0,0,1,5,5 → 1
    expect(medianOfHistogram([{ value: 5, count: 2 }, { value: 0, count: 2 }, { value: 1, count: 1 }])).toBe(1);
    // 0,2,3,9 → 2.5
    expect(medianOfHistogram([{ value: 9, count: 1 }, { value: 0, count: 1 }, { value: 3, count: 1 }, { value: 2, count: 1 }])).toBe(2.5);
    expect(medianOfHistogram([{ value: 4, count: 7 }])).toBe(4);
  });

  it('is null with no values', () => {
    expect(medianOfHistogram([])).toBeNull();
    expect(medianOfHistogram([{ value: 3, count: 0 }])).toBeNull();
  });
});
