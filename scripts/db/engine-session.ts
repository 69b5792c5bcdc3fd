// Runs one piece of work against an open schema engine and always closes it, turning
// the engine's errors (a migration that fails to apply, an edited applied migration…)
// into values: they are the user's to fix, not bugs in this tooling.
import { readFileSync } from 'node:fs';
import type { SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm';
import { openSchemaEngine } from './schema-engine';
import type { MigrationResult } from './paths';

/** No tables or enums are managed outside Prisma (prisma.config.ts `tables.external`). */
export const NO_EXTERNAL_ENTITIES: SchemaFilter = { externalTables: [], externalEnums: [] };

export async function withSchemaEngine<T>(
  databaseFile: string,
  schemaPath: string,
  work: (engine: SchemaEngine, schema: { path: string; content: string }) => Promise<MigrationResult<T>>,
): Promise<MigrationResult<T>> {
  const schema = { path: schemaPath, content: readFileSync(schemaPath, 'utf8') };
  const opened = await openSchemaEngine(databaseFile, schema);
  try {
    return await work(opened.engine, schema);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? ` [${String(error.code)}]` : '';
    const message = error instanceof Error ? error.message : String(error);
    // Drop the engine's Rust span trace ("   0: sql_schema_connector::…"): it names
    // engine internals, not anything the user can change.
    const forUser = message.split(/\n\s*0: /)[0] ?? message;
    return { ok: false, error: `${forUser.trim()}${code}` };
  } finally {
    await opened.close();
  }
}
