// The dashboard's aggregates over a real (throw-away, migrated) SQLite database and the
// fixture course: what an instructor would read off each page.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import { loadContent } from '../content/loader';
import type { Database } from '../db';
import { lessonCompletion } from './completion';
import { goalFailures } from './goal-failures';
import { labReport } from './labs';
import { learnerDetail } from './learner-detail';
import { allLearnerLines, learnerPage, learnerSort, type LearnerSort } from './learners';
import { mostMissed, questionReport, questionsOfLesson } from './questions';
import { validateContent } from './content-report';

const fixtures = path.join(import.meta.dirname, '..', 'content', '__fixtures__');
const { content } = loadContent(path.join(fixtures, 'good', 'content'));
const words = { true: 'True', false: 'False' };

let mdb: MigratedDatabase;
let client: Database;
let ann: string;
let bob: string;
let cat: string;
let staff: string;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

async function user(email: string, role = 'learner', minute = 0) {
  return (await client.user.create({ data: { email, passwordHash: 'argon2id-secret-hash', role, createdAt: at(minute) } })).id;
}

async function answer(userId: string, questionId: string, response: unknown, correct: boolean, minute: number, misconceptions: string[] = []) {
  await client.quizAttempt.create({
    data: {
      userId,
      courseId: 'mini',
      quizId: 'basics',
      questionId,
      response: typeof response === 'string' ? response : JSON.stringify(response),
      correct,
      score: correct ? 1 : 0,
      misconceptions: JSON.stringify(misconceptions),
      createdAt: at(minute),
    },
  });
}

let keys = 0;
async function labAttempt(userId: string, passed: boolean, hintsUsed: number, goalResults: string, minute: number) {
  keys += 1;
  await client.labAttempt.create({
    data: { userId, labId: 'first-lab', actionLog: '[]', simVersion: '1', seed: 1, stateHash: 'h', goalResults, passed, hintsUsed, idempotencyKey: `k${keys}`, createdAt: at(minute) },
  });
}

beforeAll(async () => {
  mdb = await migratedDatabase();
  client = mdb.client;
  ann = await user('ann@example.com', 'learner', 1);
  bob = await user('bob@example.com', 'learner', 2);
  cat = await user('cat@example.com', 'learner', 3);
  staff = await user('teacher@example.com', 'instructor', 4);

  // quorum-of-three (numeric, answer 2): ann wrong then right; bob right at once
  await answer(ann, 'quorum-of-three', { type: 'numeric', value: 1.5 }, false, 10, ['quorum-is-half']);
  await answer(ann, 'quorum-of-three', { type: 'numeric', value: 2 }, true, 11);
  await answer(bob, 'quorum-of-three', { type: 'numeric', value: 2 }, true, 12);
  // put-output (predict): bob right then wrong (latest wrong); a malformed stored row from cat
  await answer(bob, 'put-output', { type: 'predict', optionId: 'a' }, true, 13);
  await answer(bob, 'put-output', { type: 'predict', optionId: 'b' }, false, 14, ['quorum-is-half']);
  await answer(cat, 'put-output', '{"type":"predict",', false, 15);
  // the instructor's own tries are not counted
  await answer(staff, 'quorum-of-three', { type: 'numeric', value: 7 }, false, 16, ['quorum-is-half']);

  const goals = (passed: boolean) => JSON.stringify([{ id: 'foo-is-bar', passed, explanation: { ko: '', en: '' } }]);
  await labAttempt(ann, false, 0, goals(false), 20);
  await labAttempt(ann, true, 2, goals(true), 21);
  await labAttempt(bob, false, 1, goals(false), 22);
  await labAttempt(bob, false, 3, 'garbage', 23);
  await labAttempt(staff, true, 0, goals(true), 24);

  await client.lessonProgress.create({ data: { userId: ann, courseId: 'mini', lessonId: 'basics', completedAt: at(30), updatedAt: at(30) } });
  await client.lessonProgress.create({ data: { userId: bob, courseId: 'mini', lessonId: 'basics', updatedAt: at(5) } });
  await client.lessonProgress.create({ data: { userId: staff, courseId: 'mini', lessonId: 'basics', completedAt: at(31), updatedAt: at(31) } });
  await client.hintUse.create({ data: { userId: cat, labId: 'first-lab', hintIndex: 0, createdAt: at(40) } });
});
afterAll(() => mdb.close());

