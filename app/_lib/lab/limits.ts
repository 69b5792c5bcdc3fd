import type { RateLimitRule } from '../auth/rate-limit';

/** A lab has a handful of hints; this only stops a script from filling the table. */
export const HINT_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 10 * 60_000 };
