// Server-side sessions (DESIGN.md §4): the cookie holds a random token, the database its
// hash. A new session at every sign-in (no fixation), and the browser's previous one
// ends; idle and absolute timeouts; sign out deletes the row. Read through
// getCurrentUser(), cached once per request.
import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { db } from '../db';
import { env, useSecureCookies } from '../env';
import {
  SESSION_COOKIE,
  cookieExpiry,
  hashSessionToken,
  isWellFormedToken,
  newSessionTimes,
  newSessionToken,
  sessionCookieOptions,
  sessionState,
  shouldTouch,
  type SessionPolicy,
} from './session-token';
import { RATE_LIMIT_ROW_TTL_MS } from './rate-limit-window';
import { parseRole, type Role } from './roles';

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: Date;
}

export function sessionPolicy(): SessionPolicy {
  return {
    idleTimeoutMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteTimeoutMs: env.SESSION_ABSOLUTE_MINUTES * 60_000,
  };
}

async function secureCookies(): Promise<boolean> {
  const h = await headers();
  return useSecureCookies(env.SECURE_COOKIES, h.get('x-forwarded-proto') ?? 'http');
}

export async function clientIp(): Promise<string> {
  const h = await headers();
  // `npm start` puts the one address it can vouch for in X-Forwarded-For (the socket's
  // peer, or what the outermost of TRUSTED_PROXIES proxies saw: scripts/lib/client-address.mjs);
  // a client's own X-Forwarded-For never reaches here. Under `next dev` it is as sent.
  const forwarded = h.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || h.get('x-real-ip') || 'local';
}

export async function startSession(userId: string): Promise<void> {
  const now = new Date();
  const policy = sessionPolicy();
  const token = newSessionToken();
  const times = newSessionTimes(now, policy);
  const h = await headers();
  const jar = await cookies();
  // The session this browser came with (signed in already, or a planted cookie) ends here:
  // its token must not outlive the sign-in that replaced it.
  const previous = jar.get(SESSION_COOKIE)?.value;
  if (isWellFormedToken(previous)) await db.session.deleteMany({ where: { tokenHash: hashSessionToken(previous) } });
  await sweepStaleRows(now, policy);
  await db.session.create({
    data: {
      tokenHash: hashSessionToken(token),
      userId,
      ...times,
      ip: await clientIp(),
      userAgent: h.get('user-agent')?.slice(0, 256) ?? null,
    },
  });
  jar.set(SESSION_COOKIE, token, sessionCookieOptions(cookieExpiry(times), await secureCookies()));
}

/**
 * Nothing else deletes what has run out: a session is deleted when its own browser comes
 * back after it expired, and a rate-limit row when its key succeeds. Each sign-in sweeps
 * the rest — sessions past their absolute or idle timeout, and rate-limit windows older
 * than RATE_LIMIT_ROW_TTL_MS, longer than any rule's — so neither table only grows.
 */
async function sweepStaleRows(now: Date, policy: SessionPolicy): Promise<void> {
  await db.session.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: new Date(now.getTime() - policy.idleTimeoutMs) } }] } });
  await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS) } } });
}

export async function endSession(): Promise<void> {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (isWellFormedToken(token)) {
    await db.session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
  }
  jar.delete(SESSION_COOKIE);
}

/** Ends every session of `userId` but the one this request came with (after a password change); returns how many ended. */
export async function endOtherSessions(userId: string): Promise<number> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const keep = isWellFormedToken(token) ? hashSessionToken(token) : undefined;
  const ended = await db.session.deleteMany({ where: { userId, ...(keep !== undefined ? { NOT: { tokenHash: keep } } : {}) } });
  return ended.count;
}

/** The signed-in user, or null. Expired sessions are deleted on sight. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (!isWellFormedToken(token)) return null;
  const tokenHash = hashSessionToken(token);
  const session = await db.session.findUnique({ where: { tokenHash }, include: { user: true } });
  if (!session) return null;
  const now = new Date();
  if (sessionState(session, now, sessionPolicy()) !== 'valid') {
    await db.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (shouldTouch(session.lastSeenAt, now)) {
    // Sliding idle timeout. Cookies cannot be set while rendering a server component, so
    // the cookie lasts to the absolute deadline and the database row enforces idleness.
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  const { user } = session;
  return { id: user.id, email: user.email, name: user.name, role: parseRole(user.role), createdAt: user.createdAt };
});
