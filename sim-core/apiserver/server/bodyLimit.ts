// kube-apiserver --max-request-body-bytes: a larger body is refused before it is decoded.
import type { Status } from '../../client';
import { MAX_MANIFEST_BYTES } from '../manifest';
import { badRequest, statusWithCode } from './statuses';

/** --max-request-body-bytes (3 MiB): a larger body is refused before it is decoded (413). */
export function bodyTooLarge(body: unknown): Status | undefined {
  let size: number;
  try {
    size = JSON.stringify(body)?.length ?? 0;
  } catch {
    return badRequest('the body of the request was in an unknown format');
  }
  if (size <= MAX_MANIFEST_BYTES) return undefined;
  return statusWithCode('RequestEntityTooLarge', 413, `Request entity too large: limit is ${MAX_MANIFEST_BYTES}`);
}
