// Submitting a lab attempt to the server's grading (POST /api/labs/<id>/attempts): the
// browser sends only the action log and an idempotency key; the server replays the log
// and answers with its verdict. Every answer becomes a value the panel can show — a
// verdict, a refusal with the server's message, or a failure that keeps the work and
// lets the learner try again.
import { z } from 'zod';
import type { ActionLog } from '@/sim-core/cluster/actions';

const explanationSchema = z.object({ ko: z.string(), en: z.string() });

export const verdictSchema = z.object({
  attemptId: z.string().nullable(),
  passed: z.boolean(),
  goals: z.array(z.object({ id: z.string(), passed: z.boolean(), explanation: explanationSchema })),
  stateHash: z.string(),
  replayUrl: z.string().nullable(),
});
export type Verdict = z.infer<typeof verdictSchema>;

const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const errorCodeSchema = z.object({ error: z.object({ code: z.string() }) });

export type SubmitOutcome =
  | { kind: 'verdict'; verdict: Verdict }
  /** 400 / 413 / 422: the server refused this log; its message says why */
  | { kind: 'refused'; code: string; message: string }
  /**
   * nothing was graded; the same log can be sent again with the same key — but after
   * 'key-conflict' (the server holds another attempt under that key) only with a new one
   * (keyAfter). `retryAfterSeconds`: the server asked for another try after that long (its
   * graders are busy, or this learner's other submission is still being graded), which the
   * page does by itself
   */
  | { kind: 'retry'; reason: 'signed-out' | 'forbidden' | 'rate-limited' | 'in-progress' | 'busy' | 'key-conflict' | 'server' | 'network'; retryAfterSeconds?: number };

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown>; headers?: { get(name: string): string | null } }>;

/** Retry-After as whole seconds (1 to 60; 5 when missing or not a number of seconds). */
function retryAfterOf(res: Awaited<ReturnType<Fetch>>): number {
  const seconds = Number(res.headers?.get('retry-after') ?? '');
  return Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 60) : 5;
}

async function bodyOf(res: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export async function submitAttempt(fetchImpl: Fetch, labId: string, actionLog: ActionLog, idempotencyKey: string): Promise<SubmitOutcome> {
  let res: Awaited<ReturnType<Fetch>>;
  try {
    res = await fetchImpl(`/api/labs/${encodeURIComponent(labId)}/attempts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actionLog, idempotencyKey }),
    });
  } catch {
    return { kind: 'retry', reason: 'network' };
  }
  const body = await bodyOf(res);
  if (res.status === 200) {
    const v = verdictSchema.safeParse(body);
    return v.success ? { kind: 'verdict', verdict: v.data } : { kind: 'retry', reason: 'server' };
  }
  if (res.status === 400 || res.status === 413 || res.status === 422) {
    const e = errorBodySchema.safeParse(body);
    return e.success ? { kind: 'refused', code: e.data.error.code, message: e.data.error.message } : { kind: 'retry', reason: 'server' };
  }
  if (res.status === 401) return { kind: 'retry', reason: 'signed-out' };
  if (res.status === 403) return { kind: 'retry', reason: 'forbidden' };
  const code = errorCodeSchema.safeParse(body);
  // the key is another attempt's (one stored for another account or lab — say, after a
  // sign-in as someone else in another tab): nothing was graded, and the same key would be
  // refused again (app/_lib/grading/attempts/submit.ts)
  if (res.status === 409 && code.success && code.data.error.code === 'key-conflict') return { kind: 'retry', reason: 'key-conflict' };
  // 429 is both the rate limit and "your previous submission is still being graded"
  if (res.status === 429) {
    return code.success && code.data.error.code === 'in-progress' ? { kind: 'retry', reason: 'in-progress', retryAfterSeconds: retryAfterOf(res) } : { kind: 'retry', reason: 'rate-limited' };
  }
  // the graders are all busy (or the queue is full): nothing was graded or stored
  if (res.status === 503 && code.success && code.data.error.code === 'busy') return { kind: 'retry', reason: 'busy', retryAfterSeconds: retryAfterOf(res) };
  return { kind: 'retry', reason: 'server' };
}

/** How many times Submit sends one log while the server answers "busy" or "in progress". */
export const MAX_SUBMIT_TRIES = 6;

export interface RetryWaiting {
  /** seconds until the next try */
  seconds: number;
  /** the try that comes next (2 to MAX_SUBMIT_TRIES) */
  attempt: number;
  reason: 'busy' | 'in-progress';
}

/**
 * Submit, and while the server says it is busy or still grading this learner's other
 * submission, wait as long as it asks and send the same log with the same key again, up
 * to MAX_SUBMIT_TRIES tries: a class submitting at once queues instead of each learner
 * reading "try again". `wait` resolves false when the learner stopped waiting; the last
 * answer is returned then, as it is after the last try.
 */
export async function submitWithRetries(send: () => Promise<SubmitOutcome>, wait: (waiting: RetryWaiting) => Promise<boolean>): Promise<SubmitOutcome> {
  let outcome = await send();
  for (let attempt = 2; attempt <= MAX_SUBMIT_TRIES; attempt++) {
    if (outcome.kind !== 'retry' || outcome.retryAfterSeconds === undefined || (outcome.reason !== 'busy' && outcome.reason !== 'in-progress')) return outcome;
    if (!(await wait({ seconds: outcome.retryAfterSeconds, attempt, reason: outcome.reason }))) return outcome;
    outcome = await send();
  }
  return outcome;
}

/**
 * The idempotency key for submitting `log`: the same key while the log is the same (a
 * retry, a double click), a new one once the learner has done something since.
 */
export function keyForLog(previous: { key: string; log: string } | undefined, log: ActionLog, newKey: () => string): { key: string; log: string } {
  const text = JSON.stringify(log);
  return previous !== undefined && previous.log === text ? previous : { key: newKey(), log: text };
}

/**
 * The key to keep after a submission's `outcome`: the same one (a retry of the same log is
 * stored once), unless the server said the key is another attempt's — then none, so that the
 * next Submit makes a new key for the log.
 */
export function keyAfter<K>(kept: K | undefined, outcome: SubmitOutcome): K | undefined {
  return outcome.kind === 'retry' && outcome.reason === 'key-conflict' ? undefined : kept;
}

/**
 * Wait `waiting.seconds`, telling `onTick` the seconds left once a second (the first at
 * once); false as soon as `signal` aborts (the learner stopped waiting, Reset, the page left).
 */
export function countDown(waiting: RetryWaiting, onTick: (waiting: RetryWaiting) => void, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    let left = waiting.seconds;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
    const tick = () => {
      if (left <= 0) {
        signal.removeEventListener('abort', stop);
        return resolve(true);
      }
      onTick({ ...waiting, seconds: left });
      left--;
      timer = setTimeout(tick, 1000);
    };
    tick();
  });
}
