// One-time password-reset links, the I/O half (password-reset-link.ts has the rules). An
// administrator makes a link on Users and roles; the learner opens it, signed out, and sets
// a new password, which ends every session of the account as `npm run user:password`
// does. A link that is unknown, expired or used is refused with one answer, never saying
// which, and a token that matches no link counts against the address as a wrong password at sign-in does.
import 'server-only';
import { db } from '../db';
import { hashPassword } from './password';
import {
  hashResetToken,
  isWellFormedResetToken,
  newResetToken,
  passwordResetSchema,
  resetLinkExpiry,
  resetLinkState,
  type PasswordResetField,
} from './password-reset-link';
import { checkRateLimit, consumeRateLimit, RATE_LIMITS } from './rate-limit';
import { accountLockoutsWhere } from './rate-limit-window';
import { hasRole } from './roles';
import { inResetLinkTurn } from './turns';

export type ResetLinkCreated =
  | { ok: true; token: string; expiresAt: Date; email: string; locale: string | null }
  | { ok: false; reason: 'adminOnly' | 'ownAccount' | 'userGone' };

/**
 * An administrator makes a link for another account. Only the newest link of an account
 * works: the older ones, used or not, are deleted with it (one handed to the wrong person
 * or lost stops working), and so is every expired link of any account, so the table does
 * not only grow. Not for one's own account: an administrator who is signed in changes
 * their password on the account page, knowing the current one.
 */
export async function createResetLink(actor: { id: string; role: string }, userId: string, now = new Date()): Promise<ResetLinkCreated> {
  if (!hasRole(actor, 'admin')) return { ok: false, reason: 'adminOnly' };
  if (actor.id === userId) return { ok: false, reason: 'ownAccount' };
  const token = newResetToken();
  const expiresAt = resetLinkExpiry(now);
  return db.$transaction(async (tx): Promise<ResetLinkCreated> => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, locale: true } });
    if (!user) return { ok: false, reason: 'userGone' };
    await tx.passwordReset.deleteMany({ where: { OR: [{ userId }, { expiresAt: { lte: now } }] } });
    await tx.passwordReset.create({ data: { tokenHash: hashResetToken(token), userId, createdById: actor.id, createdAt: now, expiresAt } });
    return { ok: true, token, expiresAt, email: user.email, locale: user.locale };
  });
}

type Refused = { ok: false; reason: 'invalid' } | { ok: false; reason: 'rateLimited'; retryAfterMs: number };
export type ResetLinkFound = { ok: true; userId: string; email: string } | Refused;

const failuresKey = (ip: string) => `reset:ip:${ip}`;

/**
 * The account a link resets, if the link can still be used. Checked before the lookup and
 * counted after a token that matches no link, in the address's turn, as sign-in checks a password (turns.ts).
 */
export async function findResetLink(token: string, ip: string, now = new Date()): Promise<ResetLinkFound> {
  const key = failuresKey(ip);
  const rule = RATE_LIMITS.resetLinkFailuresPerIp;
  return inResetLinkTurn(ip, async (): Promise<ResetLinkFound> => {
    const allowed = await checkRateLimit(key, rule, now);
    if (!allowed.allowed) return { ok: false, reason: 'rateLimited', retryAfterMs: allowed.retryAfterMs };
    const link = isWellFormedResetToken(token)
      ? await db.passwordReset.findUnique({ where: { tokenHash: hashResetToken(token) }, select: { expiresAt: true, usedAt: true, user: { select: { id: true, email: true } } } })
      : null;
    // only a token that matches no link counts: a used or expired one was real (a learner
    // reopening an old link), and a classroom behind one address must not lock itself out
    if (link === null) await consumeRateLimit(key, rule, now);
    if (link === null || resetLinkState(link, now) !== 'usable') return { ok: false, reason: 'invalid' };
    return { ok: true, userId: link.user.id, email: link.user.email };
  });
}

export type PasswordResetResult =
  | { ok: true; email: string; endedSessions: number }
  /** i18n keys per field (`auth.errors` or `account.password.errors`) */
  | { ok: false; fieldErrors: Partial<Record<PasswordResetField, string[]>> }
  | Refused;

/**
 * Sets the password a link was made for. The link is claimed, the password stored and the
 * account's sessions ended in one transaction, the claim only if the link is still unused
 * and unexpired: of two submits at once (a double click, two tabs) one sets the password
 * and the other is told the link does not work. The account's sign-in lockouts are
 * forgotten, as `npm run user:password` forgets them.
 */
export async function resetPassword(token: string, raw: Record<PasswordResetField, string>, ip: string, now = new Date()): Promise<PasswordResetResult> {
  const found = await findResetLink(token, ip, now);
  if (!found.ok) return found;
  const parsed = passwordResetSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<PasswordResetField, string[]>> = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path[0] as PasswordResetField] ??= []).push(issue.message);
    return { ok: false, fieldErrors };
  }
  // argon2 takes tens of milliseconds: hashed before the transaction, which holds SQLite's write lock
  const passwordHash = await hashPassword(parsed.data.newPassword);
  const { userId, email } = found;
  return db.$transaction(async (tx): Promise<PasswordResetResult> => {
    const claimed = await tx.passwordReset.updateMany({ where: { tokenHash: hashResetToken(token), userId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count === 0) return { ok: false, reason: 'invalid' };
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const ended = await tx.session.deleteMany({ where: { userId } });
    await tx.rateLimit.deleteMany({ where: accountLockoutsWhere(email, userId) });
    return { ok: true, email, endedSessions: ended.count };
  });
}
