// Checks etcd makes before a request reaches Raft (api/v3rpc/key.go checkPutRequest,
// checkTxnRequest, checkIntervals, and etcdserver's MaxRequestBytes). A failure here is
// answered at once by the member asked, without a proposal.
import { etcdErrors, MAX_REQUEST_BYTES, MAX_TXN_OPS } from './errors';
import type { DeleteRangeRequest, EtcdError, PutRequest, RangeRequest, RequestOp, TxnRequest } from './types';
import { utf8Length } from '../kernel/utf8';

export function checkRange(r: RangeRequest): EtcdError | undefined {
  return r.key === '' ? etcdErrors.emptyKey : undefined;
}

export function checkPut(r: PutRequest): EtcdError | undefined {
  if (r.key === '') return etcdErrors.emptyKey;
  if (r.ignore_value && r.value !== '') return etcdErrors.valueProvided;
  if (r.ignore_lease && (r.lease ?? 0n) !== 0n) return etcdErrors.leaseProvided;
  return undefined;
}

export function checkDelete(r: DeleteRangeRequest): EtcdError | undefined {
  return r.key === '' ? etcdErrors.emptyKey : undefined;
}

export function checkTxn(r: TxnRequest, maxOps: number = MAX_TXN_OPS): EtcdError | undefined {
  const opc = Math.max(r.compare.length, r.success.length, r.failure.length);
  if (opc > maxOps) return etcdErrors.tooManyOps;
  if (r.compare.some((c) => c.key === '')) return etcdErrors.emptyKey;
  for (const op of [...r.success, ...r.failure]) {
    const e = checkOp(op, maxOps - opc);
    if (e !== undefined) return e;
  }
  return undefined;
}

/** The top-level txn check including duplicate keys (key.go Txn). */
export function checkTxnRequest(r: TxnRequest): EtcdError | undefined {
  const e = checkTxn(r);
  if (e !== undefined) return e;
  if (!singleOp(r.success) && !intervalsOf(r.success).ok) return etcdErrors.duplicateKey;
  if (!singleOp(r.failure) && !intervalsOf(r.failure).ok) return etcdErrors.duplicateKey;
  return undefined;
}

/** At most one op and no nested txn (every write of the API server's): no key can repeat. */
function singleOp(reqs: RequestOp[]): boolean {
  return reqs.length === 0 || (reqs.length === 1 && !('request_txn' in reqs[0]!));
}

function checkOp(op: RequestOp, maxOps: number): EtcdError | undefined {
  if ('request_range' in op) return checkRange(op.request_range);
  if ('request_put' in op) return checkPut(op.request_put);
  if ('request_delete_range' in op) return checkDelete(op.request_delete_range);
  return checkTxn(op.request_txn, maxOps);
}

interface Interval {
  start: string;
  /** undefined = the single key `start`; '' = unbounded */
  end: string | undefined;
}

function hits(dels: Interval[], key: string): boolean {
  return dels.some((d) =>
    d.end === undefined ? d.start === key : key >= d.start && (d.end === '' || key < d.end),
  );
}

function toInterval(d: DeleteRangeRequest): Interval {
  const end = d.range_end === undefined || d.range_end === '' ? undefined : d.range_end === '\0' ? '' : d.range_end;
  return { start: d.key, end };
}

/**
 * checkIntervals: within one branch no key may be put twice, nor put and deleted; the
 * two branches of a nested txn exclude each other, so they may share put keys.
 */
function intervalsOf(reqs: RequestOp[]): { ok: boolean; puts: Set<string>; dels: Interval[] } {
  const dels: Interval[] = [];
  for (const r of reqs) if ('request_delete_range' in r) dels.push(toInterval(r.request_delete_range));
  const puts = new Set<string>();
  const bad = { ok: false, puts, dels };
  for (const r of reqs) {
    if (!('request_txn' in r)) continue;
    const then = intervalsOf(r.request_txn.success);
    const other = intervalsOf(r.request_txn.failure);
    if (!then.ok || !other.ok) return bad;
    for (const k of then.puts) {
      if (puts.has(k) || hits(dels, k)) return bad;
      puts.add(k);
    }
    for (const k of other.puts) {
      if (puts.has(k) && !then.puts.has(k)) return bad;
      if (hits(dels, k)) return bad;
      puts.add(k);
    }
    dels.push(...then.dels, ...other.dels);
  }
  for (const r of reqs) {
    if (!('request_put' in r)) continue;
    const k = r.request_put.key;
    if (puts.has(k) || hits(dels, k)) return bad;
    puts.add(k);
  }
  return { ok: true, puts, dels };
}

/** UTF-8 length of a string, computed only when it could matter for the size limit. */

/** A rough size of the marshalled request: its strings plus a few bytes of framing each. */
export function requestBytes(strings: string[]): number {
  let chars = 0;
  for (const s of strings) chars += s.length;
  // below a third of the limit in UTF-16 units, no encoding can reach the limit
  if (chars * 3 + strings.length * 8 < MAX_REQUEST_BYTES) return chars + strings.length * 8;
  let n = 0;
  for (const s of strings) n += utf8Length(s) + 8;
  return n;
}

export function checkSize(strings: string[]): EtcdError | undefined {
  return requestBytes(strings) > MAX_REQUEST_BYTES ? etcdErrors.requestTooLarge : undefined;
}

/** The strings a txn carries, for the size check. */
export function txnStrings(t: TxnRequest, out: string[] = []): string[] {
  for (const c of t.compare) out.push(c.key, c.range_end ?? '', c.value ?? '');
  for (const op of [...t.success, ...t.failure]) {
    if ('request_put' in op) out.push(op.request_put.key, op.request_put.value);
    else if ('request_range' in op) out.push(op.request_range.key, op.request_range.range_end ?? '');
    else if ('request_delete_range' in op) out.push(op.request_delete_range.key, op.request_delete_range.range_end ?? '');
    else txnStrings(op.request_txn, out);
  }
  return out;
}
