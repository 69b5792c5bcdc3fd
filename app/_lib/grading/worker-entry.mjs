// The entry of a grading worker thread (node:worker_threads). It is plain JavaScript so
// that it runs unbundled under both `next dev` and `next start`. In production it imports
// the grading code bundled with the app's build (scripts/lib/bundle.mjs: sim-core as the
// browser runs it, compiled once); otherwise — `next dev`, or a build made before the
// bundle existed — it registers tsx, which compiles the repository's TypeScript as it is
// imported. Then it answers one job at a time. The pool (./pool.ts) owns timeouts: a job
// that runs too long is ended by terminating this thread.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const bundle = path.resolve(import.meta.dirname, '..', '..', '..', '.next', 'reconcile', 'grading-worker.mjs');
const code = process.env.NODE_ENV === 'production' && existsSync(bundle) ? 'bundle' : 'sources';
let main;
if (code === 'bundle') main = await import(pathToFileURL(bundle).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  main = await import('./worker-main.ts');
}
const { runJob, setCacheMutationDetector } = main;
// client-go's cache mutation detector is for tests (sim-core/client/store.ts): off in a grading worker
setCacheMutationDetector(false);

parentPort.on('message', (request) => {
  const { id, job } = request;
  try {
    parentPort.postMessage({ type: 'done', id, outcome: runJob(job) });
  } catch (e) {
    const seed = job && job.lab ? job.lab.seed : '?';
    parentPort.postMessage({ type: 'failed', id, error: `sim-core failed while grading (a bug; reproduce with seed ${seed}): ${e instanceof Error ? e.message : String(e)}` });
  }
});
parentPort.postMessage({ type: 'ready', code });
