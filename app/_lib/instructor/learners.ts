// The learners table: one page of learners with lessons completed, quiz correctness, labs
// passed, last activity and the lesson they touched last (where they are), optionally only
// those whose email or name contains a search term. In sign-up order the database pages
// (LIMIT/OFFSET over User) and only the page's users are aggregated (groupBy … where userId
// in the page), so the page costs the same with ten learners or ten thousand. Sorted by a
// figure, the order needs that figure for every learner: the database aggregates and orders
// them in one query (pageByFigure) and returns the page's ids, which are then aggregated as
// before. Sorted by email or name, the order is the page language's (pageByText). The
// select names its columns: no password hash or session ever leaves this module.
import { Prisma } from '../../_generated/prisma/client';
import type { Locale } from '../content';
import type { Database } from '../db';
import { LEARNER_ROLE } from './learner-scope';
import { pageSlice } from './paging';
import { userMatches } from './search';

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
  /** every learner */
  total: number;
  /** 1-based */
  page: number;
  pages: number;
  sort: LearnerSort;
  /** learners the search matches (`total` without a search) */
  matching: number;
  search: string | undefined;
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

export async function learnerLines(client: Database, users: readonly LearnerRow[]): Promise<LearnerLine[]> {
  if (users.length === 0) return [];
  return linesOf(users, await learnerFigures(client, users.map((u) => u.id)));
}

/**
 * Each figure of the learners table, one query per table, for the learners of `ids`, or with
 * no ids for every user at once (the CSV export: a scan of each table's index on userId in
 * its order costs less than the same rows asked for 500 ids at a time).
 */
async function learnerFigures(client: Database, ids?: readonly string[]) {
  const userId = ids === undefined ? {} : { userId: { in: [...ids] } };
  const [completed, progressSeen, quiz, labs, labsPassed, hints, latestLessons] = await Promise.all([
    client.lessonProgress.groupBy({ by: ['userId'], where: { ...userId, completedAt: { not: null } }, _count: { _all: true } }),
    client.lessonProgress.groupBy({ by: ['userId'], where: userId, _max: { updatedAt: true } }),
    client.quizAttempt.groupBy({ by: ['userId', 'correct'], where: userId, _count: { _all: true }, _max: { createdAt: true } }),
    client.labAttempt.groupBy({ by: ['userId'], where: userId, _count: { _all: true }, _max: { createdAt: true } }),
    client.labAttempt.groupBy({ by: ['userId', 'labId'], where: { ...userId, passed: true } }),
    client.hintUse.groupBy({ by: ['userId'], where: userId, _max: { createdAt: true } }),
    // one row per learner: distinct keeps the first in this order, the last lesson touched
    client.lessonProgress.findMany({
      where: userId,
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      distinct: ['userId'],
      select: { userId: true, courseId: true, lessonId: true, completedAt: true },
    }),
  ]);
  // each list by learner once, rather than searched through for every learner
  return {
    completed: byUser(completed),
    progressSeen: byUser(progressSeen),
    quiz: groupByUser(quiz),
    labs: byUser(labs),
    labsPassed: groupByUser(labsPassed),
    hints: byUser(hints),
    latestLessons: byUser(latestLessons),
  };
}

function linesOf(users: readonly LearnerRow[], figures: Awaited<ReturnType<typeof learnerFigures>>): LearnerLine[] {
  return users.map((u) => {
    const quizRows = figures.quiz.get(u.id) ?? [];
    const lab = figures.labs.get(u.id);
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      joinedAt: u.createdAt,
      lessonsCompleted: figures.completed.get(u.id)?._count._all ?? 0,
      quizAttempts: quizRows.reduce((n, q) => n + q._count._all, 0),
      quizCorrect: quizRows.filter((q) => q.correct).reduce((n, q) => n + q._count._all, 0),
      labsPassed: figures.labsPassed.get(u.id)?.length ?? 0,
      labAttempts: lab?._count._all ?? 0,
      lastActivity: latest(figures.progressSeen.get(u.id)?._max.updatedAt, ...quizRows.map((q) => q._max.createdAt), lab?._max.createdAt, figures.hints.get(u.id)?._max.createdAt),
      latestLesson: latestLessonOf(figures.latestLessons.get(u.id)),
    };
  });
}

/** Rows keyed by their learner, one row each (the first, as find() took it). */
function byUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T> {
  const by = new Map<string, T>();
  for (const r of rows) if (!by.has(r.userId)) by.set(r.userId, r);
  return by;
}

