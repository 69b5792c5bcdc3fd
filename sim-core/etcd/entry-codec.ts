// A Raft entry's data is the request as text (etcd marshals an InternalRaftRequest with
// protobuf). Plain puts — by far the most common entry of etcdctl's load — use a short
// array form that needs no object walk, the API server's guarded writes one that leaves
// the value unescaped; everything else is JSON with bigints spelled {"$b":"<decimal>"}.
import type { Compare, CompactionRequest, DeleteRangeRequest, PutRequest, RequestOp, TxnRequest } from './types';
import type { MemberInfo } from './membership';

export type InternalRequest =
  | { t: 'put'; r: PutRequest }
  | { t: 'del'; r: DeleteRangeRequest }
  | { t: 'txn'; r: TxnRequest }
  | { t: 'compact'; r: CompactionRequest }
  | { t: 'leaseGrant'; id: bigint; ttl: number }
  | { t: 'leaseRevoke'; id: bigint }
  /** a member announcing its name and client URLs after it starts (etcdserver publish) */
  | { t: 'publish'; member: MemberInfo };

/** An entry as proposed: the proposer's request id (to find the waiting client) and the request. */
export interface ProposedEntry {
  /** '' when nobody waits for the answer (lease expiry, publish) */
  id: string;
  req: InternalRequest;
}

function replacer(_k: string, v: unknown): unknown {
  return typeof v === 'bigint' ? { $b: v.toString() } : v;
}

function reviver(_k: string, v: unknown): unknown {
  if (v !== null && typeof v === 'object' && '$b' in v) {
    const b = (v as { $b: unknown }).$b;
    if (typeof b === 'string') return BigInt(b);
  }
  return v;
}

export function encodeEntry(e: ProposedEntry): string {
  const q = e.req;
  if (isPlainPut(q)) {
    const { key, value } = q.r;
    // the common case, nothing to escape: one flat string instead of a chain of concatenations
    if (isPlain(e.id) && isPlain(key) && isPlain(value)) return ['p["', e.id, '","', key, '","', value, '"]'].join('');
    return 'p[' + jsonString(e.id) + ',' + jsonString(key) + ',' + jsonString(value) + ']';
  }
  const guarded = guardedWrite(q);
  if (guarded !== undefined) return encodeGuarded(e.id, guarded);
  return 'j' + JSON.stringify(e, replacer);
}

/**
 * The API server's write (storage/etcd3 store.go): a txn with one compare on a key's
 * create_revision or mod_revision, one put or delete of that key on success, and a read
 * of it on failure. Every object write of a cluster has this shape, and its value is the
 * object's JSON: the short form `t` + a JSON header + a newline + the value as it is keeps
 * the value out of JSON escaping on the way in and out of the log.
 */
interface GuardedWrite {
  result: Compare['result'];
  target: 'CREATE' | 'MOD';
  key: string;
  revision: number;
  /** the put's value, or undefined for a delete */
  value: string | undefined;
  lease: bigint | undefined;
}

function guardedWrite(q: InternalRequest): GuardedWrite | undefined {
  if (q.t !== 'txn') return undefined;
  const { compare, success, failure } = q.r;
  if (compare.length !== 1 || success.length !== 1 || failure.length !== 1) return undefined;
  const c = compare[0]!;
  const f = failure[0]!;
  if (!('request_range' in f) || !onlyKeys(f.request_range, 1) || f.request_range.key !== c.key) return undefined;
  const target = c.target;
  if ((target !== 'CREATE' && target !== 'MOD') || !onlyKeys(c, 4)) return undefined;
  const revision = target === 'CREATE' ? c.create_revision : c.mod_revision;
  if (revision === undefined) return undefined;
  const op = success[0]!;
  if ('request_put' in op) {
    const p = op.request_put;
    if (p.key !== c.key || !onlyKeys(p, p.lease === undefined ? 2 : 3)) return undefined;
    return { result: c.result, target, key: c.key, revision, value: p.value, lease: p.lease };
  }
  if ('request_delete_range' in op && op.request_delete_range.key === c.key && onlyKeys(op.request_delete_range, 1)) {
    return { result: c.result, target, key: c.key, revision, value: undefined, lease: undefined };
  }
  return undefined;
}

/** Whether `o` has exactly `n` own keys, none of them set to undefined (so JSON keeps them all). */
function onlyKeys(o: object, n: number): boolean {
  let count = 0;
  for (const k in o) {
    if ((o as Record<string, unknown>)[k] === undefined) return false;
    count++;
  }
  return count === n;
}

function encodeGuarded(id: string, g: GuardedWrite): string {
  const header = JSON.stringify([id, g.result, g.target, g.key, g.revision, g.value === undefined ? 'd' : 'p', g.lease === undefined ? '' : g.lease.toString()]);
  // JSON escapes every newline, so the header's ends at the first one
  return 't' + header + '\n' + (g.value ?? '');
}

function decodeGuarded(data: string): ProposedEntry {
  const nl = data.indexOf('\n');
  const [id, result, target, key, revision, op, lease] = JSON.parse(data.slice(1, nl)) as [string, Compare['result'], 'CREATE' | 'MOD', string, number, 'p' | 'd', string];
  const g: GuardedWrite = { result, target, key, revision, value: op === 'p' ? data.slice(nl + 1) : undefined, lease: lease === '' ? undefined : BigInt(lease) };
  return guardedEntry(id, g);
}

