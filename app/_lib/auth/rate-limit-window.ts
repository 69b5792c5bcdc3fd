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

export const RATE_LIMITS = {
  signInPerIp: { limit: 30, windowMs: 15 * 60_000 },
  signInPerAccount: { limit: 8, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

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