/** Rows grouped by their learner, in their order. */
function groupByUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const by = new Map<string, T[]>();
  for (const r of rows) {
    const list = by.get(r.userId);
    if (list) list.push(r);
    else by.set(r.userId, [r]);
  }
  return by;
}

function latestLessonOf(p: { courseId: string; lessonId: string; completedAt: Date | null } | undefined): LearnerLine['latestLesson'] {
  return p ? { courseId: p.courseId, lessonId: p.lessonId, completed: p.completedAt !== null } : null;
}

const learnerColumns = { id: true, email: true, name: true, createdAt: true } as const;

type FigureKey = Exclude<LearnerSortKey, 'joined' | 'email' | 'name'>;
type TextKey = Extract<LearnerSortKey, 'email' | 'name'>;
type LearnerRow = { id: string; email: string; name: string | null; createdAt: Date };

export interface LearnerPageOptions {
  /** only learners whose email or name contains this (app/_lib/instructor/search.ts) */
  search?: string;
  /** the page's language: emails and names sort as its readers expect */
  locale?: Locale;
}

export async function learnerPage(
  client: Database,
  page: number,
  perPage = LEARNERS_PER_PAGE,
  sort: LearnerSort = DEFAULT_LEARNER_SORT,
  { search, locale = 'en' }: LearnerPageOptions = {},
): Promise<LearnerPage> {
  const [total, matched] = await Promise.all([
    client.user.count({ where: { role: LEARNER_ROLE } }),
    search === undefined
      ? undefined
      : client.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS n FROM "User" u WHERE u."role" = ${LEARNER_ROLE} AND ${userMatches(search)}`,
  ]);
  const matching = matched === undefined ? total : Number(matched[0]?.n ?? 0);
  const slice = pageSlice(matching, perPage, page);
  const ids =
    sort.key === 'email' || sort.key === 'name'
      ? await pageByText(client, { key: sort.key, dir: sort.dir }, search, locale, slice.skip, perPage)
      : sort.key === 'joined'
        ? await pageByJoined(client, sort.dir, search, slice.skip, perPage)
        : await pageByFigure(client, { key: sort.key, dir: sort.dir }, search, slice.skip, perPage);
  return { learners: await learnerLines(client, await learnersByIds(client, ids)), total, matching, page: slice.page, pages: slice.pages, sort, search };
}

/** The learners of `ids`, in that order. */
async function learnersByIds(client: Database, ids: readonly string[]): Promise<LearnerRow[]> {
  if (ids.length === 0) return [];
  const found = await client.user.findMany({ where: { id: { in: [...ids] } }, select: learnerColumns });
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function pageByJoined(client: Database, dir: LearnerSort['dir'], search: string | undefined, skip: number, take: number): Promise<string[]> {
  // the direction is one of two words, never text from the request
  const order = Prisma.raw(dir === 'asc' ? 'ASC' : 'DESC');
  const rows = await client.$queryRaw<{ id: string }[]>`
    SELECT u."id" FROM "User" u
    WHERE u."role" = ${LEARNER_ROLE} AND ${userMatches(search)}
    ORDER BY u."createdAt" ${order}, u."id" ASC
    LIMIT ${take} OFFSET ${skip}`;
  return rows.map((r) => r.id);
}

const collators = new Map<Locale, Intl.Collator>();

/** How the page's readers sort text: by their language's rules, digits as numbers (최수아51 before 최수아315). */
export function learnerCollator(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { numeric: true })));
  return collator;
}

/**
 * One page of learners by email or name, in the page language's collation (Intl.Collator,
 * numeric): the database's binary order put 최수아99 before 최수아315 and every capital
 * before every lowercase letter. SQLite has no such collation, so the emails and names of
 * the learners the search matches are read (three short columns, in sign-up order) and
 * sorted here; ties keep sign-up order (the sort is stable). A learner without a name sorts
 * last whichever way.
 */
async function pageByText(client: Database, sort: { key: TextKey; dir: LearnerSort['dir'] }, search: string | undefined, locale: Locale, skip: number, take: number): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string; email: string; name: string | null }[]>`
    SELECT u."id", u."email", u."name" FROM "User" u
    WHERE u."role" = ${LEARNER_ROLE} AND ${userMatches(search)}
    ORDER BY u."createdAt" ASC, u."id" ASC`;
  const collator = learnerCollator(locale);
  const sign = sort.dir === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * collator.compare(x, y);
  });
  return rows.slice(skip, skip + take).map((r) => r.id);
}

/**
 * One page of learners ordered by a figure: one SQL query aggregates the figure's table by
 * learner (only that table) and orders every learner by it, so only the page's ids come
 * back. A count a learner has none of is 0 (they sort among the zeros); no quiz answer or
 * no activity at all sorts last whichever way; ties keep sign-up order. Quiz answers sort
 * by quizRank (below), then by how many were answered, the most first either way.
 */
async function pageByFigure(client: Database, sort: LearnerSort & { key: FigureKey }, search: string | undefined, skip: number, take: number): Promise<string[]> {
  // the direction is one of two words, never text from the request
  const dir = Prisma.raw(sort.dir === 'asc' ? 'ASC' : 'DESC');
  const rows = await client.$queryRaw<{ id: string }[]>`
    SELECT u."id" FROM "User" u
    LEFT JOIN ${figureTable(sort.key)} f ON f."userId" = u."id"
    WHERE u."role" = ${LEARNER_ROLE} AND ${userMatches(search)}
    ORDER BY ${figureOrder(sort.key, dir)}, u."createdAt" ASC, u."id" ASC
    LIMIT ${take} OFFSET ${skip}`;
  return rows.map((r) => r.id);
}

/** The figure per learner, as a subquery with "userId" and the columns figureOrder reads. */
function figureTable(key: FigureKey): Prisma.Sql {
  switch (key) {
    case 'lessons':
      return Prisma.sql`(SELECT "userId", COUNT(*) AS n FROM "LessonProgress" WHERE "completedAt" IS NOT NULL GROUP BY "userId")`;
    case 'labs':
      return Prisma.sql`(SELECT "userId", COUNT(DISTINCT "labId") AS n FROM "LabAttempt" WHERE "passed" GROUP BY "userId")`;
    case 'quiz':
      return Prisma.sql`(SELECT "userId", SUM(CASE WHEN "correct" THEN 1 ELSE 0 END) AS "right", COUNT(*) AS n FROM "QuizAttempt" GROUP BY "userId")`;
    case 'activity':
      return Prisma.sql`(SELECT "userId", MAX(t) AS t FROM (
          SELECT "userId", MAX("updatedAt") AS t FROM "LessonProgress" GROUP BY "userId"
          UNION ALL SELECT "userId", MAX("createdAt") FROM "QuizAttempt" GROUP BY "userId"
          UNION ALL SELECT "userId", MAX("createdAt") FROM "LabAttempt" GROUP BY "userId"
          UNION ALL SELECT "userId", MAX("createdAt") FROM "HintUse" GROUP BY "userId"
        ) AS events GROUP BY "userId")`;
  }
}

/**
 * What "Quiz answers right" sorts by: the share of the learner's answers that were right,
 * as if they had given two more answers, one right and one wrong — (right + 1) /
 * (answers + 2), Laplace's rule of succession. A share from a few answers moves toward
 * one half, so 19 right of 23 (80 %) ranks above 1 of 1 (67 %) and 0 of 1 (33 %) above 5 of
 * 23 (24 %), while shares from many answers keep their order. The column still shows the
 * plain share; figureOrder computes the same in SQL.
 */
export function quizRank(right: number, answers: number): number {
  return (right + 1) / (answers + 2);
}

/** The ORDER BY terms for a figure (figureTable's columns, as f); missing measurements last. */
function figureOrder(key: FigureKey, dir: Prisma.Sql): Prisma.Sql {
  switch (key) {
    case 'lessons':
    case 'labs':
      return Prisma.sql`COALESCE(f.n, 0) ${dir}`;
    case 'quiz':
      return Prisma.sql`(f.n IS NULL) ASC, (f."right" + 1.0) / (f.n + 2) ${dir}, f.n DESC`;
    case 'activity':
      return Prisma.sql`(f.t IS NULL) ASC, f.t ${dir}`;
  }
}

/**
 * Every learner, a page at a time (for the CSV export). The figures are counted for every
 * user at once (one small row per learner and table; staff rows are counted and never read),
 * the learners read a page at a time.
 */
export async function* allLearnerLines(client: Database, perPage = 500): AsyncGenerator<LearnerLine[]> {
  const figures = await learnerFigures(client);
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
    yield linesOf(users, figures);
    if (users.length < perPage) return;
    cursor = users[users.length - 1]!.id;
  }
}
