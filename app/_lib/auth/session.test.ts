import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import type { Database } from '../db';
import { hashSessionToken, SESSION_COOKIE } from './session-token';

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
