// Applying one client request to the store, as etcd's applierV3backend does
// (etcdserver/apply.go, v3.4). The responses carry only header.revision here; the
// member fills cluster_id, member_id and raft_term (api/v3rpc/header.go).
import { etcdErrors } from '../errors';
import type {
  Compare,
  CompactionRequest,
  CompactionResponse,
  DeleteRangeRequest,
  DeleteRangeResponse,
  EtcdResult,
  KeyValue,
  PutRequest,
  PutResponse,
  RequestOp,
  ResponseHeader,
  ResponseOp,
  TxnRequest,
  TxnResponse,
} from '../types';
import { applyRange } from './range';
import type { MvccStore, WriteTxn } from './store';

export function header(revision: number): ResponseHeader {
  return { cluster_id: 0n, member_id: 0n, revision, raft_term: 0 };
}

/** applierV3backend.Put, inside `txn` (a one-op txn for a plain put). */
export function putIn(txn: WriteTxn, store: MvccStore, p: PutRequest): EtcdResult<PutResponse> {
  let value = p.value;
  let lease = p.lease ?? 0n;
  let prev: KeyValue | undefined;
  if (p.prev_kv || p.ignore_value || p.ignore_lease) {
    const r = txn.range(p.key, undefined);
    if (r.ok) prev = r.value.kvs[0];
    if (p.ignore_value || p.ignore_lease) {
      if (prev === undefined) return { ok: false, error: etcdErrors.keyNotFound };
      if (p.ignore_value) value = prev.value;
      if (p.ignore_lease) lease = prev.lease;
    }
  }
  if (lease !== 0n && store.lessor.lookup(lease) === undefined) return { ok: false, error: etcdErrors.leaseNotFound };
  const rev = txn.put(p.key, value, lease);
  const resp: PutResponse = { header: header(rev) };
  if (p.prev_kv && prev !== undefined) resp.prev_kv = prev;
  return { ok: true, value: resp };
}

export function applyPut(store: MvccStore, p: PutRequest): EtcdResult<PutResponse> {
  if (!p.prev_kv && !p.ignore_value && !p.ignore_lease) {
    // nothing to read first: the put is the whole txn
    const lease = p.lease ?? 0n;
    if (lease !== 0n && store.lessor.lookup(lease) === undefined) return { ok: false, error: etcdErrors.leaseNotFound };
    return { ok: true, value: { header: header(store.putAlone(p.key, p.value, lease)) } };
  }
  const txn = store.write();
  const res = putIn(txn, store, p);
  txn.end();
  return res;
}

/**
 * applyPut for a put nobody reads the answer of: a plain put (no lease, no prev_kv, no
 * ignore_*) cannot fail, so it is written without building its response. Returns false,
 * having done nothing, for any other put (the caller applies it the usual way).
 */
export function applyPutQuietly(store: MvccStore, p: PutRequest): boolean {
  if (p.lease !== undefined || p.prev_kv || p.ignore_value || p.ignore_lease) return false;
  store.putAlone(p.key, p.value, 0n);
  return true;
}

function deleteIn(txn: WriteTxn, d: DeleteRangeRequest): DeleteRangeResponse {
  const deleted = txn.deleteRange(d.key, d.range_end);
  const rev = deleted.length > 0 || txn.changes.length > 0 ? txn.beginRev + 1 : txn.beginRev;
  return { header: header(rev), deleted: deleted.length, prev_kvs: d.prev_kv ? deleted : [] };
}

export function applyDeleteRange(store: MvccStore, d: DeleteRangeRequest): EtcdResult<DeleteRangeResponse> {
  const txn = store.write();
  const res = deleteIn(txn, d);
  txn.end();
  return { ok: true, value: res };
}

/** applyCompare: every key in the compare's range must satisfy it. */
function compareHolds(txn: WriteTxn, c: Compare): boolean {
  // one key (every compare the API server makes): read it, not a range of it
  if (c.range_end === undefined || c.range_end === '') {
    const kv = txn.get(c.key);
    return kv === undefined ? compareMissing(c) : compareKV(c, kv);
  }
  const r = txn.range(c.key, c.range_end);
  const kvs = r.ok ? r.value.kvs : [];
  if (kvs.length === 0) return compareMissing(c);
  return kvs.every((kv) => compareKV(c, kv));
}

/** A compare on a key that does not exist. */
function compareMissing(c: Compare): boolean {
  // "nil == empty string in grpc; no way to represent missing value"
  if (c.target === 'VALUE') return false;
  return compareKV(c, { key: c.key, create_revision: 0, mod_revision: 0, version: 0, value: '', lease: 0n });
}

function compareKV(c: Compare, kv: KeyValue): boolean {
  let cmp: number;
  switch (c.target) {
    case 'VALUE':
      cmp = ord(kv.value, c.value ?? '');
      break;
    case 'VERSION':
      cmp = ord(kv.version, c.version ?? 0);
      break;
    case 'CREATE':
      cmp = ord(kv.create_revision, c.create_revision ?? 0);
      break;
    case 'MOD':
      cmp = ord(kv.mod_revision, c.mod_revision ?? 0);
      break;
    case 'LEASE':
      cmp = ord(kv.lease, c.lease ?? 0n);
      break;
  }
  switch (c.result) {
    case 'EQUAL':
      return cmp === 0;
    case 'NOT_EQUAL':
      return cmp !== 0;
    case 'GREATER':
      return cmp > 0;
    case 'LESS':
      return cmp < 0;
  }
}