describe('lessonCompletion', () => {
  it('counts learners who completed and who only opened each lesson, out of all learners', async () => {
    const report = await lessonCompletion(client, content, 'en');
    expect(report.learners).toBe(3);
    expect(report.lessons).toEqual([{ courseId: 'mini', courseTitle: expect.any(String), lessonId: 'basics', number: 1, title: expect.any(String), inProgress: 1, completed: 1 }]);
  });
});

describe('questionReport', () => {
  it('gives attempts, learners, first-answer and latest-answer correctness per question', async () => {
    const report = await questionReport(client, content, 'en', words);
    const [lesson] = report.lessons;
    const q = (id: string) => lesson!.questions.find((x) => x.id === id)!;
    expect(q('quorum-of-three')).toMatchObject({ number: 1, prompt: 'What is the quorum of 3 members?', attempts: 3, learners: 2, firstCorrect: 1, latestCorrect: 2 });
    expect(q('put-output')).toMatchObject({ attempts: 3, learners: 2, firstCorrect: 1, latestCorrect: 0 });
    expect(q('pod-process')).toMatchObject({ attempts: 0, learners: 0, firstCorrect: 0, latestCorrect: 0 });
    expect(report.orphanAttempts).toBe(0);
  });

  it('counts what learners chose per option, with malformed stored answers as unreadable', async () => {
    const report = await questionReport(client, content, 'en', words);
    const put = report.lessons[0]!.questions.find((x) => x.id === 'put-output')!;
    expect(put.answers.rows.map((r) => [r.key, r.count])).toEqual([['a', 1], ['b', 1]]);
    expect(put.answers.unreadable).toBe(1);
    const quorum = report.lessons[0]!.questions.find((x) => x.id === 'quorum-of-three')!;
    expect(quorum.answers.rows.map((r) => [r.label, r.correct, r.count])).toEqual([['2', true, 2], ['1.5', false, 1]]);
    expect(quorum.misconceptions).toEqual([{ tag: 'quorum-is-half', description: expect.any(String), count: 1 }]);
  });
});

describe('questionsOfLesson', () => {
  it('narrows the report to the lesson the address names, and keeps all of it for an unknown or absent one', () => {
    const line = { id: 'q', number: 1, type: 'single' as const, prompt: 'q', attempts: 0, learners: 0, firstCorrect: 0, latestCorrect: 0, answers: { rows: [], other: 0, responses: 0, unreadable: 0 }, misconceptions: [], misconceptionsUnreadable: 0 };
    const lesson = (lessonId: string) => ({ courseId: 'c', courseTitle: 'C', lessonId, lessonTitle: lessonId, questions: [line] });
    const report = { lessons: [lesson('raft'), lesson('watch-chain')], orphanAttempts: 4 };
    expect(questionsOfLesson(report, 'watch-chain').lessons.map((l) => l.lessonId)).toEqual(['watch-chain']);
    expect(questionsOfLesson(report, ['raft', 'watch-chain']).lessons.map((l) => l.lessonId)).toEqual(['raft']);
    expect(questionsOfLesson(report, 'no-such-lesson')).toBe(report);
    expect(questionsOfLesson(report, undefined)).toBe(report);
    expect(questionsOfLesson(report, '')).toBe(report);
  });
});

describe('mostMissed', () => {
  it('lists the questions most learners got wrong at first, worst first, and leaves out those nobody missed', async () => {
    const report = await questionReport(client, content, 'en', words);
    // quorum-of-three: ann wrong first (1 of 2); put-output: cat's unreadable wrong answer (1 of 2); pod-process: no answers
    expect(mostMissed(report).map((m) => [m.question.id, m.missed, m.question.learners])).toEqual([
      ['quorum-of-three', 1, 2],
      ['put-output', 1, 2],
    ]);
    expect(mostMissed(report, 1).map((m) => m.question.id)).toEqual(['quorum-of-three']);
  });

  it('ranks by the share of learners who missed, then by how many', () => {
    const line = (id: string, learners: number, firstCorrect: number) => ({ id, number: 1, type: 'single' as const, prompt: id, attempts: learners, learners, firstCorrect, latestCorrect: 0, answers: { rows: [], responses: 0, unreadable: 0 } as never, misconceptions: [], misconceptionsUnreadable: 0 });
    const lesson = { courseId: 'c', courseTitle: 'C', lessonId: 'l', lessonTitle: 'L', questions: [line('half-of-2', 2, 1), line('all-of-1', 1, 0), line('none', 5, 5), line('half-of-10', 10, 5), line('unanswered', 0, 0)] };
    expect(mostMissed({ lessons: [lesson], orphanAttempts: 0 }).map((m) => m.question.id)).toEqual(['all-of-1', 'half-of-10', 'half-of-2']);
  });
});

