// Whose work the dashboard counts: learners only. Instructors and admins try quizzes and
// labs while writing them; counting those would skew every rate a teacher reads. A user
// promoted to instructor leaves the figures with their attempts.
import { Prisma } from '../../_generated/prisma/client';

export const LEARNER_ROLE = 'learner';

/** The Prisma filter on a row's user for every learner-only aggregate. */
export const byLearners = { user: { role: LEARNER_ROLE } } as const;

/**
 * The same filter in SQL, for the aggregates that read every learner's rows: the row's
 * "userId" (under `alias`, a fixed identifier) is not one of the staff's. Every row's
 * userId names a user (a foreign key), so this keeps exactly the learners' rows. Written
 * as a join on User.role, the planner starts from User and reads each learner's rows by
 * index, one learner at a time, then sorts them all for the GROUP BY; checked against the
 * short list of staff instead, the rows are read in the order of the index the aggregate
 * groups by, with no sort (SQLite builds the list once).
 */
export function byLearnersSql(alias: string): Prisma.Sql {
  const userId = Prisma.raw(`"${alias}"."userId"`);
  return Prisma.sql`${userId} NOT IN (SELECT "staff"."id" FROM "User" "staff" WHERE "staff"."role" <> ${LEARNER_ROLE})`;
}
