import { describe, expect, it } from 'vitest';
import { emptyDraft, marksOf, missingAfterChange, parseNumber, responseOf } from './draft';
import type { QuestionView } from './types';

const base = { id: 'q', courseId: 'c', number: 1, promptHtml: '<p>?</p>' };
const classify: QuestionView = {
  ...base,
  type: 'classify',
  buckets: [{ id: 'record', html: 'Record', label: 'Record' }],
  items: [
    { id: 'pod', html: 'Pod', label: 'Pod' },
    { id: 'lease', html: 'Lease', label: 'Lease' },
  ],
};

describe('parseNumber', () => {
  it('reads what learners type, with a decimal comma too', () => {
    expect(parseNumber('3')).toBe(3);
    expect(parseNumber(' 2.5 ')).toBe(2.5);
    expect(parseNumber('2,5')).toBe(2.5);
    expect(parseNumber('-1e3')).toBe(-1000);
    expect(parseNumber('.5')).toBe(0.5);
  });
  it('refuses what is not a number', () => {
    for (const text of ['', 'three', '3 members', '1,000.5', 'Infinity', 'NaN', '0x10', '1e999']) expect(parseNumber(text)).toBeUndefined();
  });
});

describe('responseOf', () => {
  it('says what is missing instead of sending an incomplete answer', () => {
    expect(responseOf({ ...base, type: 'single', options: [] }, { type: 'single', optionId: null })).toEqual({ ok: false, reason: 'choose-one' });
    expect(responseOf({ ...base, type: 'multiple', options: [] }, { type: 'multiple', optionIds: [] })).toEqual({ ok: false, reason: 'choose-some' });
    expect(responseOf({ ...base, type: 'truefalse' }, { type: 'truefalse', answer: null })).toEqual({ ok: false, reason: 'choose-one' });
    expect(responseOf({ ...base, type: 'numeric' }, { type: 'numeric', text: 'three' })).toEqual({ ok: false, reason: 'enter-number' });
    expect(responseOf({ ...base, type: 'short' }, { type: 'short', text: '   ' })).toEqual({ ok: false, reason: 'enter-text' });
    expect(responseOf(classify, { type: 'classify', placements: { pod: 'record' } })).toEqual({ ok: false, reason: 'place-all' });
  });

  it('builds the response the server grades', () => {
    expect(responseOf({ ...base, type: 'truefalse' }, { type: 'truefalse', answer: false })).toEqual({ ok: true, response: { type: 'truefalse', answer: false } });
    expect(responseOf({ ...base, type: 'numeric' }, { type: 'numeric', text: '2,5' })).toEqual({ ok: true, response: { type: 'numeric', value: 2.5 } });
    expect(responseOf({ ...base, type: 'short' }, { type: 'short', text: ' kube-apiserver ' })).toEqual({ ok: true, response: { type: 'short', text: 'kube-apiserver' } });
    expect(responseOf(classify, { type: 'classify', placements: { pod: 'record', lease: 'record' } })).toEqual({
      ok: true,
      response: { type: 'classify', placements: { pod: 'record', lease: 'record' } },
    });
  });

  it('does not take the shuffled starting order of an ordering question as an answer: one move first', () => {
    const ordering: QuestionView = { ...base, type: 'ordering', items: [{ id: 'b', html: 'B', label: 'B' }, { id: 'a', html: 'A', label: 'A' }] };
    const start = emptyDraft(ordering);
    expect(start).toEqual({ type: 'ordering', itemIds: ['b', 'a'], moved: false });
    expect(responseOf(ordering, start)).toEqual({ ok: false, reason: 'move-first' });
    expect(responseOf(ordering, { type: 'ordering', itemIds: ['a', 'b'], moved: true })).toEqual({ ok: true, response: { type: 'ordering', itemIds: ['a', 'b'] } });
    // moved back to where it started is still the learner's own answer
    expect(responseOf(ordering, { type: 'ordering', itemIds: ['b', 'a'], moved: true })).toEqual({ ok: true, response: { type: 'ordering', itemIds: ['b', 'a'] } });
  });
});

