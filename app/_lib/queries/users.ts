// Reads about users for the instructor area (and the attempt replay an instructor opens).
// Callers check the role or the access rule first.
import 'server-only';
import { db } from '../db';
import { countUsersByRole as countByRole, userPage } from '../instructor/users';

/** Accounts per role, for the overview. */
export function countUsersByRole() {
  return countByRole(db);
}

/** One page of every account, newest first, optionally only those whose email or name contains `search`. */
export function getUserPage(page: number, search: string | undefined) {
  return userPage(db, { page, search });
}

/** Who a user is, for naming them on a page: id, name and email. */
export async function findUserIdentity(id: string): Promise<{ id: string; name: string | null; email: string } | undefined> {
  return (await db.user.findUnique({ where: { id }, select: { id: true, name: true, email: true } })) ?? undefined;
}
