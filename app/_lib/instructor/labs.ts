// Per lab: attempts, learners who tried and passed, median hints, and which goals fail —
// the instructor's labs page and its CSV. Counted by the database (an aggregate per lab and
// per learner, and groups by hintsUsed and by the stored goal results); nothing loads every
// attempt. The first two read LabAttempt_labId_userId_passed_hintsUsed_idx, not the table
// with its action logs.
import type { Database } from '../db';
import type { ContentSet, Locale, LocalizedText } from '../content';
import { textOf } from './answers';
import { tallyGoalFailures, type GoalFailures } from './goals';
import { byLearnersSql } from './learner-scope';
import { medianOfHistogram } from './stats';

export interface LabLine {
  id: string;
  title: string;
  attempts: number;
  passedAttempts: number;
  /** learners with at least one attempt */
  learners: number;
  /** learners with at least one passing attempt */
  learnersPassed: number;
  /** median of hintsUsed over attempts; null without attempts */
  medianHints: number | null;
  goals: (GoalFailures & { description: string })[];
  goalsUnreadable: number;
}

interface LabCountsRow {
  labId: string;
  attempts: bigint | number;
  passedAttempts: bigint | number | null;
  learners: bigint | number;
  learnersPassed: bigint | number;
}

export async function labReport(client: Database, content: ContentSet, locale: Locale): Promise<LabLine[]> {
  const [counts, hints, goalGroups] = await Promise.all([
    // per learner first, in the index's order (which the ORDER BY passes on to the outer
    // GROUP BY), so learners are counted without COUNT(DISTINCT)'s sorts
    client.$queryRaw<LabCountsRow[]>`
      SELECT l."labId",
        SUM(l."attempts") AS "attempts",
        SUM(l."passed") AS "passedAttempts",
        COUNT(*) AS "learners",
        SUM(CASE WHEN l."passed" > 0 THEN 1 ELSE 0 END) AS "learnersPassed"
      FROM (
        SELECT a."labId", a."userId", COUNT(*) AS "attempts", SUM(CASE WHEN a."passed" THEN 1 ELSE 0 END) AS "passed"
        FROM "LabAttempt" a
        WHERE ${byLearnersSql('a')}
        GROUP BY a."labId", a."userId"
        ORDER BY a."labId", a."userId"
      ) l
      GROUP BY l."labId"`,
    client.$queryRaw<{ labId: string; hintsUsed: number; count: bigint | number }[]>`
      SELECT a."labId", a."hintsUsed", COUNT(*) AS "count" FROM "LabAttempt" a
      WHERE ${byLearnersSql('a')}
      GROUP BY a."labId", a."hintsUsed"`,
    client.$queryRaw<{ labId: string; goalResults: string; count: bigint | number }[]>`
      SELECT a."labId", a."goalResults", COUNT(*) AS "count" FROM "LabAttempt" a
      WHERE ${byLearnersSql('a')}
      GROUP BY a."labId", a."goalResults"
      ORDER BY a."labId", a."goalResults"`,
  ]);
  const countsBy = new Map(counts.map((c) => [c.labId, c]));
  const ids = labOrder(content, counts.map((c) => c.labId));
  // goal descriptions are Markdown (`/app/recovered` = `yes`): the page and the CSV show plain text
  const descriptionOf = (text: LocalizedText | undefined) => (text ? textOf(text, locale) : undefined);
  return ids.map((id) => {
    const lab = content.labs.get(id)?.lab;
    const c = countsBy.get(id);
    const tally = tallyGoalFailures(
      lab?.goals.map((g) => g.id) ?? [],
      goalGroups.filter((g) => g.labId === id).map((g) => ({ goalResults: g.goalResults, count: Number(g.count) })),
    );
    return {
      id,
      title: lab ? textOf(lab.title, locale) : id,
      attempts: Number(c?.attempts ?? 0),
      passedAttempts: Number(c?.passedAttempts ?? 0),
      learners: Number(c?.learners ?? 0),
      learnersPassed: Number(c?.learnersPassed ?? 0),
      medianHints: medianOfHistogram(hints.filter((h) => h.labId === id).map((h) => ({ value: Number(h.hintsUsed), count: Number(h.count) }))),
      goals: tally.goals.map((g) => ({ ...g, description: descriptionOf(lab?.goals.find((lg) => lg.id === g.id)?.description) ?? g.id })),
      goalsUnreadable: tally.unreadable,
    };
  });
}

/**
 * The order the labs page and its CSV list labs in: as each course's course.yaml lists them
 * (the order a learner meets them), then labs no course lists, then lab ids that attempts
 * name but the content no longer has — each of the last two groups by id.
 */
export function labOrder(content: Pick<ContentSet, 'courses' | 'labs'>, attempted: readonly string[] = []): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    ids.push(id);
  };
  for (const course of content.courses) for (const id of course.course?.labs ?? []) if (content.labs.has(id)) add(id);
  [...content.labs.keys()].sort().forEach(add);
  attempted.filter((id) => !content.labs.has(id)).sort().forEach(add);
  return ids;
}