function ord(a: number | bigint | string, b: number | bigint | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function choosePath(txn: WriteTxn, t: TxnRequest): boolean {
  return t.compare.every((c) => compareHolds(txn, c));
}

/**
 * The branch each (nested) txn takes, in depth-first order, all decided before anything
 * is written (compareToPath in apply.go).
 */
function pathOf(txn: WriteTxn, t: TxnRequest, out: boolean[] = []): boolean[] {
  const ok = choosePath(txn, t);
  out.push(ok);
  for (const op of ok ? t.success : t.failure) if ('request_txn' in op) pathOf(txn, op.request_txn, out);
  return out;
}

/** checkRequestPut / checkRequestRange: errors that fail the whole txn before it writes, on the branches `path` took. */
function precheck(txn: WriteTxn, store: MvccStore, t: TxnRequest, path: { steps: boolean[]; at: number }): EtcdResult<void> {
  const ops = path.steps[path.at++]! ? t.success : t.failure;
  for (const op of ops) {
    if ('request_put' in op) {
      const p = op.request_put;
      if (p.ignore_value || p.ignore_lease) {
        const r = txn.range(p.key, undefined);
        if (!r.ok || r.value.kvs.length === 0) return { ok: false, error: etcdErrors.keyNotFound };
      }
      const lease = p.lease ?? 0n;
      if (lease !== 0n && store.lessor.lookup(lease) === undefined) return { ok: false, error: etcdErrors.leaseNotFound };
    } else if ('request_range' in op) {
      const rev = op.request_range.revision ?? 0;
      if (rev > txn.rev()) return { ok: false, error: etcdErrors.futureRev };
      if (rev > 0 && rev < store.compactRev) return { ok: false, error: etcdErrors.compacted };
    } else if ('request_txn' in op) {
      const nested = precheck(txn, store, op.request_txn, path);
      if (!nested.ok) return nested;
    }
  }
  return { ok: true, value: undefined };
}

function runTxn(txn: WriteTxn, store: MvccStore, t: TxnRequest, path: { steps: boolean[]; at: number }): TxnResponse {
  const succeeded = path.steps[path.at++]!;
  const ops = succeeded ? t.success : t.failure;
  const responses: ResponseOp[] = ops.map((op) => runOp(txn, store, op, path));
  return { header: header(0), succeeded, responses };
}

function runOp(txn: WriteTxn, store: MvccStore, op: RequestOp, path: { steps: boolean[]; at: number }): ResponseOp {
  if ('request_range' in op) {
    const r = applyRange((k, e, o) => txn.range(k, e, o), op.request_range);
    if (!r.ok) throw new Error('txn range failed after precheck');
    return { response_range: r.value };
  }
  if ('request_put' in op) {
    const r = putIn(txn, store, op.request_put);
    if (!r.ok) throw new Error('txn put failed after precheck');
    return { response_put: r.value };
  }
  if ('request_delete_range' in op) return { response_delete_range: deleteIn(txn, op.request_delete_range) };
  const nested = runTxn(txn, store, op.request_txn, path);
  nested.header = header(txn.rev());
  return { response_txn: nested };
}

/** applierV3backend.Txn: one write txn, one revision however many ops succeed. */
export function applyTxn(store: MvccStore, t: TxnRequest): EtcdResult<TxnResponse> {
  const txn = store.write();
  // the branches are decided once, before anything is checked or written
  const steps = pathOf(txn, t);
  const checked = precheck(txn, store, t, { steps, at: 0 });
  if (!checked.ok) {
    txn.end();
    return checked;
  }
  const resp = runTxn(txn, store, t, { steps, at: 0 });
  txn.end();
  resp.header = header(txn.rev());
  return { ok: true, value: resp };
}

/**
 * applyTxn where nobody waits for the answer (a follower's share of the API server's
 * writes): the same branches, checks and writes in the same order, without building the
 * responses or reading what the failure branch would have answered with. A txn refused
 * by its precheck writes nothing, as applyTxn writes nothing.
 */
export function applyTxnQuietly(store: MvccStore, t: TxnRequest): void {
  const txn = store.write();
  const steps = pathOf(txn, t);
  if (precheck(txn, store, t, { steps, at: 0 }).ok) writeTxn(txn, store, t, { steps, at: 0 });
  txn.end();
}

function writeTxn(txn: WriteTxn, store: MvccStore, t: TxnRequest, path: { steps: boolean[]; at: number }): void {
  const ops = path.steps[path.at++]! ? t.success : t.failure;
  for (const op of ops) {
    if ('request_put' in op) {
      if (!putIn(txn, store, op.request_put).ok) throw new Error('txn put failed after precheck');
    } else if ('request_delete_range' in op) txn.deleteRange(op.request_delete_range.key, op.request_delete_range.range_end);
    else if ('request_txn' in op) writeTxn(txn, store, op.request_txn, path);
    // a range reads: nothing to write
  }
}

export function applyCompaction(store: MvccStore, c: CompactionRequest): EtcdResult<CompactionResponse> {
  const res = store.compact(c.revision);
  if (!res.ok) return res;
  return { ok: true, value: { header: header(store.currentRev) } };
}

/**
 * Revoke a lease: delete every attached key in one write txn (so at most one new
 * revision, keys in sorted order as lessor.Revoke does), then forget the lease.
 */
export function applyLeaseRevoke(store: MvccStore, id: bigint): EtcdResult<{ header: ResponseHeader }> {
  const lease = store.lessor.lookup(id);
  if (lease === undefined) return { ok: false, error: etcdErrors.leaseNotFound };
  const txn = store.write();
  for (const key of [...lease.keys].sort()) txn.deleteRange(key, undefined);
  txn.end();
  store.lessor.remove(id);
  return { ok: true, value: { header: header(store.currentRev) } };
}
