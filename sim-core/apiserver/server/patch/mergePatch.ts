// JSON merge patch (RFC 7386), what `kubectl patch --type=merge` sends: an object merges
// into an object key by key, `null` deletes a key, and anything else — an array
// included — replaces what was there. `__proto__` is skipped: a key never reaches an
// object's prototype.
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** RFC 7386 MergePatch(target, patch), on copies. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return clone(patch);
  const out: Record<string, unknown> = isPlainObject(target) ? clone(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === '__proto__') continue;
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(out[k], v);
  }
  return out;
}
