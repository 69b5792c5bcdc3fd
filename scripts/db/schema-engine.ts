// Prisma's schema engine compiled to WebAssembly, driven through a driver adapter.
// Prisma 7's CLI runs the native engine binary, which it downloads on first use; the
// wasm build (@prisma/schema-engine-wasm, the build Prisma 7.10.0 ships with) needs no
// download and talks to SQLite through @prisma/adapter-better-sqlite3 — the same
// adapter the app uses, so migrations and queries see the same database.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { withScriptExecution } from './script-execution';

type WasmBindings = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

let bindings: Promise<WasmBindings> | undefined;

/**
 * The package's entry point imports the .wasm file as an ES module, which Node 20
 * cannot do; so load the JavaScript glue and instantiate the module by hand, once per
 * process (the glue keeps the instance in module state).
 */
function loadBindings(): Promise<WasmBindings> {
  bindings ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue: WasmBindings = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return bindings;
}

export type OpenedSchemaEngine = {
  engine: SchemaEngine;
  /** What the engine logged, for error reports. */
  log: string[];
  /** Frees the engine and closes its database connections (releasing SQLite's lock). */
  close: () => Promise<void>;
};

/**
 * Opens the schema engine on the SQLite file at `databaseFile` (created if missing).
 * `schema` is the Prisma schema text the engine validates the datasource against.
 * The shadow database the engine needs to replay migrations is in memory.
 */
export async function openSchemaEngine(databaseFile: string, schema: { path: string; content: string }): Promise<OpenedSchemaEngine> {
  const { SchemaEngine: Engine } = await loadBindings();
  const connections = withScriptExecution(new PrismaBetterSqlite3({ url: databaseFile }));
  const log: string[] = [];
  const engine = await Engine.new(
    { datamodels: [[schema.path, schema.content]] },
    (line: string) => log.push(line),
    bindMigrationAwareSqlAdapterFactory(connections),
  );
  return {
    engine,
    log,
    close: async () => {
      engine.free();
      await connections.closeAll();
    },
  };
}
