import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/loader';
import type { Question } from '../content/schemas';
import { tallyAnswers, tallyMisconceptions, TOP_FREE_ANSWERS } from './answers';

const { content } = loadContent(path.join(import.meta.dirname, '..', 'content', '__fixtures__', 'good', 'content'));
const questions = content.courses[0]!.lessons[0]!.quiz!.quiz.questions;
const question = (id: string): Question => questions.find((q) => q.id === id)!;
const words = { true: 'True', false: 'False' };
const json = (v: unknown) => JSON.stringify(v);

describe('tallyAnswers', () => {
  it('counts each option of a choice question, options nobody chose included, in content order', () => {
    const q = question('put-output');
    const t = tallyAnswers(q, [
      { response: json({ type: 'predict', optionId: 'b' }), correct: false, count: 3 },
      { response: json({ type: 'predict', optionId: 'a' }), correct: true, count: 2 },
    ], 'en', words);
    expect(t.rows.map((r) => [r.key, r.label, r.correct, r.count])).toEqual([
      ['a', 'bar', true, 2],
      ['b', 'Nothing', false, 3],
    ]);
    expect(t).toMatchObject({ unreadable: 0, responses: 5, other: 0 });
  });

  it('labels true/false in the viewer’s words and marks the right one', () => {
    const t = tallyAnswers(question('pod-process'), [{ response: json({ type: 'truefalse', answer: true }), correct: false, count: 4 }], 'ko', { true: '참', false: '거짓' });
    expect(t.rows).toEqual([
      { key: 'true', label: '참', correct: false, count: 4 },
      { key: 'false', label: '거짓', correct: true, count: 0 },
    ]);
  });

  it('counts malformed, mistyped and stale answers as unreadable instead of crashing', () => {
    const q = question('put-output');
    const t = tallyAnswers(q, [
      { response: '{not json', correct: false, count: 1 },
      { response: json({ type: 'single', optionId: 'a' }), correct: false, count: 2 }, // another type
      { response: json({ type: 'predict', optionId: 'gone' }), correct: false, count: 3 }, // option removed since
      { response: 'null', correct: false, count: 1 },
      { response: json({ type: 'predict', optionId: 'a' }), correct: true, count: 1 },
    ], 'en', words);
    expect(t.unreadable).toBe(7);
    expect(t.responses).toBe(8);
    expect(t.rows.find((r) => r.key === 'a')!.count).toBe(1);
  });

  it('shows the most common numeric answers with the stored grade, the rest as other', () => {
    const q = question('quorum-of-three');
    const groups = Array.from({ length: TOP_FREE_ANSWERS + 2 }, (_, i) => ({ response: json({ type: 'numeric', value: i + 10 }), correct: false, count: 1 }));
    groups.push({ response: json({ type: 'numeric', value: 2 }), correct: true, count: 5 });
    groups.push({ response: json({ type: 'numeric', value: 1.5 }), correct: false, count: 3 });
    const t = tallyAnswers(q, groups, 'en', words);
    expect(t.rows.slice(0, 2)).toEqual([
      { key: '2', label: '2', correct: true, count: 5 },
      { key: '1.5', label: '1.5', correct: false, count: 3 },
    ]);
    expect(t.rows).toHaveLength(TOP_FREE_ANSWERS);
    expect(t.other).toBe(4);
    expect(t.responses).toBe(TOP_FREE_ANSWERS + 2 + 8);
  });
});

describe('tallyMisconceptions', () => {
  it('counts each tag once per answer, most frequent first, and malformed rows as unreadable', () => {
    const t = tallyMisconceptions([
      { misconceptions: json(['quorum-is-half', 'quorum-is-half']), count: 2 },
      { misconceptions: json(['pods-are-processes', 'quorum-is-half']), count: 1 },
      { misconceptions: '[1,2]', count: 4 },
      { misconceptions: 'oops', count: 1 },
      { misconceptions: '[]', count: 9 },
    ]);
    expect(t.tags).toEqual([
      { tag: 'quorum-is-half', count: 3 },
      { tag: 'pods-are-processes', count: 1 },
    ]);
    expect(t.unreadable).toBe(5);
  });
});
