// Fixed-window rate limits for sign-in and sign-up, per IP and per account, kept in
// the database so that they hold across restarts and app instances.
import 'server-only';
import { db } from '../db';
import { nextWindow, type RateLimitRule, type RateLimitVerdict } from './rate-limit-window';

export { RATE_LIMITS, type RateLimitRule, type RateLimitVerdict } from './rate-limit-window';

/** Count one attempt against `key` and say whether it is allowed. */
export async function consumeRateLimit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
  return db.$transaction(async (tx) => {
    const current = await tx.rateLimit.findUnique({ where: { key } });
    const { window, verdict } = nextWindow(current ?? undefined, now, rule);
    await tx.rateLimit.upsert({
      where: { key },
      create: { key, count: window.count, windowStart: window.windowStart },
      update: { count: window.count, windowStart: window.windowStart },
    });
    return verdict;
  });
}

/** Forget the failures of `key` (after a successful sign-in for the account). */
export async function resetRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}
