// O/X: one statement, true or false.
import type { TrueFalseQuestion } from '../schemas/quiz';
import type { TrueFalseResponse } from './responses';
import type { Grade } from './types';

export function gradeTrueFalse(q: TrueFalseQuestion, r: TrueFalseResponse): Grade {
  const correct = r.answer === q.answer;
  return {
    correct,
    score: correct ? 1 : 0,
    feedback: [{ optionId: String(r.answer), text: r.answer ? q.feedback.true : q.feedback.false }],
    misconceptions: correct ? [] : q.tags,
  };
}
