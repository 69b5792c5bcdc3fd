'use server';
// An admin changes a user's role. Checked here, on the server, whatever the page showed.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { db } from '@/app/_lib/db';
import { checkRole } from '@/app/_lib/auth/guards';
import { canChangeRole, roleSchema } from '@/app/_lib/auth/roles';

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
