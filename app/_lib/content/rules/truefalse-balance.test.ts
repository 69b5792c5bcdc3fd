import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentSet, LoadedLesson } from '../content-set';
import { loadContent } from '../loader';
import { quizSchema } from '../schemas/quiz';
import { trueFalseNotes } from './truefalse-balance';

const t = (en: string) => ({ ko: `${en} (ko)`, en });
const tf = (id: string, answer: boolean) => ({ id, type: 'truefalse', tags: ['quorum-is-half'], prompt: t(id), explanation: t('why'), answer, feedback: { true: t('t'), false: t('f') } });

function courseOf(quizzes: Record<string, boolean[]>): ContentSet {
  const lessons: LoadedLesson[] = Object.entries(quizzes).map(([id, answers]) => ({
    id,
    folder: `01-${id}`,
    dir: id,
    versions: {},
    quiz: { file: 'quiz.yaml', lineOf: () => undefined, quiz: quizSchema.parse({ id, questions: answers.map((a, i) => tf(`${id}-${i}`, a)) }) },
  }));
  return { courses: [{ id: 'k', dir: 'k', file: 'course.yaml', lessons }], scenarios: new Map(), labs: new Map(), misconceptions: new Map(), misconceptionsFile: 'm.yaml' };
}

describe('trueFalseNotes', () => {
  it('points at a quiz whose true/false answers all go one way, and at a lopsided course', () => {
    expect(trueFalseNotes(courseOf({ raft: [false, false, false], watch: [false, true] }))).toEqual([
      "note: quiz 'raft' has 3 true/false questions and every answer is false; learners can pass by the pattern, so rewrite one as an accurate true statement (with a new id)",
      "true/false answers in course 'k': 1 true, 4 false",
      "note: only 1 of the 5 true/false answers in course 'k' are true; aim for about half",
    ]);
  });

  it('only states the balance when it is fair, and says nothing about two answers alike', () => {
    expect(trueFalseNotes(courseOf({ raft: [true, false, true], watch: [false, false] }))).toEqual(["true/false answers in course 'k': 2 true, 3 false"]);
  });

  it('finds the real course balanced: about half of its true/false answers are true', () => {
    const { content } = loadContent(path.join(import.meta.dirname, '../../../../content'));
    const notes = trueFalseNotes(content);
    expect(notes.filter((n) => n.startsWith('note:'))).toEqual([]);
    const [, yes, no] = /: (\d+) true, (\d+) false$/.exec(notes[0]!)!.map(Number);
    expect(Math.abs(yes! - no!)).toBeLessThanOrEqual(2);
  });
});
