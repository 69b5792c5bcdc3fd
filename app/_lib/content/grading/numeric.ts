// Numeric: right when |value − answer| ≤ tolerance. A relative epsilon absorbs binary
// floating point (0.1 + 0.2 must equal 0.3 with tolerance 0).
import type { NumericQuestion } from '../schemas/quiz';
import type { NumericResponse } from './responses';
import { wrongShape, type Grade } from './types';

export function withinTolerance(value: number, answer: number, tolerance: number): boolean {
  const epsilon = 1e-9 * Math.max(1, Math.abs(answer));
  return Math.abs(value - answer) <= tolerance + epsilon;
}

export function gradeNumeric(q: NumericQuestion, r: NumericResponse): Grade {
  if (!Number.isFinite(r.value)) return wrongShape();
  if (withinTolerance(r.value, q.answer, q.tolerance)) {
    return { correct: true, score: 1, feedback: [{ text: q.feedback.correct }], misconceptions: [] };
  }
  // a known wrong answer is told about its own mistake, instead of (not beside) the general
  // feedback: two paragraphs, the second half repeating the first, read as one confused block
  const common = q.common?.find((c) => withinTolerance(r.value, c.value, 0));
  return {
    correct: false,
    score: 0,
    feedback: [{ text: common ? common.feedback : q.feedback.incorrect }],
    misconceptions: q.tags,
  };
}
