// Where the Prisma schema and migrations live, from this file's place in the repository
// (scripts/db/ → the root), so the tooling works from any working directory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCHEMA_PATH = path.join(REPO_ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma', 'migrations');

/** What every migration command works on. Tests point these at temporary copies. */
export type MigrationTarget = {
  /** The SQLite file (absolute path). */
  databaseFile: string;
  migrationsDir: string;
  schemaPath: string;
};

export type MigrationResult<T> = ({ ok: true } & T) | { ok: false; error: string };
