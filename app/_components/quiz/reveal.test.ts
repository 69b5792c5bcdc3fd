import { describe, expect, it } from 'vitest';
import { showsExplanation } from './reveal';

describe('showsExplanation', () => {
  it('keeps the explanation (and so the answer) back after a first wrong try, until asked', () => {
    for (const type of ['single', 'multiple', 'ordering', 'numeric', 'short', 'classify'] as const) {
      expect(showsExplanation({ type, correct: false, wrongTries: 1, asked: false })).toBe(false);
      expect(showsExplanation({ type, correct: false, wrongTries: 1, asked: true })).toBe(true);
    }
  });
  it('shows it with a right answer and after a second wrong try', () => {
    expect(showsExplanation({ type: 'short', correct: true, wrongTries: 0, asked: false })).toBe(true);
    expect(showsExplanation({ type: 'short', correct: true, wrongTries: 1, asked: false })).toBe(true);
    expect(showsExplanation({ type: 'short', correct: false, wrongTries: 2, asked: false })).toBe(true);
  });
  it('shows it at once where the verdict gives the answer away: true/false, predict-then-run', () => {
    expect(showsExplanation({ type: 'truefalse', correct: false, wrongTries: 1, asked: false })).toBe(true);
    expect(showsExplanation({ type: 'predict', correct: false, wrongTries: 1, asked: false })).toBe(true);
  });
});
