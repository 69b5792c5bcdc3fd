// What grading returns, the same in the browser (instant feedback) and on the server (the
// stored attempt). Pure data: no locale is chosen here, the page picks ko or en.
import type { LocalizedText } from '../schemas/localized';

export interface FeedbackLine {
  /** the option, item or bucket the line is about (absent for whole-answer feedback) */
  optionId?: string;
  text: LocalizedText;
}

export interface Grade {
  correct: boolean;
  /** 0..1; partial credit where the type allows it */
  score: number;
  feedback: FeedbackLine[];
  /** misconception tags the answer suggests; empty when correct */
  misconceptions: string[];
  /** ordering: the items not at their place, in the order given (absent for other types) */
  misplaced?: string[];
}

export const MISMATCHED_RESPONSE: LocalizedText = {
  ko: '이 문제에 맞지 않는 형식의 답입니다. 페이지를 새로 고친 뒤 다시 답해 주세요.',
  en: 'This answer does not fit the question. Reload the page and answer again.',
};

export function wrongShape(): Grade {
  return { correct: false, score: 0, feedback: [{ text: MISMATCHED_RESPONSE }], misconceptions: [] };
}

export function uniq(values: string[]): string[] {
  return [...new Set(values)];
}
