// `create <name>`: diff schema.prisma against what the migrations build and write the
// difference as a new migration folder — the file half of `prisma migrate dev
// --create-only`. The engine needs a database to run against: a throw-away one in the
// temp folder, so creating a migration never touches the app's data.
//
// The wasm engine only diffs correctly when called in `migrate dev`'s order:
// applyMigrations, then devDiagnostic, then createMigration (verified on this machine
// with Prisma 7.10.0's engine build).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_EXTERNAL_ENTITIES, withSchemaEngine } from './engine-session';
import { toMigrationList, writeMigration } from './migrations-folder';
import type { MigrationResult, MigrationTarget } from './paths';

/** `Add lesson notes!` → `add_lesson_notes`; the folder becomes `<timestamp>_<that>`. */
export function migrationSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

export async function createMigration(
  target: Omit<MigrationTarget, 'databaseFile'>,
  name: string,
): Promise<MigrationResult<{ name: string; directory: string }>> {
  const slug = migrationSlug(name);
  if (slug === '') return { ok: false, error: 'Give the migration a name made of letters or digits, e.g. `create add_lesson_notes`.' };

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'reconcile-migrate-'));
  try {
    type Created = { name: string; directory: string };
    return await withSchemaEngine<Created>(path.join(scratch, 'scratch.db'), target.schemaPath, async (engine, schema) => {
      const filters = NO_EXTERNAL_ENTITIES;
      await engine.applyMigrations({ migrationsList: toMigrationList(target.migrationsDir), filters });
      const { action } = await engine.devDiagnostic({ migrationsList: toMigrationList(target.migrationsDir), filters });
      if (action.tag === 'reset') {
        return { ok: false, error: `The migrations folder is inconsistent: ${action.reason}` };
      }
      const created = await engine.createMigration({
        draft: false,
        migrationName: slug,
        migrationsList: toMigrationList(target.migrationsDir),
        schema: { files: [schema] },
        filters,
      });
      if (created.migrationScript === null) {
        return { ok: false, error: 'Nothing to migrate: schema.prisma already matches the migrations. Edit the schema first.' };
      }
      const directory = writeMigration(target.migrationsDir, created.generatedMigrationName, created.migrationScript);
      return { ok: true, name: created.generatedMigrationName, directory };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
