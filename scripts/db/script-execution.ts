// better-sqlite3 prepares exactly one statement per call and refuses more ("The supplied
// SQL string contains more than one statement"). The schema engine replays whole
// migration files into the shadow database through queryRaw/executeRaw, so without
// this the replay fails with P3006. A parameterless multi-statement call goes through
// `executeScript` (better-sqlite3's `exec`) instead — what the native engine does with
// its own SQLite driver.
//
// The factory also remembers every connection it opened so that `close` can release
// them: the engine takes SQLite's exclusive lock (`PRAGMA locking_mode=EXCLUSIVE`) and
// a connection left open would lock the file for the rest of the process.
import type { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
} from '@prisma/driver-adapter-utils';

const MULTI_STATEMENT = 'more than one statement';

function isMultiStatementRefusal(error: unknown): boolean {
  return error instanceof RangeError && error.message.includes(MULTI_STATEMENT);
}

async function orAsScript<T>(adapter: SqlDriverAdapter, query: SqlQuery, run: () => Promise<T>, nothing: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isMultiStatementRefusal(error) || query.args.length > 0) throw error;
    await adapter.executeScript(query.sql);
    return nothing;
  }
}

function runningScriptsWhole(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const noRows: SqlResultSet = { columnNames: [], columnTypes: [], rows: [] };
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => orAsScript(adapter, query, () => adapter.queryRaw(query), noRows),
    executeRaw: (query) => orAsScript(adapter, query, () => adapter.executeRaw(query), 0),
    executeScript: (script) => adapter.executeScript(script),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    dispose: () => adapter.dispose(),
    ...(adapter.getConnectionInfo ? { getConnectionInfo: adapter.getConnectionInfo.bind(adapter) } : {}),
  };
}

export type ClosableAdapterFactory = SqlMigrationAwareDriverAdapterFactory & {
  /** Disposes every connection this factory opened. */
  closeAll: () => Promise<void>;
};

export function withScriptExecution(factory: PrismaBetterSqlite3): ClosableAdapterFactory {
  const opened: SqlDriverAdapter[] = [];
  const track = (adapter: SqlDriverAdapter) => {
    opened.push(adapter);
    return runningScriptsWhole(adapter);
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
    closeAll: async () => {
      const adapters = opened.splice(0);
      await Promise.all(adapters.map((adapter) => adapter.dispose()));
    },
  };
}
