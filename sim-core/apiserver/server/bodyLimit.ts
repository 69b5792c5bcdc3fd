// kube-apiserver --max-request-body-bytes: a larger body is refused before it is decoded.
import type { Status } from '../../client';
import { MAX_MANIFEST_BYTES } from '../manifest';
import { badRequest, statusWithCode } from './statuses';
import { NOT_PLAIN, copyJsonWithin } from './jsonCopy';

/**
 * What the API server reads off the wire: the body as bytes (JSON), refused when over
 * --max-request-body-bytes (3 MiB, 413) before it is decoded, then decoded into the
 * request's own object — the handlers may change it freely, the sender's copy is never
 * touched (in the simulation a message carries the sender's object itself).
 */
export function decodeRequestBody(body: unknown): { ok: true; value: unknown } | { ok: false; status: Status } {
  // the common case — a plain body surely under the limit — is copied without the text
  const copy = copyJsonWithin(body, MAX_MANIFEST_BYTES);
  if (copy !== NOT_PLAIN) return { ok: true, value: copy };
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    return { ok: false, status: badRequest('the body of the request was in an unknown format') };
  }
  if (text === undefined) return { ok: true, value: undefined };
  if (text.length > MAX_MANIFEST_BYTES) {
    return { ok: false, status: statusWithCode('RequestEntityTooLarge', 413, `Request entity too large: limit is ${MAX_MANIFEST_BYTES}`) };
  }
  return { ok: true, value: JSON.parse(text) as unknown };
}
