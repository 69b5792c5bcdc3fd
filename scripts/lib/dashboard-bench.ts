// The dashboard benchmark (scripts/bench.ts `dashboard`): each instructor dashboard page's
// data load (dashboard-pages.ts) on a throw-away school database (scripts/db/school.ts:
// 5,000 learners, 50,000 answers, 10,000 lab attempts), in milliseconds: each page loaded
// twice to warm up (Prisma compiles each query shape on first use), then at least
// BENCH_DASHBOARD_RUNS times (default 5) and for at least half a second (at most 50
// times), the median: a page of a few milliseconds gets enough runs for a steady median.
// A page's loads follow one another, so each page pays for its own garbage collection
// (taken in turn, a light page after a heavy one paid for both).
import path from 'node:path';
import { loadContent } from '../../app/_lib/content/loader';
import { REPO_ROOT } from '../db/paths';
import { schoolDatabase } from '../db/school';
import { dashboardPages } from './dashboard-pages';

const WARM_UP = 2;
const MIN_MS = 500;
const MAX_RUNS = 50;

export async function benchDashboard(runs = 5): Promise<{ name: string; ms: number }[]> {
  const { content } = loadContent(path.join(REPO_ROOT, 'content'));
  const school = await schoolDatabase(content);
  try {
    const pages = await dashboardPages(school.client, content);
    const figures: { name: string; ms: number }[] = [];
    for (const page of pages) {
      for (let i = 0; i < WARM_UP; i++) await page.load();
      const times: number[] = [];
      const since = performance.now();
      while (times.length < runs || (performance.now() - since < MIN_MS && times.length < MAX_RUNS)) {
        const start = performance.now();
        await page.load();
        times.push(performance.now() - start);
      }
      figures.push({ name: page.name, ms: median(times) });
    }
    return figures;
  } finally {
    await school.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
