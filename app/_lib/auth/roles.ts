// Roles, ordered: an instructor can do what a learner can, an admin what an instructor can.
import { z } from 'zod';

export const roles = ['learner', 'instructor', 'admin'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

const rank: Record<Role, number> = { learner: 0, instructor: 1, admin: 2 };

export function parseRole(value: string): Role {
  const parsed = roleSchema.safeParse(value);
  // An unknown role in the database gets the least privilege, never more.
  return parsed.success ? parsed.data : 'learner';
}

export function hasRole(user: { role: string } | null | undefined, needed: Role): boolean {
  if (!user) return false;
  return rank[parseRole(user.role)] >= rank[needed];
}

/** Can `actor` set `target`'s role to `next`? Only admins, and never on themselves
 * (an admin cannot lock the last admin out by demoting themselves by mistake). */
export function canChangeRole(
  actor: { id: string; role: string },
  target: { id: string },
  _next: Role,
): { ok: true } | { ok: false; reason: 'adminOnly' | 'cannotDemoteSelf' } {
  if (!hasRole(actor, 'admin')) return { ok: false, reason: 'adminOnly' };
  if (actor.id === target.id) return { ok: false, reason: 'cannotDemoteSelf' };
  return { ok: true };
}
