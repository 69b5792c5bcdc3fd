// Bilingual explanations: every goal result says, in Korean and English, what was
// expected and what was found ("expected exactly 3 Pods owned by ReplicaSet web-7d4…,
// found 2"), so a learner reads why, not just a red cross.
import type { CountSpec, Explanation, LabelSelector } from './goals';

export interface GoalVerdict {
  passed: boolean;
  explanation: Explanation;
}

export function verdict(passed: boolean, en: string, ko: string): GoalVerdict {
  return { passed, explanation: { ko, en } };
}

/** `exactly 3` / `정확히 3개`, `at least 2 and at most 5` / `2개 이상 5개 이하`. */
export function describeCount(c: CountSpec): Explanation {
  const en: string[] = [];
  const ko: string[] = [];
  if (c.eq !== undefined) {
    en.push(`exactly ${c.eq}`);
    ko.push(`정확히 ${c.eq}개`);
  }
  if (c.gte !== undefined) {
    en.push(`at least ${c.gte}`);
    ko.push(`${c.gte}개 이상`);
  }
  if (c.lte !== undefined) {
    en.push(`at most ${c.lte}`);
    ko.push(`${c.lte}개 이하`);
  }
  return { en: en.join(' and '), ko: ko.join(' ') };
}

/**
 * `5개 이하여야` / `1개 이상이어야`: "must be", with the copula's form chosen by whether the
 * last Hangul syllable ends in a consonant (받침).
 */
export function mustBeKo(phrase: string): string {
  const last = phrase.charCodeAt(phrase.length - 1) - 0xac00;
  const batchim = last >= 0 && last < 11172 && last % 28 !== 0;
  return `${phrase}${batchim ? '이어야' : '여야'}`;
}

export function countHolds(c: CountSpec, n: number): boolean {
  return (c.eq === undefined || n === c.eq) && (c.gte === undefined || n >= c.gte) && (c.lte === undefined || n <= c.lte);
}

/** `app=web,tier in (front)` in kubectl's selector syntax; '' for an empty selector. */
export function describeSelector(s: LabelSelector | undefined): string {
  if (s === undefined) return '';
  const parts = Object.entries(s.matchLabels ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  for (const e of s.matchExpressions ?? []) {
    if (e.operator === 'Exists') parts.push(e.key);
    else if (e.operator === 'DoesNotExist') parts.push(`!${e.key}`);
    else parts.push(`${e.key} ${e.operator === 'In' ? 'in' : 'notin'} (${(e.values ?? []).join(',')})`);
  }
  return parts.join(',');
}

/** A short rendering of a found value for an explanation. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** `a, b, c and 4 more` */
export function listNames(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

export function listNamesKo(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} 외 ${names.length - max}개`;
}
