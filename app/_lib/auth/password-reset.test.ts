// Reset links against a throw-away migrated database: made by an administrator only, the
// newest one per account the only one that works, refused alike when unknown, expired or
// used, and a use that sets the password, ends every session and cannot happen twice.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import { hashPassword, verifyPassword } from './password';
import { hashResetToken, newResetToken, RESET_LINK_LIFETIME_MS } from './password-reset-link';
import { RATE_LIMITS } from './rate-limit-window';
import { hashSessionToken } from './session-token';

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('server-only', () => ({}));
vi.mock('../db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../db')>()),
  get db() {
    return state.db;
  },
}));

let mdb: MigratedDatabase;
let reset: typeof import('./password-reset');
beforeAll(async () => {
  mdb = await migratedDatabase();
  state.db = mdb.client;
  reset = await import('./password-reset');
});
afterAll(() => mdb.close());

const OLD = 'the forgotten passphrase';
const NEW = 'a passphrase only I know';
const later = (ms: number) => new Date(Date.now() + ms);
let accounts = 0;
let addresses = 0;
/** each test its own address, so one test's refusals do not hold back the next */
const ip = () => `10.0.0.${++addresses}`;

async function account(role = 'learner', sessions = 0) {
  accounts += 1;
  const user = await mdb.client.user.create({ data: { email: `user${accounts}@example.com`, passwordHash: await hashPassword(OLD), role } });
  for (let n = 0; n < sessions; n++) {
    await mdb.client.session.create({ data: { tokenHash: hashSessionToken(newResetToken()), userId: user.id, expiresAt: later(3_600_000) } });
  }
  return user;
}

async function linkFor(userId: string, admin: { id: string; role: string }, now = new Date()) {
  const made = await reset.createResetLink(admin, userId, now);
  if (!made.ok) throw new Error(`no link: ${made.reason}`);
  return made;
}

describe('making a reset link', () => {
  it('stores only the hash of its token, with who made it and an expiry an hour away', async () => {
    const admin = await account('admin');
    const ada = await account();
    const now = new Date();
    const made = await linkFor(ada.id, admin, now);
    expect(made).toMatchObject({ email: ada.email, locale: null, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) });
    const rows = await mdb.client.passwordReset.findMany({ where: { userId: ada.id } });
    expect(rows).toEqual([expect.objectContaining({ tokenHash: hashResetToken(made.token), createdById: admin.id, usedAt: null })]);
    expect(JSON.stringify(rows)).not.toContain(made.token);
  });

  it('is for administrators only, and not for their own account or one that is gone', async () => {
    const admin = await account('admin');
    const instructor = await account('instructor');
    const bob = await account();
    expect(await reset.createResetLink(instructor, bob.id)).toEqual({ ok: false, reason: 'adminOnly' });
    expect(await reset.createResetLink(bob, instructor.id)).toEqual({ ok: false, reason: 'adminOnly' });
    expect(await reset.createResetLink(admin, admin.id)).toEqual({ ok: false, reason: 'ownAccount' });
    expect(await reset.createResetLink(admin, 'no-such-user')).toEqual({ ok: false, reason: 'userGone' });
    expect(await mdb.client.passwordReset.count({ where: { userId: { in: [bob.id, instructor.id, admin.id] } } })).toBe(0);
  });

  it('stops the account’s older link from working, not another account’s', async () => {
    const admin = await account('admin');
    const [cat, dan] = [await account(), await account()];
    const first = await linkFor(cat.id, admin);
    const others = await linkFor(dan.id, admin);
    const second = await linkFor(cat.id, admin);
    const from = ip();
    expect(await reset.findResetLink(first.token, from)).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink(second.token, from)).toEqual({ ok: true, userId: cat.id, email: cat.email });
    expect(await reset.findResetLink(others.token, from)).toEqual({ ok: true, userId: dan.id, email: dan.email });
  });

  it('sweeps every account’s expired links', async () => {
    const admin = await account('admin');
    const [eve, fay] = [await account(), await account()];
    const longAgo = new Date(Date.now() - 2 * RESET_LINK_LIFETIME_MS);
    await linkFor(eve.id, admin, longAgo);
    await linkFor(fay.id, admin);
    expect(await mdb.client.passwordReset.count({ where: { userId: eve.id } })).toBe(0);
  });
});

