// `deploy`: apply the migrations the database has not seen, in order, recording each in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (the engine writes the
// table). Running it again applies nothing.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { NO_EXTERNAL_ENTITIES, withSchemaEngine } from './engine-session';
import { toMigrationList } from './migrations-folder';
import type { MigrationResult, MigrationTarget } from './paths';
import { migrationStatus } from './status';

export async function deployMigrations(target: MigrationTarget): Promise<MigrationResult<{ applied: string[] }>> {
  mkdirSync(path.dirname(target.databaseFile), { recursive: true });
  const result = await withSchemaEngine<{ applied: string[] }>(target.databaseFile, target.schemaPath, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: toMigrationList(target.migrationsDir),
      filters: NO_EXTERNAL_ENTITIES,
    });
    return { ok: true, applied: appliedMigrationNames };
  });
  if (result.ok) return result;
  // The engine's message names the SQL error, not the migration; the table knows which
  // one stopped half-way.
  const status = migrationStatus(target);
  const failed = status.ok ? status.migrations.filter((m) => m.state === 'failed').map((m) => m.name) : [];
  if (failed.length === 0) return result;
  return {
    ok: false,
    error:
      `Migration ${failed.join(', ')} failed: ${result.error}\n` +
      'Fix its migration.sql; on a database whose data you can lose, `tsx scripts/db/migrate.ts reset` starts over.',
  };
}
