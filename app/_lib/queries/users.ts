// Reads about users for the instructor area (and the attempt replay an instructor opens).
// Callers check the role or the access rule first.
import 'server-only';
import { db } from '../db';
import { parseRole, type Role } from '../auth/roles';
import { userPage } from '../instructor/users';

export async function countUsersByRole(): Promise<Record<Role, number>> {
  const groups = await db.user.groupBy({ by: ['role'], _count: { _all: true } });
  const counts: Record<Role, number> = { learner: 0, instructor: 0, admin: 0 };
  for (const g of groups) counts[parseRole(g.role)] += g._count._all;
  return counts;
}

/** One page of every account, newest first, optionally only those whose email or name contains `search`. */
export function getUserPage(page: number, search: string | undefined) {
  return userPage(db, { page, search });
}

/** Who a user is, for naming them on a page: id, name and email. */
export async function findUserIdentity(id: string): Promise<{ id: string; name: string | null; email: string } | undefined> {
  return (await db.user.findUnique({ where: { id }, select: { id: true, name: true, email: true } })) ?? undefined;
}
