// `npm run admin:create`: run the real script against a throw-away database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/_lib/db';
import { verifyPassword } from '../app/_lib/auth/password';
import { REPO_ROOT } from './db/index';
import { migratedDatabase, type MigratedDatabase } from './db/migrated-database';
import type { TempWorkspace } from './db/temp-workspace';

let ws: TempWorkspace;
let client: Database;

function adminCreate(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin-create.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: `file:${ws.databaseFile}`, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

let db: MigratedDatabase;

beforeEach(async () => {
  db = await migratedDatabase();
  ({ ws, client } = db);
});
afterEach(() => db.close());

describe('admin:create', () => {
  it('--help explains itself, and how to make an instructor, without touching the database', async () => {
    const run = adminCreate('--help');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('usage: npm run admin:create -- --email <email> [--password <password>]');
    expect(run.out).toContain('/en/instructor/users');
    expect(await client.user.count()).toBe(0);
  });

  it('makes an admin who can sign in with the given password', async () => {
    const run = adminCreate('--email', ' Root@Example.com ', '--password', 'a long passphrase');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('root@example.com is an admin');
    const user = await client.user.findUniqueOrThrow({ where: { email: 'root@example.com' } });
    expect(user.role).toBe('admin');
    expect(await verifyPassword(user.passwordHash, 'a long passphrase')).toBe(true);
  });

  it('promotes an existing learner without touching the password', async () => {
    await client.user.create({ data: { email: 'ada@example.com', passwordHash: 'kept' } });
    const run = adminCreate('--email', 'ada@example.com');
    expect(run.code, run.err).toBe(0);
    expect(await client.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } })).toMatchObject({ role: 'admin', passwordHash: 'kept' });
  });

  it('replacing a password ends the account’s sessions', async () => {
    const ada = await client.user.create({ data: { email: 'ada@example.com', passwordHash: 'old' } });
    const later = new Date(Date.now() + 3_600_000);
    await client.session.create({ data: { tokenHash: 'signed-in-with-the-old-password', userId: ada.id, expiresAt: later } });
    const other = await client.user.create({ data: { email: 'bob@example.com', passwordHash: 'x' } });
    await client.session.create({ data: { tokenHash: 'someone-else', userId: other.id, expiresAt: later } });
    const run = adminCreate('--email', 'ada@example.com', '--password', 'a new long passphrase');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('ada@example.com is an admin (password replaced; 1 session ended)');
    expect(await client.session.count({ where: { userId: ada.id } })).toBe(0);
    expect(await client.session.count({ where: { userId: other.id } })).toBe(1);
  });

  it('refuses a bad email or a short password, and creates nobody', async () => {
    expect(adminCreate('--email', 'not-an-email', '--password', 'a long passphrase').code).toBe(2);
    const short = adminCreate('--email', 'root@example.com', '--password', 'short');
    expect(short.code).toBe(2);
    expect(short.err).toContain('the password must be');
    expect(adminCreate('--bogus').code).toBe(2);
    expect(await client.user.count()).toBe(0);
  });
});
