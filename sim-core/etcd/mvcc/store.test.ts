import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lessor } from '../lease';
import type { RequestOp, TxnRequest } from '../types';
import { checkTxnRequest } from '../validate';
import {
  applyCompaction,
  applyDeleteRange,
  applyLeaseRevoke,
  applyPut,
  applyRange,
  applyTxn,
  applyTxnQuietly,
  catchUp,
  hashStore,
  makeWatcher,
  MvccStore,
  restoreStore,
  snapshotStore,
} from './index';

function fresh(): MvccStore {
  return new MvccStore(new Lessor({ minTTL: 2, ticksPerSecond: 100 }));
}
function get(s: MvccStore, key: string, extra: Record<string, unknown> = {}) {
  const r = applyRange((k, e, o) => s.range(k, e, o), { key, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function put(s: MvccStore, key: string, value: string, lease = 0n) {
  const r = applyPut(s, { key, value, lease });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('MVCC revisions as etcd 3.4 counts them', () => {
  it('starts at revision 1 and the first put gets revision 2', () => {
    const s = fresh();
    expect(s.currentRev).toBe(1);
    expect(put(s, 'foo', 'bar').header.revision).toBe(2);
    const kv = get(s, 'foo').kvs[0]!;
    expect([kv.create_revision, kv.mod_revision, kv.version]).toEqual([2, 2, 1]);
  });

  it('counts versions, and a delete resets them with a new create_revision', () => {
    const s = fresh();
    put(s, 'a', '1'); // 2
    put(s, 'a', '2'); // 3
    const before = get(s, 'a').kvs[0]!;
    expect([before.create_revision, before.mod_revision, before.version]).toEqual([2, 3, 2]);
    const del = applyDeleteRange(s, { key: 'a', prev_kv: true });
    expect(del.ok && del.value.deleted).toBe(1);
    expect(del.ok && del.value.header.revision).toBe(4);
    expect(del.ok && del.value.prev_kvs[0]!.value).toBe('2');
    expect(get(s, 'a').kvs).toEqual([]);
    put(s, 'a', '3'); // 5
    const after = get(s, 'a').kvs[0]!;
    expect([after.create_revision, after.mod_revision, after.version]).toEqual([5, 5, 1]);
  });

  it('does not bump the revision for a delete of nothing', () => {
    const s = fresh();
    put(s, 'x', '1');
    const del = applyDeleteRange(s, { key: 'nope' });
    expect(del.ok && del.value).toMatchObject({ deleted: 0, header: { revision: 2 } });
    expect(s.currentRev).toBe(2);
  });

  it('reads history at an old revision and reports the current revision in the header', () => {
    const s = fresh();
    put(s, 'k', 'v1'); // 2
    put(s, 'k', 'v2'); // 3
    const old = get(s, 'k', { revision: 2 });
    expect(old.kvs[0]!.value).toBe('v1');
    expect(old.header.revision).toBe(3);
    const fut = applyRange((k, e, o) => s.range(k, e, o), { key: 'k', revision: 4 });
    expect(fut.ok ? '' : fut.error.message).toBe('etcdserver: mvcc: required revision is a future revision');
  });

  it('ranges by prefix, from-key, with limit/more/count, keys-only, count-only and sort', () => {
    const s = fresh();
    for (const [k, v] of [['/a/1', 'z'], ['/a/2', 'y'], ['/a/3', 'x'], ['/b/1', 'w']]) put(s, k!, v!);
    put(s, '/a/1', 'z2'); // version 2
    const prefix = get(s, '/a/', { range_end: '/a0' });
    expect(prefix.kvs.map((k) => k.key)).toEqual(['/a/1', '/a/2', '/a/3']);
    expect(prefix.count).toBe(3);
    const limited = get(s, '/a/', { range_end: '/a0', limit: 2 });
    expect(limited.kvs.map((k) => k.key)).toEqual(['/a/1', '/a/2']);
    expect([limited.more, limited.count]).toEqual([true, 3]);
    const fromKey = get(s, '/a/3', { range_end: '\0' });
    expect(fromKey.kvs.map((k) => k.key)).toEqual(['/a/3', '/b/1']);
    const all = get(s, '\0', { range_end: '\0', keys_only: true });
    expect(all.kvs.map((k) => [k.key, k.value])).toEqual([['/a/1', ''], ['/a/2', ''], ['/a/3', ''], ['/b/1', '']]);
    const countOnly = get(s, '/', { range_end: '0', count_only: true });
    expect([countOnly.kvs.length, countOnly.count]).toEqual([0, 4]);
    const byValue = get(s, '/a/', { range_end: '/a0', sort_target: 'VALUE' });
    expect(byValue.kvs.map((k) => k.value)).toEqual(['x', 'y', 'z2']);
    const desc = get(s, '/a/', { range_end: '/a0', sort_order: 'DESCEND', limit: 1 });
    expect(desc.kvs.map((k) => k.key)).toEqual(['/a/3']);
    const byMod = get(s, '/', { range_end: '0', sort_target: 'MOD', sort_order: 'DESCEND' });
    expect(byMod.kvs.map((k) => k.key)).toEqual(['/a/1', '/b/1', '/a/3', '/a/2']);
  });
});

describe('txn', () => {
  it('writes once per txn with sub-revisions and sees its own writes', () => {
    const s = fresh();
    put(s, 'a', '1'); // 2
    const t: TxnRequest = {
      compare: [{ key: 'a', target: 'MOD', result: 'EQUAL', mod_revision: 2 }],
      success: [
        { request_put: { key: 'a', value: '2' } },
        { request_put: { key: 'b', value: '1' } },
        { request_range: { key: 'a' } },
      ],
      failure: [],
    };
    const r = applyTxn(s, t);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.succeeded).toBe(true);
    expect(r.value.header.revision).toBe(3);
    const read = r.value.responses[2]!;
    expect('response_range' in read && read.response_range.kvs[0]!.value).toBe('2');
    expect(s.events.slice(-2).map((e) => [e.kv.key, e.kv.mod_revision, e.sub])).toEqual([
      ['a', 3, 0],
      ['b', 3, 1],
    ]);
    // the same compare now fails: mod_revision moved on (optimistic concurrency)
    const again = applyTxn(s, { ...t, failure: [{ request_range: { key: 'b' } }] });
    expect(again.ok && again.value.succeeded).toBe(false);
    expect(again.ok && again.value.header.revision).toBe(3);
  });

  it('compares a missing key: CREATE = 0 holds, VALUE always fails', () => {
    const s = fresh();
    const create = applyTxn(s, {
      compare: [{ key: 'k', target: 'CREATE', result: 'EQUAL', create_revision: 0 }],
      success: [{ request_put: { key: 'k', value: 'v' } }],
      failure: [],
    });
    expect(create.ok && create.value.succeeded).toBe(true);
    const byValue = applyTxn(s, {
      compare: [{ key: 'missing', target: 'VALUE', result: 'NOT_EQUAL', value: 'x' }],
      success: [],
      failure: [],
    });
    expect(byValue.ok && byValue.value.succeeded).toBe(false);
    const ver = applyTxn(s, {
      compare: [{ key: 'k', target: 'VERSION', result: 'GREATER', version: 0 }, { key: 'k', target: 'VALUE', result: 'EQUAL', value: 'v' }],
      success: [],
      failure: [],
    });
    expect(ver.ok && ver.value.succeeded).toBe(true);
  });
});

describe('compaction', () => {
  it('fails reads below the compact revision with etcd\'s error and keeps reads at it', () => {
    const s = fresh();
    put(s, 'k', '1'); // 2
    put(s, 'k', '2'); // 3
    put(s, 'k', '3'); // 4
    expect(applyCompaction(s, { revision: 3 }).ok).toBe(true);
    const below = applyRange((k, e, o) => s.range(k, e, o), { key: 'k', revision: 2 });
    expect(below.ok ? '' : below.error.message).toBe('etcdserver: mvcc: required revision has been compacted');
    expect(get(s, 'k', { revision: 3 }).kvs[0]!.value).toBe('2');
    const again = applyCompaction(s, { revision: 3 });
    expect(again.ok ? '' : again.error.message).toBe('etcdserver: mvcc: required revision has been compacted');
    const future = applyCompaction(s, { revision: 9 });
    expect(future.ok ? '' : future.error.message).toBe('etcdserver: mvcc: required revision is a future revision');
    const w = makeWatcher(1, { key: 'k', start_revision: 2 }, s.currentRev);
    expect(catchUp(s, w)).toBe('compacted');
  });
});

describe('watch history', () => {
  it('delivers every event from a start revision in order with prev_kv', () => {
    const s = fresh();
    put(s, '/p/a', '1'); // 2
    put(s, '/q', 'x'); // 3
    put(s, '/p/a', '2'); // 4
    applyDeleteRange(s, { key: '/p/a' }); // 5
    const w = makeWatcher(1, { key: '/p/', range_end: '/p0', start_revision: 2, prev_kv: true }, s.currentRev);
    const evs = catchUp(s, w);
    if (evs === 'compacted') throw new Error('unexpected');
    expect(evs.map((e) => [e.type, e.kv.mod_revision, e.prev_kv?.value ?? null])).toEqual([
      ['PUT', 2, null],
      ['PUT', 4, '1'],
      ['DELETE', 5, '2'],
    ]);
    expect(evs[2]!.kv).toEqual({ key: '/p/a', create_revision: 0, mod_revision: 5, version: 0, value: '', lease: 0n });
    expect(w.nextRev).toBe(6);
  });
});

describe('leases', () => {
  it('clamps to the minimum TTL and deletes attached keys in one revision on revoke', () => {
    const s = fresh();
    const granted = s.lessor.grant(7n, 1, 0);
    expect(granted.ok && granted.value.ttl).toBe(2);
    put(s, 'a', '1', 7n); // 2
    put(s, 'b', '1', 7n); // 3
    put(s, 'c', '1'); // 4
    const bad = applyPut(s, { key: 'd', value: '1', lease: 8n });
    expect(bad.ok ? '' : bad.error.message).toBe('etcdserver: requested lease not found');
    expect(applyLeaseRevoke(s, 7n).ok).toBe(true);
    expect(s.currentRev).toBe(5);
    expect(get(s, '\0', { range_end: '\0' }).kvs.map((k) => k.key)).toEqual(['c']);
    expect(s.lessor.lookup(7n)).toBeUndefined();
  });
});

describe('snapshot and restore', () => {
  it('restores the same history, revision and hash', () => {
    const s = fresh();
    s.lessor.grant(5n, 30, 0);
    put(s, 'a', '1'); // 2
    put(s, 'a', '2', 5n); // 3
    applyDeleteRange(s, { key: 'a' }); // 4
    put(s, 'b', 'x'); // 5
    applyCompaction(s, { revision: 3 });
    const copy = restoreStore(snapshotStore(s), new Lessor({ minTTL: 2, ticksPerSecond: 100 }), 0);
    expect(hashStore(copy)).toBe(hashStore(s));
    expect(copy.currentRev).toBe(5);
    expect(get(copy, 'a', { revision: 3 }).kvs[0]!.value).toBe('2');
    put(copy, 'c', '1');
    expect(hashStore(copy)).not.toBe(hashStore(s));
    const w = makeWatcher(1, { key: 'a', start_revision: 3 }, copy.currentRev);
    const evs = catchUp(copy, w);
    expect(evs !== 'compacted' && evs.map((e) => [e.type, e.kv.mod_revision])).toEqual([['PUT', 3], ['DELETE', 4]]);
  });
});

describe('request checks before Raft (api/v3rpc/key.go)', () => {
  it('rejects empty keys, duplicate txn keys, too many ops and oversized requests with etcd\'s messages', async () => {
    const { checkClientRequest } = await import('../server-checks');
    const msg = (e: { message: string } | undefined) => e?.message;
    expect(msg(checkClientRequest({ op: 'put', req: { key: '', value: 'x' } }))).toBe('etcdserver: key is not provided');
    expect(msg(checkClientRequest({ op: 'put', req: { key: 'k', value: 'x', ignore_value: true } }))).toBe('etcdserver: value is provided');
    const dup = { compare: [], success: [{ request_put: { key: 'a', value: '1' } }, { request_put: { key: 'a', value: '2' } }], failure: [] };
    expect(msg(checkClientRequest({ op: 'txn', req: dup }))).toBe('etcdserver: duplicate key given in txn request');
    const putInDeleted = { compare: [], success: [{ request_delete_range: { key: 'a', range_end: 'b' } }, { request_put: { key: 'a1', value: '2' } }], failure: [] };
    expect(msg(checkClientRequest({ op: 'txn', req: putInDeleted }))).toBe('etcdserver: duplicate key given in txn request');
    const branches = {
      compare: [],
      success: [{ request_txn: { compare: [], success: [{ request_put: { key: 'a', value: '1' } }], failure: [{ request_put: { key: 'a', value: '2' } }] } }],
      failure: [],
    };
    expect(checkClientRequest({ op: 'txn', req: branches })).toBeUndefined();
    const many = { compare: [], success: Array.from({ length: 129 }, (_, i) => ({ request_put: { key: `k${i}`, value: '' } })), failure: [] };
    expect(msg(checkClientRequest({ op: 'txn', req: many }))).toBe('etcdserver: too many operations in txn request');
    expect(msg(checkClientRequest({ op: 'put', req: { key: 'k', value: 'x'.repeat(1_572_864) } }))).toBe('etcdserver: request is too large');
    expect(checkClientRequest({ op: 'put', req: { key: 'k', value: 'x'.repeat(1_500_000) } })).toBeUndefined();
  });

  it('applies ignore_value and ignore_lease from the existing key', () => {
    const s = fresh();
    s.lessor.grant(9n, 60, 0);
    put(s, 'k', 'old', 9n);
    const r = applyPut(s, { key: 'k', value: '', ignore_value: true, prev_kv: true });
    expect(r.ok && r.value.prev_kv?.value).toBe('old');
    const kv = get(s, 'k').kvs[0]!;
    expect([kv.value, kv.lease, kv.version]).toEqual(['old', 0n, 2]);
    const missing = applyPut(s, { key: 'nope', value: '', ignore_value: true });
    expect(missing.ok ? '' : missing.error.message).toBe('etcdserver: key not found');
  });
});

// a follower applies the API server's writes without building answers: whatever the txn
// (failing compares, a lease that does not exist, nested txns, deletes, reads), the store
// must end exactly as the answered apply leaves it
describe('a txn applied without its answer', () => {
  const key = fc.constantFrom('a', 'b', 'c');
  const compare = fc.oneof(
    fc.record({ key, target: fc.constant('MOD' as const), result: fc.constantFrom('EQUAL' as const, 'GREATER' as const), mod_revision: fc.integer({ min: 0, max: 6 }) }),
    fc.record({ key, target: fc.constant('CREATE' as const), result: fc.constant('EQUAL' as const), create_revision: fc.integer({ min: 0, max: 6 }) }),
  );
  const op: fc.Arbitrary<RequestOp> = fc.letrec<{ op: RequestOp }>((tie) => ({
    op: fc.oneof(
      { depthSize: 'small' },
      fc.record({ request_put: fc.record({ key, value: fc.string({ maxLength: 3 }), lease: fc.constantFrom(0n, 5n, 9n), ignore_value: fc.boolean() }, { requiredKeys: ['key', 'value'] }) }),
      fc.record({ request_delete_range: fc.record({ key, range_end: fc.constantFrom('c', '\0') }, { requiredKeys: ['key'] }) }),
      fc.record({ request_range: fc.record({ key, revision: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: ['key'] }) }),
      fc.record({ request_txn: fc.record({ compare: fc.array(compare, { maxLength: 2 }), success: fc.array(tie('op'), { maxLength: 2 }), failure: fc.array(tie('op'), { maxLength: 2 }) }) }),
    ),
  })).op;
  const txn = fc.record({ compare: fc.array(compare, { maxLength: 2 }), success: fc.array(op, { maxLength: 3 }), failure: fc.array(op, { maxLength: 3 }) });

  it('leaves the store as the answered apply does', () => {
    fc.assert(
      // what the server proposes: a txn that passed its checks (no key both deleted and put)
      fc.property(fc.array(txn.filter((t) => checkTxnRequest(t) === undefined), { minLength: 1, maxLength: 6 }), (txns) => {
        const answered = fresh();
        const quiet = fresh();
        for (const s of [answered, quiet]) {
          s.lessor.grant(5n, 30, 0);
          put(s, 'a', '1');
        }
        for (const t of txns) {
          applyTxn(answered, t);
          applyTxnQuietly(quiet, t);
          expect(quiet.currentRev).toBe(answered.currentRev);
        }
        expect(hashStore(quiet)).toBe(hashStore(answered));
        expect(quiet.events.map((e) => [e.kv.key, e.kv.mod_revision, e.tombstone])).toEqual(answered.events.map((e) => [e.kv.key, e.kv.mod_revision, e.tombstone]));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? '') || 500 },
    );
  });
});
