// Session tokens: 256 random bits in an HttpOnly cookie; the database keeps only their
// SHA-256, so a leaked database cannot be replayed as cookies (OWASP Session Management
// Cheat Sheet). Pure functions, unit-tested; session.ts does the I/O.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'reconcile_session';
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in unpadded base64url

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function isWellFormedToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  /** absolute end of the session, fixed at sign-in */
  expiresAt: Date;
}

export interface SessionPolicy {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

export type SessionState = 'valid' | 'idle-expired' | 'expired';

export function sessionState(s: SessionTimes, now: Date, policy: SessionPolicy): SessionState {
  if (now.getTime() >= s.expiresAt.getTime()) return 'expired';
  if (now.getTime() - s.lastSeenAt.getTime() >= policy.idleTimeoutMs) return 'idle-expired';
  return 'valid';
}

export function newSessionTimes(now: Date, policy: SessionPolicy): SessionTimes {
  return { createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + policy.absoluteTimeoutMs) };
}

/** Write lastSeenAt at most once a minute: a page view should not always cost a write. */
export const TOUCH_INTERVAL_MS = 60_000;
export function shouldTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
}

/**
 * When the cookie should expire: at the session's absolute deadline. The idle timeout
 * slides with every visit, and a cookie cannot be re-set while a server component renders,
 * so the database row enforces it (getCurrentUser refuses and deletes an idle session); a
 * cookie expiring at the first idle deadline signed an active learner out one idle timeout
 * after signing in.
 */
export function cookieExpiry(s: SessionTimes): Date {
  return s.expiresAt;
}

export function sessionCookieOptions(expires: Date, secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    expires,
  };
}
