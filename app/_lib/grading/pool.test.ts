import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../content/loader';
import { jobLabOf } from './job-lab';
import { GradingPool } from './pool';
import { bundleGradingWorker } from '../../../scripts/lib/bundle.mjs';

const content = loadContent(path.resolve(import.meta.dirname, '../../../content')).content;
const loaded = content.labs.get('etcd-quorum-recovery')!;
const lab = jobLabOf(loaded);
/**
 * A job that keeps the thread busy for many seconds: fifty million ticks of a 3-member
 * cluster (about 2.5 s per ten million here), with the tick cap lifted so only the
 * wall-clock cap can stop it — the cap that catches what the step caps miss.
 */
const slowJob = {
  kind: 'grade',
  lab,
  actionLog: Array.from({ length: 5 }, () => ({ type: 'tick', ticks: 9_999_000 })),
  caps: { maxTicks: 50_000_000 },
} as const;

let pool: GradingPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the grading pool', () => {
  it("grades the reference solution in a worker thread: passed, with each goal's explanation", async () => {
    pool = new GradingPool({ size: 1 });
    const r = await pool.run({ kind: 'grade', lab, actionLog: loaded.solution });
    expect(pool.workerCode).toBe('sources');
    expect(r.ok).toBe(true);
    if (!r.ok || !r.value.ok) throw new Error(JSON.stringify(r));
    expect(r.value.passed).toBe(true);
    expect(r.value.goals.map((g) => g.id)).toEqual(loaded.lab.goals.map((g) => g.id));
    expect(r.value.goals[0]!.explanation.ko.length).toBeGreaterThan(0);
    // the same log gets the same verdict and state hash, every time
    const again = await pool.run({ kind: 'grade', lab, actionLog: loaded.solution });
    expect(again).toEqual(r);
  });

  it('refuses a log that is not an action log, as a value', async () => {
    pool = new GradingPool({ size: 1 });
    const r = await pool.run({ kind: 'grade', lab, actionLog: [{ type: 'format-disk' }] });
    expect(r).toMatchObject({ ok: true, value: { ok: false } });
  });

  it('times out a job that runs past the wall-clock cap, then grades the next job on a fresh worker', async () => {
    pool = new GradingPool({ size: 1, timeoutMs: 500 });
    const started = Date.now();
    const slow = await pool.run(slowJob);
    expect(slow).toEqual({ ok: false, error: 'timeout' });
    const next = await pool.run({ kind: 'grade', lab, actionLog: [] });
    expect(next.ok && next.value.ok && next.value.passed === false).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('answers busy when the queue is full, and still runs what it queued', async () => {
    pool = new GradingPool({ size: 1, maxQueue: 1, timeoutMs: 1_500 });
    await pool.run({ kind: 'grade', lab, actionLog: [] }); // the worker is up
    const first = pool.run(slowJob);
    const second = pool.run({ kind: 'grade', lab, actionLog: [] });
    const third = await pool.run({ kind: 'grade', lab, actionLog: [] });
    expect(third).toEqual({ ok: false, error: 'busy' });
    expect(await first).toEqual({ ok: false, error: 'timeout' });
    expect((await second).ok).toBe(true);
  });

  it('answers busy to a job that waited past the wait cap, and the job is not run', async () => {
    pool = new GradingPool({ size: 1, maxWaitMs: 300, timeoutMs: 1_500 });
    // the worker's start counts as waiting too: this first job may be answered busy
    await pool.run({ kind: 'grade', lab, actionLog: [] });
    while (pool.workerCode === undefined) await new Promise((r) => setTimeout(r, 50));
    const first = pool.run(slowJob);
    const waited = await pool.run({ kind: 'grade', lab, actionLog: [] });
    expect(waited).toEqual({ ok: false, error: 'busy' });
    expect(pool.queued).toBe(0);
    // the job taken at once is not answered busy however long it runs
    expect(await first).toEqual({ ok: false, error: 'timeout' });
  });

  it("replays a transcript: each command's output, the files written", async () => {
    pool = new GradingPool({ size: 1 });
    const log = [
      { type: 'writeFile', path: 'notes.txt', content: 'hello' },
      { type: 'command', line: 'etcdctl put /app/recovered yes' },
      { type: 'command', line: 'sim restart etcd-2' },
      { type: 'command', line: 'nope' },
    ];
    const r = await pool.run({ kind: 'transcript', lab, actionLog: log });
    if (!r.ok || !r.value.ok) throw new Error(JSON.stringify(r));
    expect(r.value.steps.map((s) => s.action.type)).toEqual(['writeFile', 'command', 'command', 'command']);
    expect(r.value.steps[3]).toMatchObject({ stderr: 'bash: nope: command not found\n', exitCode: 127 });
    // the transcript ends in the state the grader judges
    const graded = await pool.run({ kind: 'grade', lab, actionLog: log });
    expect(graded.ok && graded.value.ok && graded.value.stateHash).toBe(r.value.stateHash);
  });

  it('fails waiting jobs at once when its worker cannot start, and tries again at the next job', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grading-pool-'));
    try {
      const entry = path.join(dir, 'broken.mjs');
      writeFileSync(entry, "throw new Error('cannot import sim-core');\n");
      pool = new GradingPool({ size: 1, entry });
      const r = await pool.run({ kind: 'grade', lab, actionLog: [] });
      expect(r).toMatchObject({ ok: false, error: 'crashed' });
      expect(!r.ok && r.detail).toContain('cannot import sim-core');
      const again = await pool.run({ kind: 'grade', lab, actionLog: [] });
      expect(again).toMatchObject({ ok: false, error: 'crashed' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends a worker that runs out of its heap cap: the job is crashed and the pool still answers', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'grading-pool-'));
    try {
      const entry = path.join(dir, 'hog.mjs');
      writeFileSync(
        entry,
        "import { parentPort } from 'node:worker_threads';\n" +
          "parentPort.on('message', () => { const hog = []; for (;;) hog.push(new Array(100_000).fill({})); });\n" +
          "parentPort.postMessage({ type: 'ready', code: 'sources' });\n",
      );
      pool = new GradingPool({ size: 1, entry, maxHeapMb: 32 });
      const r = await pool.run({ kind: 'grade', lab, actionLog: [] });
      expect(r).toMatchObject({ ok: false, error: 'crashed' });
      expect(!r.ok && r.detail).toMatch(/memory/i);
      expect(await pool.run({ kind: 'grade', lab, actionLog: [] })).toMatchObject({ ok: false, error: 'crashed' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the bundle the build makes under `next start`, and grades as the sources do', async () => {
    const sources = new GradingPool({ size: 1 });
    const expected = await sources.run({ kind: 'grade', lab, actionLog: loaded.solution });
    await sources.close();
    bundleGradingWorker(); // what ensureBuild does after `next build`
    const env = process.env as Record<string, string | undefined>;
    const nodeEnv = env.NODE_ENV;
    env.NODE_ENV = 'production'; // the worker's environment is a copy of this one, made when it starts
    try {
      pool = new GradingPool({ size: 1 });
      const r = await pool.run({ kind: 'grade', lab, actionLog: loaded.solution });
      expect(pool.workerCode).toBe('bundle');
      expect(r).toMatchObject({ ok: true, value: { ok: true, passed: true } });
      expect(r).toEqual(expected);
    } finally {
      env.NODE_ENV = nodeEnv;
    }
  });
});
