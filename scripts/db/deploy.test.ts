import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployMigrations, migrationStatus, resetDatabase } from './index';
import { migrationChecksum, readMigrations } from './migrations-folder';
import { tempWorkspace, type TempWorkspace } from './temp-workspace';

const APP_TABLES = ['HintUse', 'LabAttempt', 'LessonProgress', 'QuizAttempt', 'RateLimit', 'Session', 'User'];

type MigrationRow = { migration_name: string; checksum: string; finished_at: number | null; started_at: number };

function inspect<T>(file: string, read: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(sqlite);
  } finally {
    sqlite.close();
  }
}

const tablesOf = (file: string) =>
  inspect(file, (s) =>
    (s.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name),
  );
const migrationRows = (file: string) => inspect(file, (s) => s.prepare('SELECT * FROM _prisma_migrations').all() as MigrationRow[]);

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(() => ws.remove());

describe('deploy', () => {
  it('creates the database file and its folder and builds every table of the schema', async () => {
    const result = await deployMigrations(ws);
    const onDisk = readMigrations(ws.migrationsDir);
    expect(onDisk.length).toBeGreaterThan(0);
    expect(result).toEqual({ ok: true, applied: onDisk.map((m) => m.name) });
    expect(tablesOf(ws.databaseFile)).toEqual(expect.arrayContaining([...APP_TABLES, '_prisma_migrations']));
  });

  it("records each migration in _prisma_migrations with Prisma's checksum, finished", async () => {
    await deployMigrations(ws);
    const rows = migrationRows(ws.databaseFile);
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(readMigrations(ws.migrationsDir).map((m) => [m.name, m.checksum]));
    for (const row of rows) expect(row.finished_at).not.toBeNull();
  });

  it('is a no-op the second time', async () => {
    await deployMigrations(ws);
    const before = migrationRows(ws.databaseFile);
    expect(await deployMigrations(ws)).toEqual({ ok: true, applied: [] });
    expect(migrationRows(ws.databaseFile)).toEqual(before);
  });

  it('keeps existing data when it applies nothing', async () => {
    await deployMigrations(ws);
    const sqlite = new Database(ws.databaseFile);
    sqlite.prepare(`INSERT INTO "User" (id, email, passwordHash, updatedAt) VALUES ('u1', 'a@b.c', 'x', 0)`).run();
    sqlite.close();
    await deployMigrations(ws);
    expect(inspect(ws.databaseFile, (s) => s.prepare('SELECT count(*) AS n FROM "User"').get())).toEqual({ n: 1 });
  });

  it('reports a migration that fails to apply as an error value naming it', async () => {
    const broken = path.join(ws.migrationsDir, '29990101000000_broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'migration.sql'), 'CREATE TABLE "Oops" (id TEXT PRIMARY KEY);\nINSERT INTO "NoSuchTable" VALUES (1);\n');
    const result = await deployMigrations(ws);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('Migration 29990101000000_broken failed');
      expect(result.error).toContain('NoSuchTable');
    }
    const status = migrationStatus(ws);
    expect(status.ok && status.migrations.at(-1)).toEqual({ name: '29990101000000_broken', state: 'failed' });
  });
});

describe('status', () => {
  it('lists every migration as pending before deploy and applied after', async () => {
    const names = readMigrations(ws.migrationsDir).map((m) => m.name);
    expect(migrationStatus(ws)).toEqual({
      ok: true,
      migrations: names.map((name) => ({ name, state: 'pending' })),
      notInFolder: [],
      upToDate: false,
    });
    await deployMigrations(ws);
    expect(migrationStatus(ws)).toEqual({
      ok: true,
      migrations: names.map((name) => ({ name, state: 'applied' })),
      notInFolder: [],
      upToDate: true,
    });
  });

  it('notices an applied migration whose file was edited afterwards', async () => {
    await deployMigrations(ws);
    const [first] = readMigrations(ws.migrationsDir);
    if (!first) throw new Error('the repository has no migrations');
    const file = path.join(ws.migrationsDir, first.name, 'migration.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- an afterthought\n`);
    expect(migrationChecksum(readFileSync(file, 'utf8'))).not.toBe(first.checksum);
    const status = migrationStatus(ws);
    expect(status.ok && status.migrations[0]).toEqual({ name: first.name, state: 'edited' });
    expect(status.ok && status.upToDate).toBe(false);
  });
});

describe('reset', () => {
  it('throws the data away and rebuilds the schema', async () => {
    await deployMigrations(ws);
    const sqlite = new Database(ws.databaseFile);
    sqlite.prepare(`INSERT INTO "User" (id, email, passwordHash, updatedAt) VALUES ('u1', 'a@b.c', 'x', 0)`).run();
    sqlite.close();
    const result = await resetDatabase(ws);
    expect(result).toEqual({ ok: true, applied: readMigrations(ws.migrationsDir).map((m) => m.name) });
    expect(inspect(ws.databaseFile, (s) => s.prepare('SELECT count(*) AS n FROM "User"').get())).toEqual({ n: 0 });
    expect(tablesOf(ws.databaseFile)).toEqual(expect.arrayContaining(APP_TABLES));
  });
});
