// What SQL a piece of Prisma work sends, and how SQLite plans it: a client that records
// each statement with its parameters, and EXPLAIN QUERY PLAN as indented lines. Used by
// explain-dashboard.ts and by the tests that keep the dashboard's queries on their indexes.
import Database from 'better-sqlite3';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../../app/_generated/prisma/client';

export interface SentStatement {
  sql: string;
  params: unknown[];
  /** as Prisma timed it: with the wait for the connection while other statements ran */
  ms: number;
}

/** A client on `databaseFile` whose statements land in `sent` (empty it between pieces of work). */
export function recordingClient(databaseFile: string) {
  const sent: SentStatement[] = [];
  const client = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: databaseFile }), log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (e) => sent.push({ sql: e.query, params: JSON.parse(e.params) as unknown[], ms: e.duration }));
  return { client, sent };
}

// better-sqlite3 binds numbers, strings, bigints, buffers and null; Prisma logs booleans as
// JSON and LIMIT/OFFSET as strings of digits
export const bindable = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** A line reads a whole table (a SCAN through no index) or sorts in a temporary B-tree. */
export function isCostly(detail: string): boolean {
  return (/^SCAN /.test(detail) && !/USING (COVERING )?INDEX/.test(detail) && !/^SCAN (CONSTANT ROW|\w+ VIRTUAL)/.test(detail)) || /TEMP B-TREE/.test(detail);
}

/** EXPLAIN QUERY PLAN's lines, indented two spaces per level. */
export function queryPlan(sqlite: Database.Database, sql: string, params: readonly unknown[]): string[] {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map(bindable)) as { id: number; parent: number; detail: string }[];
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? 0) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d - 1)}${r.detail}`;
  });
}
