// `npx tsx scripts/db/explain-dashboard.ts [--db <file>] [--page <name>]`: what each
// instructor dashboard page costs at a school's scale. Loads every page's data
// (scripts/lib/dashboard-pages.ts) on a school database (scripts/db/school.ts: built in a
// throw-away folder, or a database file given with --db, opened read-only) and prints, per
// page, its wall time and each SQL statement Prisma sent with its own time in SQLite (run
// again alone: Prisma's timings include waiting for the connection while a page's other
// statements run) and SQLite's EXPLAIN QUERY PLAN. Plans that read a whole table (SCAN without an index) or sort in a
// temporary B-tree are marked, as are statements a page sends more than once.
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadContent } from '../../app/_lib/content/loader';
import { dashboardPages } from '../lib/dashboard-pages';
import { scriptOptions } from '../lib/script-options';
import { REPO_ROOT } from './paths';
import { bindable, isCostly, queryPlan, recordingClient } from './query-plan';
import { schoolDatabase } from './school';

const usage = 'usage: npx tsx scripts/db/explain-dashboard.ts [--db <file>] [--page <name>]';
const values = scriptOptions({ db: { type: 'string' }, page: { type: 'string' } }, usage, usage);

const { content } = loadContent(path.join(REPO_ROOT, 'content'));
const school = values.db === undefined ? await schoolDatabase(content) : undefined;
const file = values.db === undefined ? school!.ws.databaseFile : path.resolve(values.db);
if (school) console.log(`school: ${JSON.stringify(school.counts)}`);

const { client, sent } = recordingClient(file);
const sqlite = new Database(file, { readonly: true, fileMustExist: true });

/** The statement's own time in SQLite (rows read into JavaScript included), the median of three runs. */
function ownTime(sql: string, params: unknown[]): number {
  const statement = sqlite.prepare(sql);
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    statement.all(...params.map(bindable));
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[1]!;
}

try {
  const pages = await dashboardPages(client, content);
  for (const page of pages) {
    if (values.page !== undefined && page.name !== values.page) continue;
    await page.load(); // warm-up: Prisma compiles the query shapes on first use
    sent.length = 0;
    const start = performance.now();
    await page.load();
    const ms = performance.now() - start;
    console.log(`\n=== ${page.name} (${page.path}): ${ms.toFixed(1)} ms, ${sent.length} statements`);
    const seen = new Map<string, number>();
    for (const s of sent) seen.set(s.sql, (seen.get(s.sql) ?? 0) + 1);
    const shown = new Set<string>();
    for (const s of sent) {
      if (shown.has(s.sql)) continue;
      shown.add(s.sql);
      const times = seen.get(s.sql)!;
      const sql = s.sql.replace(/`main`\./g, '').replace(/\s+/g, ' ');
      console.log(`\n  ${ownTime(s.sql, s.params).toFixed(1)} ms in SQLite (${s.ms.toFixed(1)} ms as Prisma waited)${times > 1 ? `  ! sent ${times} times` : ''}\n  ${sql.length > 400 ? `${sql.slice(0, 400)}…` : sql}`);
      for (const line of queryPlan(sqlite, s.sql, s.params)) console.log(`  ${isCostly(line.trim()) ? '!' : ' '}   ${line}`);
    }
  }
} finally {
  sqlite.close();
  await client.$disconnect();
  await school?.close();
}
