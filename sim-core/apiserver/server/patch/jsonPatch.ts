// JSON Patch (RFC 6902), what `kubectl patch --type=json` sends: a list of operations
// add / remove / replace / move / copy / test on JSON Pointers (`~1` is `/`, `~0` is `~`).
// Both the API server and kubectl (--local, --dry-run=client) apply it with
// gopkg.in/evanphx/json-patch.v4 (v4.12.0), and this is that library's behaviour, quirks
// included, since they are what a learner sees: a `replace` or `copy` whose key is missing
// from an object succeeds (the object's get never fails), an array index may count from the
// end (`-1`), a `move` does not check that it moves a value into itself, and the texts are
// its errors (`error in remove for path: '/spec/x': Unable to remove nonexistent key: x:
// missing value`). A patch that cannot be decoded is 400 BadRequest on the server, one
// that does not apply is 422 with a fixed text (patch.go's jsonPatcher →
// errors.NewGenericServerResponse); kubectl prints the library's text.
import { deepCopy } from '../../../client';

export type JsonPatchResult = { ok: true; value: unknown } | { ok: false; stage: 'decode' | 'tooLarge' | 'apply'; error: string };

/** handlers/patch.go maxJSONPatchOperations */
export const MAX_JSON_PATCH_OPERATIONS = 10_000;

/** One operation as decoded: a map of raw members (jsonpatch.Operation); null for a JSON null. */
type Operation = Record<string, unknown> | null;

/** Go's type name of a JSON value, as encoding/json's UnmarshalTypeError says it. */
function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : 'bool';
}

