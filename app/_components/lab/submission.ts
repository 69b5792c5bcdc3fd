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
  /** nothing was graded; the same log can be sent again with the same key */
  | { kind: 'retry'; reason: 'signed-out' | 'forbidden' | 'rate-limited' | 'in-progress' | 'server' | 'network' };

export type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; json(): Promise<unknown> }>;

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
  // 429 is both the rate limit and "your previous submission is still being graded"
  if (res.status === 429) {
    const code = errorCodeSchema.safeParse(body);
    return { kind: 'retry', reason: code.success && code.data.error.code === 'in-progress' ? 'in-progress' : 'rate-limited' };
  }
  return { kind: 'retry', reason: 'server' };
}

/**
 * The idempotency key for submitting `log`: the same key while the log is the same (a
 * retry, a double click), a new one once the learner has done something since.
 */
export function keyForLog(previous: { key: string; log: string } | undefined, log: ActionLog, newKey: () => string): { key: string; log: string } {
  const text = JSON.stringify(log);
  return previous !== undefined && previous.log === text ? previous : { key: newKey(), log: text };
}
