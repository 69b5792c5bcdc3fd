// Short answer: compared after Unicode NFC normalisation, trimming, collapsing runs of
// spaces and dropping surrounding backticks or quotes (learners paste `etcd`); case is
// ignored unless the question sets caseSensitive (e.g. a namespace or an etcd key).
// An answer that is right but for its case or a trailing slash is a near miss: still
// wrong (`Kube-Node-Lease` is no namespace, `/registry/…/cart/` is another key), but it
// is told what differs instead of the general feedback, and it counts no misconception.
import type { LocalizedText } from '../schemas/localized';
import type { ShortQuestion } from '../schemas/quiz';
import type { ShortResponse } from './responses';
import type { Grade } from './types';

export type NearMiss = 'case' | 'trailingSlash';

/** Said when the question has no nearMiss feedback of its own. */
export const NEAR_MISS_FEEDBACK: Record<NearMiss, LocalizedText> = {
  case: {
    ko: '거의 맞았습니다. 대소문자만 다릅니다. 이 답은 대소문자를 구분하니 정확한 표기로 다시 써 보세요.',
    en: 'Almost: only upper and lower case differ, and this answer is case-sensitive. Write it with the exact capitalisation.',
  },
  trailingSlash: {
    ko: '거의 맞았습니다. 끝의 `/`만 다릅니다. 여기서는 끝의 슬래시 하나로 다른 답이 됩니다.',
    en: 'Almost: only the `/` at the end differs, and here a trailing slash makes it a different answer.',
  },
};

export function normaliseShortAnswer(text: string, caseSensitive: boolean): string {
  let s = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  s = s.replace(/^([`'"“‘])(.*)([`'"”’])$/u, '$2').trim();
  return caseSensitive ? s : s.toLocaleLowerCase('en');
}

const withoutTrailingSlash = (s: string) => s.replace(/\/+$/, '');

/** How a wrong answer is almost an accepted one, if it is. */
export function nearMissOf(q: Pick<ShortQuestion, 'accepted' | 'caseSensitive'>, text: string): NearMiss | undefined {
  const given = normaliseShortAnswer(text, q.caseSensitive);
  if (given === '') return undefined;
  const accepted = q.accepted.map((a) => normaliseShortAnswer(a, q.caseSensitive));
  if (accepted.includes(given)) return undefined;
  const bare = withoutTrailingSlash(given);
  if (bare !== '' && accepted.some((a) => withoutTrailingSlash(a) === bare)) return 'trailingSlash';
  if (q.caseSensitive && q.accepted.some((a) => normaliseShortAnswer(a, false) === normaliseShortAnswer(text, false))) return 'case';
  return undefined;
}

export function gradeShort(q: ShortQuestion, r: ShortResponse): Grade {
  const given = normaliseShortAnswer(r.text, q.caseSensitive);
  const correct = given !== '' && q.accepted.some((a) => normaliseShortAnswer(a, q.caseSensitive) === given);
  if (correct) return { correct, score: 1, feedback: [{ text: q.feedback.correct }], misconceptions: [] };
  const near = nearMissOf(q, r.text);
  if (near) return { correct, score: 0, feedback: [{ text: q.nearMiss?.[near] ?? NEAR_MISS_FEEDBACK[near] }], misconceptions: [] };
  return { correct, score: 0, feedback: [{ text: q.feedback.incorrect }], misconceptions: q.tags };
}
