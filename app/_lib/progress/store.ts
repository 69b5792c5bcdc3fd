// Writes of learner progress (called by ./actions only). A stored QuizAttempt is always the
// server's own grade of a response it validated (./grade-answer).
import 'server-only';
import type { ContentSet, Grade, QuestionResponse } from '../content';
import { findCourse } from '../content';
import { db } from '../db';
import { correctQuestionIds, quizMastered } from './rules';

export interface AttemptToStore {
  courseId: string;
  /** the quiz id is the lesson id */
  lessonId: string;
  questionId: string;
  response: QuestionResponse;
  grade: Grade;
  createdAt?: Date;
}

export async function storeAttempts(userId: string, attempts: readonly AttemptToStore[]): Promise<void> {
  if (attempts.length === 0) return;
  await db.quizAttempt.createMany({
    data: attempts.map((a) => ({
      userId,
      courseId: a.courseId,
      quizId: a.lessonId,
      questionId: a.questionId,
      response: JSON.stringify(a.response),
      correct: a.grade.correct,
      score: a.grade.score,
      misconceptions: JSON.stringify(a.grade.misconceptions),
      ...(a.createdAt ? { createdAt: a.createdAt } : {}),
    })),
  });
}

/**
 * Completes the lesson when every question of its quiz has a correct attempt. Returns
 * true when this call completed it (so the page can say so).
 */
export async function completeIfMastered(content: ContentSet, userId: string, courseId: string, lessonId: string): Promise<boolean> {
  const lesson = findCourse(content, courseId)?.lessons.find((l) => l.id === lessonId);
  const questionIds = lesson?.quiz?.quiz.questions.map((q) => q.id) ?? [];
  if (questionIds.length === 0) return false;
  const existing = await db.lessonProgress.findUnique({ where: { userId_courseId_lessonId: { userId, courseId, lessonId } } });
  if (existing?.completedAt) return false;
  const correct = await db.quizAttempt.findMany({
    where: { userId, courseId, quizId: lessonId, correct: true },
    select: { questionId: true, correct: true },
    distinct: ['questionId'],
  });
  if (!quizMastered(questionIds, correctQuestionIds(correct))) return false;
  await markCompleted(userId, courseId, lessonId);
  return true;
}

export async function markCompleted(userId: string, courseId: string, lessonId: string): Promise<void> {
  const now = new Date();
  await db.lessonProgress.upsert({
    where: { userId_courseId_lessonId: { userId, courseId, lessonId } },
    create: { userId, courseId, lessonId, completedAt: now },
    update: { completedAt: now },
  });
}

/** The first view starts the lesson; every view moves updatedAt, which "continue" follows. */
export async function recordVisit(userId: string, courseId: string, lessonId: string): Promise<void> {
  await db.lessonProgress.upsert({
    where: { userId_courseId_lessonId: { userId, courseId, lessonId } },
    create: { userId, courseId, lessonId },
    update: { updatedAt: new Date() },
  });
}
