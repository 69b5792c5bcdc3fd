// When a guest's answer, synced after sign-in, is stored. The browser's claimed time only
// orders the guest's own answers: it is never in the future, never more than a year old,
// and never before an answer to the same question already on the account — a synced answer
// cannot become the learner's first (the dashboard's "first answer right" counts it).

export const GUEST_HISTORY_FLOOR_MS = 365 * 24 * 60 * 60_000;

export function syncedAnswerTime(claimed: number, latestOnRecord: number | undefined, now: number): number {
  const floor = Math.max(now - GUEST_HISTORY_FLOOR_MS, latestOnRecord === undefined ? -Infinity : latestOnRecord + 1);
  return Math.min(Math.max(claimed, floor), now);
}
