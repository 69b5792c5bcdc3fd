// Completion per lesson for the overview: how many learners opened each lesson and how
// many completed it, out of all learners. One GROUP BY over LessonProgress, in the order of
// its (courseId, lessonId) index; "completed" follows app/_lib/progress/rules.ts, where a
// completed lesson always has completedAt set.
import type { Database } from '../db';
import type { ContentSet, Locale } from '../content';
import { byLearnersSql, LEARNER_ROLE } from './learner-scope';

export interface LessonCompletion {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  number: number;
  title: string;
  /** learners who opened the lesson and have not completed it */
  inProgress: number;
  completed: number;
}

export interface CompletionReport {
  learners: number;
  lessons: LessonCompletion[];
}

export async function lessonCompletion(client: Database, content: ContentSet, locale: Locale): Promise<CompletionReport> {
  const [learners, groups] = await Promise.all([
    client.user.count({ where: { role: LEARNER_ROLE } }),
    client.$queryRaw<{ courseId: string; lessonId: string; opened: bigint | number; completed: bigint | number }[]>`
      SELECT p."courseId", p."lessonId", COUNT(*) AS "opened", COUNT(p."completedAt") AS "completed"
      FROM "LessonProgress" p
      WHERE ${byLearnersSql('p')}
      GROUP BY p."courseId", p."lessonId"`,
  ]);
  const by = new Map(groups.map((g) => [`${g.courseId}\u0000${g.lessonId}`, { opened: Number(g.opened), completed: Number(g.completed) }]));
  const lessons = content.courses.flatMap((course) =>
    course.course
      ? course.lessons.map((lesson, i) => {
          const c = by.get(`${course.id}\u0000${lesson.id}`);
          const front = lesson.versions[locale]?.frontMatter ?? lesson.versions.en?.frontMatter;
          const completed = c?.completed ?? 0;
          return {
            courseId: course.id,
            courseTitle: course.course!.title[locale],
            lessonId: lesson.id,
            number: i + 1,
            title: front?.title ?? lesson.id,
            inProgress: (c?.opened ?? 0) - completed,
            completed,
          };
        })
      : [],
  );
  return { learners, lessons };
}
