import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../../scripts/db/migrated-database';
import { nextWindow, type RateLimitWindow } from '../../auth/rate-limit-window';
import { loadContent } from '../../content/loader';
import type { Database } from '../../db';
import { jobLabOf } from '../job-lab';
import { runJob } from '../jobs';
import type { PoolResult } from '../pool';
import type { GradeOutcome, GradingJob } from '../protocol';
import { GRADINGS_AT_ONCE, MAX_REFUSAL_DETAIL, handleAttempt, type AttemptDeps, type AttemptResponse, type Verdict } from './submit';

const content = loadContent(path.resolve(import.meta.dirname, '../../../../content')).content;
const LAB = 'etcd-quorum-recovery';
const solution = content.labs.get(LAB)!.solution!;
const otherSolution = content.labs.get('etcd-five-members')!.solution!;
const ORIGIN = 'http://localhost:3000';

let mdb: MigratedDatabase;
let db: Database;
let gradings = 0;
let poolAnswer: PoolResult<GradeOutcome> | undefined;

function deps(): AttemptDeps {
  const windows = new Map<string, RateLimitWindow>();
  return {
    db,
    lab: (id) => {
      const l = content.labs.get(id);
      return l ? jobLabOf(l) : undefined;
    },
    // the real grader, in this thread (the pool's own tests run it in a worker)
    grade: async (lab, actionLog) => {
      gradings++;
      if (poolAnswer) return poolAnswer;
      return { ok: true, value: runJob({ kind: 'grade', lab, actionLog } satisfies GradingJob) as GradeOutcome };
    },
    rateLimit: async (key, rule) => {
      const { window, verdict } = nextWindow(windows.get(key), new Date(), rule);
      windows.set(key, window);
      return verdict;
    },
    simVersion: '9.9.9',
    message: (code, detail) => `${code}${detail ? `: ${detail}` : ''}`,
  };
}

/** A grader that holds every grading until `release()`, counting the gradings begun. */
function heldGrader() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const d = deps();
  const g = {
    calls: 0,
    release: () => release(),
    held: {
      ...d,
      grade: async (lab, log) => {
        g.calls++;
        await gate;
        return d.grade(lab, log);
      },
    } as AttemptDeps,
  };
  return g;
}

