// The dashboard benchmark (scripts/bench.ts `dashboard`): each instructor dashboard page's
// data load (dashboard-pages.ts) on a throw-away school database (scripts/db/school.ts:
// 5,000 learners, 50,000 answers, 10,000 lab attempts), in milliseconds, the median of
// BENCH_DASHBOARD_RUNS rounds (default 5) after one round of warm-up (Prisma compiles
// each query shape on first use). Rounds go through every page in turn, so a moment of
// load on the machine is spread over the pages rather than landing on one.
import path from 'node:path';
import { loadContent } from '../../app/_lib/content/loader';
import { REPO_ROOT } from '../db/paths';
import { schoolDatabase } from '../db/school';
import { dashboardPages } from './dashboard-pages';

export async function benchDashboard(runs = 5): Promise<{ name: string; ms: number }[]> {
  const { content } = loadContent(path.join(REPO_ROOT, 'content'));
  const school = await schoolDatabase(content);
  try {
    const pages = await dashboardPages(school.client, content);
    const times = new Map<string, number[]>(pages.map((p) => [p.name, []]));
    for (let round = -1; round < runs; round++) {
      for (const page of pages) {
        const start = performance.now();
        await page.load();
        if (round >= 0) times.get(page.name)!.push(performance.now() - start);
      }
    }
    return pages.map((p) => ({ name: p.name, ms: median(times.get(p.name)!) }));
  } finally {
    await school.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
