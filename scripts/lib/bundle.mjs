// Bundles a TypeScript entry of the repository into one ES module with esbuild: sim-core
// run as the product runs it. The browser gets sim-core bundled by Next; the grading worker
// under `next start` imports GRADING_WORKER_BUNDLE, built here after `next build`; the
// benchmarks import a bundle too. tsx, which compiles the sources as they are imported
// (tests, `npm run sim`, the grading worker under `next dev`), wraps every function in a
// name-keeping call (esbuild's keepNames, which it always sets): a tenth of a large
// simulation's time that no learner's run pays. Packages (zod, yaml) stay imports, resolved
// from node_modules: bundles are written inside the repository so that they resolve.
import { buildSync } from 'esbuild';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The grading worker's code (app/_lib/grading/worker-main.ts) as one module, for `next start`. */
export const GRADING_WORKER_BUNDLE = path.join(ROOT, '.next', 'reconcile', 'grading-worker.mjs');

/** Writes `entry` (a path under the repository) bundled to `outfile`. Throws esbuild's error on a broken source. */
export function bundleEntry(entry, outfile) {
  buildSync({
    entryPoints: [path.resolve(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'error',
  });
}

export function bundleGradingWorker() {
  bundleEntry('app/_lib/grading/worker-main.ts', GRADING_WORKER_BUNDLE);
}
