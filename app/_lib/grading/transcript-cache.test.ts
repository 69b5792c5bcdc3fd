import { describe, expect, it } from 'vitest';
import type { GradingPool, PoolResult } from './pool';
import type { JobLab, TranscriptOutcome } from './protocol';
import { attemptTranscript, replayFailureShown } from './transcript-cache';

const lab = { id: 'a-lab' } as unknown as JobLab;
const outcome = { ok: true, steps: [], stateHash: 'h' } as unknown as TranscriptOutcome;

/** A pool whose jobs finish when the test says so. */
function heldPool() {
  const waiting: ((r: PoolResult<TranscriptOutcome>) => void)[] = [];
  const pool = { run: () => new Promise<PoolResult<TranscriptOutcome>>((resolve) => waiting.push(resolve)) } as unknown as GradingPool;
  return { pool, runs: () => waiting.length, finishAll: () => waiting.splice(0).forEach((resolve) => resolve({ ok: true, value: outcome })) };
}

describe("the replay page's transcripts", () => {
  it('replays an attempt opened many times at once only once, and a viewer one attempt at a time', async () => {
    const { pool, runs, finishAll } = heldPool();
    const opened = [1, 2, 3].map(() => attemptTranscript(pool, 'attempt-1', lab, [], 'viewer-a'));
    expect(runs()).toBe(1);
    // the same viewer's other attempt meanwhile: busy, without a job in the shared queue
    expect(await attemptTranscript(pool, 'attempt-2', lab, [], 'viewer-a')).toEqual({ ok: false, error: 'busy' });
    // another viewer is not held up
    const other = attemptTranscript(pool, 'attempt-3', lab, [], 'viewer-b');
    expect(runs()).toBe(2);
    finishAll();
    for (const r of await Promise.all([...opened, other])) expect(r).toEqual({ ok: true, value: outcome });
    // done: the viewer's next replay runs, and the first one comes from the cache
    const next = attemptTranscript(pool, 'attempt-2', lab, [], 'viewer-a');
    expect(runs()).toBe(1);
    expect(await attemptTranscript(pool, 'attempt-1', lab, [], 'viewer-a')).toEqual({ ok: true, value: outcome });
    finishAll();
    expect(await next).toEqual({ ok: true, value: outcome });
  });
});

describe('a replay the pool could not run', () => {
  it("is named by its kind on the page; the worker's message, paths and all, goes to the server's log", () => {
    const logged: string[] = [];
    const detail = "the grading worker could not start: Cannot find module '/srv/reconcile/.next/reconcile/grading-worker.mjs'";
    expect(replayFailureShown({ error: 'crashed', detail }, 'attempt-1', (line) => logged.push(line))).toBe('crashed');
    expect(logged).toEqual([`replay of attempt attempt-1 failed (crashed): ${detail}`]);
    expect(replayFailureShown({ error: 'timeout' }, 'attempt-1', (line) => logged.push(line))).toBe('timeout');
    expect(logged).toHaveLength(1);
  });
});
