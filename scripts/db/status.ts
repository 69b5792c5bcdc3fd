// `status`: which migrations the database has applied and which are pending, read
// straight from `_prisma_migrations` (the table `prisma migrate deploy` keeps; see
// prisma-engines, sql_migration_persistence.rs) — no schema engine needed.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readMigrations } from './migrations-folder';
import type { MigrationResult, MigrationTarget } from './paths';

export type MigrationState =
  /** Applied, and the file still has the checksum it was applied with. */
  | 'applied'
  /** In the folder, not in the database. */
  | 'pending'
  /** Started but never finished: fix the database, then mark it rolled back. */
  | 'failed'
  /** Applied, but migration.sql has changed since. */
  | 'edited';

export type MigrationStatus = {
  migrations: { name: string; state: MigrationState }[];
  /** Applied to the database but missing from the folder. */
  notInFolder: string[];
  upToDate: boolean;
};

type AppliedRow = { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown };

function readAppliedRows(databaseFile: string): AppliedRow[] {
  if (!existsSync(databaseFile)) return [];
  const sqlite = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (table === undefined) return [];
    return sqlite
      .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at')
      .all() as AppliedRow[];
  } finally {
    sqlite.close();
  }
}

export function migrationStatus(target: Omit<MigrationTarget, 'schemaPath'>): MigrationResult<MigrationStatus> {
  let rows: AppliedRow[];
  try {
    rows = readAppliedRows(target.databaseFile).filter((row) => row.rolled_back_at === null);
  } catch (error) {
    return { ok: false, error: `Cannot read ${target.databaseFile}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const onDisk = readMigrations(target.migrationsDir);
  const migrations = onDisk.map(({ name, checksum }) => {
    const row = rows.find((r) => r.migration_name === name);
    const state: MigrationState =
      row === undefined ? 'pending' : row.finished_at === null ? 'failed' : row.checksum !== checksum ? 'edited' : 'applied';
    return { name, state };
  });
  const names = new Set(onDisk.map((m) => m.name));
  const notInFolder = [...new Set(rows.map((r) => r.migration_name).filter((name) => !names.has(name)))];
  const upToDate = migrations.every((m) => m.state === 'applied') && notInFolder.length === 0;
  return { ok: true, migrations, notInFolder, upToDate };
}
