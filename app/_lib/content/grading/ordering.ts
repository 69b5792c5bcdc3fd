// Ordering: put the steps in sequence (e.g. the hops of the watch chain). Partial credit is
// the share of item pairs in the right relative order (Kendall's tau as a fraction), so
// one step out of place costs little and a reversed list scores 0. The items not at their
// own place are listed too, so the learner sees which ones to move.
import type { OrderingQuestion } from '../schemas/quiz';
import type { OrderingResponse } from './responses';
import { wrongShape, type Grade } from './types';

export function gradeOrdering(q: OrderingQuestion, r: OrderingResponse): Grade {
  const expected = q.items.map((it) => it.id);
  const given = r.itemIds;
  const isPermutation = given.length === expected.length && new Set(given).size === given.length && given.every((id) => expected.includes(id));
  if (!isPermutation) return wrongShape();
  const rank = new Map(given.map((id, i) => [id, i]));
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < expected.length; i++)
    for (let j = i + 1; j < expected.length; j++) {
      pairs++;
      if (rank.get(expected[i]!)! < rank.get(expected[j]!)!) concordant++;
    }
  const correct = concordant === pairs;
  return {
    correct,
    score: pairs === 0 ? 1 : concordant / pairs,
    feedback: [{ text: correct ? q.feedback.correct : q.feedback.incorrect }],
    misconceptions: correct ? [] : q.tags,
    // marked in place after a wrong answer: which steps are not where they belong
    misplaced: given.filter((id, i) => id !== expected[i]),
  };
}
