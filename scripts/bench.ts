// `npm run --silent bench -- --json` prints one JSON object of benchmark figures
// (DESIGN.md §6); without --json, a readable table. Speed and memory targets are checked
// here, never by timed unit tests. `--only <name>` runs one figure's benchmark;
// `--sources` runs sim-core through tsx instead of bundled (below).
// Run with --expose-gc for a steadier heap figure: `node --expose-gc --import tsx scripts/bench.ts`.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstLoadJs } from './lib/first-load-js';
import { bundleEntry } from './lib/bundle.mjs';

const names = ['etcd', 'raft', 'grade', 'converge', 'dashboard', 'pages'];
const usage = `usage: npm run --silent bench -- [--json] [--only ${names.join('|')}] [--sources] [--help]`;
let values: { json?: boolean; only?: string; sources?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({ options: { json: { type: 'boolean' }, only: { type: 'string' }, sources: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  console.error(`bench: ${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.only !== undefined && !names.includes(values.only)) {
  console.error(`bench: no benchmark named "${values.only}"; --only takes one of ${names.join(', ')}.\n${usage}`);
  process.exit(2);
}

// sim-core as the product runs it: bundled (the browser's worker by Next, the grading
// worker by the build, scripts/lib/bundle.mjs), not through tsx, whose name-keeping
// wrapper around every function costs a large simulation about a tenth. `--sources`
// measures the sources through tsx instead.
type Sim = typeof import('./lib/bench-sim');
let sim: Sim;
if (values.sources) sim = await import('./lib/bench-sim');
else {
  const out = path.resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'reconcile-bench', 'sim.mjs');
  bundleEntry('scripts/lib/bench-sim.ts', out);
  sim = (await import(pathToFileURL(out).href)) as Sim;
}
const { benchPuts, runRaftBench, benchGrade, prepareDeploymentConverge, setCacheMutationDetector } = sim;

// measured as the product runs it: the browser's and the grading worker's simulations keep
// the cache mutation detector off (sim-core/client/store.ts); the tests keep it on
setCacheMutationDetector(false);

interface Figure {
  value: number;
  unit: string;
  target?: string;
}

type Benchmark = { name: string; run: () => Record<string, Figure> | Promise<Record<string, Figure>> };

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const benchmarks: Benchmark[] = [
  {
    name: 'etcd',
    run: () => {
      const result = benchPuts(Number(process.env.BENCH_SECONDS ?? 2), { clockMs: () => performance.now(), heapMb });
      return {
        etcd_puts_per_sec: { value: Math.round(result.putsPerSec), unit: 'puts/s', target: '≥ 250000 (floor 20000)' },
        ...(result.heapMbAfter100k !== undefined
          ? { etcd_heap_mb_after_100k_puts: { value: round(result.heapMbAfter100k), unit: 'MiB' } }
          : {}),
      };
    },
  },
  {
    name: 'raft',
    run: () => {
      const proposals = 200_000;
      const start = performance.now();
      const result = runRaftBench(proposals);
      const seconds = (performance.now() - start) / 1000;
      return { raft_commits_per_sec: { value: Math.round(result.committed / seconds), unit: 'entries/s' } };
    },
  },
  {
    name: 'grade',
    run: () => {
      // The server's grading of a 1,000-action etcd-only log, from scratch. The server
      // grades in a long-lived worker thread (app/_lib/grading/pool.ts), so what a learner
      // waits for is a warm grade: the first grades after start, while V8 is still
      // compiling sim-core, are warm-up here (BENCH_GRADE_WARMUP, default 5). Then 40
      // timed runs, so that the 95th percentile is not simply the slowest run.
      const warmup = Number(process.env.BENCH_GRADE_WARMUP ?? 5);
      for (let i = 0; i < warmup; i++) benchGrade(1000);
      const runs = Number(process.env.BENCH_GRADE_RUNS ?? 40);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        benchGrade(1000);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
      return {
        grade_1000_actions_ms: { value: round(at(0.5)), unit: 'ms (median)', target: '≤ 100' },
        grade_1000_actions_ms_p95: { value: round(at(0.95)), unit: 'ms (p95)', target: '≤ 100' },
      };
    },
  },
  {
    name: 'converge',
    run: (): Record<string, Figure> => {
      // A 1,000-replica Deployment on 100 worker nodes until every Pod is Running (the
      // whole chain: API server, etcd, controllers, scheduler, kubelets), trace capacity 0.
      // Building the 100-node cluster is not timed; each run gets a fresh one.
      const runs = Number(process.env.BENCH_CONVERGE_RUNS ?? 3);
      // warm-up runs, not timed, as for the grade figure: what is measured is the simulation
      // in a running process (a browser tab or the grading worker), not V8 compiling it
      const warmup = Number(process.env.BENCH_CONVERGE_WARMUP ?? 1);
      for (let i = 0; i < warmup; i++) prepareDeploymentConverge({ seed: 100 + i }).converge();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const bench = prepareDeploymentConverge({ seed: 1 + i });
        const start = performance.now();
        const r = bench.converge();
        const ms = performance.now() - start;
        if (!r.ok) {
          // no figure rather than a wrong one
          console.error(`deployment_1000_converge_ms: not measured: ${r.error}`);
          return {};
        }
        times.push(ms);
      }
      times.sort((a, b) => a - b);
      return { deployment_1000_converge_ms: { value: round(times[Math.floor(times.length / 2)]!), unit: 'ms (median)', target: '≤ 100 (floor 500)' } };
    },
  },
  {
    name: 'dashboard',
    run: async () => {
      // Each instructor dashboard page's data load on a throw-away database of 5,000 learners,
      // 50,000 answers and 10,000 lab attempts (scripts/lib/dashboard-bench.ts); no server.
      const { benchDashboard } = await import('./lib/dashboard-bench');
      const pages = await benchDashboard(Number(process.env.BENCH_DASHBOARD_RUNS ?? 5));
      return Object.fromEntries(pages.map((p) => [`dashboard_${p.name}_ms`, { value: round(p.ms), unit: 'ms (median)' }]));
    },
  },
];

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

const figures: Record<string, Figure> = {};
for (const bench of benchmarks) {
  if (!names.includes(bench.name)) throw new Error(`bench: add "${bench.name}" to the names --only accepts`);
  if (values.only && values.only !== bench.name) continue;
  Object.assign(figures, await bench.run());
}
if (!values.only || values.only === 'pages') {
  // First-load JavaScript of pages, gzipped, from a production build (built if needed).
  const pages = await firstLoadJs({
    home: '/en',
    lesson: '/en/courses/kubernetes-internals/lessons/raft',
    lab: '/en/labs/etcd-quorum-recovery',
  });
  figures.home_first_load_js_kb_gz = { value: round(pages.home), unit: 'kB gzip' };
  figures.lesson_first_load_js_kb_gz = { value: round(pages.lesson), unit: 'kB gzip', target: '≤ 180' };
  // the workspace, its worker (sim-core) and Monaco load after first paint (next/dynamic)
  figures.lab_first_load_js_kb_gz = { value: round(pages.lab), unit: 'kB gzip' };
}

if (values.json) {
  console.log(JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, f.value]))));
} else {
  for (const [name, f] of Object.entries(figures)) {
    console.log(`${name.padEnd(34)} ${String(f.value).padStart(12)} ${f.unit}${f.target ? `   target ${f.target}` : ''}`);
  }
}
