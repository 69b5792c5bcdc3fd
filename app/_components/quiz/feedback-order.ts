// The grade lists feedback in the content's order; the learner saw the options (and
// classify items) shuffled. Feedback is shown in the order the learner saw, so "the third
// option's feedback" is the third line about an option. Pure; tested in feedback-order.test.ts.
import type { FeedbackView } from './types';

/** Whole-answer lines first (as given), then lines about an option in the order `shownIds` lists them. */
export function inShownOrder(feedback: readonly FeedbackView[], shownIds: Iterable<string>): FeedbackView[] {
  const rank = new Map<string, number>();
  for (const id of shownIds) rank.set(id, rank.size);
  const at = (f: FeedbackView) => (f.optionId === undefined ? -1 : (rank.get(f.optionId) ?? rank.size));
  return feedback
    .map((f, i) => ({ f, i }))
    .sort((a, b) => at(a.f) - at(b.f) || a.i - b.i)
    .map(({ f }) => f);
}
