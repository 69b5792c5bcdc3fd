import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../scripts/db/migrated-database';
import type { TempWorkspace } from '../../scripts/db/temp-workspace';
import { BUSY_TIMEOUT_MS, createDatabaseClient, pingDatabase, type Database } from './db';

let ws: TempWorkspace;
let client: Database;

let db: MigratedDatabase;

beforeAll(async () => {
  db = await migratedDatabase();
  ({ ws, client } = db);
});
afterAll(() => db.close());

async function pragma(name: string): Promise<unknown> {
  const rows = await client.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  const [value] = Object.values(rows[0] ?? {});
  return typeof value === 'bigint' ? Number(value) : value;
}

describe('the database client', () => {
  it('runs SQLite in WAL mode with a busy timeout and foreign keys on', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('busy_timeout')).toBe(BUSY_TIMEOUT_MS);
    expect(BUSY_TIMEOUT_MS).toBe(5000);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it("deletes a user's sessions and attempts with the user (cascade)", async () => {
    const user = await client.user.create({ data: { email: 'cascade@example.com', passwordHash: 'x' } });
    await client.session.create({ data: { tokenHash: 'h1', userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    await client.labAttempt.create({
      data: {
        userId: user.id,
        labId: 'lab',
        actionLog: '[]',
        simVersion: '1',
        seed: 7,
        stateHash: 'abc',
        goalResults: '[]',
        passed: false,
        idempotencyKey: 'k1',
      },
    });
    await client.user.delete({ where: { id: user.id } });
    expect(await client.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await client.labAttempt.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses a second user with the same email and a second attempt with the same idempotency key', async () => {
    await client.user.create({ data: { email: 'twice@example.com', passwordHash: 'x' } });
    await expect(client.user.create({ data: { email: 'twice@example.com', passwordHash: 'y' } })).rejects.toMatchObject({ code: 'P2002' });
    const user = await client.user.findUniqueOrThrow({ where: { email: 'twice@example.com' } });
    const attempt = {
      userId: user.id,
      labId: 'lab',
      actionLog: '[]',
      simVersion: '1',
      seed: 1,
      stateHash: 'abc',
      goalResults: '[]',
      passed: true,
      idempotencyKey: 'retried-submit',
    };
    await client.labAttempt.create({ data: attempt });
    await expect(client.labAttempt.create({ data: attempt })).rejects.toMatchObject({ code: 'P2002' });
    expect(await client.labAttempt.count({ where: { idempotencyKey: 'retried-submit' } })).toBe(1);
  });

  it('is one client per process, even when the module is evaluated again (Next dev reloads)', async () => {
    vi.resetModules();
    const first = (await import('./db')).db;
    vi.resetModules();
    const second = (await import('./db')).db;
    expect(second).toBe(first);
  });

  it('round-trips the values the app stores (dates, floats, defaults)', async () => {
    const user = await client.user.create({ data: { email: 'quiz@example.com', passwordHash: 'x' } });
    const at = new Date('2026-01-02T03:04:05.678Z');
    const attempt = await client.quizAttempt.create({
      data: { userId: user.id, courseId: 'c', quizId: 'q', questionId: 'q1', response: '{"choice":2}', correct: true, score: 0.75, createdAt: at },
    });
    expect(user.role).toBe('learner');
    expect(attempt).toMatchObject({ score: 0.75, correct: true, misconceptions: '[]', createdAt: at });
  });
});

describe('pingDatabase', () => {
  it('is true for a migrated database', async () => {
    expect(await pingDatabase(client)).toBe(true);
  });

  it('is false when the database has no schema', async () => {
    const empty = createDatabaseClient(path.join(ws.dir, 'empty', 'never-migrated.db'));
    try {
      expect(await pingDatabase(empty)).toBe(false);
    } finally {
      await empty.$disconnect();
    }
  });
});
