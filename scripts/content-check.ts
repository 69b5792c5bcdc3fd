// npm run content:check — validates every file in content/, checks ko/en parity, runs
// predict-then-run questions and proves labs through sim-core where it exists, prints
// every problem and the counts, and exits non-zero on any problem.
// Usage: tsx scripts/content-check.ts [content-dir]   (default: ./content)
import path from 'node:path';
import { checkContent, formatCounts } from '../app/_lib/content/check';
import { loadContent } from '../app/_lib/content/loader';
import { formatProblem } from '../app/_lib/content/problems';
import { loadSimCoreProvers } from '../app/_lib/content/prove-sim-core';
import { exitQuietlyOnClosedPipe } from './lib/closed-pipe.mjs';

exitQuietlyOnClosedPipe();

const repoRoot = path.resolve(import.meta.dirname, '..');
const contentDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'content'));

const loaded = loadContent(contentDir, { displayBase: process.cwd() });
const provers = await loadSimCoreProvers(repoRoot);
const report = checkContent(loaded.content, loaded.problems, provers);

// decided before printing: `content:check | head` still fails on a problem it cut off
process.exitCode = report.problems.length === 0 ? 0 : 1;
for (const p of report.problems) console.log(formatProblem(p));
if (report.problems.length > 0) console.log('');
for (const line of report.notes) console.log(line);
for (const line of formatCounts(report.counts)) console.log(line);
console.log(report.problems.length === 0 ? 'content:check: OK' : `content:check: ${report.problems.length} problem(s)`);
