// Guards for pages and server actions. Pages redirect or show "forbidden"; actions get a
// value back. The instructor area is protected here, where the data is read — not only
// by hiding links.
import 'server-only';
import { redirect } from 'next/navigation';
import { getCurrentUser, type CurrentUser } from './session';
import { signInPath } from './next-path';
import { hasRole, type Role } from './roles';

export async function requireUser(locale: string, returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(signInPath(locale, returnTo));
  return user;
}

export type RoleCheck = { ok: true; user: CurrentUser } | { ok: false; reason: 'signed-out' | 'forbidden' };

export async function checkRole(role: Role): Promise<RoleCheck> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, reason: 'signed-out' };
  if (!hasRole(user, role)) return { ok: false, reason: 'forbidden' };
  return { ok: true, user };
}
