// What the learner has entered so far for a question, and the response it becomes when
// they press "Check answer" (undefined while it is incomplete). Pure; tested in draft.test.ts.
import type { QuestionResponse } from '@/app/_lib/content/grading/responses';
import type { CheckAnswerResult, QuestionView } from './types';

/** After grading: which shown choices the learner got right or wrong (when the grade says so). */
export type Marks = ReadonlyMap<string, 'right' | 'wrong'>;

export type Draft =
  | { type: 'single' | 'predict'; optionId: string | null }
  | { type: 'multiple'; optionIds: string[] }
  | { type: 'truefalse'; answer: boolean | null }
  /** moved: whether the learner has moved an item; the order shown first is a shuffle, not an answer */
  | { type: 'ordering'; itemIds: string[]; moved: boolean }
  | { type: 'numeric'; text: string }
  | { type: 'short'; text: string }
  | { type: 'classify'; placements: Record<string, string> };

export function emptyDraft(q: QuestionView): Draft {
  switch (q.type) {
    case 'single':
    case 'predict':
      return { type: q.type, optionId: null };
    case 'multiple':
      return { type: 'multiple', optionIds: [] };
    case 'truefalse':
      return { type: 'truefalse', answer: null };
    case 'ordering':
      return { type: 'ordering', itemIds: q.items.map((i) => i.id), moved: false };
    case 'numeric':
      return { type: 'numeric', text: '' };
    case 'short':
      return { type: 'short', text: '' };
    case 'classify':
      return { type: 'classify', placements: {} };
  }
}

/** "3", " 2.5 ", "2,5" (a decimal comma), "-1e3"; anything else is not a number. */
export function parseNumber(text: string): number | undefined {
  let t = text.trim().replace(/\s+/g, '');
  if (t.includes(',') && !t.includes('.')) t = t.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

export type Incomplete = 'choose-one' | 'choose-some' | 'enter-number' | 'enter-text' | 'place-all' | 'move-first';

export function responseOf(q: QuestionView, d: Draft): { ok: true; response: QuestionResponse } | { ok: false; reason: Incomplete } {
  switch (d.type) {
    case 'single':
    case 'predict':
      return d.optionId ? { ok: true, response: { type: d.type, optionId: d.optionId } } : { ok: false, reason: 'choose-one' };
    case 'multiple':
      return d.optionIds.length > 0 ? { ok: true, response: { type: 'multiple', optionIds: d.optionIds } } : { ok: false, reason: 'choose-some' };
    case 'truefalse':
      return d.answer === null ? { ok: false, reason: 'choose-one' } : { ok: true, response: { type: 'truefalse', answer: d.answer } };
    case 'ordering':
      // the shuffled starting order is never the answer: sent untouched it would be stored as a
      // wrong attempt and count misconceptions the learner never showed
      return d.moved ? { ok: true, response: { type: 'ordering', itemIds: d.itemIds } } : { ok: false, reason: 'move-first' };
    case 'numeric': {
      const value = parseNumber(d.text);
      return value === undefined ? { ok: false, reason: 'enter-number' } : { ok: true, response: { type: 'numeric', value } };
    }
    case 'short':
      return d.text.trim() ? { ok: true, response: { type: 'short', text: d.text.trim() } } : { ok: false, reason: 'enter-text' };
    case 'classify': {
      const items = q.type === 'classify' ? q.items : [];
      return items.every((i) => d.placements[i.id])
        ? { ok: true, response: { type: 'classify', placements: d.placements } }
        : { ok: false, reason: 'place-all' };
    }
  }
}

/**
 * The "answer first" warning once the answer changes: it stays while Check answer would
 * still refuse the answer, and goes as soon as it would take it. A warning that has gone
 * (or was never shown) comes back only from the next press of Check answer, so clearing
 * the field again while typing does not scold before the learner asks for a check.
 */
export function missingAfterChange(q: QuestionView, d: Draft, missing: Incomplete | null): Incomplete | null {
  if (missing === null) return null;
  const r = responseOf(q, d);
  return r.ok ? null : r.reason;
}

/**
 * Marks the grade allows in place: the picked option of a one-answer question, every item
 * of a classify question (the grade's feedback lists exactly the misplaced ones) and every
 * step of an ordering question (the grade names the steps not at their place).
 * A wrong multiple-choice answer gets none: which picks were wrong is for the feedback to say.
 */
export function marksOf(draft: Draft, graded: Extract<CheckAnswerResult, { ok: true }>): Marks {
  const mark = graded.correct ? 'right' : 'wrong';
  switch (draft.type) {
    case 'single':
    case 'predict':
      return new Map(draft.optionId ? [[draft.optionId, mark]] : []);
    case 'truefalse':
      return new Map(draft.answer === null ? [] : [[String(draft.answer), mark]]);
    case 'multiple':
      return new Map(graded.correct ? draft.optionIds.map((id) => [id, 'right'] as const) : []);
    case 'classify': {
      const wrong = new Set(graded.correct ? [] : graded.feedback.map((f) => f.optionId));
      return new Map(Object.keys(draft.placements).map((id) => [id, wrong.has(id) ? 'wrong' : 'right'] as const));
    }
    case 'ordering': {
      if (!graded.correct && !graded.misplaced) return new Map();
      const wrong = new Set(graded.correct ? [] : graded.misplaced);
      return new Map(draft.itemIds.map((id) => [id, wrong.has(id) ? 'wrong' : 'right'] as const));
    }
    default:
      return new Map();
  }
}
