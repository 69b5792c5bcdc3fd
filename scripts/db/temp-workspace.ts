// Test support: a throw-away folder under the OS temp dir holding a copy of the
// repository's schema and migrations, so tests can migrate, edit and reset freely and
// never touch data/ or prisma/.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, SCHEMA_PATH, type MigrationTarget } from './paths';

export type TempWorkspace = MigrationTarget & { dir: string; remove: () => void };

export function tempWorkspace(): TempWorkspace {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reconcile-db-test-'));
  const migrationsDir = path.join(dir, 'migrations');
  const schemaPath = path.join(dir, 'schema.prisma');
  cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
  cpSync(SCHEMA_PATH, schemaPath);
  return {
    dir,
    migrationsDir,
    schemaPath,
    // A nested folder that does not exist yet: deploy must create it.
    databaseFile: path.join(dir, 'data', 'test.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
