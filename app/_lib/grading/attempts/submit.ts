// POST /api/labs/<lab>/attempts as a plain function of the request and its dependencies
// (the route file only wires them): same-origin, size, strict body, lab, idempotency, one
// grading at a time per learner, rate limit, then the verdict of the grading pool — stored
// for a signed-in learner.
import type { RateLimitRule, RateLimitVerdict } from '../../auth/rate-limit-window';
import type { Database } from '../../db';
import { checkActionLog } from '../../../../sim-core/grading/refuse';
import { DEFAULT_GRADE_CAPS, type RefusalReason } from '../../../../sim-core/grading/caps';
import type { PoolResult } from '../pool';
import type { GoalOutcome, GradeOutcome, JobLab } from '../protocol';
import { attemptBodySchema, isSameOrigin, MAX_ATTEMPT_BODY_BYTES, MAX_ATTEMPT_BODY_DEPTH, nestingWithin, readBodyLimited, type AttemptBody } from './request';
import { findAttemptByKey, storeAttempt, type StoredAttempt } from './store';

/** Grading costs seconds of CPU: a learner submits a few times per lab, not dozens a minute. */
export const ATTEMPT_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };
/** Seconds a client should wait when every grading worker is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The submissions being graded now, by submitter: a signed-in learner has one at a time, an
 * address without a session (guests, perhaps a classroom behind one NAT) a few. A grading
 * can hold a worker for the whole wall-clock cap and the pool's queue is shared by
 * everyone, so one submitter firing submissions side by side would fill it and every other
 * learner would be told "busy". The same submission again (a double click, a retry while
 * the first is still running) waits for the first one's answer.
 */
const gradingNow = new Map<string, Map<string, { log: string; answer: Promise<AttemptResponse> }>>();
/**
 * `guests`: all the gradings without a session at once, from every address together. An
 * address is easy to change (an IPv6 host has a /64 of them), so the per-address count
 * alone would let a few guests fill the queue; this keeps half of it for signed-in learners.
 */
export const GRADINGS_AT_ONCE = { learner: 1, address: 4, guests: 8 } as const;
let guestGradings = 0;

export type ErrorCode =
  | 'cross-origin'
  | 'in-progress'
  | 'too-large'
  | 'bad-request'
  | 'unknown-lab'
  | 'key-conflict'
  | 'rate-limited'
  | 'log-refused'
  | 'grading-timeout'
  | 'busy'
  | 'grading-failed';

export interface AttemptDeps {
  db: Database;
  /** the lab by id, as the content loader read it */
  lab: (labId: string) => JobLab | undefined;
  grade: (lab: JobLab, actionLog: unknown) => Promise<PoolResult<GradeOutcome>>;
  rateLimit: (key: string, rule: RateLimitRule) => Promise<RateLimitVerdict>;
  simVersion: string;
  /**
   * the learner's language's sentence for an error; `detail` is the grader's own (English)
   * reason, `reason` (a refused log's) the cap it broke, which the sentence is chosen by
   */
  message: (code: ErrorCode, detail?: string, reason?: RefusalReason) => string;
  /** where a refused log's internal reason is kept (the server's log) */
  logRefusal?: (labId: string, reason: RefusalReason, detail: string) => void;
}

export interface AttemptInput {
  request: Request;
  labId: string;
  user: { id: string } | null;
  ip: string;
  locale: string;
}

export interface Verdict {
  attemptId: string | null;
  passed: boolean;
  goals: GoalOutcome[];
  stateHash: string;
  replayUrl: string | null;
}

export interface AttemptResponse {
  status: number;
  /** a refused log's error also carries `reason` (the cap it broke, machine-readable) and `detail` (the grader's English sentence) */
  body: Verdict | { error: { code: ErrorCode; message: string; reason?: RefusalReason; detail?: string } };
  headers?: Record<string, string>;
}

export function replayUrlOf(locale: string, labId: string, attemptId: string): string {
  return `/${locale}/labs/${encodeURIComponent(labId)}/attempts/${encodeURIComponent(attemptId)}`;
}

function verdictOf(a: StoredAttempt, locale: string): Verdict {
  return { attemptId: a.id, passed: a.passed, goals: a.goals, stateHash: a.stateHash, replayUrl: replayUrlOf(locale, a.labId, a.id) };
}

