// Correctness per question and per option / misconception tag, for the instructor's
// questions page and its CSV. Everything is counted by the database: one window-function
// query for first and latest answers per learner, and groupBys over the stored response
// and tag texts, so the page reads one row per distinct answer, never every attempt.
import type { Database } from '../db';
import type { ContentSet, Locale, QuestionType } from '../content';
import { tallyAnswers, tallyMisconceptions, textOf, type AnswerTally, type AnswerWords, type TagGroup, type ResponseGroup } from './answers';
import { byLearners, LEARNER_ROLE } from './learner-scope';

export interface QuestionCounts {
  attempts: number;
  /** learners who answered at least once */
  learners: number;
  /** learners whose first answer was right */
  firstCorrect: number;
  /** learners whose most recent answer is right */
  latestCorrect: number;
}

export interface QuestionLine extends QuestionCounts {
  id: string;
  /** 1-based, as the lesson numbers its questions */
  number: number;
  type: QuestionType;
  prompt: string;
  answers: AnswerTally;
  misconceptions: { tag: string; description: string; count: number }[];
  misconceptionsUnreadable: number;
}

export interface LessonQuestions {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonTitle: string;
  questions: QuestionLine[];
}

export interface QuestionReport {
  lessons: LessonQuestions[];
  /** attempts on questions the content no longer has */
  orphanAttempts: number;
}

const key = (courseId: string, quizId: string, questionId: string) => JSON.stringify([courseId, quizId, questionId]);

interface CountsRow {
  courseId: string;
  quizId: string;
  questionId: string;
  attempts: bigint | number;
  learners: bigint | number;
  firstCorrect: bigint | number | null;
  latestCorrect: bigint | number | null;
}

/** Per question: attempts, learners, first-answer and latest-answer correctness (window functions, SQLite ≥ 3.25 and PostgreSQL alike). */
export async function countQuestionAnswers(client: Database): Promise<Map<string, QuestionCounts>> {
  const rows = await client.$queryRaw<CountsRow[]>`
    SELECT "courseId", "quizId", "questionId",
      COUNT(*) AS "attempts",
      COUNT(DISTINCT "userId") AS "learners",
      SUM(CASE WHEN "firstRank" = 1 AND "correct" THEN 1 ELSE 0 END) AS "firstCorrect",
      SUM(CASE WHEN "lastRank" = 1 AND "correct" THEN 1 ELSE 0 END) AS "latestCorrect"
    FROM (
      SELECT a."courseId", a."quizId", a."questionId", a."userId", a."correct",
        ROW_NUMBER() OVER (PARTITION BY a."userId", a."courseId", a."quizId", a."questionId" ORDER BY a."createdAt", a."id") AS "firstRank",
        ROW_NUMBER() OVER (PARTITION BY a."userId", a."courseId", a."quizId", a."questionId" ORDER BY a."createdAt" DESC, a."id" DESC) AS "lastRank"
      FROM "QuizAttempt" a JOIN "User" u ON u."id" = a."userId"
      WHERE u."role" = ${LEARNER_ROLE}
    ) ranked
    GROUP BY "courseId", "quizId", "questionId"`;
  return new Map(
    rows.map((r) => [
      key(r.courseId, r.quizId, r.questionId),
      { attempts: Number(r.attempts), learners: Number(r.learners), firstCorrect: Number(r.firstCorrect ?? 0), latestCorrect: Number(r.latestCorrect ?? 0) },
    ]),
  );
}

