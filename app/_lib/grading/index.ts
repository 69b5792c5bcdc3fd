// Server-side grading (issue 6 "Grading by the server"): sim-core's gradeLab in a worker
// thread pool with step, tick and wall-clock caps. `gradingPool()` is this process's pool.
import 'server-only';
import { poolOptionsFromEnv } from './config';
import { GradingPool } from './pool';

export { GradingPool, DEFAULT_POOL_OPTIONS, type GradingPoolOptions, type PoolError, type PoolResult } from './pool';
export type { GradingJob, GradeOutcome, GoalOutcome, JobLab, TranscriptOutcome, TranscriptStep } from './protocol';
export { jobLabOf } from './job-lab';
export { attemptTranscript, replayFailureShown } from './transcript-cache';
export { summariseLabAttempts, type LabProgress, type LabAttemptRow } from './lab-progress';

// Next's dev server re-evaluates modules on every edit; one pool per process, not per reload.
const globalForPool = globalThis as typeof globalThis & { reconcileGradingPool?: GradingPool };

export function gradingPool(): GradingPool {
  return (globalForPool.reconcileGradingPool ??= new GradingPool(poolOptionsFromEnv()));
}
