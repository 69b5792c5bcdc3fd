// The arithmetic of a fixed-window limiter, pure so it can be tested without a database.

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitWindow {
  count: number;
  windowStart: Date;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * How long a window's row is kept: sign-in sweeps older ones (session.ts), so no rule may
 * have a longer window (nextWindow refuses one).
 */
export const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60_000;

/**
 * Sign-in counts failures only, so a classroom behind one address signs in as often as it
 * likes: a wrong password counts against the address (a guesser's spray), against the
 * account from that address (the usual lockout, which a correct sign-in clears) and against
 * the account from anywhere (a looser bound, so one address cannot lock someone else out
 * for long, while many addresses still cannot guess freely). Sign-up counts every account
 * made, sized for a class registering together behind one NAT. A reset link's token cannot
 * be guessed (256 bits), but one address trying link after link is held back all the same.
 */
export const RATE_LIMITS = {
  signInFailuresPerIp: { limit: 60, windowMs: 15 * 60_000 },
  signInFailuresPerAccountAndIp: { limit: 8, windowMs: 15 * 60_000 },
  signInFailuresPerAccount: { limit: 40, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 120, windowMs: 60 * 60_000 },
  passwordChangeFailuresPerAccount: { limit: 8, windowMs: 15 * 60_000 },
  /** unknown, expired or used reset links opened or submitted from one address (password-reset.ts) */
  resetLinkFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** Whether one more attempt would be allowed, without counting it. */
export function peekWindow(current: RateLimitWindow | undefined, now: Date, rule: RateLimitRule): RateLimitVerdict {
  if (!current || now.getTime() - current.windowStart.getTime() >= rule.windowMs || current.count < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.max(current.windowStart.getTime() + rule.windowMs - now.getTime(), 1000) };
}

export function nextWindow(
  current: RateLimitWindow | undefined,
  now: Date,
  rule: RateLimitRule,
): { window: RateLimitWindow; verdict: RateLimitVerdict } {
  if (rule.windowMs > RATE_LIMIT_ROW_TTL_MS) throw new Error(`a rate-limit window of ${rule.windowMs} ms outlives its row (RATE_LIMIT_ROW_TTL_MS)`);
  const expired = !current || now.getTime() - current.windowStart.getTime() >= rule.windowMs;
  const window = expired ? { count: 1, windowStart: now } : { count: current.count + 1, windowStart: current.windowStart };
  if (window.count <= rule.limit) return { window, verdict: { allowed: true } };
  const retryAfterMs = window.windowStart.getTime() + rule.windowMs - now.getTime();
  return { window, verdict: { allowed: false, retryAfterMs: Math.max(retryAfterMs, 1000) } };
}

/**
 * Which RateLimit rows hold an account back (rate-limit.ts's sign-in keys, from every
 * address, and password-change.ts's): forgotten when the account gets a new password from
 * an administrator, by `npm run user:password` or a reset link.
 */
export function accountLockoutsWhere(email: string, userId: string) {
  return { OR: [{ key: `signin:account:${email}` }, { key: { startsWith: `signin:account-ip:${email}:` } }, { key: `password:account:${userId}` }] };
}
