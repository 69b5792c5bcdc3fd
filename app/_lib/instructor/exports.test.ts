import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { answersTable, datasetOfFileName, labsTable, learnerRow, LEARNERS_HEADER, percent } from './exports';
import type { QuestionReport } from './questions';

describe('datasetOfFileName', () => {
  it('accepts the documented datasets and nothing else', () => {
    expect(datasetOfFileName('questions.csv')).toBe('questions');
    expect(datasetOfFileName('learners.csv')).toBe('learners');
    expect(datasetOfFileName('learners')).toBeUndefined();
    expect(datasetOfFileName('passwords.csv')).toBeUndefined();
    expect(datasetOfFileName('../learners.csv')).toBeUndefined();
  });
});

describe('the CSV tables', () => {
  it('gives percentages with one decimal and leaves "no data" empty', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(0, 0)).toBeNull();
    const table = labsTable([{ id: 'l', title: '=evil()', attempts: 0, passedAttempts: 0, learners: 0, learnersPassed: 0, medianHints: null, goals: [], goalsUnreadable: 0 }]);
    const csv = toCsv(table.header, table.rows);
    expect(csv.split('\r\n')[1]).toBe("l,'=evil(),0,0,,0,0,,,0");
  });

  it('lists each chosen answer, the unreadable count and the misconceptions of a question', () => {
    const report: QuestionReport = {
      orphanAttempts: 0,
      lessons: [
        {
          courseId: 'c',
          courseTitle: 'C',
          lessonId: 'raft',
          lessonTitle: 'Raft',
          questions: [
            {
              id: 'q',
              number: 1,
              type: 'single',
              prompt: 'Quorum of 5?',
              attempts: 4,
              learners: 3,
              firstCorrect: 1,
              latestCorrect: 2,
              answers: { rows: [{ key: 'a', label: '3', correct: true, count: 2 }], other: 0, unreadable: 1, responses: 4 },
              misconceptions: [{ tag: 'quorum-is-half', description: 'Half is enough', count: 1 }],
              misconceptionsUnreadable: 0,
            },
          ],
        },
      ],
    };
    expect(answersTable(report).rows).toEqual([
      ['c', 'raft', 'q', 'answer', 'a', '3', true, 2],
      ['c', 'raft', 'q', 'unreadable', '', '', null, 1],
      ['c', 'raft', 'q', 'misconception', 'quorum-is-half', 'Half is enough', false, 1],
    ]);
  });

  it('has no password or hash column for learners', () => {
    expect(LEARNERS_HEADER.join(',')).not.toMatch(/password|hash/i);
    const row = learnerRow({
      id: 'u1',
      email: 'a@b.c',
      name: null,
      joinedAt: new Date('2026-01-01T00:00:00Z'),
      lessonsCompleted: 2,
      quizAttempts: 4,
      quizCorrect: 3,
      labsPassed: 1,
      labAttempts: 2,
      lastActivity: null,
      latestLesson: null,
    });
    expect(row).toEqual(['a@b.c', null, new Date('2026-01-01T00:00:00Z'), 2, 4, 3, 75, 2, 1, null]);
  });
});