export async function questionReport(client: Database, content: ContentSet, locale: Locale, words: AnswerWords): Promise<QuestionReport> {
  const [counts, responseGroups, tagGroups] = await Promise.all([
    countQuestionAnswers(client),
    client.quizAttempt.groupBy({ by: ['courseId', 'quizId', 'questionId', 'response', 'correct'], where: byLearners, _count: { _all: true } }),
    client.quizAttempt.groupBy({ by: ['courseId', 'quizId', 'questionId', 'misconceptions'], where: { ...byLearners, correct: false }, _count: { _all: true } }),
  ]);
  const responsesBy = new Map<string, ResponseGroup[]>();
  for (const g of responseGroups) {
    const k = key(g.courseId, g.quizId, g.questionId);
    const list = responsesBy.get(k) ?? [];
    if (list.length === 0) responsesBy.set(k, list);
    list.push({ response: g.response, correct: g.correct, count: g._count._all });
  }
  const tagsBy = new Map<string, TagGroup[]>();
  for (const g of tagGroups) {
    const k = key(g.courseId, g.quizId, g.questionId);
    const list = tagsBy.get(k) ?? [];
    if (list.length === 0) tagsBy.set(k, list);
    list.push({ misconceptions: g.misconceptions, count: g._count._all });
  }

  const known = new Set<string>();
  const lessons: LessonQuestions[] = [];
  for (const course of content.courses) {
    if (!course.course) continue;
    for (const lesson of course.lessons) {
      const quiz = lesson.quiz?.quiz;
      if (!quiz || quiz.questions.length === 0) continue;
      const front = lesson.versions[locale]?.frontMatter ?? lesson.versions.en?.frontMatter;
      lessons.push({
        courseId: course.id,
        courseTitle: course.course.title[locale],
        lessonId: lesson.id,
        lessonTitle: front?.title ?? lesson.id,
        questions: quiz.questions.map((q, i) => {
          const k = key(course.id, lesson.id, q.id);
          known.add(k);
          const tags = tallyMisconceptions(tagsBy.get(k) ?? []);
          return {
            id: q.id,
            number: i + 1,
            type: q.type,
            prompt: textOf(q.prompt, locale),
            ...(counts.get(k) ?? { attempts: 0, learners: 0, firstCorrect: 0, latestCorrect: 0 }),
            answers: tallyAnswers(q, responsesBy.get(k) ?? [], locale, words),
            misconceptions: tags.tags.map((t) => ({ ...t, description: misconceptionText(content, t.tag, locale) })),
            misconceptionsUnreadable: tags.unreadable,
          };
        }),
      });
    }
  }
  let orphanAttempts = 0;
  for (const [k, c] of counts) if (!known.has(k)) orphanAttempts += c.attempts;
  return { lessons, orphanAttempts };
}

function misconceptionText(content: ContentSet, tag: string, locale: Locale): string {
  const m = content.misconceptions.get(tag);
  return m ? textOf(m.description, locale) : tag;
}

export const MOST_MISSED_SHOWN = 10;

/**
 * The questions learners miss most, for the top of the questions page: those at least one
 * learner got wrong at the first answer, by the share of learners whose first answer was
 * wrong (highest first), then by how many learners that is, then in course order. The
 * full table below stays in course order.
 */
export function mostMissed(report: QuestionReport, limit = MOST_MISSED_SHOWN): { lesson: LessonQuestions; question: QuestionLine; missed: number }[] {
  const lines = report.lessons.flatMap((lesson) => lesson.questions.map((question) => ({ lesson, question, missed: question.learners - question.firstCorrect })));
  return lines
    .map((line, order) => ({ line, order }))
    .filter(({ line }) => line.missed > 0)
    .sort((a, b) => b.line.missed / b.line.question.learners - a.line.missed / a.line.question.learners || b.line.missed - a.line.missed || a.order - b.order)
    .slice(0, limit)
    .map(({ line }) => line);
}

/**
 * The report narrowed to the lesson the query string names (`?lesson=raft`), for the
 * questions page's filter; the whole report when it names none, or no lesson with
 * questions (an old or mistyped address still shows every question).
 */
export function questionsOfLesson(report: QuestionReport, raw: string | string[] | undefined): QuestionReport {
  const lessonId = Array.isArray(raw) ? raw[0] : raw;
  const lessons = report.lessons.filter((l) => l.lessonId === lessonId);
  return lessons.length === 0 ? report : { lessons, orphanAttempts: 0 };
}
