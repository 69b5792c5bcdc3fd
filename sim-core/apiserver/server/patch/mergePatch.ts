// JSON merge patch (RFC 7386), what `kubectl patch --type=merge` sends — and the kubelet's
// status patch: an object merges into an object key by key, `null` deletes a key, and
// anything else — an array included — replaces what was there. `__proto__` is skipped:
// a key never reaches an object's prototype.
import { deepCopy } from '../../../client';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** RFC 7386 MergePatch(target, patch), on copies: neither argument is changed. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return deepCopy(patch);
  // one copy of the target (what a JSON round trip gives), merged into in place
  return merge(isPlainObject(target) ? deepCopy(target) : {}, patch, false);
}

/**
 * The same merge without copying the target: a new object whose members the patch leaves
 * alone are the target's own (shared, not copied), with new objects only along the
 * patch's paths, and the values it brings (a list of conditions, a string) taken as they
 * are. For a read-only target (the watch cache's object) whose result is not changed
 * afterwards, and a patch that is already JSON's (what a round trip gives) and is never
 * changed either — the API server's decoding of a request body (decodeRequestBody), which
 * only its request reads: the kubelet's status patch then costs the status it writes, not
 * a copy of the whole Pod nor of the patch. Same result, same key order as applyMergePatch.
 */
export function applyMergePatchShared(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return deepCopy(patch);
  // a spread copies a "__proto__" member as an own member, as JSON.parse made it
  return merge(isPlainObject(target) ? { ...target } : {}, patch, true);
}

/**
 * Merge `patch` into `out` in place; `share`: `out` is a shallow copy, and so is each
 * object merged into below it, and the patch's values are taken without a copy.
 */
function merge(out: Record<string, unknown>, patch: Record<string, unknown>, share: boolean): Record<string, unknown> {
  for (const k of Object.keys(patch)) {
    if (k === '__proto__') continue;
    const v = patch[k];
    if (v === null) delete out[k];
    else if (isPlainObject(v)) {
      const into = out[k];
      out[k] = merge(isPlainObject(into) ? (share ? { ...into } : into) : {}, v, share);
    } else out[k] = share ? v : deepCopy(v);
  }
  return out;
}