function decodeOps(patch: unknown): { ok: true; ops: Operation[] } | { ok: false; error: string } {
  // a JSON null decodes to an empty patch
  if (patch === null) return { ok: true, ops: [] };
  if (!Array.isArray(patch)) return { ok: false, error: `json: cannot unmarshal ${jsonType(patch)} into Go value of type jsonpatch.Patch` };
  const ops: Operation[] = [];
  for (const raw of patch as unknown[]) {
    if (raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) return { ok: false, error: `json: cannot unmarshal ${jsonType(raw)} into Go value of type jsonpatch.Operation` };
    ops.push(raw as Operation);
  }
  return { ok: true, ops };
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Operation.Kind: "unknown" when op is missing or no string. */
function kindOf(op: Operation): string {
  return op !== null && has(op, 'op') && typeof op.op === 'string' ? op.op : 'unknown';
}

/** Operation.Path / From: the member as a string, or the error its decoding gives. */
function member(op: Operation, name: 'path' | 'from'): { ok: true; value: string } | { ok: false; error: string } {
  const v = op !== null && has(op, name) ? op[name] : null;
  if (v === null || v === undefined) return { ok: false, error: name === 'path' ? 'operation missing path field: missing value' : 'operation, missing from field: missing value' };
  if (typeof v !== 'string') return { ok: false, error: `json: cannot unmarshal ${jsonType(v)} into Go value of type string` };
  return { ok: true, value: v };
}

/**
 * Operation.value: the value member, `undefined` when there is none (Go's nil node; it is
 * written as null). A JSON null is kept as null.
 */
function valueOf(op: Operation): { present: boolean; value: unknown } {
  return op !== null && has(op, 'value') ? { present: true, value: op.value } : { present: false, value: undefined };
}

/** A node the patch writes: a copy, so that the patch and the document share nothing. */
function node(v: unknown): unknown {
  return v === undefined ? null : deepCopy(v);
}

type Container = Record<string, unknown> | unknown[];
type Result<T = void> = { ok: true; value: T } | { ok: false; error: string };
const okVoid: Result = { ok: true, value: undefined };
const failed = (error: string): { ok: false; error: string } => ({ ok: false, error });

const decodeKey = (k: string): string => k.replace(/~1/g, '/').replace(/~0/g, '~');

/** strconv.Atoi: optional sign, decimal digits, within int64. */
function atoi(s: string): Result<number> {
  const syntax = failed(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  if (!/^[+-]?[0-9]+$/.test(s)) return syntax;
  const n = Number(s);
  if (!Number.isSafeInteger(n)) return failed(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  return { ok: true, value: n === 0 ? 0 : n };
}

const invalidIndex = (idx: number): { ok: false; error: string } => failed(`Unable to access invalid index: ${idx}: invalid index referenced`);

/** partialDoc / partialArray get: a missing key of an object (or a JSON null) is nil, not an error. */
function get(con: Container, key: string): Result<unknown> {
  if (!Array.isArray(con)) return { ok: true, value: has(con, key) && con[key] !== null ? con[key] : undefined };
  const i = atoi(key);
  if (!i.ok) return i;
  const idx = fromEnd(i.value, con.length);
  if (!idx.ok) return idx;
  if (idx.value >= con.length) return invalidIndex(idx.value);
  return { ok: true, value: con[idx.value] === null ? undefined : con[idx.value] };
}

/** SupportNegativeIndices (on in v4): an index below 0 counts from the end; below -length it is invalid. */
function fromEnd(idx: number, length: number): Result<number> {
  if (idx >= 0) return { ok: true, value: idx };
  return idx < -length ? invalidIndex(idx) : { ok: true, value: idx + length };
}

function setMember(con: Record<string, unknown>, key: string, v: unknown): void {
  // a JSON member named __proto__ is data, never the object's prototype
  if (key === '__proto__') Object.defineProperty(con, key, { value: node(v), enumerable: true, writable: true, configurable: true });
  else con[key] = node(v);
}

function add(con: Container, key: string, v: unknown): Result {
  if (!Array.isArray(con)) {
    setMember(con, key, v);
    return okVoid;
  }
  if (key === '-') {
    con.push(node(v));
    return okVoid;
  }
  const i = atoi(key);
  if (!i.ok) return failed(`value was not a proper array index: '${key}': ${i.error}`);
  const size = con.length + 1;
  if (i.value >= size) return invalidIndex(i.value);
  const idx = fromEnd(i.value, size);
  if (!idx.ok) return idx;
  con.splice(idx.value, 0, node(v));
  return okVoid;
}

/** partialArray.set: only after get found the index (replace). */
function set(con: Container, key: string, v: unknown): Result {
  if (!Array.isArray(con)) {
    setMember(con, key, v);
    return okVoid;
  }
  const i = atoi(key);
  if (!i.ok) return i;
  const idx = fromEnd(i.value, con.length);
  if (!idx.ok) return idx;
  con[idx.value] = node(v);
  return okVoid;
}

function remove(con: Container, key: string): Result {
  if (!Array.isArray(con)) {
    if (!has(con, key)) return failed(`Unable to remove nonexistent key: ${key}: missing value`);
    delete con[key];
    return okVoid;
  }
  const i = atoi(key);
  if (!i.ok) return i;
  if (i.value >= con.length) return invalidIndex(i.value);
  const idx = fromEnd(i.value, con.length);
  if (!idx.ok) return idx;
  con.splice(idx.value, 1);
  return okVoid;
}

/**
 * findObject: the container the path's last token is in, and that token. Every token but
 * the last must lead to an object or array that is there; a path without a `/` has none.
 * (Go splits on every `/`, so `a/b` is read as `/b`.)
 */
function findObject(doc: Container, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let con: Container = doc;
  for (const part of split.slice(1, -1)) {
    const next = get(con, decodeKey(part));
    if (!next.ok || next.value === undefined) return undefined;
    const v = next.value;
    if (typeof v !== 'object' || v === null) return undefined;
    con = v as Container;
  }
  return { con, key: decodeKey(split[split.length - 1]!) };
}

/** lazyNode.equal: objects by their members, arrays in order, everything else by its JSON. */
function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equal(x, b[i]));
  }
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObj(a) || isObj(b)) {
    if (!isObj(a) || !isObj(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => has(b, k) && (a[k] === null) === (b[k] === null) && (a[k] === null || equal(a[k], b[k])));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

const missing = 'missing value';

function applyOne(doc: { root: Container }, op: Operation): Result {
  const kind = kindOf(op);
  switch (kind) {
    case 'add':
    case 'remove': {
      const path = member(op, 'path');
      if (!path.ok) return failed(`${kind} operation failed to decode path: ${missing}`);
      const at = findObject(doc.root, path.value);
      if (at === undefined) return failed(`${kind} operation does not apply: doc is missing path: "${path.value}": ${missing}`);
      const r = kind === 'add' ? add(at.con, at.key, valueOf(op).value) : remove(at.con, at.key);
      return r.ok ? r : failed(`error in ${kind} for path: '${path.value}': ${r.error}`);
    }
    case 'replace': {
      const path = member(op, 'path');
      if (!path.ok) return failed(`replace operation failed to decode path: ${path.error}`);
      const value = valueOf(op).value;
      if (path.value === '') {
        // the whole document, by an object or array; anything else is silently no change
        if (typeof value === 'object' && value !== null) doc.root = node(value) as Container;
        return okVoid;
      }
      const at = findObject(doc.root, path.value);
      if (at === undefined) return failed(`replace operation does not apply: doc is missing path: ${path.value}: ${missing}`);
      if (!get(at.con, at.key).ok) return failed(`replace operation does not apply: doc is missing key: ${path.value}: ${missing}`);
      const r = set(at.con, at.key, value);
      return r.ok ? r : failed(`error in remove for path: '${path.value}': ${r.error}`);
    }
    case 'move':
    case 'copy': {
      const from = member(op, 'from');
      if (!from.ok) return failed(`${kind} operation failed to decode from: ${from.error}`);
      const src = findObject(doc.root, from.value);
      if (src === undefined) return failed(`${kind} operation does not apply: doc is missing from path: ${from.value}: ${missing}`);
      const got = get(src.con, src.key);
      if (!got.ok) return failed(kind === 'move' ? `error in move for path: '${src.key}': ${got.error}` : `error in copy for from: '${from.value}': ${got.error}`);
      if (kind === 'move') {
        const removed = remove(src.con, src.key);
        if (!removed.ok) return failed(`error in move for path: '${src.key}': ${removed.error}`);
      }
      const path = member(op, 'path');
      if (!path.ok) return failed(kind === 'move' ? `move operation failed to decode path: ${path.error}` : `copy operation failed to decode path: ${missing}`);
      const dst = findObject(doc.root, path.value);
      if (dst === undefined) return failed(`${kind} operation does not apply: doc is missing destination path: ${path.value}: ${missing}`);
      const r = add(dst.con, dst.key, got.value);
      if (r.ok) return r;
      return failed(kind === 'move' ? `error in move for path: '${path.value}': ${r.error}` : `error while adding value during copy: ${r.error}`);
    }
    case 'test': {
      const path = member(op, 'path');
      if (!path.ok) return failed(`test operation failed to decode path: ${path.error}`);
      const want = valueOf(op);
      const testFailed = failed(`testing value ${path.value} failed: test failed`);
      if (path.value === '') return equal(doc.root, want.value) ? okVoid : testFailed;
      const at = findObject(doc.root, path.value);
      if (at === undefined) return failed(`test operation does not apply: is missing path: ${path.value}: ${missing}`);
      const got = get(at.con, at.key);
      if (!got.ok) return failed(`error in test for path: '${path.value}': ${got.error}`);
      // nothing there passes only a test for null (or one without a value)
      if (got.value === undefined) return want.value === null || !want.present ? okVoid : testFailed;
      if (!want.present) return testFailed;
      return equal(got.value, want.value) ? okVoid : testFailed;
    }
    default:
      return failed(`Unexpected kind: ${kind}`);
  }
}

/** Apply a JSON patch to a copy of `doc` (an object or array), as ApplyIndent does. */
export function applyJsonPatch(doc: unknown, patch: unknown): JsonPatchResult {
  const decoded = decodeOps(patch);
  if (!decoded.ok) return { ok: false, stage: 'decode', error: decoded.error };
  if (decoded.ops.length > MAX_JSON_PATCH_OPERATIONS) {
    return { ok: false, stage: 'tooLarge', error: `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${decoded.ops.length}` };
  }
  const state = { root: node(doc) as Container };
  for (const op of decoded.ops) {
    const step = applyOne(state, op);
    if (!step.ok) return { ok: false, stage: 'apply', error: step.error };
  }
  return { ok: true, value: state.root };
}