function post(body: unknown, headers: Record<string, string> = { origin: ORIGIN }): Request {
  return new Request(`${ORIGIN}/api/labs/${LAB}/attempts`, {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let users: { a: { id: string }; b: { id: string } };
let keyN = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keyN}`;

async function submit(body: unknown, opts: { user?: { id: string } | null; labId?: string; headers?: Record<string, string>; d?: AttemptDeps; ip?: string } = {}): Promise<AttemptResponse> {
  return handleAttempt(opts.d ?? deps(), {
    request: post(body, opts.headers),
    labId: opts.labId ?? LAB,
    user: opts.user === undefined ? users.a : opts.user,
    ip: opts.ip ?? '10.0.0.1',
    locale: 'ko',
  });
}

beforeAll(async () => {
  mdb = await migratedDatabase();
  db = mdb.client;
  const a = await db.user.create({ data: { email: 'a@example.com', passwordHash: 'x' } });
  const b = await db.user.create({ data: { email: 'b@example.com', passwordHash: 'x' } });
  users = { a, b };
});
afterAll(() => mdb.close());

describe('POST /api/labs/<lab>/attempts', () => {
  it('grades the reference solution, stores the attempt with the hints counted from the database, and links its replay', async () => {
    await db.hintUse.createMany({ data: [0, 1].map((hintIndex) => ({ userId: users.a.id, labId: LAB, hintIndex })) });
    const key = newKey();
    const r = await submit({ actionLog: solution, idempotencyKey: key });
    expect(r.status).toBe(200);
    const v = r.body as Verdict;
    expect(v.passed).toBe(true);
    expect(v.goals.every((g) => g.passed && g.explanation.ko && g.explanation.en)).toBe(true);
    expect(v.replayUrl).toBe(`/ko/labs/${LAB}/attempts/${v.attemptId}`);
    const row = await db.labAttempt.findUniqueOrThrow({ where: { idempotencyKey: key } });
    expect(row).toMatchObject({ id: v.attemptId, userId: users.a.id, labId: LAB, passed: true, hintsUsed: 2, simVersion: '9.9.9', seed: content.labs.get(LAB)!.lab.seed, stateHash: v.stateHash });
    expect(JSON.parse(row.actionLog)).toEqual(solution);
    expect(JSON.parse(row.goalResults)).toEqual(v.goals);
  });

  it('answers a retry with the stored attempt without grading again', async () => {
    const key = newKey();
    const first = await submit({ actionLog: solution, idempotencyKey: key });
    const before = gradings;
    const again = await submit({ actionLog: solution, idempotencyKey: key });
    expect(gradings).toBe(before);
    expect(again).toEqual(first);
  });

  it('stores one attempt when the same key arrives twice at once', async () => {
    const key = newKey();
    const [x, y] = await Promise.all([submit({ actionLog: solution, idempotencyKey: key }), submit({ actionLog: solution, idempotencyKey: key })]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect((x.body as Verdict).attemptId).toBe((y.body as Verdict).attemptId);
    expect(await db.labAttempt.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it('refuses the same key with another log while the first is still being graded (409), for a learner and a guest', async () => {
    for (const user of [users.a, null]) {
      const key = newKey();
      const [first, other] = await Promise.all([submit({ actionLog: solution, idempotencyKey: key }, { user }), submit({ actionLog: [], idempotencyKey: key }, { user })]);
      expect(first).toMatchObject({ status: 200, body: { passed: true } });
      expect(other).toMatchObject({ status: 409, body: { error: { code: 'key-conflict' } } });
    }
  });

  it('refuses the same key from another learner, for another lab or with another log (409)', async () => {
    const key = newKey();
    await submit({ actionLog: solution, idempotencyKey: key });
    expect((await submit({ actionLog: solution, idempotencyKey: key }, { user: users.b })).status).toBe(409);
    expect((await submit({ actionLog: otherSolution, idempotencyKey: key }, { labId: 'etcd-five-members' })).status).toBe(409);
    // the key of a passing attempt does not pass an empty log
    const before = gradings;
    expect(await submit({ actionLog: [], idempotencyKey: key })).toMatchObject({ status: 409, body: { error: { code: 'key-conflict' } } });
    expect(await submit({ actionLog: solution.slice(1), idempotencyKey: key })).toMatchObject({ status: 409 });
    expect(gradings).toBe(before);
  });

  it('trusts nothing the browser says about its verdict or state: extra fields are a 400 and nothing is stored', async () => {
    for (const extra of [{ passed: true }, { stateHash: 'deadbeef' }, { goals: [] }, { labId: LAB }]) {
      const key = newKey();
      const r = await submit({ actionLog: [], idempotencyKey: key, ...extra });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: { code: 'bad-request' } });
      expect(await db.labAttempt.count({ where: { idempotencyKey: key } })).toBe(0);
    }
    expect((await submit('{not json')).status).toBe(400);
    expect((await submit({ actionLog: [], idempotencyKey: 'short' })).status).toBe(400);
  });

  it('grades the starter state and another lab\'s solution as not passed', async () => {
    const empty = await submit({ actionLog: [], idempotencyKey: newKey() });
    expect((empty.body as Verdict).passed).toBe(false);
    const other = await submit({ actionLog: otherSolution, idempotencyKey: newKey() });
    expect(other.status).toBe(200);
    expect((other.body as Verdict).passed).toBe(false);
  });

  it('refuses a cross-site request or one without an Origin (403) before reading it', async () => {
    const before = gradings;
    expect((await submit({ actionLog: solution, idempotencyKey: newKey() }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await submit({ actionLog: solution, idempotencyKey: newKey() }, { headers: {} })).status).toBe(403);
    expect((await submit({ actionLog: solution, idempotencyKey: newKey() }, { headers: { origin: ORIGIN, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(gradings).toBe(before);
  });

  it('refuses a body over the limit (413) and a log over the caps or malformed (422) with the reason', async () => {
    const huge = { actionLog: [{ type: 'writeFile', path: 'a.yaml', content: 'x'.repeat(9 * 1024 * 1024) }], idempotencyKey: newKey() };
    expect((await submit(huge)).status).toBe(413);
    const tooMany = Array.from({ length: 5_001 }, () => ({ type: 'command', line: 'sim status' }));
    const r = await submit({ actionLog: tooMany, idempotencyKey: newKey() });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ error: { code: 'log-refused', reason: 'actions', detail: expect.stringContaining('5000 actions') } });
    const tooLong = await submit({ actionLog: [{ type: 'tick', ticks: 300_000 }], idempotencyKey: newKey() });
    expect(tooLong).toMatchObject({ status: 422, body: { error: { code: 'log-refused', reason: 'ticks' } } });
    expect(await submit({ actionLog: [{ type: 'rm -rf' }], idempotencyKey: newKey() })).toMatchObject({ status: 422, body: { error: { reason: 'invalid' } } });
    expect((await submit({ actionLog: 'sim status', idempotencyKey: newKey() })).status).toBe(422);
  });

  it('refuses a body nested deeper than any action log (400) before parsing it, whatever its size', async () => {
    const before = gradings;
    const depth = 1_000_000;
    const nested = `{"actionLog":${'['.repeat(depth)}${']'.repeat(depth)},"idempotencyKey":"${newKey()}"}`;
    const started = performance.now();
    const r = await submit(nested);
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'bad-request', message: expect.stringContaining('nested') } } });
    expect(performance.now() - started).toBeLessThan(1_000);
    // brackets inside strings (escaped quotes and all) are text, not nesting
    const inText = await submit({ actionLog: [{ type: 'command', line: `etcdctl put /k "\\\"${'['.repeat(200)}"` }], idempotencyKey: newKey() });
    expect(inText.status).toBe(200);
    expect(gradings).toBe(before + 1);
  });

  it('quotes at most the start of a refused log in its answer and in the server log', async () => {
    const logged: string[] = [];
    const d = { ...deps(), logRefusal: (_lab: string, _reason: string, detail: string) => logged.push(detail) };
    const r = await submit({ actionLog: [{ type: 'x'.repeat(1_000_000) }], idempotencyKey: newKey() }, { d });
    expect(r).toMatchObject({ status: 422, body: { error: { code: 'log-refused', reason: 'invalid', detail: expect.stringContaining('unknown action type "xxx') } } });
    const detail = (r.body as { error: { detail: string } }).error.detail;
    expect(detail.length).toBeLessThanOrEqual(MAX_REFUSAL_DETAIL + 50);
    expect(detail).toContain('more characters)');
    expect(logged).toEqual([detail]);
  });

  it('clips whatever long sentence the grader refuses with, in the answer and the server log', async () => {
    const logged: string[] = [];
    const d = { ...deps(), logRefusal: (_lab: string, _reason: string, detail: string) => logged.push(detail) };
    poolAnswer = { ok: true, value: { ok: false, reason: 'invalid', error: `quoting ${'y'.repeat(10_000)}` } };
    try {
      const r = await submit({ actionLog: [{ type: 'command', line: 'sim status' }], idempotencyKey: newKey() }, { d });
      const detail = (r.body as { error: { detail: string } }).error.detail;
      expect(detail.startsWith('quoting yyy')).toBe(true);
      expect(detail.length).toBeLessThanOrEqual(MAX_REFUSAL_DETAIL + 50);
      expect(detail).toMatch(/… \(9508 more characters\)$/);
      expect(logged).toEqual([detail]);
    } finally {
      poolAnswer = undefined;
    }
  });

  it('tells the learner the reason code the grader gave, whatever its English sentence says', async () => {
    const logged: [string, string][] = [];
    const d = { ...deps(), logRefusal: (_lab: string, reason: string, detail: string) => logged.push([reason, detail]) };
    poolAnswer = { ok: true, value: { ok: false, reason: 'output', error: 'the grader reworded this sentence' } };
    try {
      const r = await submit({ actionLog: [{ type: 'command', line: 'sim status' }], idempotencyKey: newKey() }, { d });
      expect(r).toMatchObject({ status: 422, body: { error: { code: 'log-refused', reason: 'output', detail: 'the grader reworded this sentence' } } });
      expect(logged).toEqual([['output', 'the grader reworded this sentence']]);
    } finally {
      poolAnswer = undefined;
    }
  });

  it('grades a guest without storing anything', async () => {
    const key = newKey();
    const r = await submit({ actionLog: solution, idempotencyKey: key }, { user: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ attemptId: null, replayUrl: null, passed: true });
    expect(await db.labAttempt.count({ where: { idempotencyKey: key } })).toBe(0);
  });

  it('answers 404 for an unknown lab', async () => {
    expect((await submit({ actionLog: [], idempotencyKey: newKey() }, { labId: 'no-such-lab' })).status).toBe(404);
  });

  it('limits submissions per learner (429 with Retry-After)', async () => {
    const d = deps();
    let r: AttemptResponse | undefined;
    for (let i = 0; i < 31; i++) r = await submit({ actionLog: [{ type: 'command', line: 'sim status' }], idempotencyKey: newKey() }, { d, user: users.b });
    expect(r!.status).toBe(429);
    expect(Number(r!.headers?.['Retry-After'])).toBeGreaterThan(0);
  });

  it('grades one submission per learner at a time: another one meanwhile is a 429 without grading, the same one gets the first answer, other learners are not held up', async () => {
    const g = heldGrader();
    const key = newKey();
    const first = submit({ actionLog: solution, idempotencyKey: key }, { d: g.held });
    await vi.waitFor(() => expect(g.calls).toBe(1));
    const meanwhile = await Promise.race([submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held }), new Promise((r) => setTimeout(() => r('still waiting for a grader'), 2_000))]);
    expect(meanwhile).toMatchObject({ status: 429, body: { error: { code: 'in-progress' } }, headers: { 'Retry-After': '5' } });
    const again = submit({ actionLog: solution, idempotencyKey: key }, { d: g.held });
    const otherLearner = submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: users.b });
    await vi.waitFor(() => expect(g.calls).toBe(2));
    g.release();
    const [a, b, c] = await Promise.all([first, again, otherLearner]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(c.status).toBe(200);
    expect(g.calls).toBe(2);
    // answered: the learner's next submission is graded
    expect((await submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held })).status).toBe(200);
  });

  it('grades a few submissions at once from an address without a session (a classroom behind one NAT), not more', async () => {
    const g = heldGrader();
    const guests = Array.from({ length: GRADINGS_AT_ONCE.address }, () => submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: null }));
    await vi.waitFor(() => expect(g.calls).toBe(GRADINGS_AT_ONCE.address));
    expect(await submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: null })).toMatchObject({ status: 429, body: { error: { code: 'in-progress' } } });
    g.release();
    for (const r of await Promise.all(guests)) expect(r.status).toBe(200);
    expect(g.calls).toBe(GRADINGS_AT_ONCE.address);
  });

  it('grades at most a few guests at once from every address together, keeping the rest of the queue for signed-in learners', async () => {
    const g = heldGrader();
    // guests from addresses of their own (an IPv6 host can change address at will)
    const guests = Array.from({ length: GRADINGS_AT_ONCE.guests }, (_, i) => submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: null, ip: `2001:db8::${i + 1}` }));
    await vi.waitFor(() => expect(g.calls).toBe(GRADINGS_AT_ONCE.guests));
    expect(await submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: null, ip: '2001:db8::99' })).toMatchObject({ status: 503, body: { error: { code: 'busy' } }, headers: { 'Retry-After': '5' } });
    // a signed-in learner is still graded
    const learner = submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: users.b });
    await vi.waitFor(() => expect(g.calls).toBe(GRADINGS_AT_ONCE.guests + 1));
    g.release();
    for (const r of await Promise.all([...guests, learner])) expect(r.status).toBe(200);
    // the count is released: the next guest is graded
    expect((await submit({ actionLog: [], idempotencyKey: newKey() }, { d: g.held, user: null, ip: '2001:db8::99' })).status).toBe(200);
  });

  it('answers 503 with Retry-After when every grader is busy, and 422 when grading ran too long', async () => {
    poolAnswer = { ok: false, error: 'busy' };
    const busy = await submit({ actionLog: [], idempotencyKey: newKey() });
    expect(busy).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    poolAnswer = { ok: false, error: 'timeout' };
    expect(await submit({ actionLog: [], idempotencyKey: newKey() })).toMatchObject({ status: 422, body: { error: { code: 'grading-timeout' } } });
    poolAnswer = undefined;
  });
});
