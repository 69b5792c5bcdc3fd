// What a grading worker thread loads (worker-entry.mjs): the job runner, and the switch of
// client-go's cache mutation detector. Under `next start` it runs bundled
// (scripts/lib/bundle.mjs builds .next/reconcile/grading-worker.mjs with the app); under
// `next dev` and in tests, through tsx from the sources.
export { runJob } from './jobs';
export { setCacheMutationDetector } from '../../../sim-core/client';
