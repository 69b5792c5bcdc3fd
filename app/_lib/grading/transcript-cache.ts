// The replay page's transcripts: replayed in the grading pool, kept for the few most
// recently opened attempts (an attempt never changes, so neither does its transcript).
import type { GradingPool, PoolResult } from './pool';
import type { JobLab, TranscriptOutcome } from './protocol';

const KEEP = 16;
const cache = new Map<string, TranscriptOutcome>();

export async function attemptTranscript(pool: GradingPool, attemptId: string, lab: JobLab, actionLog: unknown): Promise<PoolResult<TranscriptOutcome>> {
  const hit = cache.get(attemptId);
  if (hit !== undefined) {
    // most recently used last
    cache.delete(attemptId);
    cache.set(attemptId, hit);
    return { ok: true, value: hit };
  }
  const r = await pool.run({ kind: 'transcript', lab, actionLog });
  if (r.ok) {
    cache.set(attemptId, r.value);
    while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  }
  return r;
}
