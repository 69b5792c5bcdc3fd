// Single choice, predict-then-run (graded like single choice on the committed prediction)
// and multiple choice.
import type { ChoiceOption, MultipleQuestion, PredictQuestion, SingleQuestion } from '../schemas/quiz';
import type { MultipleResponse, PredictResponse, SingleResponse } from './responses';
import { uniq, wrongShape, type Grade } from './types';

export function gradeSingle(q: SingleQuestion | PredictQuestion, r: SingleResponse | PredictResponse): Grade {
  const picked = q.options.find((o) => o.id === r.optionId);
  if (!picked) return wrongShape();
  return {
    correct: picked.correct,
    score: picked.correct ? 1 : 0,
    feedback: [{ optionId: picked.id, text: picked.feedback }],
    misconceptions: picked.correct ? [] : misconceptionsOf(picked, q.tags),
  };
}

/**
 * Partial credit: each right pick counts +1, each wrong pick −1, over the number of right
 * options, floored at 0 — so ticking every box scores nothing, and one wrong pick next
 * to all the right ones costs exactly one right pick's worth.
 */
export function gradeMultiple(q: MultipleQuestion, r: MultipleResponse): Grade {
  const ids = uniq(r.optionIds);
  const picked = ids.map((id) => q.options.find((o) => o.id === id));
  if (picked.some((o) => o === undefined)) return wrongShape();
  const chosen = picked as ChoiceOption[];
  const right = q.options.filter((o) => o.correct);
  const hits = chosen.filter((o) => o.correct).length;
  const wrongPicks = chosen.filter((o) => !o.correct);
  const missed = right.filter((o) => !ids.includes(o.id));
  const correct = wrongPicks.length === 0 && missed.length === 0;
  const score = right.length === 0 ? 0 : Math.max(0, (hits - wrongPicks.length) / right.length);
  return {
    correct,
    score: correct ? 1 : score,
    // what the learner picked, then the right options they missed, in the question's order
    feedback: q.options
      .filter((o) => ids.includes(o.id) || missed.includes(o))
      .map((o) => ({ optionId: o.id, text: o.feedback })),
    misconceptions: correct ? [] : uniq([...wrongPicks.flatMap((o) => misconceptionsOf(o, q.tags)), ...(missed.length > 0 ? q.tags : [])]),
  };
}

function misconceptionsOf(option: ChoiceOption, questionTags: string[]): string[] {
  return option.tags && option.tags.length > 0 ? option.tags : questionTags;
}