/** The entry a guarded write stands for, built afresh (what decoding its text gives). */
function guardedEntry(id: string, g: GuardedWrite): ProposedEntry {
  const compare: Compare = g.target === 'CREATE' ? { result: g.result, target: 'CREATE', key: g.key, create_revision: g.revision } : { result: g.result, target: 'MOD', key: g.key, mod_revision: g.revision };
  const success: RequestOp =
    g.value === undefined
      ? { request_delete_range: { key: g.key } }
      : { request_put: g.lease === undefined ? { key: g.key, value: g.value } : { key: g.key, value: g.value, lease: g.lease } };
  return { id, req: { t: 'txn', r: { compare: [compare], success: [success], failure: [{ request_range: { key: g.key } }] } } };
}

function isPlainPut(q: InternalRequest): q is Extract<InternalRequest, { t: 'put' }> {
  return q.t === 'put' && q.r.lease === undefined && !q.r.prev_kv && !q.r.ignore_value && !q.r.ignore_lease;
}

/** What JSON.stringify escapes in a string: '"', '\\', control characters, lone surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The last string found to need no escaping: a load generator puts the same value again and again. */
let lastPlain = '';

/** Whether JSON.stringify(s) is just s in quotes. */
function isPlain(s: string): boolean {
  if (s === lastPlain) return true;
  if (NEEDS_ESCAPE.test(s)) return false;
  if (s.length >= 32) lastPlain = s;
  return true;
}

/** JSON.stringify(s), byte for byte, without its cost when nothing needs escaping. */
function jsonString(s: string): string {
  return isPlain(s) ? '"' + s + '"' : JSON.stringify(s);
}

/**
 * What decodeEntry(encodeEntry(e)) gives, when the proposer can say so without parsing
 * (a plain put's short form); undefined otherwise. Proposals carry it so that no member
 * parses the text back (the benchmark's hot path).
 */
export function decodedForm(e: ProposedEntry): ProposedEntry | undefined {
  const q = e.req;
  if (isPlainPut(q)) return { id: e.id, req: { t: 'put', r: { key: q.r.key, value: q.r.value } } };
  const guarded = guardedWrite(q);
  return guarded === undefined ? undefined : guardedEntry(e.id, guarded);
}

/**
 * Every member decodes the same committed entries. In one process the same text arrives
 * at each of them, so the last few thousand decodings are remembered; decoded entries
 * are never mutated, so sharing them is safe.
 */
const DECODED_CAP = 16_384;
let decoded = new Map<string, ProposedEntry>();

export function decodeEntry(data: string): ProposedEntry {
  const hit = decoded.get(data);
  if (hit !== undefined) return hit;
  const e = parseEntry(data);
  rememberDecoded(data, e);
  return e;
}

/** Record what `data` decodes to (from decodedForm), so decodeEntry need not parse it. */
export function rememberDecoded(data: string, e: ProposedEntry): void {
  if (decoded.size >= DECODED_CAP) decoded = new Map();
  decoded.set(data, e);
}

function parseEntry(data: string): ProposedEntry {
  if (data.charCodeAt(0) === 112 /* p */) {
    const [id, key, value] = JSON.parse(data.slice(1)) as [string, string, string];
    return { id, req: { t: 'put', r: { key, value } } };
  }
  if (data.charCodeAt(0) === 116 /* t */) return decodeGuarded(data);
  if (data.charCodeAt(0) === 106 /* j */) return JSON.parse(data.slice(1), reviver) as ProposedEntry;
  throw new Error(`decodeEntry: not an etcd entry: ${data.slice(0, 40)}`);
}

export { replacer as bigintReplacer, reviver as bigintReviver };

/**
 * Several requests in one entry: `B` then, for each, its length, ':' and its text.
 * Each request still applies as its own MVCC txn with its own revision.
 */
export function encodeBatch(datas: readonly string[], decodedList?: ProposedEntry[]): string {
  // joined once into a flat string (a += loop leaves a deep chain of concatenations to flatten)
  const parts: string[] = new Array<string>(datas.length * 2 + 1);
  parts[0] = 'B';
  for (let i = 0; i < datas.length; i++) {
    const d = datas[i]!;
    parts[2 * i + 1] = d.length + ':';
    parts[2 * i + 2] = d;
  }
  const out = parts.join('');
  // the proposer knows every request's decoding (decodedForm): so does the batch
  if (decodedList !== undefined && decodedList.length === datas.length) {
    rememberBatch(out, decodedList);
  }
  return out;
}

export function isBatch(data: string): boolean {
  return data.charCodeAt(0) === 66; /* B */
}

/**
 * The requests of an entry, decoded once per process: every member applies the very same
 * entry text, so the last decodings are remembered (decoded requests are never mutated).
 */
const BATCHES_CAP = 16;
const batches = new Map<string, ProposedEntry[]>();

/**
 * Oldest out first: a batch is wanted until the last member applies it, a few ticks
 * after it was proposed, and a batch under load holds thousands of requests, so only
 * the last few batches are kept.
 */
function rememberBatch(data: string, list: ProposedEntry[]): void {
  if (batches.size >= BATCHES_CAP) batches.delete(batches.keys().next().value!);
  batches.set(data, list);
}

export function decodeRequests(data: string): ProposedEntry[] {
  if (!isBatch(data)) return [decodeEntry(data)];
  const hit = batches.get(data);
  if (hit !== undefined) return hit;
  const list = splitBatch(data).map(parseEntry);
  rememberBatch(data, list);
  return list;
}

export function decodeBatch(data: string): string[] {
  return splitBatch(data);
}

function splitBatch(data: string): string[] {
  const out: string[] = [];
  let i = 1;
  while (i < data.length) {
    const colon = data.indexOf(':', i);
    if (colon < 0) throw new Error('decodeBatch: malformed batch entry');
    const len = Number(data.slice(i, colon));
    out.push(data.slice(colon + 1, colon + 1 + len));
    i = colon + 1 + len;
  }
  return out;
}
