// The guest's answers as the browser keeps them in localStorage. Deliberately free of zod
// (it would weigh on every lesson page's first load): the browser only checks the shape
// loosely, and the server validates every entry with ./guest's schema and regrades it.
import type { QuestionResponse } from '../content/grading/responses';

export const GUEST_ATTEMPTS_KEY = 'reconcile-guest-attempts';
/** More than every question of a course answered a few times; bounds what a sync may store. */
export const MAX_GUEST_ATTEMPTS = 200;

export interface GuestAttempt {
  courseId: string;
  questionId: string;
  response: QuestionResponse;
  /** when the guest answered (ms since the epoch); only orders the stored attempts */
  answeredAt: number;
}

function looksLikeAttempt(v: unknown): v is GuestAttempt {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.courseId === 'string' &&
    typeof a.questionId === 'string' &&
    typeof a.answeredAt === 'number' &&
    typeof a.response === 'object' &&
    a.response !== null &&
    typeof (a.response as { type?: unknown }).type === 'string'
  );
}

/** What localStorage holds, keeping entries of the right shape (newest last, at most MAX). */
export function readGuestList(raw: string | null): GuestAttempt[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter(looksLikeAttempt).slice(-MAX_GUEST_ATTEMPTS) : [];
}

/** The list with one more answer, oldest dropped beyond the cap. */
export function appendGuestAttempt(list: readonly GuestAttempt[], attempt: GuestAttempt): GuestAttempt[] {
  return [...list, attempt].slice(-MAX_GUEST_ATTEMPTS);
}

/** Removes exactly the entries that were synced (another tab may have added some since). */
export function withoutSynced(list: readonly GuestAttempt[], synced: readonly GuestAttempt[]): GuestAttempt[] {
  const key = (a: GuestAttempt) => `${a.courseId}\u0000${a.questionId}\u0000${a.answeredAt}\u0000${JSON.stringify(a.response)}`;
  const done = new Set(synced.map(key));
  return list.filter((a) => !done.has(key(a)));
}
