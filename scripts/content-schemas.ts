// Writes content/schemas/*.schema.json from the zod schemas in app/_lib/content/schemas/.
// Run after changing a schema: `npx tsx scripts/content-schemas.ts` (a test fails when the
// committed files are stale).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_SOURCES, renderJsonSchema, type SchemaName } from '../app/_lib/content/schemas/json-schemas';

const outDir = path.resolve(import.meta.dirname, '..', 'content', 'schemas');
mkdirSync(outDir, { recursive: true });
for (const name of Object.keys(JSON_SCHEMA_SOURCES) as SchemaName[]) {
  const file = path.join(outDir, `${name}.schema.json`);
  writeFileSync(file, renderJsonSchema(name));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
