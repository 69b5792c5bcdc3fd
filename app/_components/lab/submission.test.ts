// Submitting: each server answer becomes what the panel shows, a retry reuses the key,
// and nothing the server did not say is invented.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countDown, keyAfter, keyForLog, MAX_SUBMIT_TRIES, submitAttempt, submitWithRetries, type Fetch, type RetryWaiting, type SubmitOutcome } from './submission';

const log = [{ type: 'command' as const, line: 'etcdctl put /app/recovered yes' }];

function answering(status: number, body: unknown, headers: Record<string, string> = {}): { fetch: Fetch; sent: { url: string; body: unknown }[] } {
  const sent: { url: string; body: unknown }[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      sent.push({ url, body: JSON.parse(init.body) });
      return { status, json: async () => body, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null } };
    },
  };
}

const verdict = {
  attemptId: null,
  passed: false,
  goals: [{ id: 'recovered-written', passed: false, explanation: { ko: '없음', en: 'expected yes, found nothing' } }],
  stateHash: 'abc123',
  replayUrl: null,
};

describe('submitAttempt', () => {
  it('sends only the log and the idempotency key to the lab attempts route, and shows the verdict', async () => {
    const server = answering(200, verdict);
    const outcome = await submitAttempt(server.fetch, 'etcd-quorum-recovery', log, 'key-1');
    expect(server.sent).toEqual([{ url: '/api/labs/etcd-quorum-recovery/attempts', body: { actionLog: log, idempotencyKey: 'key-1' } }]);
    expect(outcome).toEqual({ kind: 'verdict', verdict });
  });

  it("shows the server's message when it refuses the log", async () => {
    for (const status of [400, 413, 422]) {
      const outcome = await submitAttempt(answering(status, { error: { code: 'over-caps', message: 'more than 5000 actions' } }).fetch, 'l', log, 'k');
      expect(outcome).toEqual({ kind: 'refused', code: 'over-caps', message: 'more than 5000 actions' });
    }
  });

  it('keeps the work and offers a retry on 401, 403, 429, 5xx, a network failure or a malformed answer', async () => {
    expect(await submitAttempt(answering(401, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'signed-out' });
    expect(await submitAttempt(answering(403, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'forbidden' });
    expect(await submitAttempt(answering(429, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'rate-limited' });
    // the learner's previous submission is still being graded (another tab, a resubmission)
    expect(await submitAttempt(answering(429, { error: { code: 'in-progress', message: 'still grading' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'in-progress', retryAfterSeconds: 5 });
    expect(await submitAttempt(answering(429, { error: { code: 'rate-limited', message: 'slow down' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'rate-limited' });
    expect(await submitAttempt(answering(503, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    expect(await submitAttempt(answering(500, { error: { code: 'busy', message: 'busy' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    expect(await submitAttempt(answering(200, { passed: true }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    const offline: Fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await submitAttempt(offline, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'network' });
  });

  it("says when the key is another attempt's (409 key-conflict), which the same key would only meet again", async () => {
    const conflict = { error: { code: 'key-conflict', message: 'This submission key was already used for another attempt.' } };
    expect(await submitAttempt(answering(409, conflict).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'key-conflict' });
    // a 409 the server does not explain is still the server's trouble
    expect(await submitAttempt(answering(409, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    expect(await submitAttempt(answering(409, { error: { code: 'other', message: 'x' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
  });
});

describe('a busy server', () => {
  const busy = { error: { code: 'busy', message: 'The graders are busy' } };
  const inProgress = { error: { code: 'in-progress', message: 'still grading' } };

  it('is a retry after the seconds its Retry-After asks (1 to 60, else 5)', async () => {
    expect(await submitAttempt(answering(503, busy, { 'retry-after': '7' }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'busy', retryAfterSeconds: 7 });
    expect(await submitAttempt(answering(429, inProgress, { 'retry-after': '5' }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'in-progress', retryAfterSeconds: 5 });
    expect(await submitAttempt(answering(503, busy, { 'retry-after': '3600' }).fetch, 'l', log, 'k')).toMatchObject({ retryAfterSeconds: 60 });
    for (const header of ['0', '-2', '1.5', 'Wed, 21 Oct 2026 07:28:00 GMT', '']) {
      expect(await submitAttempt(answering(503, busy, { 'retry-after': header }).fetch, 'l', log, 'k')).toMatchObject({ retryAfterSeconds: 5 });
    }
    expect(await submitAttempt(answering(503, busy).fetch, 'l', log, 'k')).toMatchObject({ retryAfterSeconds: 5 });
  });

  it('is sent the same log again, as often as it asks up to the limit, until it answers otherwise', async () => {
    const answers: SubmitOutcome[] = [
      { kind: 'retry', reason: 'busy', retryAfterSeconds: 5 },
      { kind: 'retry', reason: 'in-progress', retryAfterSeconds: 3 },
      { kind: 'verdict', verdict },
    ];
    const waits: RetryWaiting[] = [];
    let sent = 0;
    const outcome = await submitWithRetries(
      async () => answers[sent++]!,
      async (w) => (waits.push(w), true),
    );
    expect(outcome).toEqual({ kind: 'verdict', verdict });
    expect(sent).toBe(3);
    expect(waits).toEqual([
      { seconds: 5, attempt: 2, reason: 'busy' },
      { seconds: 3, attempt: 3, reason: 'in-progress' },
    ]);

    let tries = 0;
    const always = await submitWithRetries(
      async () => (tries++, { kind: 'retry', reason: 'busy', retryAfterSeconds: 1 }),
      async () => true,
    );
    expect([tries, always]).toEqual([MAX_SUBMIT_TRIES, { kind: 'retry', reason: 'busy', retryAfterSeconds: 1 }]);
  });

  it('is not waited for when the learner stops, nor for any other failure', async () => {
    let sent = 0;
    const stopped = await submitWithRetries(
      async () => (sent++, { kind: 'retry', reason: 'busy', retryAfterSeconds: 5 }),
      async () => false,
    );
    expect([sent, stopped.kind]).toEqual([1, 'retry']);
    for (const outcome of [{ kind: 'retry', reason: 'rate-limited' }, { kind: 'retry', reason: 'server' }, { kind: 'refused', code: 'x', message: 'y' }] as SubmitOutcome[]) {
      let waited = false;
      expect(await submitWithRetries(async () => outcome, async () => (waited = true))).toBe(outcome);
      expect(waited).toBe(false);
    }
  });
});

describe('countDown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks each second left and resolves true after them, or false at once when stopped', async () => {
    vi.useFakeTimers();
    const ticks: number[] = [];
    const done = countDown({ seconds: 3, attempt: 2, reason: 'busy' }, (w) => ticks.push(w.seconds), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await done).toBe(true);
    expect(ticks).toEqual([3, 2, 1]);

    const stop = new AbortController();
    const stopped = countDown({ seconds: 30, attempt: 2, reason: 'busy' }, () => undefined, stop.signal);
    await vi.advanceTimersByTimeAsync(2000);
    stop.abort();
    expect(await stopped).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('keyForLog', () => {
  it('reuses the key for the same log (a retry) and makes a new one once the log changed', () => {
    let n = 0;
    const fresh = () => `key-${++n}`;
    const first = keyForLog(undefined, log, fresh);
    expect(first.key).toBe('key-1');
    expect(keyForLog(first, [...log], fresh).key).toBe('key-1');
    expect(keyForLog(first, [...log, { type: 'tick', ticks: 5 }], fresh).key).toBe('key-2');
  });
});

describe('keyAfter', () => {
  it('keeps the key after any answer but a key conflict, after which Submit sends the same log with a new key', async () => {
    let n = 0;
    const fresh = () => `key-${++n}`;
    const kept = keyForLog(undefined, log, fresh);
    for (const outcome of [{ kind: 'verdict', verdict }, { kind: 'retry', reason: 'server' }, { kind: 'retry', reason: 'busy', retryAfterSeconds: 5 }, { kind: 'refused', code: 'x', message: 'y' }] as SubmitOutcome[]) {
      expect(keyAfter(kept, outcome)).toBe(kept);
    }

    // the workspace's Submit, twice, against a server that holds another attempt under the first key
    const sent: unknown[] = [];
    const server: Fetch = async (_url, init) => {
      const body = JSON.parse(init.body) as { idempotencyKey: string };
      sent.push(body);
      return body.idempotencyKey === 'key-1' ? { status: 409, json: async () => ({ error: { code: 'key-conflict', message: 'used' } }) } : { status: 200, json: async () => verdict };
    };
    let key: { key: string; log: string } | undefined;
    const submit = async () => {
      key = keyForLog(key, log, fresh);
      const outcome = await submitAttempt(server, 'l', log, key.key);
      key = keyAfter(key, outcome);
      return outcome;
    };
    n = 0;
    expect(await submit()).toEqual({ kind: 'retry', reason: 'key-conflict' });
    expect(await submit()).toEqual({ kind: 'verdict', verdict });
    expect(sent).toEqual([
      { actionLog: log, idempotencyKey: 'key-1' },
      { actionLog: log, idempotencyKey: 'key-2' },
    ]);
    // and a retry after that keeps the new key
    expect(key?.key).toBe('key-2');
  });
});
