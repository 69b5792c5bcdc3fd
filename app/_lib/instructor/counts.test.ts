// The dashboard's counts, made by SQL over indexes, against their definitions counted here
// in JavaScript from every row: on a small school (scripts/db/school.ts) with staff, with
// answers given in the same millisecond (the id decides which came first), and with
// answers and attempts on questions and labs the content no longer has.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/db/paths';
import { schoolDatabase } from '../../../scripts/db/school';
import type { MigratedDatabase } from '../../../scripts/db/migrated-database';
import { loadContent } from '../content/loader';
import { lessonCompletion } from './completion';
import { labReport } from './labs';
import { LEARNER_ROLE } from './learner-scope';
import { allLearnerLines, learnerLines } from './learners';
import { countQuestionAnswers, groupQuestionAnswers } from './questions';
import { medianOfHistogram } from './stats';

const { content } = loadContent(path.join(REPO_ROOT, 'content'));

interface AnswerRow {
  id: string;
  userId: string;
  courseId: string;
  quizId: string;
  questionId: string;
  response: string;
  correct: number;
  misconceptions: string;
  createdAt: string;
}
interface AttemptRow {
  userId: string;
  labId: string;
  passed: number;
  hintsUsed: number;
}

let school: MigratedDatabase;
let answers: AnswerRow[];
let attempts: AttemptRow[];
let learners: Set<string>;

const key = (...parts: string[]) => JSON.stringify(parts);
const byText = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

beforeAll(async () => {
  school = await schoolDatabase(content, { learners: 150, staff: 3, quizAnswers: 2500, labAttempts: 500, seed: 11 });
  const sqlite = new Database(school.ws.databaseFile);
  try {
    const [course] = content.courses;
    const lesson = course!.lessons[0]!;
    const questions = lesson.quiz!.quiz.questions;
    const someone = (n: number) => (sqlite.prepare(`SELECT "id" FROM "User" WHERE "role" = 'learner' ORDER BY "createdAt" LIMIT 1 OFFSET ?`).get(n) as { id: string }).id;
    const insert = sqlite.prepare(
      'INSERT INTO "QuizAttempt" ("id", "userId", "courseId", "quizId", "questionId", "response", "correct", "score", "misconceptions", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // two answers in the same millisecond, on a question of their own each, so that taking
    // the wrong one of the pair changes a count
    const tie = (userId: string, question: number, at: string, smallerIdRight: boolean, tag: string) => {
      const q = questions[question]!;
      insert.run(`tie-${tag}-a`, userId, course!.id, lesson.id, q.id, '{"type":"truefalse","answer":true}', smallerIdRight ? 1 : 0, smallerIdRight ? 1 : 0, smallerIdRight ? '[]' : '["x"]', at);
      insert.run(`tie-${tag}-b`, userId, course!.id, lesson.id, q.id, '{"type":"truefalse","answer":false}', smallerIdRight ? 0 : 1, smallerIdRight ? 0 : 1, smallerIdRight ? '["x"]' : '[]', at);
    };
    // first answers before anything else, latest ones after everything
    tie(someone(1), 0, '2020-01-01T00:00:00.000+00:00', true, 'first-right');
    tie(someone(2), 1, '2020-01-01T00:00:00.000+00:00', false, 'first-wrong');
    tie(someone(3), 2, '2030-01-01T00:00:00.000+00:00', true, 'latest-wrong');
    tie(someone(4), 3, '2030-01-01T00:00:00.000+00:00', false, 'latest-right');
    // a question and a lab the content no longer has
    insert.run('gone-1', someone(5), course!.id, lesson.id, 'retired-question', '{}', 0, 0, '[]', '2026-04-01T00:00:00.000+00:00');
    sqlite
      .prepare('INSERT INTO "LabAttempt" ("id", "userId", "labId", "actionLog", "simVersion", "seed", "stateHash", "goalResults", "passed", "hintsUsed", "idempotencyKey", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run('gone-2', someone(5), 'retired-lab', '[]', '1', 1, 'h', '[]', 1, 2, 'gone-2', '2026-04-01T00:00:00.000+00:00');
    learners = new Set((sqlite.prepare(`SELECT "id" FROM "User" WHERE "role" = ?`).all(LEARNER_ROLE) as { id: string }[]).map((u) => u.id));
    answers = (sqlite.prepare('SELECT * FROM "QuizAttempt"').all() as AnswerRow[]).filter((a) => learners.has(a.userId));
    attempts = (sqlite.prepare('SELECT * FROM "LabAttempt"').all() as AttemptRow[]).filter((a) => learners.has(a.userId));
  } finally {
    sqlite.close();
  }
});
afterAll(() => school.close());

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const by = new Map<string, T[]>();
  for (const r of rows) by.set(keyOf(r), [...(by.get(keyOf(r)) ?? []), r]);
  return by;
}

describe('the questions page’s counts', () => {
  it('agree with counting every learner’s answers: first and latest by time, then by id', async () => {
    const expected = new Map(
      [...groupBy(answers, (a) => key(a.courseId, a.quizId, a.questionId))].map(([k, rows]) => {
        const perLearner = [...groupBy(rows, (a) => a.userId).values()].map((mine) => [...mine].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1)));
        return [
          k,
          {
            attempts: rows.length,
            learners: perLearner.length,
            firstCorrect: perLearner.filter((mine) => mine[0]!.correct === 1).length,
            latestCorrect: perLearner.filter((mine) => mine.at(-1)!.correct === 1).length,
          },
        ];
      }),
    );
    const counts = await countQuestionAnswers(school.client);
    expect(counts).toEqual(expected);
    const [lesson] = content.courses[0]!.lessons;
    expect(counts.get(key(content.courses[0]!.id, lesson!.id, 'retired-question'))).toEqual({ attempts: 1, learners: 1, firstCorrect: 0, latestCorrect: 0 });
  });

  it('group the answers by their text and grade, in the texts’ order, and wrong answers by their tags', async () => {
    const { responses, tags } = await groupQuestionAnswers(school.client);
    for (const [k, rows] of groupBy(answers, (a) => key(a.courseId, a.quizId, a.questionId))) {
      const byResponse = [...groupBy(rows, (a) => key(a.response, String(a.correct)))].map(([, same]) => ({ response: same[0]!.response, correct: same[0]!.correct === 1, count: same.length }));
      byResponse.sort((a, b) => byText(a.response, b.response) || Number(a.correct) - Number(b.correct));
      expect(responses.get(k)).toEqual(byResponse);
      const wrong = rows.filter((a) => a.correct === 0);
      const byTags = [...groupBy(wrong, (a) => a.misconceptions)].map(([misconceptions, same]) => ({ misconceptions, count: same.length }));
      expect([...(tags.get(k) ?? [])].sort((a, b) => byText(a.misconceptions, b.misconceptions))).toEqual(byTags.sort((a, b) => byText(a.misconceptions, b.misconceptions)));
    }
    expect([...responses.keys()].sort()).toEqual([...new Set(answers.map((a) => key(a.courseId, a.quizId, a.questionId)))].sort());
  });
});

