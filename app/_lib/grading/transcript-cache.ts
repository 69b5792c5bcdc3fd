// The replay page's transcripts: replayed in the grading pool, kept for the few most
// recently opened attempts (an attempt never changes, so neither does its transcript).
// A replay costs a grading worker up to the wall-clock cap, and opening the page is a GET
// anyone with an attempt can repeat: the same attempt opened again while it is being
// replayed waits for that replay, and a viewer has one replay running at a time (another
// meanwhile is told the pool is busy), so nobody fills the queue the graders share.
import type { GradingPool, PoolError, PoolResult } from './pool';
import type { JobLab, TranscriptOutcome } from './protocol';

const KEEP = 16;
const cache = new Map<string, TranscriptOutcome>();
/** replays running now, by attempt id */
const running = new Map<string, Promise<PoolResult<TranscriptOutcome>>>();
/** viewers (user ids) with a replay running now */
const viewersReplaying = new Set<string>();

export async function attemptTranscript(pool: GradingPool, attemptId: string, lab: JobLab, actionLog: unknown, viewer: string): Promise<PoolResult<TranscriptOutcome>> {
  const hit = cache.get(attemptId);
  if (hit !== undefined) {
    // most recently used last
    cache.delete(attemptId);
    cache.set(attemptId, hit);
    return { ok: true, value: hit };
  }
  const same = running.get(attemptId);
  if (same !== undefined) return same;
  if (viewersReplaying.has(viewer)) return { ok: false, error: 'busy' };
  viewersReplaying.add(viewer);
  const replay = pool
    .run({ kind: 'transcript', lab, actionLog })
    .then((r) => {
      if (r.ok) {
        cache.set(attemptId, r.value);
        while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
      }
      return r;
    })
    .finally(() => {
      running.delete(attemptId);
      viewersReplaying.delete(viewer);
    });
  running.set(attemptId, replay);
  return replay;
}

/**
 * What the replay page tells its reader about a replay the pool could not run: the kind of
 * failure (`timeout`, `crashed`), never the worker's own message — a sim-core exception or
 * a path on the server — which goes to the server's log instead.
 */
export function replayFailureShown(failure: { error: PoolError; detail?: string }, attemptId: string, log: (line: string) => void = console.error): string {
  if (failure.detail !== undefined) log(`replay of attempt ${attemptId} failed (${failure.error}): ${failure.detail}`);
  return failure.error;
}
