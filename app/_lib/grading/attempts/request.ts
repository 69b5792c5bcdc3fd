// What the attempts endpoint accepts from a browser, checked before any grading: a
// same-origin request, a body within the size limit, and exactly `{ actionLog,
// idempotencyKey }` — nothing the browser says about its state or its verdict.
import { z } from 'zod';
import { ACTION_LOG_LIMITS } from '../../../../sim-core/cluster/actions';

/**
 * The largest request body: an action log's text. Five full-size files (1.5 MiB each,
 * etcd's request limit) and the commands around them fit; a bigger body is refused
 * (413) before it is parsed.
 */
export const MAX_ATTEMPT_BODY_BYTES = 5 * ACTION_LOG_LIMITS.maxFileBytes + 512 * 1024;

/**
 * The body, strictly: any other field (`passed`, `stateHash`, `goals`…) is a 400. The
 * log itself is validated by the grader (a malformed or over-cap log is a 422 with the
 * reason), so the learner is told what is wrong with it.
 */
export const attemptBodySchema = z.strictObject({
  actionLog: z.unknown().refine((v) => v !== undefined, 'actionLog is required'),
  /** chosen by the browser per log (a retry or double click sends the same key) */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'idempotencyKey: 8–128 letters, digits, - or _'),
});

export type AttemptBody = z.infer<typeof attemptBodySchema>;

/**
 * A state-changing request must come from the app's own pages: the Origin header (sent by
 * browsers with every POST) must name this host. A missing Origin is refused too; the
 * session cookie is SameSite=Lax, this is the second fence (OWASP CSRF cheat sheet,
 * "Verifying Origin with standard headers").
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get('origin');
  if (origin === null || origin === 'null') return false;
  if (headers.get('sec-fetch-site') === 'cross-site') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  return host !== null && host !== '' && originHost === host;
}

/** The learner's language for messages and the replay link: `?locale=`, else the Referer's first path segment, else English. */
export function localeOfRequest(url: string, referer: string | null, locales: readonly string[], fallback: string): string {
  const fromQuery = new URL(url).searchParams.get('locale');
  if (fromQuery !== null && locales.includes(fromQuery)) return fromQuery;
  if (referer !== null) {
    try {
      const first = new URL(referer).pathname.split('/')[1] ?? '';
      if (locales.includes(first)) return first;
    } catch {
      // an unparsable Referer says nothing about the language
    }
  }
  return fallback;
}

/**
 * How deep a body's arrays and objects may nest: an attempt is `{ actionLog: [ { … } ] }`,
 * three levels. Checked on the text before JSON.parse, which takes seconds over a body of
 * millions of nested brackets (a cheap way to stall the server for anyone who can POST).
 */
export const MAX_ATTEMPT_BODY_DEPTH = 16;

/** Whether the JSON text's arrays and objects nest at most `maxDepth` deep (brackets in strings are text). Linear, no parse. */
export function nestingWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return false;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return true;
}

export type BodyText = { ok: true; text: string } | { ok: false; error: 'too-large' };

/** Read at most `limit` bytes of the body; stop reading (and say so) past it. */
export async function readBodyLimited(request: Request, limit: number): Promise<BodyText> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, error: 'too-large' };
  if (request.body === null) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, error: 'too-large' };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
