// A Raft entry's data is the request as text (etcd marshals an InternalRaftRequest with
// protobuf). Plain puts — by far the most common entry — use a short array form that
// needs no object walk; everything else is JSON with bigints spelled {"$b":"<decimal>"}.
import type { CompactionRequest, DeleteRangeRequest, PutRequest, TxnRequest } from './types';
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
  return 'j' + JSON.stringify(e, replacer);
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
  return isPlainPut(q) ? { id: e.id, req: { t: 'put', r: { key: q.r.key, value: q.r.value } } } : undefined;
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
