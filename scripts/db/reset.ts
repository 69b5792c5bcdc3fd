// `reset`: throw the database away and build it again from the migrations. SQLite's
// database is one file plus its journal/WAL companions; removing them is what
// `prisma migrate reset` amounts to for SQLite, without the prompt.
import { rmSync } from 'node:fs';
import { deployMigrations } from './deploy';
import type { MigrationResult, MigrationTarget } from './paths';

const COMPANIONS = ['', '-wal', '-shm', '-journal'];

export async function resetDatabase(target: MigrationTarget): Promise<MigrationResult<{ applied: string[] }>> {
  for (const suffix of COMPANIONS) rmSync(`${target.databaseFile}${suffix}`, { force: true });
  return deployMigrations(target);
}