describe('labReport', () => {
  it('gives attempts, learners who tried and passed, the median hints and failing goals', async () => {
    const [lab] = await labReport(client, content, 'en');
    expect(lab).toMatchObject({ id: 'first-lab', attempts: 4, passedAttempts: 1, learners: 2, learnersPassed: 1, medianHints: 1.5, goalsUnreadable: 1 });
    expect(lab!.goals).toEqual([{ id: 'foo-is-bar', description: 'foo = bar', failed: 2, evaluated: 3, known: true }]);
  });
});

describe('goalFailures', () => {
  it('lists the learners’ attempts that failed a goal, newest first, agreeing with the labs page’s figure', async () => {
    const [lab] = await labReport(client, content, 'en');
    const failures = await goalFailures(client, content, 'en', { labId: 'first-lab', goalId: 'foo-is-bar', page: 1 });
    expect(failures).toMatchObject({ labTitle: 'A first lab', description: 'foo = bar', known: true, failed: 2, evaluated: 3, learners: 2, page: 1, pages: 1 });
    expect(failures!.failed).toBe(lab!.goals[0]!.failed);
    // bob's at 22 and ann's at 20; ann's passing retry, bob's unreadable one and the instructor's are not listed
    expect(failures!.attempts.map((a) => [a.email, a.createdAt, a.hintsUsed, a.goalsFailed, a.goals])).toEqual([
      ['bob@example.com', at(22), 1, 1, 1],
      ['ann@example.com', at(20), 0, 1, 1],
    ]);
    expect(JSON.stringify(failures)).not.toContain('argon2id');
  });

  it('pages through the failing attempts, however the attempts are read in chunks', async () => {
    for (const chunkSize of [1, 2, 500]) {
      const second = await goalFailures(client, content, 'en', { labId: 'first-lab', goalId: 'foo-is-bar', page: 2, perPage: 1, chunkSize });
      expect(second).toMatchObject({ failed: 2, evaluated: 3, page: 2, pages: 2 });
      expect(second!.attempts.map((a) => a.email)).toEqual(['ann@example.com']);
    }
    expect((await goalFailures(client, content, 'en', { labId: 'first-lab', goalId: 'foo-is-bar', page: 9, perPage: 1 }))!.page).toBe(2);
  });

  it('lists the failures of a goal the lab no longer has, by its id', async () => {
    const old = await client.labAttempt.create({
      data: { userId: cat, labId: 'first-lab', actionLog: '[]', simVersion: '1', seed: 1, stateHash: 'h', goalResults: JSON.stringify([{ id: 'retired-goal', passed: false, explanation: { ko: '', en: '' } }]), passed: false, idempotencyKey: 'retired', createdAt: at(50) },
    });
    try {
      const failures = await goalFailures(client, content, 'ko', { labId: 'first-lab', goalId: 'retired-goal', page: 1 });
      expect(failures).toMatchObject({ description: 'retired-goal', known: false, failed: 1, evaluated: 1, learners: 1 });
      expect(failures!.attempts.map((a) => a.email)).toEqual(['cat@example.com']);
    } finally {
      await client.labAttempt.delete({ where: { id: old.id } });
    }
  });

  it('is undefined for a lab or goal that neither the content nor any attempt has', async () => {
    expect(await goalFailures(client, content, 'en', { labId: 'first-lab', goalId: 'no-such-goal', page: 1 })).toBeUndefined();
    expect(await goalFailures(client, content, 'en', { labId: 'no-such-lab', goalId: 'foo-is-bar', page: 1 })).toBeUndefined();
  });
});

