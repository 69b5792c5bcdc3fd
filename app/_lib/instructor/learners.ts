// The learners table: one page of learners with lessons completed, quiz correctness, labs
// passed, last activity and the lesson they touched last (where they are). Only the page's users are aggregated (groupBy … where userId
// in the page), so the page costs the same with ten learners or ten thousand. The select
// names its columns: no password hash or session ever leaves this module.
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
}

/** A page number from the query string: 1 when absent or not a positive integer. */
export function pageNumber(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
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

export async function learnerPage(client: Database, page: number, perPage = LEARNERS_PER_PAGE): Promise<LearnerPage> {
  const total = await client.user.count({ where: { role: LEARNER_ROLE } });
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const users = await client.user.findMany({
    where: { role: LEARNER_ROLE },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: (current - 1) * perPage,
    take: perPage,
    select: learnerColumns,
  });
  return { learners: await learnerLines(client, users), total, page: current, pages };
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
