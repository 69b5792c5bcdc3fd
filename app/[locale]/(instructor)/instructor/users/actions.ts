'use server';
// An admin changes a user's role. Checked here, on the server, whatever the page showed.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { db } from '@/app/_lib/db';
import { checkRole } from '@/app/_lib/auth/guards';
import { canChangeRole, roleSchema } from '@/app/_lib/auth/roles';

export interface RoleFormState {
  saved?: boolean;
  error?: 'adminOnly' | 'cannotDemoteSelf';
}

const input = z.object({ userId: z.string().min(1).max(64), role: roleSchema });

export async function changeRole(_prev: RoleFormState, formData: FormData): Promise<RoleFormState> {
  const gate = await checkRole('admin');
  if (!gate.ok) return { error: 'adminOnly' };
  const parsed = input.safeParse({ userId: formData.get('userId'), role: formData.get('role') });
  if (!parsed.success) return { error: 'adminOnly' };
  const verdict = canChangeRole(gate.user, { id: parsed.data.userId }, parsed.data.role);
  if (!verdict.ok) return { error: verdict.reason };
  await db.user.update({ where: { id: parsed.data.userId }, data: { role: parsed.data.role } });
  revalidatePath('/[locale]/instructor/users', 'page');
  return { saved: true };
}
