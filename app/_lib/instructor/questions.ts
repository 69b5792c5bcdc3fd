// Correctness per question and per option / misconception tag, for the instructor's
// questions page and its CSV. Everything is counted by the database in two queries, each
// reading one of QuizAttempt's indexes in its order (prisma/schema.prisma) rather than the
// table: first and latest answers per learner, and the answers grouped by their stored
// response and tag texts, so the page reads one row per distinct answer, never every attempt.
import { Prisma } from '../../_generated/prisma/client';
import type { Database } from '../db';
import type { ContentSet, Locale, QuestionType } from '../content';
import { tallyAnswers, tallyMisconceptions, textOf, type AnswerTally, type AnswerWords, type TagGroup, type ResponseGroup } from './answers';
import { byLearnersSql } from './learner-scope';

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

/**
 * Per question: attempts, learners, first-answer and latest-answer correctness. The inner
 * query groups each learner's answers to a question (QuizAttempt_question_learner_time_idx
 * holds them together, in time order); its ORDER BY, the index's own, tells SQLite the
 * outer GROUP BY needs no sort. When a learner's answers were all right or all wrong, so
 * were the first and the latest; otherwise each is one step into that index (CASE looks
 * only then). Ties in time go to the smaller id, as the learner's page orders them. Plain
 * SQL, the same on SQLite and PostgreSQL (window functions over every answer cost SQLite
 * two sorts).
 */
export async function countQuestionAnswers(client: Database): Promise<Map<string, QuestionCounts>> {
  const rightAt = (order: 'ASC' | 'DESC') => Prisma.sql`CASE
    WHEN g."right" = 0 THEN 0
    WHEN g."right" = g."answers" THEN 1
    WHEN (
      SELECT b."correct" FROM "QuizAttempt" b
      WHERE b."courseId" = g."courseId" AND b."quizId" = g."quizId" AND b."questionId" = g."questionId" AND b."userId" = g."userId"
      ORDER BY b."createdAt" ${Prisma.raw(order)}, b."id" ${Prisma.raw(order)} LIMIT 1
    ) THEN 1
    ELSE 0 END`;
  const rows = await client.$queryRaw<CountsRow[]>`
    SELECT g."courseId", g."quizId", g."questionId",
      SUM(g."answers") AS "attempts",
      COUNT(*) AS "learners",
      SUM(${rightAt('ASC')}) AS "firstCorrect",
      SUM(${rightAt('DESC')}) AS "latestCorrect"
    FROM (
      SELECT a."courseId", a."quizId", a."questionId", a."userId", COUNT(*) AS "answers", SUM(CASE WHEN a."correct" THEN 1 ELSE 0 END) AS "right"
      FROM "QuizAttempt" a
      WHERE ${byLearnersSql('a')}
      GROUP BY a."courseId", a."quizId", a."questionId", a."userId"
      ORDER BY a."courseId", a."quizId", a."questionId", a."userId"
    ) g
    GROUP BY g."courseId", g."quizId", g."questionId"`;
  return new Map(
    rows.map((r) => [
      key(r.courseId, r.quizId, r.questionId),
      { attempts: Number(r.attempts), learners: Number(r.learners), firstCorrect: Number(r.firstCorrect ?? 0), latestCorrect: Number(r.latestCorrect ?? 0) },
    ]),
  );
}

interface AnswerGroupRow {
  courseId: string;
  quizId: string;
  questionId: string;
  response: string;
  correct: boolean | number;
  misconceptions: string;
  count: bigint | number;
}

/**
 * Learners' answers per question, grouped by what was stored: the response text (what they
 * chose, with the grade), and for wrong answers the misconception tags. One query over
 * QuizAttempt_question_response_idx, whose order is the grouping's. The responses come in
 * the order of their text, then grade, as a groupBy of their own gave them (tallyAnswers
 * keeps the grade of the first of two texts it reads as one answer); the order of the tag
 * groups does not change their tally.
 */
export async function groupQuestionAnswers(client: Database): Promise<{ responses: Map<string, ResponseGroup[]>; tags: Map<string, TagGroup[]> }> {
  const rows = await client.$queryRaw<AnswerGroupRow[]>`
    SELECT a."courseId", a."quizId", a."questionId", a."response", a."correct", a."misconceptions", COUNT(*) AS "count"
    FROM "QuizAttempt" a
    WHERE ${byLearnersSql('a')}
    GROUP BY a."courseId", a."quizId", a."questionId", a."response", a."correct", a."misconceptions"
    ORDER BY a."courseId", a."quizId", a."questionId", a."response", a."correct", a."misconceptions"`;
  const responses = new Map<string, Map<string, ResponseGroup>>();
  const tags = new Map<string, Map<string, TagGroup>>();
  const groupIn = <G>(by: Map<string, Map<string, G>>, k: string, text: string, make: () => G): G => {
    let groups = by.get(k);
    if (!groups) by.set(k, (groups = new Map()));
    let group = groups.get(text);
    if (!group) groups.set(text, (group = make()));
    return group;
  };
  for (const r of rows) {
    const k = key(r.courseId, r.quizId, r.questionId);
    const correct = r.correct === true || r.correct === 1;
    const count = Number(r.count);
    groupIn(responses, k, JSON.stringify([r.response, correct]), () => ({ response: r.response, correct, count: 0 })).count += count;
    if (!correct) groupIn(tags, k, r.misconceptions, () => ({ misconceptions: r.misconceptions, count: 0 })).count += count;
  }
  const lists = <G>(by: Map<string, Map<string, G>>) => new Map([...by].map(([k, groups]) => [k, [...groups.values()]]));
  return { responses: lists(responses), tags: lists(tags) };
}

export async function questionReport(client: Database, content: ContentSet, locale: Locale, words: AnswerWords): Promise<QuestionReport> {
  const [counts, { responses: responsesBy, tags: tagsBy }] = await Promise.all([countQuestionAnswers(client), groupQuestionAnswers(client)]);

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
