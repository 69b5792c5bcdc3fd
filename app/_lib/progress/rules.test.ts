import { describe, expect, it } from 'vitest';
import { accuracyOf, continueLessonId, lessonStatus, parseMisconceptions, quizMastered, summariseLessons, topMisconceptions } from './rules';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const lessons = [
  { id: 'objects', questionIds: ['q1', 'q2'] },
  { id: 'watch', questionIds: ['q3'] },
  { id: 'raft', questionIds: ['q4', 'q5'] },
];

describe('lesson status', () => {
  it('is not started without a row, started with one, completed when marked or when the quiz is mastered', () => {
    expect(lessonStatus(undefined, false)).toBe('not-started');
    expect(lessonStatus({ completedAt: null }, false)).toBe('started');
    expect(lessonStatus({ completedAt: at(1) }, false)).toBe('completed');
    expect(lessonStatus(undefined, true)).toBe('completed');
  });

  it('a quiz is mastered only when every question was answered correctly at least once', () => {
    expect(quizMastered(['q1', 'q2'], new Set(['q1']))).toBe(false);
    expect(quizMastered(['q1', 'q2'], new Set(['q2', 'q1', 'other']))).toBe(true);
    expect(quizMastered([], new Set(['q1']))).toBe(false);
  });
});

describe('summariseLessons', () => {
  it('counts questions answered correctly at least once; later wrong answers do not undo completion', () => {
    const summaries = summariseLessons(
      lessons,
      [{ lessonId: 'watch', completedAt: null, updatedAt: at(3) }],
      [
        { questionId: 'q1', correct: true },
        { questionId: 'q1', correct: false },
        { questionId: 'q2', correct: true },
        { questionId: 'q2', correct: false },
        { questionId: 'q4', correct: false },
      ],
    );
    expect(summaries).toEqual([
      { lessonId: 'objects', status: 'completed', questionsCorrect: 2, questionCount: 2 },
      { lessonId: 'watch', status: 'started', questionsCorrect: 0, questionCount: 1 },
      { lessonId: 'raft', status: 'not-started', questionsCorrect: 0, questionCount: 2 },
    ]);
  });
});

describe('continueLessonId', () => {
  const rows = [
    { lessonId: 'objects', completedAt: at(1), updatedAt: at(9) },
    { lessonId: 'watch', completedAt: null, updatedAt: at(5) },
    { lessonId: 'raft', completedAt: null, updatedAt: at(7) },
  ];
  it('is the unfinished lesson opened most recently, never a completed one', () => {
    const summaries = summariseLessons(lessons, rows, []);
    expect(continueLessonId(lessons, rows, summaries)).toBe('raft');
  });
  it('is the first lesson not completed when nothing is in progress, and undefined when all are done', () => {
    const done = [{ lessonId: 'objects', completedAt: at(1), updatedAt: at(1) }];
    expect(continueLessonId(lessons, done, summariseLessons(lessons, done, []))).toBe('watch');
    expect(continueLessonId(lessons, [], summariseLessons(lessons, [], []))).toBe('objects');
    const all = lessons.map((l) => ({ lessonId: l.id, completedAt: at(2), updatedAt: at(2) }));
    expect(continueLessonId(lessons, all, summariseLessons(lessons, all, []))).toBeUndefined();
  });
  it('ignores progress rows of lessons the course no longer lists', () => {
    const stale = [{ lessonId: 'removed', completedAt: null, updatedAt: at(30) }];
    expect(continueLessonId(lessons, stale, summariseLessons(lessons, stale, []))).toBe('objects');
  });
});

describe('accuracy and misconceptions', () => {
  it('accuracy is correct answers over answers, 0 with none', () => {
    expect(accuracyOf([])).toEqual({ attempts: 0, correct: 0, ratio: 0 });
    expect(accuracyOf([{ correct: true }, { correct: false }, { correct: true }, { correct: true }])).toEqual({ attempts: 4, correct: 3, ratio: 0.75 });
  });
  it('counts the tags of wrong answers only, most frequent first, ties by name', () => {
    const attempts = [
      { correct: false, misconceptions: ['quorum-is-half', 'pods-are-processes'] },
      { correct: false, misconceptions: ['quorum-is-half'] },
      { correct: true, misconceptions: ['quorum-is-half'] },
      { correct: false, misconceptions: ['controllers-talk-to-etcd', 'controllers-talk-to-etcd'] },
    ];
    expect(topMisconceptions(attempts)).toEqual([
      { tag: 'quorum-is-half', count: 2 },
      { tag: 'controllers-talk-to-etcd', count: 1 },
      { tag: 'pods-are-processes', count: 1 },
    ]);
    expect(topMisconceptions(attempts, 1)).toHaveLength(1);
  });
  it('reads the stored JSON of tags defensively', () => {
    expect(parseMisconceptions('["a","b"]')).toEqual(['a', 'b']);
    expect(parseMisconceptions('not json')).toEqual([]);
    expect(parseMisconceptions('{"a":1}')).toEqual([]);
    expect(parseMisconceptions('["a",3]')).toEqual(['a']);
  });
});
