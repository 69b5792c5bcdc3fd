// The migration CLI, run with tsx on the database DATABASE_URL names (app/_lib/env.ts):
//   tsx scripts/db/migrate.ts deploy          apply pending migrations (creates the file)
//   tsx scripts/db/migrate.ts create <name>   write a migration for schema.prisma's changes
//   tsx scripts/db/migrate.ts status          applied / pending; exit 1 unless up to date
//   tsx scripts/db/migrate.ts reset           delete the database and deploy again
// Works offline: see schema-engine.ts.
import { env } from '../../app/_lib/env';
import { createMigration, deployMigrations, migrationStatus, resetDatabase, MIGRATIONS_DIR, SCHEMA_PATH } from './index';
import type { MigrationTarget } from './paths';

const USAGE = 'usage: tsx scripts/db/migrate.ts deploy | create <name> | status | reset';

function listApplied(applied: string[]): string {
  return applied.length === 0 ? 'No pending migrations to apply.' : applied.map((name) => `Applied ${name}`).join('\n');
}

async function run(command: string | undefined, args: string[]): Promise<number> {
  const target: MigrationTarget = { databaseFile: env.DATABASE_FILE, migrationsDir: MIGRATIONS_DIR, schemaPath: SCHEMA_PATH };
  switch (command) {
    case 'deploy':
    case 'reset': {
      const started = performance.now();
      const result = command === 'deploy' ? await deployMigrations(target) : await resetDatabase(target);
      if (!result.ok) {
        console.error(`${command} failed on ${target.databaseFile}:\n${result.error}`);
        return 1;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${listApplied(result.applied)}\nDatabase ${target.databaseFile} is up to date (${seconds} s).`);
      return 0;
    }
    case 'create': {
      const result = await createMigration(target, args.join(' '));
      if (!result.ok) {
        console.error(result.error);
        return 1;
      }
      console.log(`Created ${result.directory}/migration.sql\nApply it with: tsx scripts/db/migrate.ts deploy`);
      return 0;
    }
    case 'status': {
      const result = migrationStatus(target);
      if (!result.ok) {
        console.error(result.error);
        return 1;
      }
      console.log(`Database ${target.databaseFile}`);
      for (const m of result.migrations) console.log(`  ${m.state.padEnd(8)} ${m.name}`);
      for (const name of result.notInFolder) console.log(`  ${'unknown'.padEnd(8)} ${name} (applied, but not in ${MIGRATIONS_DIR})`);
      console.log(result.upToDate ? 'Database schema is up to date.' : 'Database is not up to date: run `tsx scripts/db/migrate.ts deploy`.');
      return result.upToDate ? 0 : 1;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

const [command, ...args] = process.argv.slice(2);
process.exitCode = await run(command, args);
