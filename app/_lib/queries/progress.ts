// Reads of a learner's progress: the course page's syllabus status and "continue", and
// the personal progress page. The rules themselves are pure (app/_lib/progress/rules).
import 'server-only';
import { db } from '../db';
import { plainText, parseMarkdownText } from '../content/markdown';
import type { Locale } from '../i18n/routing';
import {
  accuracyOf,
  continueLessonId,
  correctQuestionIds,
  parseMisconceptions,
  summariseLessons,
  topMisconceptions,
  type Accuracy,
  type LessonProgressSummary,
  type SyllabusEntry,
} from '../progress/rules';
import { getContent } from './content';

export interface CourseProgress {
  lessons: Map<string, LessonProgressSummary>;
  continueLessonId?: string;
  completed: number;
  /** true once the learner opened any lesson of the course */
  started: boolean;
}

export async function getCourseProgress(userId: string, courseId: string, lessons: readonly SyllabusEntry[]): Promise<CourseProgress> {
  const [rows, attempts] = await Promise.all([
    db.lessonProgress.findMany({ where: { userId, courseId }, select: { lessonId: true, completedAt: true, updatedAt: true } }),
    db.quizAttempt.findMany({ where: { userId, courseId, correct: true }, select: { questionId: true, correct: true }, distinct: ['questionId'] }),
  ]);
  const summaries = summariseLessons(lessons, rows, attempts);
  const next = continueLessonId(lessons, rows, summaries);
  return {
    lessons: new Map(summaries.map((s) => [s.lessonId, s])),
    ...(next ? { continueLessonId: next } : {}),
    completed: summaries.filter((s) => s.status === 'completed').length,
    started: rows.length > 0 || attempts.length > 0,
  };
}

export interface CourseProgressLine {
  id: string;
  title: string;
  lessonCount: number;
  completed: number;
  questionCount: number;
  questionsCorrect: number;
  continueLessonId?: string;
}

export interface RecentAttempt {
  id: string;
  courseId: string;
  lessonId: string;
  lessonTitle: string;
  questionText: string;
  correct: boolean;
  createdAt: Date;
}

export interface LearnerProgress {
  courses: CourseProgressLine[];
  accuracy: Accuracy;
  misconceptions: { tag: string; description: string; count: number }[];
  recent: RecentAttempt[];
}

export async function getLearnerProgress(userId: string, locale: Locale): Promise<LearnerProgress> {
  const { content } = getContent();
  const [rows, attempts] = await Promise.all([
    db.lessonProgress.findMany({ where: { userId }, select: { courseId: true, lessonId: true, completedAt: true, updatedAt: true } }),
    db.quizAttempt.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: { id: true, courseId: true, quizId: true, questionId: true, correct: true, misconceptions: true, createdAt: true },
      take: 5000,
    }),
  ]);
  const courses: CourseProgressLine[] = content.courses.flatMap((loaded) => {
    if (!loaded.course) return [];
    const entries = loaded.lessons.map((l) => ({ id: l.id, questionIds: l.quiz?.quiz.questions.map((q) => q.id) ?? [] }));
    const courseRows = rows.filter((r) => r.courseId === loaded.id);
    const courseAttempts = attempts.filter((a) => a.courseId === loaded.id);
    if (courseRows.length === 0 && courseAttempts.length === 0) return [];
    const summaries = summariseLessons(entries, courseRows, courseAttempts);
    const next = continueLessonId(entries, courseRows, summaries);
    return [
      {
        id: loaded.id,
        title: loaded.course.title[locale],
        lessonCount: entries.length,
        completed: summaries.filter((s) => s.status === 'completed').length,
        questionCount: entries.reduce((n, e) => n + e.questionIds.length, 0),
        questionsCorrect: correctQuestionIds(courseAttempts).size,
        ...(next ? { continueLessonId: next } : {}),
      },
    ];
  });
  const withTags = attempts.map((a) => ({ ...a, misconceptions: parseMisconceptions(a.misconceptions) }));
  return {
    courses,
    accuracy: accuracyOf(attempts),
    misconceptions: topMisconceptions(withTags).map((m) => ({
      ...m,
      description: content.misconceptions.get(m.tag)?.description[locale] ?? m.tag,
    })),
    recent: attempts.slice(0, 10).map((a) => {
      const lesson = content.courses.find((c) => c.id === a.courseId)?.lessons.find((l) => l.id === a.quizId);
      const question = lesson?.quiz?.quiz.questions.find((q) => q.id === a.questionId);
      return {
        id: a.id,
        courseId: a.courseId,
        lessonId: a.quizId,
        lessonTitle: lesson?.versions[locale]?.frontMatter?.title ?? a.quizId,
        questionText: question ? plainText(parseMarkdownText(question.prompt[locale]).tree) : a.questionId,
        correct: a.correct,
        createdAt: a.createdAt,
      };
    }),
  };
}
