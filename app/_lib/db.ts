// The one Prisma client of this process (../shared/STYLE.md "One Prisma client").
// Import it only from server modules: it opens the SQLite file directly.
//
// SQLite settings, applied on every connection the adapter opens:
// - journal_mode=WAL: readers do not block the writer and the writer does not block
//   readers (https://www.sqlite.org/wal.html), which is what a web server needs.
// - busy_timeout=5000: a writer waits up to 5 s for the lock instead of failing at
//   once with SQLITE_BUSY (https://www.sqlite.org/pragma.html#pragma_busy_timeout).
// - foreign_keys=ON: SQLite leaves foreign keys off by default; Prisma's onDelete:
//   Cascade relations rely on them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../_generated/prisma/client';
import { env } from './env';

export const BUSY_TIMEOUT_MS = 5000;

const CONNECTION_PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};
PRAGMA foreign_keys = ON;
`;

type AdapterFactory = NonNullable<ConstructorParameters<typeof PrismaClient>[0]['adapter']>;

/** The better-sqlite3 adapter, with the folder created and the pragmas set at connect. */
function sqliteAdapter(databaseFile: string): AdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: databaseFile, timeout: BUSY_TIMEOUT_MS });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      mkdirSync(path.dirname(databaseFile), { recursive: true });
      const adapter = await factory.connect();
      await adapter.executeScript(CONNECTION_PRAGMAS);
      return adapter;
    },
  };
}

export type Database = InstanceType<typeof PrismaClient>;

/** A client on `databaseFile` (absolute path). The app uses `db`; tests and scripts may make their own. */
export function createDatabaseClient(databaseFile: string): Database {
  return new PrismaClient({ adapter: sqliteAdapter(databaseFile) });
}

// Next's dev server re-evaluates modules on every edit; keeping the client on
// globalThis stops each reload from opening another connection.
const globalForDb = globalThis as typeof globalThis & { reconcileDb?: Database };

export const db: Database = (globalForDb.reconcileDb ??= createDatabaseClient(env.DATABASE_FILE));

/** For /api/health: true when the database answers and has been migrated. */
export async function pingDatabase(client: Database = db): Promise<boolean> {
  try {
    await client.user.findFirst({ select: { id: true } });
    return true;
  } catch {
    return false;
  }
}