describe('one learner’s page', () => {
  it('shows where the learner is in each lesson and their attempts, newest first, with the goals they failed', async () => {
    const bobs = await learnerDetail(client, content, 'en', bob);
    expect(bobs).toMatchObject({ email: 'bob@example.com', attemptsTotal: 2 });
    // bob opened basics; of its 3 questions he answered 2, and his latest answer to put-output is wrong
    expect(bobs!.lessons).toEqual([{ courseId: 'mini', lessonId: 'basics', number: 1, title: expect.any(String), status: 'inProgress', questions: 3, answered: 2, latestCorrect: 1, answers: expect.any(Array) }]);
    // each question he answered, in the quiz's order, with its text in the page's language (Markdown read)
    expect(bobs!.lessons[0]!.answers).toEqual([
      { questionId: 'quorum-of-three', number: 1, prompt: 'What is the quorum of 3 members?', tries: 1, firstCorrect: true, latestCorrect: true, latestAt: at(12) },
      { questionId: 'put-output', number: 3, prompt: 'What does etcdctl get foo print?', tries: 2, firstCorrect: true, latestCorrect: false, latestAt: at(14) },
    ]);
    const bobsKo = await learnerDetail(client, content, 'ko', bob);
    expect(bobsKo!.lessons[0]!.answers.map((a) => a.prompt)).toEqual(['멤버 3개의 쿼럼은?', 'etcdctl get foo의 출력은?']);
    expect(bobs!.attempts.map((a) => [a.createdAt, a.passed, a.hintsUsed, a.goals, a.failedGoals])).toEqual([
      [at(23), false, 3, null, []],
      [at(22), false, 1, 1, ['foo = bar']],
    ]);
    expect(bobs!.attempts[1]).toMatchObject({ labId: 'first-lab', labTitle: 'A first lab' });
    const anns = await learnerDetail(client, content, 'en', ann, 1);
    expect(anns!.lessons[0]).toMatchObject({ status: 'completed', answered: 1, latestCorrect: 1 });
    // ann got quorum-of-three wrong first, right at her second try
    expect(anns!.lessons[0]!.answers).toEqual([{ questionId: 'quorum-of-three', number: 1, prompt: expect.any(String), tries: 2, firstCorrect: false, latestCorrect: true, latestAt: at(11) }]);
    expect(anns!.attempts.map((a) => a.passed)).toEqual([true]);
    expect(anns!.attemptsTotal).toBe(2);
    const cats = await learnerDetail(client, content, 'en', cat);
    expect(cats!.lessons[0]!.status).toBe('notStarted');
    expect(JSON.stringify([bobs, anns, cats])).not.toContain('argon2id');
  });

  it('is not shown for a staff account or an unknown id', async () => {
    expect(await learnerDetail(client, content, 'en', staff)).toBeUndefined();
    expect(await learnerDetail(client, content, 'en', 'no-such-user')).toBeUndefined();
  });
});

