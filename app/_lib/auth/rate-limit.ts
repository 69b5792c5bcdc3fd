// Fixed-window rate limits for sign-in and sign-up, per IP and per account, kept in
// the database so that they hold across restarts and app instances.
import 'server-only';
import { db } from '../db';
import { nextWindow, peekWindow, RATE_LIMITS, type RateLimitRule, type RateLimitVerdict } from './rate-limit-window';

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

/** Whether one more attempt against `key` would be allowed; nothing is counted. */
export async function checkRateLimit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
  const current = await db.rateLimit.findUnique({ where: { key } });
  return peekWindow(current ?? undefined, now, rule);
}

/** Forget the failures of `key` (after a successful sign-in for the account). */
export async function resetRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** The limits a sign-in is held to, keyed by the normalised email and the client's address (RATE_LIMITS says why three). */
function signInLimits(email: string, ip: string): [string, RateLimitRule][] {
  return [
    [`signin:ip:${ip}`, RATE_LIMITS.signInFailuresPerIp],
    [`signin:account:${email}`, RATE_LIMITS.signInFailuresPerAccount],
    [`signin:account-ip:${email}:${ip}`, RATE_LIMITS.signInFailuresPerAccountAndIp],
  ];
}

/** Before checking a password: whether earlier failures hold this sign-in back, and for how long. */
export async function signInAllowed(email: string, ip: string, now = new Date()): Promise<RateLimitVerdict> {
  let wait = 0;
  for (const [key, rule] of signInLimits(email, ip)) {
    const v = await checkRateLimit(key, rule, now);
    if (!v.allowed) wait = Math.max(wait, v.retryAfterMs);
  }
  return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
}

/** A wrong password (or unknown email): counted against every limit of the sign-in. */
export async function countSignInFailure(email: string, ip: string, now = new Date()): Promise<void> {
  for (const [key, rule] of signInLimits(email, ip)) await consumeRateLimit(key, rule, now);
}

/** A correct sign-in clears the account's failures from this address (the address's and the account's looser counts run out on their own). */
export async function forgetSignInFailures(email: string, ip: string): Promise<void> {
  await resetRateLimit(`signin:account-ip:${email}:${ip}`);
}
