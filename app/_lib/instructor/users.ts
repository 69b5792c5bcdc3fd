// The users page (admins change roles there): every account, newest first — a new
// account waiting for its role is at the top — a page at a time, optionally only those
// whose email or name contains a search term. The database counts and pages (COUNT and
// LIMIT/OFFSET over the User table), so a page costs the same with fifty accounts or fifty
// thousand; only the page's rows are read. The select names its columns: no password hash
// leaves this module.
import type { Database } from '../db';
import { parseRole, type Role } from '../auth/roles';
import { pageSlice } from './paging';
import { userMatches } from './search';

export const USERS_PER_PAGE = 50;

export interface UserLine {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: Date;
}

export interface UserPage {
  users: UserLine[];
  /** every account */
  total: number;
  /** the accounts the search matches (`total` without a search) */
  matching: number;
  /** 1-based, clamped to the pages there are */
  page: number;
  pages: number;
  search: string | undefined;
}

/** Accounts per role, for the overview (an unknown stored role counts as a learner, as parseRole reads it). */
export async function countUsersByRole(client: Database): Promise<Record<Role, number>> {
  const groups = await client.user.groupBy({ by: ['role'], _count: { _all: true } });
  const counts: Record<Role, number> = { learner: 0, instructor: 0, admin: 0 };
  for (const g of groups) counts[parseRole(g.role)] += g._count._all;
  return counts;
}

export async function userPage(client: Database, { page, search, perPage = USERS_PER_PAGE }: { page: number; search?: string; perPage?: number }): Promise<UserPage> {
  const [total, matched] = await Promise.all([
    client.user.count(),
    search === undefined ? undefined : client.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS n FROM "User" u WHERE ${userMatches(search)}`,
  ]);
  const matching = matched === undefined ? total : Number(matched[0]?.n ?? 0);
  const slice = pageSlice(matching, perPage, page);
  const ids = (
    await client.$queryRaw<{ id: string }[]>`
      SELECT u."id" FROM "User" u
      WHERE ${userMatches(search)}
      ORDER BY u."createdAt" DESC, u."id" DESC
      LIMIT ${perPage} OFFSET ${slice.skip}`
  ).map((r) => r.id);
  const rows = ids.length === 0 ? [] : await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, name: true, role: true, createdAt: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const users = ids.flatMap((id) => {
    const u = byId.get(id);
    return u ? [{ ...u, role: parseRole(u.role) }] : [];
  });
  return { users, total, matching, page: slice.page, pages: slice.pages, search };
}
