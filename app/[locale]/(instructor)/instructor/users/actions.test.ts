// changeRole against a throw-away migrated database: a role saved, and a stale form (the
// account deleted since the page was drawn) answered with userGone rather than a 500.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '@/scripts/db/migrated-database';
import type { Database } from '@/app/_lib/db';

const state = vi.hoisted(() => ({ db: undefined as unknown, admin: { id: 'admin-id', role: 'admin' } }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/app/_lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/app/_lib/db')>()),
  get db() {
    return state.db;
  },
}));
vi.mock('@/app/_lib/auth/guards', () => ({ checkRole: async () => ({ ok: true, user: state.admin }) }));

let mdb: MigratedDatabase;
let db: Database;
let changeRole: typeof import('./actions').changeRole;

beforeAll(async () => {
  mdb = await migratedDatabase();
  db = mdb.client;
  state.db = db;
  ({ changeRole } = await import('./actions'));
});
afterAll(() => mdb.close());

const form = (userId: string, role: string) => {
  const f = new FormData();
  f.set('userId', userId);
  f.set('role', role);
  return f;
};

describe('changeRole', () => {
  it('saves a role, and says the account is gone when the form names one that no longer exists', async () => {
    const ada = await db.user.create({ data: { email: 'ada@example.com', passwordHash: 'x' } });
    expect(await changeRole({}, form(ada.id, 'instructor'))).toEqual({ saved: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: ada.id } })).role).toBe('instructor');
    await db.user.delete({ where: { id: ada.id } });
    expect(await changeRole({}, form(ada.id, 'learner'))).toEqual({ error: 'userGone' });
  });
});