describe('opening a reset link', () => {
  it('gives one answer for an unknown, malformed, expired or used link', async () => {
    const admin = await account('admin');
    const gus = await account();
    const made = await linkFor(gus.id, admin);
    const from = ip();
    expect(await reset.findResetLink(newResetToken(), from)).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink('not a token', from)).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink(made.token, from, new Date(made.expiresAt.getTime()))).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink(made.token, from, new Date(made.expiresAt.getTime() - 1))).toMatchObject({ ok: true });
    await mdb.client.passwordReset.updateMany({ where: { userId: gus.id }, data: { usedAt: new Date() } });
    expect(await reset.findResetLink(made.token, from)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('holds back an address after too many refused links, even with a good one; other addresses go on', async () => {
    const admin = await account('admin');
    const hal = await account();
    const made = await linkFor(hal.id, admin);
    const from = ip();
    for (let i = 0; i < RATE_LIMITS.resetLinkFailuresPerIp.limit; i++) expect(await reset.findResetLink(newResetToken(), from)).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink(made.token, from)).toEqual({ ok: false, reason: 'rateLimited', retryAfterMs: expect.any(Number) });
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: NEW }, from)).toMatchObject({ ok: false, reason: 'rateLimited' });
    expect(await reset.findResetLink(made.token, ip())).toMatchObject({ ok: true });
  });

  it('does not count a used or expired link against the address: it was a real one, reopened', async () => {
    const admin = await account('admin');
    const ivy = await account();
    const old = await linkFor(ivy.id, admin);
    const from = ip();
    for (let i = 0; i < RATE_LIMITS.resetLinkFailuresPerIp.limit + 2; i++) expect(await reset.findResetLink(old.token, from, new Date(old.expiresAt.getTime() + 1))).toEqual({ ok: false, reason: 'invalid' });
    expect(await reset.findResetLink(old.token, from)).toMatchObject({ ok: true });
  });
});

describe('using a reset link', () => {
  it('sets the password, ends every session, forgets the sign-in lockouts and marks the link used', async () => {
    const admin = await account('admin');
    const ivy = await account('learner', 2);
    await mdb.client.rateLimit.create({ data: { key: `signin:account:${ivy.email}`, count: 40, windowStart: new Date() } });
    await mdb.client.rateLimit.create({ data: { key: `signin:account-ip:${ivy.email}:10.9.9.9`, count: 8, windowStart: new Date() } });
    const made = await linkFor(ivy.id, admin);
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: NEW }, ip())).toEqual({ ok: true, email: ivy.email, endedSessions: 2 });
    const after = await mdb.client.user.findUniqueOrThrow({ where: { id: ivy.id } });
    expect(await verifyPassword(after.passwordHash, NEW)).toBe(true);
    expect(await verifyPassword(after.passwordHash, OLD)).toBe(false);
    expect(after.role).toBe('learner');
    expect(await mdb.client.session.count({ where: { userId: ivy.id } })).toBe(0);
    expect(await mdb.client.rateLimit.count({ where: { key: { contains: ivy.email } } })).toBe(0);
    expect((await mdb.client.passwordReset.findUniqueOrThrow({ where: { tokenHash: hashResetToken(made.token) } })).usedAt).not.toBeNull();
  });

  it('works once: a second use is refused and changes nothing', async () => {
    const admin = await account('admin');
    const jay = await account();
    const made = await linkFor(jay.id, admin);
    const from = ip();
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: NEW }, from)).toMatchObject({ ok: true });
    await mdb.client.session.create({ data: { tokenHash: hashSessionToken(newResetToken()), userId: jay.id, expiresAt: later(3_600_000) } });
    expect(await reset.resetPassword(made.token, { newPassword: 'someone else’s idea', confirmPassword: 'someone else’s idea' }, from)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyPassword((await mdb.client.user.findUniqueOrThrow({ where: { id: jay.id } })).passwordHash, NEW)).toBe(true);
    expect(await mdb.client.session.count({ where: { userId: jay.id } })).toBe(1);
  });

  it('lets one of two submits sent at once set the password', async () => {
    const admin = await account('admin');
    const kim = await account('learner', 1);
    const made = await linkFor(kim.id, admin);
    const results = await Promise.all(['first passphrase', 'second passphrase'].map((p) => reset.resetPassword(made.token, { newPassword: p, confirmPassword: p }, ip())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'invalid' }]);
    const winner = results[0]!.ok ? 'first passphrase' : 'second passphrase';
    expect(await verifyPassword((await mdb.client.user.findUniqueOrThrow({ where: { id: kim.id } })).passwordHash, winner)).toBe(true);
  });

  it('refuses a short or mistyped password with the account page’s messages, keeping the link usable', async () => {
    const admin = await account('admin');
    const lee = await account('learner', 1);
    const made = await linkFor(lee.id, admin);
    const from = ip();
    expect(await reset.resetPassword(made.token, { newPassword: 'short', confirmPassword: 'short' }, from)).toEqual({ ok: false, fieldErrors: { newPassword: ['passwordTooShort'] } });
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: `${NEW}!` }, from)).toEqual({ ok: false, fieldErrors: { confirmPassword: ['passwordsDiffer'] } });
    expect(await verifyPassword((await mdb.client.user.findUniqueOrThrow({ where: { id: lee.id } })).passwordHash, OLD)).toBe(true);
    expect(await mdb.client.session.count({ where: { userId: lee.id } })).toBe(1);
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: NEW }, from)).toMatchObject({ ok: true });
  });

  it('is refused once the link has expired, even between opening the page and submitting', async () => {
    const admin = await account('admin');
    const max = await account();
    const made = await linkFor(max.id, admin);
    expect(await reset.resetPassword(made.token, { newPassword: NEW, confirmPassword: NEW }, ip(), made.expiresAt)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyPassword((await mdb.client.user.findUniqueOrThrow({ where: { id: max.id } })).passwordHash, OLD)).toBe(true);
  });
});
