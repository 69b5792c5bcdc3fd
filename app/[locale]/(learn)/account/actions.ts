'use server';
// The account page's password change: safeParses the form, returns i18n keys for the
// form to show, never the passwords.
import { getCurrentUser } from '@/app/_lib/auth/session';
import { changePassword, type PasswordChangeField } from '@/app/_lib/auth/password-change';

export interface PasswordFormState {
  fieldErrors?: Partial<Record<PasswordChangeField, string[]>>;
  /** an i18n key under account.password.errors */
  message?: 'signedOut' | 'rateLimited' | 'invalidForm';
  minutes?: number;
  /** the password changed; how many other sessions were signed out */
  changed?: { endedSessions: number };
}

export async function changePasswordAction(_prev: PasswordFormState, formData: FormData): Promise<PasswordFormState> {
  const user = await getCurrentUser();
  if (!user) return { message: 'signedOut' };
  const field = (name: PasswordChangeField) => String(formData.get(name) ?? '');
  const result = await changePassword(user.id, { currentPassword: field('currentPassword'), newPassword: field('newPassword'), confirmPassword: field('confirmPassword') });
  if (result.ok) return { changed: { endedSessions: result.endedSessions } };
  if ('rateLimitedMs' in result) return { message: 'rateLimited', minutes: Math.max(1, Math.ceil(result.rateLimitedMs / 60_000)) };
  return { fieldErrors: result.fieldErrors, message: 'invalidForm' };
}
