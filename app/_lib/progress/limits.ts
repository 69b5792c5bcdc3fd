// Rate limits of the quiz actions (fixed windows in the database, app/_lib/auth/rate-limit).
// Generous for a learner working through quizzes; they only stop a script filling the database.
import type { RateLimitRule } from '../auth/rate-limit-window';

export const ANSWER_RATE_LIMIT: RateLimitRule = { limit: 240, windowMs: 10 * 60_000 };
export const SYNC_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };
