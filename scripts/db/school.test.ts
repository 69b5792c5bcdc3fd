// The school filler (school.ts) on the real course, at a small scale: the totals asked for,
// the same rows from the same seed, and rows the app could have written (each answer the
// grader's verdict on its response, hints counted as the server counts them, a lesson
// completed only once every question was right).
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQuestion, gradeQuestion, responseSchema } from '../../app/_lib/content';
import { loadContent } from '../../app/_lib/content/loader';
import { migratedDatabase, type MigratedDatabase } from './migrated-database';
import { REPO_ROOT } from './paths';
import { apportion, fillSchool, schoolDatabase, type SchoolScale } from './school';

const { content } = loadContent(path.join(REPO_ROOT, 'content'));
const SMALL: SchoolScale = { learners: 80, staff: 3, quizAnswers: 900, labAttempts: 150, seed: 7 };

let school: MigratedDatabase & { counts: ReturnType<typeof fillSchool> };
let sqlite: Database.Database;
const all = <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...params) as T[];

beforeAll(async () => {
  school = await schoolDatabase(content, SMALL);
  sqlite = new Database(school.ws.databaseFile, { readonly: true });
});
afterAll(async () => {
  sqlite.close();
  await school.close();
});

describe('fillSchool', () => {
  it('writes the learners, staff, answers and attempts asked for, learners’ totals exact, staff trying everything once', () => {
    const questions = content.courses.flatMap((c) => c.lessons.flatMap((l) => l.quiz?.quiz.questions ?? [])).length;
    const labs = content.courses.flatMap((c) => c.course?.labs ?? []).length;
    const count = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
    expect(count(`SELECT COUNT(*) AS n FROM "User" WHERE "role" = 'learner'`)).toBe(80);
    expect(count(`SELECT COUNT(*) AS n FROM "User" WHERE "role" IN ('instructor', 'admin')`)).toBe(3);
    expect(count(`SELECT COUNT(*) AS n FROM "QuizAttempt" a JOIN "User" u ON u."id" = a."userId" WHERE u."role" = 'learner'`)).toBe(900);
    expect(count(`SELECT COUNT(*) AS n FROM "LabAttempt" a JOIN "User" u ON u."id" = a."userId" WHERE u."role" = 'learner'`)).toBe(150);
    expect(school.counts).toMatchObject({ users: 83, learners: 80, quizAttempts: 900 + 3 * questions, labAttempts: 150 + 3 * labs });
  });

  it('writes the same rows from the same seed, and others from another', async () => {
    const dump = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return ['User', 'QuizAttempt', 'LabAttempt', 'LessonProgress', 'HintUse'].map((t) => db.prepare(`SELECT * FROM "${t}" ORDER BY "id"`).all());
      } finally {
        db.close();
      }
    };
    const again = await migratedDatabase();
    const other = await migratedDatabase();
    try {
      fillSchool(again.ws.databaseFile, content, SMALL);
      fillSchool(other.ws.databaseFile, content, { ...SMALL, seed: 8 });
      const first = dump(school.ws.databaseFile);
      expect(dump(again.ws.databaseFile)).toEqual(first);
      expect(dump(other.ws.databaseFile)).not.toEqual(first);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('stores each answer as the server would: a valid response, graded by the app’s grader, on a question of the course', () => {
    const rows = all<{ courseId: string; quizId: string; questionId: string; response: string; correct: number; score: number; misconceptions: string }>('SELECT * FROM "QuizAttempt"');
    for (const row of rows) {
      const found = findQuestion(content, row.courseId, row.questionId);
      expect(found?.lesson.id).toBe(row.quizId);
      const grade = gradeQuestion(found!.question, responseSchema.parse(JSON.parse(row.response)));
      expect([row.correct === 1, row.score, JSON.parse(row.misconceptions)]).toEqual([grade.correct, grade.score, grade.misconceptions]);
    }
    // both right and wrong answers, and wrong answers that reveal a misconception
    expect(new Set(rows.map((r) => r.correct))).toEqual(new Set([0, 1]));
    expect(rows.some((r) => r.misconceptions !== '[]')).toBe(true);
  });

  it('counts an attempt’s hints as the hints its learner had revealed in that lab before it', () => {
    const attempts = all<{ userId: string; labId: string; hintsUsed: number; createdAt: string; passed: number }>('SELECT * FROM "LabAttempt"');
    const hints = all<{ userId: string; labId: string; createdAt: string }>('SELECT * FROM "HintUse"');
    for (const a of attempts) expect(a.hintsUsed).toBe(hints.filter((h) => h.userId === a.userId && h.labId === a.labId && h.createdAt < a.createdAt).length);
    expect(attempts.some((a) => a.hintsUsed > 0)).toBe(true);
    expect(new Set(attempts.map((a) => a.passed))).toEqual(new Set([0, 1]));
  });

  it('completes a lesson only when every one of its questions has had a right answer by then', () => {
    const done = all<{ userId: string; courseId: string; lessonId: string; completedAt: string }>('SELECT * FROM "LessonProgress" WHERE "completedAt" IS NOT NULL');
    expect(done.length).toBeGreaterThan(0);
    for (const p of done) {
      const questions = content.courses.find((c) => c.id === p.courseId)!.lessons.find((l) => l.id === p.lessonId)!.quiz!.quiz.questions;
      const right = all<{ questionId: string }>(
        'SELECT DISTINCT "questionId" FROM "QuizAttempt" WHERE "userId" = ? AND "courseId" = ? AND "quizId" = ? AND "correct" AND "createdAt" <= ?',
        p.userId,
        p.courseId,
        p.lessonId,
        p.completedAt,
      );
      expect(right.map((r) => r.questionId).sort()).toEqual(questions.map((q) => q.id).sort());
    }
  });

  it('writes rows Prisma reads back: times, booleans and the learners’ relations', async () => {
    const learner = await school.client.user.findFirst({ where: { role: 'learner', quizAttempts: { some: {} } }, include: { quizAttempts: true, lessonProgress: true } });
    expect(learner?.createdAt).toBeInstanceOf(Date);
    expect(learner!.quizAttempts[0]!.createdAt.getTime()).toBeGreaterThan(learner!.createdAt.getTime());
    expect(typeof learner!.quizAttempts[0]!.correct).toBe('boolean');
    expect(learner!.lessonProgress.length).toBeGreaterThan(0);
  });
});

describe('apportion', () => {
  it('splits a total in proportion to weights, the parts adding up to the total exactly', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 2, 5])).toEqual([0, 2, 5]);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
    const parts = apportion(50_000, [0.3, 12.5, 0, 7.25, 1e-3]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(50_000);
  });
});
