// One learner, for the dashboard's learner page: where they are in each lesson (not
// started, in progress, completed; quiz questions answered and right at their latest
// answer), each question they answered (latest answer right or wrong, how many tries,
// first answer right or wrong) and their lab attempts, newest first, with the goals each
// failed and a link to its replay. Only learner accounts are shown, as on the learners table; the select names
// its columns, so no password hash or session leaves this module.
import type { ContentSet, Locale } from '../content';
import type { Database } from '../db';
import { textOf } from './answers';
import { LEARNER_ROLE } from './learner-scope';

export const LEARNER_ATTEMPTS_SHOWN = 50;

export type LessonStatus = 'notStarted' | 'inProgress' | 'completed';

type LoadedLesson = ContentSet['courses'][number]['lessons'][number];

/** A lesson's title in `locale`, else in English, else its id. */
export function lessonTitle(lesson: LoadedLesson | undefined, lessonId: string, locale: Locale): string {
  return lesson?.versions[locale]?.frontMatter?.title ?? lesson?.versions.en?.frontMatter?.title ?? lessonId;
}

export interface LearnerLessonLine {
  courseId: string;
  lessonId: string;
  /** 1-based, in course order */
  number: number;
  title: string;
  status: LessonStatus;
  questions: number;
  /** questions answered at least once */
  answered: number;
  /** questions whose latest answer is right */
  latestCorrect: number;
  /** the questions answered at least once, in the quiz's order */
  answers: LearnerAnswerLine[];
}

export interface LearnerAnswerLine {
  questionId: string;
  /** 1-based, as the lesson numbers its questions */
  number: number;
  /** the question's text in the page's language, plain (its Markdown read) */
  prompt: string;
  /** answers given to it */
  tries: number;
  firstCorrect: boolean;
  latestCorrect: boolean;
  latestAt: Date;
}

export interface LearnerAttemptLine {
  id: string;
  labId: string;
  labTitle: string;
  createdAt: Date;
  passed: boolean;
  hintsUsed: number;
  /** goals the attempt reported; null when its stored results cannot be read */
  goals: number | null;
  /** the descriptions (in the page's language, Markdown inline code kept) of the goals it failed, or their ids for goals the lab no longer has */
  failedGoals: string[];
}

export interface LearnerDetail {
  id: string;
  email: string;
  name: string | null;
  joinedAt: Date;
  lessons: LearnerLessonLine[];
  attempts: LearnerAttemptLine[];
  /** all of the learner's attempts; `attempts` holds the newest LEARNER_ATTEMPTS_SHOWN */
  attemptsTotal: number;
}

export async function learnerDetail(client: Database, content: ContentSet, locale: Locale, userId: string, shown = LEARNER_ATTEMPTS_SHOWN): Promise<LearnerDetail | undefined> {
  const user = await client.user.findFirst({ where: { id: userId, role: LEARNER_ROLE }, select: { id: true, email: true, name: true, createdAt: true } });
  if (!user) return undefined;
  const answerColumns = { courseId: true, quizId: true, questionId: true, correct: true, createdAt: true } as const;
  const [progress, latestAnswers, firstAnswers, tries, attempts, attemptsTotal] = await Promise.all([
    client.lessonProgress.findMany({ where: { userId }, select: { courseId: true, lessonId: true, completedAt: true } }),
    // the newest and the first answer per question: distinct keeps the first row of each in this order
    client.quizAttempt.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], distinct: ['courseId', 'quizId', 'questionId'], select: answerColumns }),
    client.quizAttempt.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], distinct: ['courseId', 'quizId', 'questionId'], select: answerColumns }),
    client.quizAttempt.groupBy({ by: ['courseId', 'quizId', 'questionId'], where: { userId }, _count: { _all: true } }),
    client.labAttempt.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: shown,
      select: { id: true, labId: true, createdAt: true, passed: true, hintsUsed: true, goalResults: true },
    }),
    client.labAttempt.count({ where: { userId } }),
  ]);
  const key = (...parts: string[]) => parts.join('\u0000');
  const progressBy = new Map(progress.map((p) => [key(p.courseId, p.lessonId), p]));
  const answerBy = new Map(latestAnswers.map((a) => [key(a.courseId, a.quizId, a.questionId), a]));
  const firstBy = new Map(firstAnswers.map((a) => [key(a.courseId, a.quizId, a.questionId), a.correct]));
  const triesBy = new Map(tries.map((g) => [key(g.courseId, g.quizId, g.questionId), g._count._all]));

  const lessons = content.courses.flatMap((course) =>
    course.course
      ? course.lessons.map((lesson, i): LearnerLessonLine => {
          const p = progressBy.get(key(course.id, lesson.id));
          const questions = lesson.quiz?.quiz.questions ?? [];
          const answered = questions.flatMap((q, n): LearnerAnswerLine[] => {
            const k = key(course.id, lesson.id, q.id);
            const latest = answerBy.get(k);
            if (!latest) return [];
            return [
              {
                questionId: q.id,
                number: n + 1,
                prompt: textOf(q.prompt, locale),
                tries: triesBy.get(k) ?? 1,
                firstCorrect: firstBy.get(k) ?? latest.correct,
                latestCorrect: latest.correct,
                latestAt: latest.createdAt,
              },
            ];
          });
          return {
            courseId: course.id,
            lessonId: lesson.id,
            number: i + 1,
            title: lessonTitle(lesson, lesson.id, locale),
            status: p === undefined ? 'notStarted' : p.completedAt ? 'completed' : 'inProgress',
            questions: questions.length,
            answered: answered.length,
            latestCorrect: answered.filter((a) => a.latestCorrect).length,
            answers: answered,
          };
        })
      : [],
  );

  return {
    id: user.id,
    email: user.email,
    name: user.name,
    joinedAt: user.createdAt,
    lessons,
    attemptsTotal,
    attempts: attempts.map((a) => {
      const lab = content.labs.get(a.labId)?.lab;
      const results = readResults(a.goalResults);
      return {
        id: a.id,
        labId: a.labId,
        labTitle: lab?.title[locale] ?? a.labId,
        createdAt: a.createdAt,
        passed: a.passed,
        hintsUsed: a.hintsUsed,
        goals: results?.length ?? null,
        failedGoals: (results ?? []).filter((r) => !r.passed).map((r) => lab?.goals.find((g) => g.id === r.id)?.description[locale] ?? r.id),
      };
    }),
  };
}

function readResults(json: string): { id: string; passed: boolean }[] | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return undefined;
    const out: { id: string; passed: boolean }[] = [];
    for (const g of value) {
      const { id, passed } = (g ?? {}) as { id?: unknown; passed?: unknown };
      if (typeof id !== 'string' || typeof passed !== 'boolean') return undefined;
      out.push({ id, passed });
    }
    return out;
  } catch {
    return undefined;
  }
}
