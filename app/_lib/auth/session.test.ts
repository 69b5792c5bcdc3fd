import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import type { Database } from '../db';
import { hashSessionToken, SESSION_COOKIE } from './session-token';
import { RATE_LIMIT_ROW_TTL_MS } from './rate-limit-window';

// session.ts reads the request's cookies and headers through next/headers and writes through
// the app's Prisma client: here a cookie jar in a Map and a throw-away migrated database.
const request = vi.hoisted(() => ({ db: undefined as unknown, cookies: new Map<string, string>() }));
vi.mock('server-only', () => ({}));
vi.mock('../db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../db')>()),
  get db() {
    return request.db;
  },
}));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined),
    set: (name: string, value: string) => request.cookies.set(name, value),
    delete: (name: string) => request.cookies.delete(name),
  }),
  headers: async () => new Headers({ 'user-agent': 'vitest' }),
}));

let mdb: MigratedDatabase;
let db: Database;
let startSession: (userId: string) => Promise<void>;
const ttl = RATE_LIMIT_ROW_TTL_MS;

beforeAll(async () => {
  mdb = await migratedDatabase();
  db = mdb.client;
  request.db = db;
  ({ startSession } = await import('./session'));
});
afterAll(() => mdb.close());

const sessionOf = (token: string) => db.session.findUnique({ where: { tokenHash: hashSessionToken(token) } });

describe('signing in', () => {
  it('ends the session the browser came with: its old token no longer signs anyone in', async () => {
    const user = await db.user.create({ data: { email: 'ada@example.com', passwordHash: 'x' } });
    const elsewhere = await db.session.create({
      data: { tokenHash: 'another-device', userId: user.id, createdAt: new Date(), lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 60_000) },
    });
    await startSession(user.id);
    const first = request.cookies.get(SESSION_COOKIE)!;
    expect(await sessionOf(first)).not.toBeNull();

    await startSession(user.id);
    const second = request.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await sessionOf(second)).not.toBeNull();
    expect(await sessionOf(first)).toBeNull();
    // the learner's other devices stay signed in
    expect(await db.session.findUnique({ where: { id: elsewhere.id } })).not.toBeNull();
  });
});

describe('housekeeping at sign-in', () => {
  it('deletes sessions past their absolute or idle timeout and rate-limit windows older than a day, and keeps the live ones', async () => {
    const user = await db.user.create({ data: { email: 'sweep@example.com', passwordHash: 'x' } });
    const now = Date.now();
    const session = (tokenHash: string, lastSeen: number, expires: number) =>
      db.session.create({ data: { tokenHash, userId: user.id, createdAt: new Date(now - 1_000), lastSeenAt: new Date(lastSeen), expiresAt: new Date(expires) } });
    const expired = await session('expired', now - 1_000, now - 1);
    const idle = await session('idle', now - 365 * 24 * 3_600_000, now + 3_600_000);
    const live = await session('live', now - 1_000, now + 3_600_000);
    await db.rateLimit.create({ data: { key: 'signin:ip:old', count: 3, windowStart: new Date(now - ttl - 60_000) } });
    await db.rateLimit.create({ data: { key: 'signin:ip:recent', count: 3, windowStart: new Date(now - 60_000) } });

    await startSession(user.id);

    expect(await db.session.findUnique({ where: { id: expired.id } })).toBeNull();
    expect(await db.session.findUnique({ where: { id: idle.id } })).toBeNull();
    expect(await db.session.findUnique({ where: { id: live.id } })).not.toBeNull();
    expect(await db.rateLimit.findUnique({ where: { key: 'signin:ip:old' } })).toBeNull();
    expect(await db.rateLimit.findUnique({ where: { key: 'signin:ip:recent' } })).not.toBeNull();
  });
});
