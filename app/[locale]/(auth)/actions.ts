'use server';
// Sign up, sign in, sign out, and a new password through a reset link. Each action safeParses its form with zod and returns
// `{ fieldErrors, message }` for the form to show; it throws only on bugs.
import { redirect } from 'next/navigation';
import { db } from '@/app/_lib/db';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@/app/_lib/auth/password';
import { fieldErrorsOf, signInSchema, signUpSchema, type FieldErrors } from '@/app/_lib/auth/credentials';
import { clientIp, endSession, startSession } from '@/app/_lib/auth/session';
import { consumeRateLimit, countSignInFailure, forgetSignInFailures, RATE_LIMITS, signInAllowed } from '@/app/_lib/auth/rate-limit';
import { inSignInTurn } from '@/app/_lib/auth/turns';
import { isLocale } from '@/app/_lib/i18n/routing';
import { safeNextPath } from '@/app/_lib/auth/next-path';
import { resetPassword } from '@/app/_lib/auth/password-reset';
import type { PasswordResetField } from '@/app/_lib/auth/password-reset-link';

export interface AuthFormState {
  fieldErrors?: FieldErrors;
  /** an i18n key under auth.errors */
  message?: string;
  /** values for `message`, e.g. { minutes: 5 } */
  values?: Record<string, number>;
  /** what the learner typed, so a failed submit loses nothing (never the password) */
  email?: string;
  name?: string;
}

function localeOf(formData: FormData): 'ko' | 'en' {
  const raw = String(formData.get('locale') ?? '');
  return isLocale(raw) ? raw : 'en';
}

function rateLimited(retryAfterMs: number, email?: string): AuthFormState {
  return { message: 'rateLimited', values: { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) }, email };
}

export async function signUp(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const locale = localeOf(formData);
  const raw = {
    email: String(formData.get('email') ?? ''),
    password: String(formData.get('password') ?? ''),
    name: String(formData.get('name') ?? ''),
  };
  const parsed = signUpSchema.safeParse(raw);
  if (!parsed.success) {
    return { fieldErrors: fieldErrorsOf(parsed.error), message: 'invalidForm', email: raw.email, name: raw.name };
  }
  const ip = await clientIp();
  const limit = await consumeRateLimit(`signup:ip:${ip}`, RATE_LIMITS.signUpPerIp);
  if (!limit.allowed) return rateLimited(limit.retryAfterMs, raw.email);

  const { email, password, name } = parsed.data;
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    return { fieldErrors: { email: ['emailTaken'] }, message: 'invalidForm', email: raw.email, name: raw.name };
  }
  const passwordHash = await hashPassword(password);
  let userId: string;
  try {
    const user = await db.user.create({ data: { email, passwordHash, name: name ?? null, locale } });
    userId = user.id;
  } catch (error) {
    // Two submits racing on one email: the unique index decides, the loser is told.
    if (isUniqueViolation(error)) {
      return { fieldErrors: { email: ['emailTaken'] }, message: 'invalidForm', email: raw.email, name: raw.name };
    }
    throw error;
  }
  await startSession(userId);
  redirect(`/${locale}/courses`);
}

export async function signIn(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const locale = localeOf(formData);
  const rawEmail = String(formData.get('email') ?? '');
  const parsed = signInSchema.safeParse({ email: rawEmail, password: String(formData.get('password') ?? '') });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    // A malformed email is worth pointing at; anything else is just "wrong".
    if (fieldErrors.email) return { fieldErrors: { email: fieldErrors.email }, message: 'invalidForm', email: rawEmail };
    return { message: 'wrongCredentials', email: rawEmail };
  }
  const { email, password } = parsed.data;
  const ip = await clientIp();
  // the account's checks take turns, so a failure is counted before the next is let in (turns.ts)
  const checked = await inSignInTurn(email, ip, async (): Promise<AuthFormState | { userId: string }> => {
    // only failures count (rate-limit-window.ts RATE_LIMITS): a class behind one address signs in freely
    const allowed = await signInAllowed(email, ip);
    if (!allowed.allowed) return rateLimited(allowed.retryAfterMs, rawEmail);
    const user = await db.user.findUnique({ where: { email } });
    // Verify against a dummy hash for unknown emails so both paths take the same time.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await countSignInFailure(email, ip);
      return { message: 'wrongCredentials', email: rawEmail };
    }
    await forgetSignInFailures(email, ip);
    return { userId: user.id };
  });
  if (!('userId' in checked)) return checked;
  await startSession(checked.userId);
  redirect(safeNextPath(String(formData.get('next') ?? ''), `/${locale}/courses`));
}

export async function signOut(formData: FormData): Promise<void> {
  await endSession();
  redirect(`/${localeOf(formData)}`);
}

export interface ResetFormState {
  /** i18n keys per field (auth.errors or account.password.errors) */
  fieldErrors?: Partial<Record<PasswordResetField, string[]>>;
  /** `invalid` and `rateLimited` are keys under resetPassword; `invalidForm` under auth.errors */
  message?: 'invalid' | 'rateLimited' | 'invalidForm';
  minutes?: number;
}

/**
 * The learner sets a new password through an administrator's link. On success every
 * session of the account has ended and the learner signs in with the new password (the
 * sign-in page says it is set): typing it once more right away helps remember it, and lets
 * the browser offer to save it with the email.
 */
export async function resetPasswordAction(_prev: ResetFormState, formData: FormData): Promise<ResetFormState> {
  const locale = localeOf(formData);
  const field = (name: string) => String(formData.get(name) ?? '');
  const result = await resetPassword(field('token'), { newPassword: field('newPassword'), confirmPassword: field('confirmPassword') }, await clientIp());
  if (result.ok) redirect(`/${locale}/sign-in?reset=done`);
  if ('fieldErrors' in result) return { fieldErrors: result.fieldErrors, message: 'invalidForm' };
  if (result.reason === 'rateLimited') return { message: 'rateLimited', minutes: Math.max(1, Math.ceil(result.retryAfterMs / 60_000)) };
  return { message: 'invalid' };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'P2002';
}
