'use server';
// An admin changes a user's role, or makes a one-time password-reset link for them.
// Checked here, on the server, whatever the page showed.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { db } from '@/app/_lib/db';
import { checkRole } from '@/app/_lib/auth/guards';
import { canChangeRole, roleSchema } from '@/app/_lib/auth/roles';
import { createResetLink } from '@/app/_lib/auth/password-reset';
import { resetLinkPath } from '@/app/_lib/auth/password-reset-link';
import { isLocale } from '@/app/_lib/i18n/routing';

export interface RoleFormState {
  saved?: boolean;
  error?: 'adminOnly' | 'cannotDemoteSelf' | 'userGone';
}

const input = z.object({ userId: z.string().min(1).max(64), role: roleSchema });

export async function changeRole(_prev: RoleFormState, formData: FormData): Promise<RoleFormState> {
  const gate = await checkRole('admin');
  if (!gate.ok) return { error: 'adminOnly' };
  const parsed = input.safeParse({ userId: formData.get('userId'), role: formData.get('role') });
  if (!parsed.success) return { error: 'adminOnly' };
  const verdict = canChangeRole(gate.user, { id: parsed.data.userId }, parsed.data.role);
  if (!verdict.ok) return { error: verdict.reason };
  // a stale form (the account was deleted since the page was drawn) is told so, not a 500
  const { count } = await db.user.updateMany({ where: { id: parsed.data.userId }, data: { role: parsed.data.role } });
  revalidatePath('/[locale]/instructor/users', 'page');
  return count === 0 ? { error: 'userGone' } : { saved: true };
}

export interface ResetLinkFormState {
  /** the link's path (the page adds its origin) and when it stops working, ISO */
  link?: { path: string; expiresAt: string };
  error?: 'adminOnly' | 'ownAccount' | 'userGone';
}

const resetInput = z.object({ userId: z.string().min(1).max(64), locale: z.string().refine(isLocale) });

/**
 * The link is in the account's own language when it has chosen one, else in the
 * administrator's. It is returned once and never stored: the database keeps its hash.
 * No revalidatePath: nothing the page shows has changed.
 */
export async function createResetLinkAction(_prev: ResetLinkFormState, formData: FormData): Promise<ResetLinkFormState> {
  const gate = await checkRole('admin');
  if (!gate.ok) return { error: 'adminOnly' };
  const parsed = resetInput.safeParse({ userId: formData.get('userId'), locale: formData.get('locale') });
  if (!parsed.success) return { error: 'userGone' };
  const made = await createResetLink(gate.user, parsed.data.userId);
  if (!made.ok) return { error: made.reason };
  const locale = made.locale !== null && isLocale(made.locale) ? made.locale : parsed.data.locale;
  return { link: { path: resetLinkPath(locale, made.token), expiresAt: made.expiresAt.toISOString() } };
}
