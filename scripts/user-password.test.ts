// `npm run user:password`: run the real script against a throw-away database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/_lib/db';
import { verifyPassword } from '../app/_lib/auth/password';
import { REPO_ROOT } from './db/index';
import { migratedDatabase, type MigratedDatabase } from './db/migrated-database';

let db: MigratedDatabase;
let client: Database;

function userPassword(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/user-password.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: `file:${db.ws.databaseFile}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeEach(async () => {
  db = await migratedDatabase();
  client = db.client;
});
afterEach(() => db.close());

describe('user:password', () => {
  it('sets a forgotten password, keeps the role, ends every session and forgets the account’s sign-in failures', async () => {
    const bob = await client.user.create({ data: { email: 'bob@example.com', passwordHash: 'old', role: 'learner' } });
    const later = new Date(Date.now() + 3_600_000);
    await client.session.create({ data: { tokenHash: 'signed-in-elsewhere', userId: bob.id, expiresAt: later } });
    const now = new Date();
    for (const key of ['signin:account:bob@example.com', 'signin:account-ip:bob@example.com:10.0.0.1', 'signin:ip:10.0.0.1', 'signin:account:other@example.com']) {
      await client.rateLimit.create({ data: { key, count: 99, windowStart: now } });
    }
    const run = userPassword('--email', ' Bob@Example.com', '--password', 'a new long passphrase');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toBe('user:password: bob@example.com (learner) has a new password; 1 session ended.\n');
    const after = await client.user.findUniqueOrThrow({ where: { id: bob.id } });
    expect(after.role).toBe('learner');
    expect(await verifyPassword(after.passwordHash, 'a new long passphrase')).toBe(true);
    expect(await client.session.count({ where: { userId: bob.id } })).toBe(0);
    // the account's lockouts go; the address's and another account's stay
    expect((await client.rateLimit.findMany({ orderBy: { key: 'asc' } })).map((r) => r.key)).toEqual(['signin:account:other@example.com', 'signin:ip:10.0.0.1']);
  });

  it('refuses an unknown email, a short password and a bad flag, changing nothing', async () => {
    await client.user.create({ data: { email: 'ada@example.com', passwordHash: 'kept' } });
    expect(userPassword('--email', 'nobody@example.com', '--password', 'a new long passphrase')).toMatchObject({ code: 1, err: expect.stringContaining('no account has the email nobody@example.com') });
    expect(userPassword('--email', 'ada@example.com', '--password', 'short')).toMatchObject({ code: 2, err: expect.stringContaining('10 to 256 characters') });
    expect(userPassword('--emial', 'ada@example.com')).toMatchObject({ code: 2, err: expect.stringContaining('usage: npm run user:password') });
    expect((await client.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } })).passwordHash).toBe('kept');
  });
});
