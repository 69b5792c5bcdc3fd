import { describe, expect, it } from 'vitest';
import { inShownOrder } from './feedback-order';

describe('inShownOrder', () => {
  it('orders option feedback as the options were shown, whole-answer lines first', () => {
    const feedback = [{ optionId: 'a', html: 'A' }, { optionId: 'c', html: 'C' }, { html: 'all' }, { optionId: 'd', html: 'D' }];
    expect(inShownOrder(feedback, ['d', 'b', 'a', 'c']).map((f) => f.html)).toEqual(['all', 'D', 'A', 'C']);
  });
  it('keeps the given order among lines about options it was not shown (O/X, numbers)', () => {
    const feedback = [{ optionId: 'false', html: 'no' }, { optionId: 'x', html: 'x' }];
    expect(inShownOrder(feedback, []).map((f) => f.html)).toEqual(['no', 'x']);
  });
});
