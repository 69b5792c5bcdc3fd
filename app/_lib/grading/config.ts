// The grading pool's settings from the environment, read once and validated (all optional):
// GRADING_WORKERS (threads, default 1), GRADING_QUEUE (waiting jobs, default 16),
// GRADING_TIMEOUT_MS (wall-clock cap of one job, default 20000), GRADING_MAX_WAIT_MS (how
// long a job may wait for a worker before it is answered busy, default 60000).
import { z } from 'zod';
import { DEFAULT_POOL_OPTIONS, type GradingPoolOptions } from './pool';

/** Unset and empty are the same, as in app/_lib/env.ts. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const positiveInt = (max: number) => z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).optional());

const schema = z.object({
  GRADING_WORKERS: positiveInt(64),
  GRADING_QUEUE: positiveInt(10_000),
  GRADING_TIMEOUT_MS: positiveInt(600_000),
  GRADING_MAX_WAIT_MS: positiveInt(3_600_000),
});

export function poolOptionsFromEnv(env: Record<string, string | undefined> = process.env): Partial<GradingPoolOptions> {
  const r = schema.safeParse(env);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`${String(issue.path[0])}: ${issue.message} (a positive whole number)`);
  }
  return {
    size: r.data.GRADING_WORKERS ?? DEFAULT_POOL_OPTIONS.size,
    maxQueue: r.data.GRADING_QUEUE ?? DEFAULT_POOL_OPTIONS.maxQueue,
    timeoutMs: r.data.GRADING_TIMEOUT_MS ?? DEFAULT_POOL_OPTIONS.timeoutMs,
    maxWaitMs: r.data.GRADING_MAX_WAIT_MS ?? DEFAULT_POOL_OPTIONS.maxWaitMs,
  };
}
