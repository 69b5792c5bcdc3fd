// JSON Patch (RFC 6902), what `kubectl patch --type=json` sends: a list of operations
// add / remove / replace / move / copy / test on JSON Pointers (RFC 6901, `~1` is `/`,
// `~0` is `~`, `-` appends to an array). The API server applies it with
// evanphx/json-patch; a patch that cannot be decoded is 400 BadRequest, one that does
// not apply (a missing path, a failed test) is 422 with a fixed text (patch.go's
// jsonPatcher → errors.NewGenericServerResponse). The error strings below are the
// library's, which the API server logs.
export type JsonPatchResult = { ok: true; value: unknown } | { ok: false; stage: 'decode' | 'tooLarge' | 'apply'; error: string };

/** handlers/patch.go maxJSONPatchOperations */
export const MAX_JSON_PATCH_OPERATIONS = 10_000;

interface Operation {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
  hasValue: boolean;
}

function decodeOps(patch: unknown): { ok: true; ops: Operation[] } | { ok: false; error: string } {
  if (!Array.isArray(patch)) return { ok: false, error: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' };
  const ops: Operation[] = [];
  for (const raw of patch) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'json: cannot unmarshal into Go value of type jsonpatch.Operation' };
    const r = raw as Record<string, unknown>;
    if (typeof r.op !== 'string') return { ok: false, error: 'operation missing op' };
    if (typeof r.path !== 'string') return { ok: false, error: `operation missing path: ${r.op}` };
    ops.push({ op: r.op, path: r.path, ...(typeof r.from === 'string' ? { from: r.from } : {}), value: r.value, hasValue: Object.prototype.hasOwnProperty.call(r, 'value') });
  }
  return { ok: true, ops };
}

/** RFC 6901: "" is the whole document; "/a/b~1c" is ["a", "b/c"]. */
function pointer(path: string): string[] | undefined {
  if (path === '') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = Record<string, unknown> | unknown[];

/** The parent container of a pointer and the last token, if the parent exists. */
function parentOf(doc: unknown, parts: string[]): { parent: Container; key: string } | undefined {
  let cur: unknown = doc;
  for (const p of parts.slice(0, -1)) {
    if (Array.isArray(cur)) {
      const i = arrayIndex(p, cur.length - 1);
      if (i === undefined) return undefined;
      cur = cur[i];
    } else if (typeof cur === 'object' && cur !== null && Object.prototype.hasOwnProperty.call(cur, p)) cur = (cur as Record<string, unknown>)[p];
    else return undefined;
  }
  if (typeof cur !== 'object' || cur === null) return undefined;
  return { parent: cur as Container, key: parts[parts.length - 1]! };
}

function arrayIndex(token: string, max: number): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const i = Number(token);
  return i > max ? undefined : i;
}

function get(doc: unknown, parts: string[]): { found: boolean; value?: unknown } {
  if (parts.length === 0) return { found: true, value: doc };
  const at = parentOf(doc, parts);
  if (at === undefined) return { found: false };
  if (Array.isArray(at.parent)) {
    const i = arrayIndex(at.key, at.parent.length - 1);
    return i === undefined ? { found: false } : { found: true, value: at.parent[i] };
  }
  return Object.prototype.hasOwnProperty.call(at.parent, at.key) ? { found: true, value: at.parent[at.key] } : { found: false };
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
  return out;
}

type Step = { ok: true; doc: unknown } | { ok: false; error: string };

function add(doc: unknown, path: string, value: unknown): Step {
  const parts = pointer(path);
  if (parts === undefined) return { ok: false, error: `add operation does not apply: doc is missing path: "${path}": missing value` };
  if (parts.length === 0) return { ok: true, doc: clone(value) };
  const at = parentOf(doc, parts);
  if (at === undefined) return { ok: false, error: `add operation does not apply: doc is missing path: "${path}": missing value` };
  if (Array.isArray(at.parent)) {
    const i = at.key === '-' ? at.parent.length : arrayIndex(at.key, at.parent.length);
    if (i === undefined) return { ok: false, error: `add operation does not apply: doc is missing path: "${path}": missing value` };
    at.parent.splice(i, 0, clone(value));
  } else if (at.key !== '__proto__') at.parent[at.key] = clone(value);
  return { ok: true, doc };
}

