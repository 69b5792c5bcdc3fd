// Short answer: compared after Unicode NFC normalisation, trimming, collapsing runs of
// spaces and dropping surrounding backticks or quotes (learners paste `etcd`); case is
// ignored unless the question sets caseSensitive (e.g. a Kubernetes kind).
import type { ShortQuestion } from '../schemas/quiz';
import type { ShortResponse } from './responses';
import type { Grade } from './types';

export function normaliseShortAnswer(text: string, caseSensitive: boolean): string {
  let s = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  s = s.replace(/^([`'"“‘])(.*)([`'"”’])$/u, '$2').trim();
  return caseSensitive ? s : s.toLocaleLowerCase('en');
}

export function gradeShort(q: ShortQuestion, r: ShortResponse): Grade {
  const given = normaliseShortAnswer(r.text, q.caseSensitive);
  const correct = given !== '' && q.accepted.some((a) => normaliseShortAnswer(a, q.caseSensitive) === given);
  return {
    correct,
    score: correct ? 1 : 0,
    feedback: [{ text: correct ? q.feedback.correct : q.feedback.incorrect }],
    misconceptions: correct ? [] : q.tags,
  };
}
