// One-time password-reset links, the pure half (password-reset.ts does the I/O). The site
// sends no email, so an administrator makes the link and hands it to the learner, who
// chooses the new password: the administrator never learns it. A link's token is made and
// stored as a session's is (session-token.ts): 256 random bits in the URL, only their
// SHA-256 in the database, so a leaked database holds no usable link (OWASP Forgot
// Password Cheat Sheet: single use, short expiry, stored hashed).
import { z } from 'zod';
import { passwordSchema } from './password';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './session-token';

/** How long a link works (it works once): long enough to pass it on by chat or paper, short enough not to lie around. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

export const newResetToken = newSessionToken;
export const hashResetToken = hashSessionToken;
export const isWellFormedResetToken = isWellFormedToken;

export function resetLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
}

/** The page the link opens, in the learner's language. */
export function resetLinkPath(locale: string, token: string): string {
  return `/${locale}/reset-password/${token}`;
}

export type ResetLinkState = 'usable' | 'used' | 'expired';

/** Used beats expired: either way the page says only that the link does not work. */
export function resetLinkState(link: { expiresAt: Date; usedAt: Date | null }, now: Date): ResetLinkState {
  if (link.usedAt !== null) return 'used';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  return 'usable';
}

/** The new password, typed twice: the account page's rules and messages (password-change.ts), without the current one the learner has forgotten. */
export const passwordResetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { message: 'passwordsDiffer', path: ['confirmPassword'] });

export type PasswordResetField = 'newPassword' | 'confirmPassword';