function remove(doc: unknown, path: string): Step {
  const parts = pointer(path);
  const at = parts === undefined || parts.length === 0 ? undefined : parentOf(doc, parts);
  if (at === undefined) return { ok: false, error: `remove operation does not apply: doc is missing path: "${path}": missing value` };
  if (Array.isArray(at.parent)) {
    const i = arrayIndex(at.key, at.parent.length - 1);
    if (i === undefined) return { ok: false, error: `Unable to remove nonexistent key: ${at.key}: missing value` };
    at.parent.splice(i, 1);
  } else {
    if (!Object.prototype.hasOwnProperty.call(at.parent, at.key)) return { ok: false, error: `Unable to remove nonexistent key: ${at.key}: missing value` };
    delete at.parent[at.key];
  }
  return { ok: true, doc };
}

function replace(doc: unknown, path: string, value: unknown): Step {
  const parts = pointer(path);
  if (parts !== undefined && parts.length === 0) return { ok: true, doc: clone(value) };
  if (parts === undefined || !get(doc, parts).found) return { ok: false, error: `replace operation does not apply: doc is missing key: ${path}: missing value` };
  const at = parentOf(doc, parts)!;
  if (Array.isArray(at.parent)) at.parent[Number(at.key)] = clone(value);
  else at.parent[at.key] = clone(value);
  return { ok: true, doc };
}

function applyOne(doc: unknown, op: Operation): Step {
  switch (op.op) {
    case 'add':
      if (!op.hasValue) return { ok: false, error: 'missing value' };
      return add(doc, op.path, op.value);
    case 'remove':
      return remove(doc, op.path);
    case 'replace':
      if (!op.hasValue) return { ok: false, error: 'missing value' };
      return replace(doc, op.path, op.value);
    case 'test': {
      const parts = pointer(op.path);
      const got = parts === undefined ? { found: false } : get(doc, parts);
      const equal = got.found ? deepEqual(got.value, op.value) : op.value === null || op.value === undefined;
      return equal ? { ok: true, doc } : { ok: false, error: `testing value ${op.path} failed: test failed` };
    }
    case 'move':
    case 'copy': {
      const from = op.from === undefined ? undefined : pointer(op.from);
      const got = from === undefined ? { found: false } : get(doc, from);
      if (!got.found) return { ok: false, error: `${op.op} operation does not apply: doc is missing from path: ${op.from ?? ''}: missing value` };
      const value = clone(got.value);
      if (op.op === 'move') {
        if (op.path.startsWith(`${op.from ?? ''}/`)) return { ok: false, error: `invalid move operation: path ${op.path} is a child of from ${op.from ?? ''}` };
        const removed = remove(doc, op.from ?? '');
        if (!removed.ok) return removed;
        return add(removed.doc, op.path, value);
      }
      return add(doc, op.path, value);
    }
    default:
      return { ok: false, error: `Unexpected kind: ${op.op}` };
  }
}

/** Apply a JSON patch to a copy of `doc`. */
export function applyJsonPatch(doc: unknown, patch: unknown): JsonPatchResult {
  const decoded = decodeOps(patch);
  if (!decoded.ok) return { ok: false, stage: 'decode', error: decoded.error };
  if (decoded.ops.length > MAX_JSON_PATCH_OPERATIONS) {
    return { ok: false, stage: 'tooLarge', error: `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${decoded.ops.length}` };
  }
  let cur = clone(doc);
  for (const op of decoded.ops) {
    const step = applyOne(cur, op);
    if (!step.ok) return { ok: false, stage: 'apply', error: step.error };
    cur = step.doc;
  }
  return { ok: true, value: cur };
}