describe('missingAfterChange (the "answer first" warning as the learner answers)', () => {
  const single: QuestionView = { ...base, type: 'single', options: [{ id: 'a', html: 'A', label: 'A' }] };
  const ordering: QuestionView = { ...base, type: 'ordering', items: [{ id: 'b', html: 'B', label: 'B' }, { id: 'a', html: 'A', label: 'A' }] };

  it('goes as soon as the change makes an answer Check answer would take', () => {
    expect(missingAfterChange(single, { type: 'single', optionId: 'a' }, 'choose-one')).toBeNull();
    expect(missingAfterChange({ ...base, type: 'multiple', options: [] }, { type: 'multiple', optionIds: ['a'] }, 'choose-some')).toBeNull();
    expect(missingAfterChange({ ...base, type: 'truefalse' }, { type: 'truefalse', answer: false }, 'choose-one')).toBeNull();
    expect(missingAfterChange({ ...base, type: 'short' }, { type: 'short', text: 'k' }, 'enter-text')).toBeNull();
    expect(missingAfterChange({ ...base, type: 'numeric' }, { type: 'numeric', text: '5' }, 'enter-number')).toBeNull();
    expect(missingAfterChange(ordering, { type: 'ordering', itemIds: ['a', 'b'], moved: true }, 'move-first')).toBeNull();
    expect(missingAfterChange(classify, { type: 'classify', placements: { pod: 'record', lease: 'record' } }, 'place-all')).toBeNull();
  });

  it('stays while the answer is still incomplete', () => {
    expect(missingAfterChange(classify, { type: 'classify', placements: { pod: 'record' } }, 'place-all')).toBe('place-all');
    expect(missingAfterChange({ ...base, type: 'numeric' }, { type: 'numeric', text: '-' }, 'enter-number')).toBe('enter-number');
    expect(missingAfterChange({ ...base, type: 'short' }, { type: 'short', text: '  ' }, 'enter-text')).toBe('enter-text');
  });

  it('does not come back without a press of Check answer, even when the answer is emptied again', () => {
    expect(missingAfterChange({ ...base, type: 'short' }, { type: 'short', text: '' }, null)).toBeNull();
    expect(missingAfterChange(single, { type: 'single', optionId: null }, null)).toBeNull();
  });
});

describe('marksOf (right/wrong shown next to the choices after grading)', () => {
  const graded = (correct: boolean, feedbackIds: string[] = []) => ({
    ok: true as const,
    correct,
    score: correct ? 1 : 0,
    feedback: feedbackIds.map((optionId) => ({ optionId, html: '' })),
    explanationHtml: '',
    savedTo: 'guest' as const,
    lessonCompleted: false,
  });
  it('marks the picked option of a one-answer question with the verdict', () => {
    expect([...marksOf({ type: 'single', optionId: 'b' }, graded(false, ['b']))]).toEqual([['b', 'wrong']]);
    expect([...marksOf({ type: 'truefalse', answer: true }, graded(true, ['true']))]).toEqual([['true', 'right']]);
  });
  it('marks each classify item: the misplaced ones are those the feedback names', () => {
    const marks = marksOf({ type: 'classify', placements: { pod: 'process', lease: 'record' } }, graded(false, ['pod']));
    expect(Object.fromEntries(marks)).toEqual({ pod: 'wrong', lease: 'right' });
  });
  it('marks each step of an ordering answer as at its place or not, as the grade says', () => {
    const draft = { type: 'ordering' as const, itemIds: ['etcd', 'apiserver', 'kubectl'], moved: true };
    expect(Object.fromEntries(marksOf(draft, { ...graded(false), misplaced: ['etcd', 'kubectl'] }))).toEqual({ etcd: 'wrong', apiserver: 'right', kubectl: 'wrong' });
    expect(Object.fromEntries(marksOf(draft, graded(true)))).toEqual({ etcd: 'right', apiserver: 'right', kubectl: 'right' });
    // a grade without the list (a mismatched response) marks nothing rather than everything right
    expect(marksOf(draft, graded(false)).size).toBe(0);
  });
  it('does not guess which picks of a wrong multiple-choice answer were wrong', () => {
    expect(marksOf({ type: 'multiple', optionIds: ['a', 'b'] }, graded(false, ['a', 'b', 'c'])).size).toBe(0);
    expect(Object.fromEntries(marksOf({ type: 'multiple', optionIds: ['a', 'b'] }, graded(true, ['a', 'b'])))).toEqual({ a: 'right', b: 'right' });
  });
});
