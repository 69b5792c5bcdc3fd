// Reconcile's migration tooling: Prisma migrations without Prisma's downloaded native
// engine. The CLI is migrate.ts; these are the same commands as functions.
export { deployMigrations } from './deploy';
export { createMigration, migrationSlug } from './create';
export { migrationStatus, type MigrationState, type MigrationStatus } from './status';
export { resetDatabase } from './reset';
export { MIGRATIONS_DIR, REPO_ROOT, SCHEMA_PATH, type MigrationResult, type MigrationTarget } from './paths';
