import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database as PrismaDatabase } from '../../app/_lib/db';
import { hashPassword, verifyPassword } from '../../app/_lib/auth/password';
import { seedAdmin } from '../../prisma/seed-admin';
import { REPO_ROOT } from './index';
import { migratedDatabase, type MigratedDatabase } from './migrated-database';
import type { TempWorkspace } from './temp-workspace';

const PASSWORD = 'correct horse battery';

let ws: TempWorkspace;
let client: PrismaDatabase;

let db: MigratedDatabase;

beforeEach(async () => {
  db = await migratedDatabase();
  ({ ws, client } = db);
});
afterEach(() => db.close());

describe('seedAdmin', () => {
  it('does nothing when no admin is requested', async () => {
    expect(await seedAdmin(client, { email: undefined, password: undefined })).toEqual({ ok: true, admin: 'not-requested' });
    expect(await client.user.count()).toBe(0);
  });

  it('creates the admin with a normalised email and a password that signs in', async () => {
    const outcome = await seedAdmin(client, { email: ' Root@Example.COM ', password: PASSWORD });
    expect(outcome).toEqual({ ok: true, admin: 'created', email: 'root@example.com' });
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'root@example.com' } });
    expect(admin.role).toBe('admin');
    expect(admin.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(admin.passwordHash, PASSWORD)).toBe(true);
  });

  it('changes nothing the second time', async () => {
    await seedAdmin(client, { email: 'root@example.com', password: PASSWORD });
    const before = await client.user.findMany();
    expect(await seedAdmin(client, { email: 'root@example.com', password: PASSWORD })).toEqual({
      ok: true,
      admin: 'unchanged',
      email: 'root@example.com',
    });
    expect(await client.user.findMany()).toEqual(before);
  });

  it('promotes an existing account whose password is ADMIN_PASSWORD without touching its password', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const learner = await client.user.create({ data: { email: 'ada@example.com', passwordHash } });
    expect(await seedAdmin(client, { email: 'ada@example.com', password: PASSWORD })).toMatchObject({ ok: true, admin: 'promoted' });
    expect(await client.user.findUniqueOrThrow({ where: { id: learner.id } })).toMatchObject({ role: 'admin', passwordHash });
  });

  it('does not make admin an account someone else signed up under ADMIN_EMAIL (another password), and says why', async () => {
    const squatter = await client.user.create({ data: { email: 'ada@example.com', passwordHash: await hashPassword('the squatter knows this') } });
    const outcome = await seedAdmin(client, { email: 'ada@example.com', password: PASSWORD });
    // a warning, not a failure: npm start seeds on every start, and a squatted address must not keep the server down
    expect(outcome).toEqual({ ok: true, admin: 'not-promoted', email: 'ada@example.com', warning: expect.stringContaining('npm run admin:create -- --email ada@example.com') });
    expect(await client.user.findUniqueOrThrow({ where: { id: squatter.id } })).toMatchObject({ role: 'learner' });
  });

  it('refuses a password the sign-up form would refuse', async () => {
    const outcome = await seedAdmin(client, { email: 'root@example.com', password: 'short' });
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('ADMIN_PASSWORD') });
    expect(await client.user.count()).toBe(0);
  });
});

describe('prisma/seed.ts', () => {
  it('run twice from the command line leaves the database exactly as the first run did', async () => {
    await client.$disconnect();
    const seed = () =>
      spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'prisma', 'seed.ts')], {
        env: { ...process.env, DATABASE_URL: `file:${ws.databaseFile}`, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: PASSWORD },
        encoding: 'utf8',
      });
    const dump = () => {
      const sqlite = new Database(ws.databaseFile, { readonly: true });
      try {
        return sqlite.prepare('SELECT * FROM "User"').all();
      } finally {
        sqlite.close();
      }
    };
    expect(seed()).toMatchObject({ status: 0, stdout: expect.stringContaining('created') });
    const afterFirst = dump();
    expect(afterFirst).toHaveLength(1);
    expect(seed()).toMatchObject({ status: 0, stdout: expect.stringContaining('unchanged') });
    expect(dump()).toEqual(afterFirst);
  });
});
