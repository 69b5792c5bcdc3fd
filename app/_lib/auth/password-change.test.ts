import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import { hashPassword, verifyPassword } from './password';
import { hashSessionToken, SESSION_COOKIE } from './session-token';
import { RATE_LIMITS } from './rate-limit-window';

// password-change.ts reads this request's session cookie (to keep it) and writes through the
// app's Prisma client: here a cookie jar in a Map and a throw-away migrated database.
const request = vi.hoisted(() => ({ db: undefined as unknown, cookies: new Map<string, string>() }));
vi.mock('server-only', () => ({}));
vi.mock('../db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../db')>()),
  get db() {
    return request.db;
  },
}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

let mdb: MigratedDatabase;
let changePassword: typeof import('./password-change').changePassword;
beforeAll(async () => {
  mdb = await migratedDatabase();
  request.db = mdb.client;
  ({ changePassword } = await import('./password-change'));
});
afterAll(() => mdb.close());

const OLD = 'the old passphrase';
const NEW = 'a brand new passphrase';
let thisBrowser = '';

/** A learner signed in three times: this browser (its cookie is the request's) and two others. */
async function learnerWithSessions(email: string) {
  const user = await mdb.client.user.create({ data: { email, passwordHash: await hashPassword(OLD) } });
  const later = new Date(Date.now() + 3_600_000);
  const [a, b, c] = [1, 2, 3].map((n) => `${email[0]}${n}`.repeat(22).slice(0, 43));
  thisBrowser = a!;
  for (const token of [a!, b!, c!]) {
    await mdb.client.session.create({ data: { tokenHash: hashSessionToken(token), userId: user.id, expiresAt: later } });
  }
  request.cookies.set(SESSION_COOKIE, thisBrowser);
  return user;
}

describe('changing a password', () => {
  it('checks the current one, stores the new one and signs out every other session, keeping this one', async () => {
    const ada = await learnerWithSessions('ada@example.com');
    expect(await changePassword(ada.id, { currentPassword: OLD, newPassword: NEW, confirmPassword: NEW })).toEqual({ ok: true, endedSessions: 2 });
    const after = await mdb.client.user.findUniqueOrThrow({ where: { id: ada.id } });
    expect(await verifyPassword(after.passwordHash, NEW)).toBe(true);
    expect((await mdb.client.session.findMany({ where: { userId: ada.id } })).map((s) => s.tokenHash)).toEqual([hashSessionToken(thisBrowser)]);
  });

  it('refuses a wrong current password, a mismatch, a short or unchanged new one, changing nothing', async () => {
    const bob = await learnerWithSessions('bob@example.com');
    expect(await changePassword(bob.id, { currentPassword: 'not it', newPassword: NEW, confirmPassword: NEW })).toEqual({ ok: false, fieldErrors: { currentPassword: ['wrongCurrentPassword'] } });
    expect(await changePassword(bob.id, { currentPassword: OLD, newPassword: NEW, confirmPassword: `${NEW}!` })).toEqual({ ok: false, fieldErrors: { confirmPassword: ['passwordsDiffer'] } });
    expect(await changePassword(bob.id, { currentPassword: OLD, newPassword: 'short', confirmPassword: 'short' })).toEqual({ ok: false, fieldErrors: { newPassword: ['passwordTooShort'] } });
    expect(await changePassword(bob.id, { currentPassword: OLD, newPassword: OLD, confirmPassword: OLD })).toEqual({ ok: false, fieldErrors: { newPassword: ['samePassword'] } });
    expect(await changePassword(bob.id, { currentPassword: '', newPassword: NEW, confirmPassword: NEW })).toEqual({ ok: false, fieldErrors: { currentPassword: ['currentPasswordMissing'] } });
    const after = await mdb.client.user.findUniqueOrThrow({ where: { id: bob.id } });
    expect(await verifyPassword(after.passwordHash, OLD)).toBe(true);
    expect(await mdb.client.session.count({ where: { userId: bob.id } })).toBe(3);
  });

  it('stops guessing the current password after the limit, even with the right one', async () => {
    const eve = await learnerWithSessions('eve@example.com');
    for (let i = 0; i < RATE_LIMITS.passwordChangeFailuresPerAccount.limit; i++) {
      expect(await changePassword(eve.id, { currentPassword: `guess ${i}`, newPassword: NEW, confirmPassword: NEW })).toMatchObject({ ok: false });
    }
    expect(await changePassword(eve.id, { currentPassword: OLD, newPassword: NEW, confirmPassword: NEW })).toEqual({ ok: false, rateLimitedMs: expect.any(Number) });
  });
});