describe('the labs page’s counts', () => {
  it('agree with counting every learner’s attempts, per lab', async () => {
    const report = await labReport(school.client, content, 'en');
    const expected = [...groupBy(attempts, (a) => a.labId)].map(([id, rows]) => ({
      id,
      attempts: rows.length,
      passedAttempts: rows.filter((a) => a.passed === 1).length,
      learners: new Set(rows.map((a) => a.userId)).size,
      learnersPassed: new Set(rows.filter((a) => a.passed === 1).map((a) => a.userId)).size,
      medianHints: medianOfHistogram([...groupBy(rows, (a) => String(a.hintsUsed))].map(([h, same]) => ({ value: Number(h), count: same.length }))),
    }));
    const shown = report.filter((l) => l.attempts > 0).map(({ id, attempts, passedAttempts, learners, learnersPassed, medianHints }) => ({ id, attempts, passedAttempts, learners, learnersPassed, medianHints }));
    expect(shown.sort((a, b) => byText(a.id, b.id))).toEqual(expected.sort((a, b) => byText(a.id, b.id)));
    expect(shown.find((l) => l.id === 'retired-lab')).toMatchObject({ attempts: 1, learners: 1, learnersPassed: 1, medianHints: 2 });
  });
});

describe('the overview’s completion', () => {
  it('agrees with counting every learner’s lesson rows', async () => {
    const rows = (await school.client.lessonProgress.findMany({ where: { user: { role: LEARNER_ROLE } } })).map((p) => ({ ...p, k: `${p.courseId}/${p.lessonId}` }));
    const report = await lessonCompletion(school.client, content, 'en');
    expect(report.learners).toBe(learners.size);
    for (const lesson of report.lessons) {
      const mine = rows.filter((r) => r.k === `${lesson.courseId}/${lesson.lessonId}`);
      const completed = mine.filter((r) => r.completedAt !== null).length;
      expect([lesson.inProgress, lesson.completed]).toEqual([mine.length - completed, completed]);
    }
    expect(report.lessons.some((l) => l.completed > 0 && l.inProgress > 0)).toBe(true);
  });
});

describe('the learners CSV', () => {
  it('gives every learner the line the learners table gives them', async () => {
    const exported = [];
    for await (const page of allLearnerLines(school.client, 37)) exported.push(...page);
    expect(exported).toHaveLength(learners.size);
    const users = await school.client.user.findMany({ where: { role: LEARNER_ROLE }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, email: true, name: true, createdAt: true } });
    const shown = [];
    for (let i = 0; i < users.length; i += 50) shown.push(...(await learnerLines(school.client, users.slice(i, i + 50))));
    expect(exported).toEqual(shown);
    const busiest = [...groupBy(answers, (a) => a.userId)].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(exported.find((l) => l.id === busiest[0])).toMatchObject({ quizAttempts: busiest[1].length, quizCorrect: busiest[1].filter((a) => a.correct === 1).length });
  });
});
