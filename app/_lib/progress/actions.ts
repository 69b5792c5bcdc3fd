'use server';
// Server actions of the learner's progress: check an answer, sync a guest's answers after
// sign-in, record a lesson visit, mark a lesson complete. Each safeParses its input and
// returns a value; nothing the browser says about a question or a grade is used.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { consumeRateLimit } from '../auth/rate-limit';
import { db } from '../db';
import { clientIp, getCurrentUser } from '../auth/session';
import { findLesson, kebabId } from '../content';
import { isLocale, type Locale } from '../i18n/routing';
import { getContent } from '../queries/content';
import type { CheckAnswerResult } from '@/app/_components/quiz/types';
import { gradeSubmitted, presentGrade } from './grade-answer';
import { guestAttemptBatchSchema, guestAttemptSchema } from './guest';
import { syncedAnswerTime } from './guest-times';
import { ANSWER_RATE_LIMIT, SYNC_RATE_LIMIT } from './limits';
import { runPredictQuestion } from './predict-run';
import { completeIfMastered, markCompleted, recordVisit, storeAttempts, type AttemptToStore } from './store';

export async function checkAnswer(input: unknown, localeInput: string): Promise<CheckAnswerResult> {
  const locale: Locale = isLocale(localeInput) ? localeInput : 'en';
  const { content } = getContent();
  const graded = gradeSubmitted(content, input);
  if (!graded.ok) return graded;
  const user = await getCurrentUser();
  const limit = await consumeRateLimit(user ? `quiz:user:${user.id}` : `quiz:ip:${await clientIp()}`, ANSWER_RATE_LIMIT);
  if (!limit.allowed) return { ok: false, error: 'rate-limited' };
  let lessonCompleted = false;
  if (user) {
    await storeAttempts(user.id, [graded]);
    if (graded.grade.correct) lessonCompleted = await completeIfMastered(content, user.id, graded.courseId, graded.lessonId);
  }
  return presentGrade(content, graded, locale, runPredictQuestion, { savedTo: user ? 'account' : 'guest', lessonCompleted });
}

export type SyncResult = { ok: true; stored: number; refused: number } | { ok: false; error: 'signed-out' | 'invalid-batch' | 'rate-limited' };

/**
 * A guest's answers, sent by the browser after sign-in. The batch is validated again and
 * every response regraded against the content; entries for unknown questions are refused.
 */
export async function syncGuestAttempts(batch: unknown): Promise<SyncResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: 'signed-out' };
  if (!(await consumeRateLimit(`guest-sync:user:${user.id}`, SYNC_RATE_LIMIT)).allowed) return { ok: false, error: 'rate-limited' };
  const parsed = guestAttemptBatchSchema.safeParse(batch);
  if (!parsed.success) return { ok: false, error: 'invalid-batch' };
  const { content } = getContent();
  const now = Date.now();
  // the account's latest answer to each question: a synced answer is ordered after it (guest-times.ts)
  const onRecord = new Map(
    (await db.quizAttempt.groupBy({ by: ['courseId', 'questionId'], where: { userId: user.id }, _max: { createdAt: true } })).map((r) => [`${r.courseId}/${r.questionId}`, r._max.createdAt?.getTime()]),
  );
  const toStore: AttemptToStore[] = [];
  let refused = 0;
  for (const raw of parsed.data) {
    const one = guestAttemptSchema.safeParse(raw);
    if (!one.success) {
      refused++;
      continue;
    }
    const entry = one.data;
    const graded = gradeSubmitted(content, { courseId: entry.courseId, questionId: entry.questionId, response: entry.response });
    if (!graded.ok) {
      refused++;
      continue;
    }
    toStore.push({ ...graded, createdAt: new Date(syncedAnswerTime(entry.answeredAt, onRecord.get(`${graded.courseId}/${graded.questionId}`), now)) });
  }
  await storeAttempts(user.id, toStore);
  const lessons = new Map(toStore.map((a) => [`${a.courseId}/${a.lessonId}`, a]));
  for (const a of lessons.values()) await completeIfMastered(content, user.id, a.courseId, a.lessonId);
  if (toStore.length > 0) revalidatePath('/[locale]/progress', 'page');
  return { ok: true, stored: toStore.length, refused };
}

const lessonRef = z.strictObject({ courseId: kebabId, lessonId: kebabId });

/** Called when a signed-in learner opens a lesson: the first call starts it. */
export async function recordLessonVisit(input: unknown): Promise<{ ok: boolean }> {
  const parsed = lessonRef.safeParse(input);
  if (!parsed.success) return { ok: false };
  const user = await getCurrentUser();
  if (!user) return { ok: false };
  const { courseId, lessonId } = parsed.data;
  if (!findLesson(getContent().content, courseId, lessonId)) return { ok: false };
  await recordVisit(user.id, courseId, lessonId);
  return { ok: true };
}

export interface MarkCompleteState {
  done?: boolean;
  error?: 'signed-out' | 'unknown-lesson';
}

/** "Mark lesson complete" (a form, so it works before hydration). */
export async function markLessonComplete(_prev: MarkCompleteState, formData: FormData): Promise<MarkCompleteState> {
  const parsed = lessonRef.safeParse({ courseId: formData.get('courseId'), lessonId: formData.get('lessonId') });
  if (!parsed.success) return { error: 'unknown-lesson' };
  const user = await getCurrentUser();
  if (!user) return { error: 'signed-out' };
  const { courseId, lessonId } = parsed.data;
  if (!findLesson(getContent().content, courseId, lessonId)) return { error: 'unknown-lesson' };
  await markCompleted(user.id, courseId, lessonId);
  revalidatePath('/[locale]/courses/[course]', 'page');
  return { done: true };
}
