// Submitting: each server answer becomes what the panel shows, a retry reuses the key,
// and nothing the server did not say is invented.
import { describe, expect, it } from 'vitest';
import { keyForLog, submitAttempt, type Fetch } from './submission';

const log = [{ type: 'command' as const, line: 'etcdctl put /app/recovered yes' }];

function answering(status: number, body: unknown): { fetch: Fetch; sent: { url: string; body: unknown }[] } {
  const sent: { url: string; body: unknown }[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      sent.push({ url, body: JSON.parse(init.body) });
      return { status, json: async () => body };
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
    expect(await submitAttempt(answering(429, { error: { code: 'in-progress', message: 'still grading' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'in-progress' });
    expect(await submitAttempt(answering(429, { error: { code: 'rate-limited', message: 'slow down' } }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'rate-limited' });
    expect(await submitAttempt(answering(503, {}).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    expect(await submitAttempt(answering(200, { passed: true }).fetch, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'server' });
    const offline: Fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await submitAttempt(offline, 'l', log, 'k')).toEqual({ kind: 'retry', reason: 'network' });
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
