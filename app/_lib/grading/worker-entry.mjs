// The entry of a grading worker thread (node:worker_threads). It is plain JavaScript so
// that it runs unbundled under both `next dev` and `next start`: it registers tsx, which
// compiles the repository's TypeScript (sim-core and ./jobs.ts) as it is imported, then
// answers one job at a time. The pool (./pool.ts) owns timeouts: a job that runs too long
// is ended by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');
// client-go's cache mutation detector is for tests (sim-core/client/store.ts): off in a grading worker
const { setCacheMutationDetector } = await import('../../../sim-core/client/index.ts');
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
parentPort.postMessage({ type: 'ready' });
