// Prisma 7's configuration (https://www.prisma.io/docs/orm/reference/prisma-config-reference).
//
// Reconcile must install and run with no network except the npm registry. Prisma's CLI
// looks for its native schema engine and downloads it when missing; `prisma generate`
// never runs that engine, so pointing it at a harmless executable keeps generate
// offline. Migrations go through the wasm schema engine instead (scripts/db/).
//
// This file deliberately does not import app/_lib/env.ts: a bad variable in the
// environment must not break `npm ci` (which runs `prisma generate`); the app and the
// migration scripts validate the environment when they start.
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false';
process.env.CHECKPOINT_DISABLE ??= '1';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // The same default as app/_lib/env.ts; only Prisma's own tools (e.g. Studio) read it.
  datasource: { url: process.env.DATABASE_URL || 'file:./data/reconcile.db' },
});
