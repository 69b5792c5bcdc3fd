// Classify: sort items into buckets ("JSON object stored in etcd" vs "process"; the learner
// picks each item's bucket from a list, there is nothing to drag). The score
// is the share of items in their right bucket; every misplaced item gets its own feedback.
import type { ClassifyQuestion } from '../schemas/quiz';
import type { ClassifyResponse } from './responses';
import { wrongShape, type Grade } from './types';

export function gradeClassify(q: ClassifyQuestion, r: ClassifyResponse): Grade {
  const buckets = new Set(q.buckets.map((b) => b.id));
  const items = new Set(q.items.map((it) => it.id));
  const placements = Object.entries(r.placements);
  if (placements.some(([item, bucket]) => !items.has(item) || !buckets.has(bucket))) return wrongShape();
  const wrong = q.items.filter((it) => r.placements[it.id] !== it.bucket);
  const correct = wrong.length === 0;
  return {
    correct,
    score: q.items.length === 0 ? 0 : (q.items.length - wrong.length) / q.items.length,
    feedback: (correct ? q.items : wrong).map((it) => ({ optionId: it.id, text: it.feedback })),
    misconceptions: correct ? [] : q.tags,
  };
}
