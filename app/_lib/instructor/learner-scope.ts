// Whose work the dashboard counts: learners only. Instructors and admins try quizzes and
// labs while writing them; counting those would skew every rate a teacher reads. A user
// promoted to instructor leaves the figures with their attempts.
export const LEARNER_ROLE = 'learner';

/** The Prisma filter on a row's user for every learner-only aggregate. */
export const byLearners = { user: { role: LEARNER_ROLE } } as const;
