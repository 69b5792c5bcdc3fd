// A small pool of grading worker threads. Grading replays a whole simulation (up to the
// caps: a few seconds of CPU), so it must not run on the thread that serves requests.
// Each worker takes one job at a time; jobs wait in a bounded queue (a full queue is
// `busy`: the route answers 503 with Retry-After, and so is a job that waits longer than
// the wait cap: its request, and the learner's one grading at a time, are not held for
// minutes behind a long queue); a job that runs past the wall-clock cap gets its worker
// terminated (`timeout`) and a fresh worker takes its place.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GradeOutcome, GradingJob, JobOutcome, TranscriptOutcome, WorkerMessage, WorkerRequest } from './protocol';

export interface GradingPoolOptions {
  /** worker threads (default 1: this app often runs on two cores) */
  size: number;
  /** jobs that may wait for a worker; one more is refused as busy */
  maxQueue: number;
  /** wall-clock cap of one job, from the moment a worker takes it */
  timeoutMs: number;
  /** how long a job may wait for a worker before it is answered busy */
  maxWaitMs: number;
  /**
   * the heap a worker may use (V8's old generation, MB). A worker past it is ended with
   * ERR_WORKER_OUT_OF_MEMORY and its job is `crashed`; without a cap a worker may take as
   * much as the server's own default heap limit (gigabytes) before Node ends it.
   */
  maxHeapMb: number;
  /** the worker's entry file (default: app/_lib/grading/worker-entry.mjs under the working directory) */
  entry: string;
}

export type PoolError = 'busy' | 'timeout' | 'crashed';
export type PoolResult<T> = { ok: true; value: T } | { ok: false; error: PoolError; detail?: string };

export const DEFAULT_POOL_OPTIONS: GradingPoolOptions = {
  size: 1,
  maxQueue: 16,
  timeoutMs: 20_000,
  maxWaitMs: 60_000,
  // a reference solution's replay stays far below this; the wall-clock cap usually comes first
  maxHeapMb: 512,
  // Resolved from the working directory, not this module's URL: under `next start` this
  // module is bundled into .next/, while the worker runs the repository's own sources.
  entry: path.join(process.cwd(), 'app', '_lib', 'grading', 'worker-entry.mjs'),
};

interface Pending {
  id: number;
  job: GradingJob;
  resolve: (r: PoolResult<GradeOutcome | TranscriptOutcome>) => void;
  /** answers busy if the job is still waiting at the wait cap */
  waitTimer?: ReturnType<typeof setTimeout>;
}

class Slot {
  worker: Worker;
  ready = false;
  /** the worker died before it was ready (a broken import): respawned at the next job, not in a loop */
  down = false;
  current: Pending | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly pool: GradingPool) {
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    const w = new Worker(this.pool.options.entry, { resourceLimits: { maxOldGenerationSizeMb: this.pool.options.maxHeapMb } });
    this.ready = false;
    this.down = false;
    w.unref(); // an idle pool never keeps the process alive
    w.on('message', (m: WorkerMessage) => this.onMessage(w, m));
    w.on('error', (e) => this.onExit(w, e instanceof Error ? e.message : String(e)));
    w.on('exit', (code) => this.onExit(w, `the grading worker exited (code ${code})`));
    return w;
  }

  private onMessage(w: Worker, m: WorkerMessage): void {
    if (w !== this.worker) return;
    if (m.type === 'ready') {
      this.ready = true;
      this.pool.workerCode = m.code;
      this.pool.drain();
      return;
    }
    const job = this.current;
    if (job === undefined || job.id !== m.id) return;
    this.finish(m.type === 'done' ? { ok: true, value: m.outcome } : { ok: false, error: 'crashed', detail: m.error });
  }

  private onExit(w: Worker, detail: string): void {
    if (w !== this.worker || this.pool.closed || this.down) return;
    if (!this.ready) {
      this.down = true;
      this.pool.failQueued(`the grading worker could not start: ${detail}`);
      return;
    }
    this.finish({ ok: false, error: 'crashed', detail });
    this.worker = this.spawn();
  }

  /** Try again after a failed start. */
  revive(): void {
    if (this.down) this.worker = this.spawn();
  }

  private finish(r: PoolResult<GradeOutcome | TranscriptOutcome>): void {
    const job = this.current;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.current = undefined;
    if (job) job.resolve(r);
    this.pool.drain();
  }

  get idle(): boolean {
    return this.ready && this.current === undefined;
  }

  take(job: Pending): void {
    clearTimeout(job.waitTimer);
    this.current = job;
    this.timer = setTimeout(() => this.expire(), this.pool.options.timeoutMs);
    this.worker.postMessage({ id: job.id, job: job.job } satisfies WorkerRequest);
  }

  /** The job ran too long: end the thread (the only way to stop synchronous work) and replace it. */
  private expire(): void {
    const old = this.worker;
    this.worker = this.spawn();
    void old.terminate();
    this.finish({ ok: false, error: 'timeout' });
  }

  async close(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    const job = this.current;
    this.current = undefined;
    job?.resolve({ ok: false, error: 'crashed', detail: 'the grading pool is closed' });
    await this.worker.terminate();
  }
}

export class GradingPool {
  readonly options: GradingPoolOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  closed = false;
  /** what the last worker to start runs: the app's bundle (`next start`) or the sources through tsx; undefined before one is ready */
  workerCode: 'bundle' | 'sources' | undefined;

  constructor(options: Partial<GradingPoolOptions> = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
    for (let i = 0; i < Math.max(1, this.options.size); i++) this.slots.push(new Slot(this));
  }

  /** Jobs waiting for a worker (not counting the ones running). */
  get queued(): number {
    return this.queue.length;
  }

  run<J extends GradingJob>(job: J): Promise<PoolResult<JobOutcome<J>>> {
    if (this.closed) return Promise.resolve({ ok: false, error: 'crashed', detail: 'the grading pool is closed' });
    if (this.queue.length >= this.options.maxQueue) return Promise.resolve({ ok: false, error: 'busy' });
    for (const slot of this.slots) slot.revive();
    return new Promise((resolve) => {
      const pending: Pending = { id: this.nextId++, job, resolve: resolve as Pending['resolve'] };
      this.queue.push(pending);
      this.drain();
      if (this.queue.includes(pending)) pending.waitTimer = setTimeout(() => this.giveUp(pending), this.options.maxWaitMs);
    });
  }

  /** The job waited as long as it may: it leaves the queue, answered busy. */
  private giveUp(pending: Pending): void {
    const at = this.queue.indexOf(pending);
    if (at === -1) return;
    this.queue.splice(at, 1);
    pending.resolve({ ok: false, error: 'busy' });
  }

  /** Hand waiting jobs to idle workers. */
  drain(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.idle) slot.take(this.queue.shift()!);
    }
  }

  /** No worker can start: the waiting jobs fail now instead of waiting forever. */
  failQueued(detail: string): void {
    if (this.slots.some((s) => !s.down)) return;
    for (const p of this.queue.splice(0)) {
      clearTimeout(p.waitTimer);
      p.resolve({ ok: false, error: 'crashed', detail });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) {
      clearTimeout(p.waitTimer);
      p.resolve({ ok: false, error: 'crashed', detail: 'the grading pool is closed' });
    }
    await Promise.all(this.slots.map((s) => s.close()));
  }
}
