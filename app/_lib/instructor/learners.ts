// The learners table: one page of learners with lessons completed, quiz correctness, labs
// passed, last activity and the lesson they touched last (where they are). In the default
// order (by sign-up) only the page's users are aggregated (groupBy … where userId in the
// page), so the page costs the same with ten learners or ten thousand. Sorted by a figure,
// the order needs that figure for every learner: the database aggregates and orders them
// in one query (pageByFigure) and returns the page's ids, which are then aggregated as
// before. The select names its columns: no password hash or session ever leaves this module.
import { Prisma } from '../../_generated/prisma/client';
import type { Database } from '../db';
import { LEARNER_ROLE } from './learner-scope';

export const LEARNERS_PER_PAGE = 50;

export interface LearnerLine {
  id: string;
  email: string;
  name: string | null;
  joinedAt: Date;
  lessonsCompleted: number;
  quizAttempts: number;
  quizCorrect: number;
  /** distinct labs with a passing attempt */
  labsPassed: number;
  labAttempts: number;
  /** the latest lesson visit, answer, lab attempt or hint; null when none */
  lastActivity: Date | null;
  /** the lesson the learner opened or finished last — where they are; null before any */
  latestLesson: { courseId: string; lessonId: string; completed: boolean } | null;
}

export interface LearnerPage {
  learners: LearnerLine[];
  total: number;
  /** 1-based */
  page: number;
  pages: number;
  sort: LearnerSort;
}

/** The columns the table sorts by: three stored ones and four figures. */
export const LEARNER_SORT_KEYS = ['joined', 'email', 'name', 'lessons', 'quiz', 'labs', 'activity'] as const;
export type LearnerSortKey = (typeof LEARNER_SORT_KEYS)[number];
export interface LearnerSort {
  key: LearnerSortKey;
  dir: 'asc' | 'desc';
}

export const DEFAULT_LEARNER_SORT: LearnerSort = { key: 'joined', dir: 'asc' };

/** The direction a column starts in: names A→Z, figures and dates the most first. */
export function firstDirection(key: LearnerSortKey): LearnerSort['dir'] {
  return key === 'email' || key === 'name' || key === 'joined' ? 'asc' : 'desc';
}

/** The order from the query string (`?sort=labs&dir=desc`); the default when absent or unknown. */
export function learnerSort(rawKey: string | string[] | undefined, rawDir: string | string[] | undefined): LearnerSort {
  const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
  const dir = Array.isArray(rawDir) ? rawDir[0] : rawDir;
  if (!(LEARNER_SORT_KEYS as readonly string[]).includes(key ?? '')) return DEFAULT_LEARNER_SORT;
  const k = key as LearnerSortKey;
  return { key: k, dir: dir === 'asc' || dir === 'desc' ? dir : firstDirection(k) };
}

function latest(...dates: (Date | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const d of dates) if (d && (!best || d.getTime() > best.getTime())) best = d;
  return best;
}

export async function learnerLines(client: Database, users: readonly { id: string; email: string; name: string | null; createdAt: Date }[]): Promise<LearnerLine[]> {
  if (users.length === 0) return [];
  const userId = { in: users.map((u) => u.id) };
  const [completed, progressSeen, quiz, labs, labsPassed, hints, latestLessons] = await Promise.all([
    client.lessonProgress.groupBy({ by: ['userId'], where: { userId, completedAt: { not: null } }, _count: { _all: true } }),
    client.lessonProgress.groupBy({ by: ['userId'], where: { userId }, _max: { updatedAt: true } }),
    client.quizAttempt.groupBy({ by: ['userId', 'correct'], where: { userId }, _count: { _all: true }, _max: { createdAt: true } }),
    client.labAttempt.groupBy({ by: ['userId'], where: { userId }, _count: { _all: true }, _max: { createdAt: true } }),
    client.labAttempt.groupBy({ by: ['userId', 'labId'], where: { userId, passed: true } }),
    client.hintUse.groupBy({ by: ['userId'], where: { userId }, _max: { createdAt: true } }),
    // one row per learner: distinct keeps the first in this order, the last lesson touched
    client.lessonProgress.findMany({
      where: { userId },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      distinct: ['userId'],
      select: { userId: true, courseId: true, lessonId: true, completedAt: true },
    }),
  ]);
  return users.map((u) => {
    const quizRows = quiz.filter((q) => q.userId === u.id);
    const lab = labs.find((l) => l.userId === u.id);
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      joinedAt: u.createdAt,
      lessonsCompleted: completed.find((c) => c.userId === u.id)?._count._all ?? 0,
      quizAttempts: quizRows.reduce((n, q) => n + q._count._all, 0),
      quizCorrect: quizRows.filter((q) => q.correct).reduce((n, q) => n + q._count._all, 0),
      labsPassed: labsPassed.filter((l) => l.userId === u.id).length,
      labAttempts: lab?._count._all ?? 0,
      lastActivity: latest(
        progressSeen.find((p) => p.userId === u.id)?._max.updatedAt,
        ...quizRows.map((q) => q._max.createdAt),
        lab?._max.createdAt,
        hints.find((h) => h.userId === u.id)?._max.createdAt,
      ),
      latestLesson: latestLessonOf(latestLessons.find((p) => p.userId === u.id)),
    };
  });
}