export async function handleAttempt(deps: AttemptDeps, input: AttemptInput): Promise<AttemptResponse> {
  const fail = (status: number, code: ErrorCode, detail?: string, headers?: Record<string, string>): AttemptResponse => ({
    status,
    body: { error: { code, message: deps.message(code, detail) } },
    ...(headers ? { headers } : {}),
  });
  const { request, labId, user, locale } = input;
  // a log grading refused: the learner is told which cap in their language (the refusal's reason code), never the grader's English
  const refuse = ({ reason, error }: { reason: RefusalReason; error: string }): AttemptResponse => {
    const detail = clipDetail(error);
    deps.logRefusal?.(labId, reason, detail);
    return { status: 422, body: { error: { code: 'log-refused', reason, message: deps.message('log-refused', detail, reason), detail } } };
  };

  if (!isSameOrigin(request.headers)) return fail(403, 'cross-origin');
  const lab = deps.lab(labId);
  if (lab === undefined) return fail(404, 'unknown-lab');
  const text = await readBodyLimited(request, MAX_ATTEMPT_BODY_BYTES);
  if (!text.ok) return fail(413, 'too-large');
  if (!nestingWithin(text.text, MAX_ATTEMPT_BODY_DEPTH)) return fail(400, 'bad-request', 'the body is nested too deeply to be an action log');
  let json: unknown;
  try {
    json = JSON.parse(text.text);
  } catch {
    return fail(400, 'bad-request', 'the body is not JSON');
  }
  const body = attemptBodySchema.safeParse(json);
  if (!body.success) {
    const issue = body.error.issues[0]!;
    const detail = issue.code === 'unrecognized_keys' ? `unexpected field(s): ${issue.keys.join(', ')}` : issue.message;
    return fail(400, 'bad-request', detail);
  }
  const { idempotencyKey } = body.data;

  // A retry or a double click: the stored answer, not a second grading.
  if (user !== null) {
    const existing = await findAttemptByKey(deps.db, idempotencyKey);
    if (existing !== undefined) {
      if (existing.userId !== user.id || existing.labId !== labId) return fail(409, 'key-conflict');
      // the same key with another log is not a retry (the page makes a key per log, submission.ts keyForLog): its verdict is not this log's
      if (!sameLog(existing.actionLog, body.data.actionLog)) return fail(409, 'key-conflict');
      return { status: 200, body: verdictOf(existing, locale) };
    }
  }

  const submitter = user ? `user:${user.id}` : `ip:${input.ip}`;
  const submission = `${labId}\u0000${idempotencyKey}`;
  const running = gradingNow.get(submitter) ?? new Map<string, { log: string; answer: Promise<AttemptResponse> }>();
  const same = running.get(submission);
  const log = JSON.stringify(body.data.actionLog);
  // the same key with another log while the first is graded: not a retry, and not the first's verdict
  if (same !== undefined) return same.log === log ? same.answer : fail(409, 'key-conflict');
  if (running.size >= (user ? GRADINGS_AT_ONCE.learner : GRADINGS_AT_ONCE.address)) {
    return fail(429, 'in-progress', undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
  }
  if (user === null && guestGradings >= GRADINGS_AT_ONCE.guests) return fail(503, 'busy', undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
  const answer = gradeAndStore(deps, input, lab, body.data, fail, refuse);
  running.set(submission, { log, answer });
  gradingNow.set(submitter, running);
  if (user === null) guestGradings++;
  try {
    return await answer;
  } finally {
    if (user === null) guestGradings--;
    running.delete(submission);
    if (running.size === 0) gradingNow.delete(submitter);
  }
}

/** Whether a submitted log is the one stored (as checkActionLog normalised it before storing). */
function sameLog(stored: unknown, submitted: unknown): boolean {
  const checked = checkActionLog(submitted, DEFAULT_GRADE_CAPS);
  return checked.ok && JSON.stringify(checked.value) === JSON.stringify(stored);
}

/**
 * The most of a refusal's sentence that is logged and sent back. The sentence may quote
 * the log (an unknown action type is shown as it was sent), and a log is megabytes: the
 * server's log and the answer get the start of it, enough to see what was wrong.
 */
export const MAX_REFUSAL_DETAIL = 500;

function clipDetail(text: string): string {
  return text.length > MAX_REFUSAL_DETAIL ? `${text.slice(0, MAX_REFUSAL_DETAIL)}… (${text.length - MAX_REFUSAL_DETAIL} more characters)` : text;
}

type Fail = (status: number, code: ErrorCode, detail?: string, headers?: Record<string, string>) => AttemptResponse;
type Refuse = (refusal: { reason: RefusalReason; error: string }) => AttemptResponse;

/** Rate limit, caps, the pool's verdict, and the stored attempt of a signed-in learner. */
async function gradeAndStore(deps: AttemptDeps, input: AttemptInput, lab: JobLab, body: AttemptBody, fail: Fail, refuse: Refuse): Promise<AttemptResponse> {
  const { labId, user, locale } = input;
  const { idempotencyKey } = body;
  const limit = await deps.rateLimit(user ? `grade:user:${user.id}` : `grade:ip:${input.ip}`, ATTEMPT_RATE_LIMIT);
  if (!limit.allowed) return fail(429, 'rate-limited', undefined, { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) });

  // Over the caps or malformed: refused here, without taking a worker's time.
  const checked = checkActionLog(body.actionLog, DEFAULT_GRADE_CAPS);
  if (!checked.ok) return refuse(checked);
  const graded = await deps.grade(lab, checked.value);
  if (!graded.ok) {
    if (graded.error === 'busy') return fail(503, 'busy', undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
    if (graded.error === 'timeout') return fail(422, 'grading-timeout');
    return fail(500, 'grading-failed', graded.detail);
  }
  const verdict = graded.value;
  if (!verdict.ok) return refuse(verdict);

  if (user === null) return { status: 200, body: { attemptId: null, passed: verdict.passed, goals: verdict.goals, stateHash: verdict.stateHash, replayUrl: null } };
  const stored = await storeAttempt(deps.db, {
    userId: user.id,
    labId,
    idempotencyKey,
    actionLog: checked.value,
    simVersion: deps.simVersion,
    seed: lab.seed,
    passed: verdict.passed,
    goals: verdict.goals,
    stateHash: verdict.stateHash,
  });
  // the winner of a race may be someone else's row (the same key from another learner or lab)
  if (stored.userId !== user.id || stored.labId !== labId) return fail(409, 'key-conflict');
  return { status: 200, body: verdictOf(stored, locale) };
}
