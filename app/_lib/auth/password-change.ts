// A signed-in user changes their password: the current one is checked (failures counted
// per account, as sign-in counts them), the new one meets the sign-up policy and is typed
// twice, and every other session of the account ends — whoever signed in with the old
// password elsewhere is signed out; this browser stays signed in.
import 'server-only';
import { z } from 'zod';
import { db } from '../db';
import { hashPassword, passwordSchema, verifyPassword } from './password';
import { checkRateLimit, consumeRateLimit, RATE_LIMITS } from './rate-limit';
import { endOtherSessions } from './session';
import { inAccountTurn } from './turns';

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'currentPasswordMissing' }).max(1024, { message: 'wrongCurrentPassword' }),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { message: 'passwordsDiffer', path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: 'samePassword', path: ['newPassword'] });

export type PasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  /** `fieldErrors`: i18n keys per field (`auth.errors` or `account.password.errors`) */
  | { ok: false; fieldErrors: Partial<Record<PasswordChangeField, string[]>> }
  | { ok: false; rateLimitedMs: number };

export async function changePassword(userId: string, raw: Record<PasswordChangeField, string>, now = new Date()): Promise<PasswordChangeResult> {
  const parsed = passwordChangeSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<PasswordChangeField, string[]>> = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path[0] as PasswordChangeField] ??= []).push(issue.message);
    return { ok: false, fieldErrors };
  }
  const { currentPassword, newPassword } = parsed.data;
  const key = `password:account:${userId}`;
  // the account's checks take turns, so a failure is counted before the next is let in (turns.ts)
  return inAccountTurn(userId, async (): Promise<PasswordChangeResult> => {
    const allowed = await checkRateLimit(key, RATE_LIMITS.passwordChangeFailuresPerAccount, now);
    if (!allowed.allowed) return { ok: false, rateLimitedMs: allowed.retryAfterMs };
    const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
      await consumeRateLimit(key, RATE_LIMITS.passwordChangeFailuresPerAccount, now);
      return { ok: false, fieldErrors: { currentPassword: ['wrongCurrentPassword'] } };
    }
    await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(newPassword) } });
    return { ok: true, endedSessions: await endOtherSessions(userId) };
  });
}