function latestLessonOf(p: { courseId: string; lessonId: string; completedAt: Date | null } | undefined): LearnerLine['latestLesson'] {
  return p ? { courseId: p.courseId, lessonId: p.lessonId, completed: p.completedAt !== null } : null;
}

const learnerColumns = { id: true, email: true, name: true, createdAt: true } as const;

type FigureKey = Exclude<LearnerSortKey, 'joined' | 'email' | 'name'>;
type LearnerRow = { id: string; email: string; name: string | null; createdAt: Date };

export async function learnerPage(client: Database, page: number, perPage = LEARNERS_PER_PAGE, sort: LearnerSort = DEFAULT_LEARNER_SORT): Promise<LearnerPage> {
  const total = await client.user.count({ where: { role: LEARNER_ROLE } });
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const skip = (current - 1) * perPage;
  let users: LearnerRow[];
  if (sort.key === 'joined' || sort.key === 'email' || sort.key === 'name') {
    const column = sort.key === 'joined' ? 'createdAt' : sort.key;
    users = await client.user.findMany({
      where: { role: LEARNER_ROLE },
      // ties (two learners without a name) keep sign-up order, whichever way the column goes
      orderBy: [{ [column]: sort.dir }, { createdAt: 'asc' }, { id: 'asc' }],
      skip,
      take: perPage,
      select: learnerColumns,
    });
  } else {
    users = await pageByFigure(client, { key: sort.key, dir: sort.dir }, skip, perPage);
  }
  return { learners: await learnerLines(client, users), total, page: current, pages, sort };
}

/**
 * One page of learners ordered by a figure: one SQL query aggregates each table by learner
 * and orders every learner by the figure, so only the page's ids come back. A count a
 * learner has none of is 0 (they sort among the zeros); no quiz answer or no activity at
 * all sorts last whichever way; ties keep sign-up order. Quiz answers sort by the share
 * right, then by how many were answered.
 */
async function pageByFigure(client: Database, sort: LearnerSort & { key: FigureKey }, skip: number, take: number): Promise<LearnerRow[]> {
  // the direction is one of two words, never text from the request
  const dir = Prisma.raw(sort.dir === 'asc' ? 'ASC' : 'DESC');
  const rows = await client.$queryRaw<{ id: string }[]>`
    SELECT u."id" FROM "User" u
    LEFT JOIN (SELECT "userId", COUNT(*) AS n FROM "LessonProgress" WHERE "completedAt" IS NOT NULL GROUP BY "userId") lessons ON lessons."userId" = u."id"
    LEFT JOIN (SELECT "userId", COUNT(DISTINCT "labId") AS n FROM "LabAttempt" WHERE "passed" GROUP BY "userId") labs ON labs."userId" = u."id"
    LEFT JOIN (SELECT "userId", CAST(SUM(CASE WHEN "correct" THEN 1 ELSE 0 END) AS REAL) / COUNT(*) AS share, COUNT(*) AS n FROM "QuizAttempt" GROUP BY "userId") quiz ON quiz."userId" = u."id"
    LEFT JOIN (SELECT "userId", MAX(t) AS t FROM (
        SELECT "userId", "updatedAt" AS t FROM "LessonProgress"
        UNION ALL SELECT "userId", "createdAt" FROM "QuizAttempt"
        UNION ALL SELECT "userId", "createdAt" FROM "LabAttempt"
        UNION ALL SELECT "userId", "createdAt" FROM "HintUse"
      ) AS events GROUP BY "userId") seen ON seen."userId" = u."id"
    WHERE u."role" = ${LEARNER_ROLE}
    ORDER BY ${figureOrder(sort.key, dir)}, u."createdAt" ASC, u."id" ASC
    LIMIT ${take} OFFSET ${skip}`;
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const found = await client.user.findMany({ where: { id: { in: ids } }, select: learnerColumns });
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ORDER BY terms for a figure (the subqueries' names above); missing measurements last. */
function figureOrder(key: FigureKey, dir: Prisma.Sql): Prisma.Sql {
  switch (key) {
    case 'lessons':
      return Prisma.sql`COALESCE(lessons.n, 0) ${dir}`;
    case 'labs':
      return Prisma.sql`COALESCE(labs.n, 0) ${dir}`;
    case 'quiz':
      return Prisma.sql`(quiz.n IS NULL) ASC, quiz.share ${dir}, quiz.n ${dir}`;
    case 'activity':
      return Prisma.sql`(seen.t IS NULL) ASC, seen.t ${dir}`;
  }
}

/** Every learner, a page at a time (for the CSV export): memory stays one page deep per query. */
export async function* allLearnerLines(client: Database, perPage = 500): AsyncGenerator<LearnerLine[]> {
  let cursor: string | undefined;
  for (;;) {
    const users = await client.user.findMany({
      where: { role: LEARNER_ROLE },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: perPage,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: learnerColumns,
    });
    if (users.length === 0) return;
    yield await learnerLines(client, users);
    if (users.length < perPage) return;
    cursor = users[users.length - 1]!.id;
  }
}
