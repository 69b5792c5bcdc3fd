// changeRole against a throw-away migrated database: a role saved, and a stale form (the
// account deleted since the page was drawn) answered with userGone rather than a 500. And
// createResetLinkAction: a link in the account's language, refused to whoever is not an admin.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '@/scripts/db/migrated-database';
import type { Database } from '@/app/_lib/db';

const state = vi.hoisted(() => ({ db: undefined as unknown, admin: { id: 'admin-id', role: 'admin' }, gateOk: true }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/app/_lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/app/_lib/db')>()),
  get db() {
    return state.db;
  },
}));
vi.mock('server-only', () => ({}));
vi.mock('@/app/_lib/auth/guards', () => ({ checkRole: async () => (state.gateOk ? { ok: true, user: state.admin } : { ok: false, reason: 'forbidden' }) }));

let mdb: MigratedDatabase;
let db: Database;
let changeRole: typeof import('./actions').changeRole;
let createResetLinkAction: typeof import('./actions').createResetLinkAction;

beforeAll(async () => {
  mdb = await migratedDatabase();
  db = mdb.client;
  state.db = db;
  ({ changeRole, createResetLinkAction } = await import('./actions'));
  // the reset link records who made it: the admin is a real account
  state.admin.id = (await db.user.create({ data: { email: 'admin@example.com', passwordHash: 'x', role: 'admin' } })).id;
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

const resetForm = (userId: string, locale: string) => {
  const f = new FormData();
  f.set('userId', userId);
  f.set('locale', locale);
  return f;
};

describe('createResetLinkAction', () => {
  it('returns the link once, in the account’s own language or else the admin’s, and its expiry', async () => {
    const ko = await db.user.create({ data: { email: 'ko@example.com', passwordHash: 'x', locale: 'ko' } });
    const plain = await db.user.create({ data: { email: 'plain@example.com', passwordHash: 'x' } });
    const forKo = await createResetLinkAction({}, resetForm(ko.id, 'en'));
    expect(forKo).toEqual({ link: { path: expect.stringMatching(/^\/ko\/reset-password\/[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) } });
    expect(new Date(forKo.link!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await createResetLinkAction({}, resetForm(plain.id, 'en'))).link?.path).toMatch(/^\/en\/reset-password\//);
    expect(await createResetLinkAction({}, resetForm(plain.id, 'fr'))).toEqual({ error: 'userGone' });
    expect(await createResetLinkAction({}, resetForm(state.admin.id, 'en'))).toEqual({ error: 'ownAccount' });
  });

  it('is refused to whoever the gate refuses, making no link', async () => {
    const lou = await db.user.create({ data: { email: 'lou@example.com', passwordHash: 'x' } });
    state.gateOk = false;
    try {
      expect(await createResetLinkAction({}, resetForm(lou.id, 'en'))).toEqual({ error: 'adminOnly' });
    } finally {
      state.gateOk = true;
    }
    expect(await db.passwordReset.count({ where: { userId: lou.id } })).toBe(0);
  });
});