describe('the learners table', () => {
  it('shows each learner’s lessons, quiz correctness, labs passed and last activity, and no secrets', async () => {
    const page = await learnerPage(client, 1);
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(page.learners.map((l) => l.email)).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
    const [a, b, c] = page.learners;
    expect(a).toMatchObject({ lessonsCompleted: 1, quizAttempts: 2, quizCorrect: 1, labsPassed: 1, labAttempts: 2 });
    expect(a!.lastActivity).toEqual(at(30));
    expect(b).toMatchObject({ lessonsCompleted: 0, quizAttempts: 3, quizCorrect: 2, labsPassed: 0, labAttempts: 2 });
    expect(b!.lastActivity).toEqual(at(23));
    expect(c!.lastActivity).toEqual(at(40));
    expect([a!.latestLesson, b!.latestLesson, c!.latestLesson]).toEqual([
      { courseId: 'mini', lessonId: 'basics', completed: true },
      { courseId: 'mini', lessonId: 'basics', completed: false },
      null,
    ]);
    expect(JSON.stringify(page)).not.toContain('argon2id');
  });

  it('pages through learners and clamps a page past the end', async () => {
    const second = await learnerPage(client, 2, 2);
    expect(second).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(second.learners.map((l) => l.email)).toEqual(['cat@example.com']);
    expect((await learnerPage(client, 99, 2)).page).toBe(2);
    const all: string[] = [];
    for await (const chunk of allLearnerLines(client, 2)) all.push(...chunk.map((l) => l.email));
    expect(all).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
  });

  const emails = async (sort: LearnerSort, page = 1, perPage = 50) => (await learnerPage(client, page, perPage, sort)).learners.map((l) => l.email.split('@')[0]);

  it('sorts by a stored column or by a figure, ties in sign-up order, and pages through that order', async () => {
    // ann: 1 lesson, quiz 1/2, 1 lab, last seen at 30; bob: 0, 2/3, 0, 23; cat: 0, 0/1, 0, 40
    expect(await emails({ key: 'email', dir: 'desc' })).toEqual(['cat', 'bob', 'ann']);
    expect(await emails({ key: 'lessons', dir: 'desc' })).toEqual(['ann', 'bob', 'cat']);
    expect(await emails({ key: 'lessons', dir: 'asc' })).toEqual(['bob', 'cat', 'ann']);
    expect(await emails({ key: 'labs', dir: 'desc' })).toEqual(['ann', 'bob', 'cat']);
    expect(await emails({ key: 'quiz', dir: 'desc' })).toEqual(['bob', 'ann', 'cat']);
    expect(await emails({ key: 'quiz', dir: 'asc' })).toEqual(['cat', 'ann', 'bob']);
    expect(await emails({ key: 'activity', dir: 'desc' })).toEqual(['cat', 'ann', 'bob']);
    expect(await emails({ key: 'activity', dir: 'asc' })).toEqual(['bob', 'ann', 'cat']);
    expect(await emails({ key: 'activity', dir: 'desc' }, 2, 2)).toEqual(['bob']);
    const page = await learnerPage(client, 1, 50, { key: 'quiz', dir: 'desc' });
    expect(page.sort).toEqual({ key: 'quiz', dir: 'desc' });
    expect(page.learners[0]).toMatchObject({ email: 'bob@example.com', quizAttempts: 3, quizCorrect: 2 });
  });

  it('puts a learner with no answers or no activity last whichever way, and counts them among the zeros', async () => {
    const dan = await user('dan@example.com', 'learner', 5);
    try {
      expect(await emails({ key: 'quiz', dir: 'asc' })).toEqual(['cat', 'ann', 'bob', 'dan']);
      expect(await emails({ key: 'quiz', dir: 'desc' })).toEqual(['bob', 'ann', 'cat', 'dan']);
      expect(await emails({ key: 'activity', dir: 'asc' })).toEqual(['bob', 'ann', 'cat', 'dan']);
      expect(await emails({ key: 'labs', dir: 'asc' })).toEqual(['bob', 'cat', 'dan', 'ann']);
    } finally {
      await client.user.delete({ where: { id: dan } });
    }
  });

  it('reads the order from the query string, falling back to sign-up order', () => {
    expect(learnerSort(undefined, undefined)).toEqual({ key: 'joined', dir: 'asc' });
    expect(learnerSort('labs', undefined)).toEqual({ key: 'labs', dir: 'desc' });
    expect(learnerSort('email', undefined)).toEqual({ key: 'email', dir: 'asc' });
    expect(learnerSort(['activity', 'email'], ['asc'])).toEqual({ key: 'activity', dir: 'asc' });
    expect(learnerSort('labs', 'sideways')).toEqual({ key: 'labs', dir: 'desc' });
    expect(learnerSort('passwordHash', 'asc')).toEqual({ key: 'joined', dir: 'asc' });
    expect(learnerSort('__proto__', 'desc')).toEqual({ key: 'joined', dir: 'asc' });
  });
});

describe('validateContent', () => {
  it('reports no problems and the counts for the good fixture', () => {
    const loaded = loadContent(path.join(fixtures, 'good', 'content'));
    const v = validateContent(loaded.content, loaded.problems);
    expect(v.problems).toEqual([]);
    expect(v.counts).toMatchObject({ courses: 1, lessons: { ko: 1, en: 1 }, labs: 1 });
    expect(v.counts.questions.total).toBe(3);
  });

  it('reports the broken fixture’s problems with their files', () => {
    const loaded = loadContent(path.join(fixtures, 'broken', 'content'));
    const v = validateContent(loaded.content, loaded.problems);
    expect(v.problems.length).toBeGreaterThan(0);
    expect(v.problems.every((p) => p.file.startsWith('content/'))).toBe(true);
  });
});
