// Reads about users for the instructor area. Callers check the role first.
import 'server-only';
import { db } from '../db';
import { parseRole, type Role } from '../auth/roles';

export async function countUsersByRole(): Promise<Record<Role, number>> {
  const groups = await db.user.groupBy({ by: ['role'], _count: { _all: true } });
  const counts: Record<Role, number> = { learner: 0, instructor: 0, admin: 0 };
  for (const g of groups) counts[parseRole(g.role)] += g._count._all;
  return counts;
}

export async function listUsers(limit = 500) {
  const users = await db.user.findMany({
    orderBy: { createdAt: 'asc' },
    take: limit,
    select: { id: true, email: true, role: true, createdAt: true },
  });
  return users.map((u) => ({ ...u, role: parseRole(u.role) }));
}
