// etcd's txn request checks (api/v3rpc/key.go checkTxnRequest): a key may be put at most
// once per branch, counting nested txns — also where a branch holds a single op, which the
// check may skip only when that op is no nested txn.
import { describe, expect, it } from 'vitest';
import { etcdErrors } from './errors';
import type { RequestOp, TxnRequest } from './types';
import { checkTxnRequest } from './validate';

const put = (key: string): RequestOp => ({ request_put: { key, value: 'v' } });
const txn = (success: RequestOp[], failure: RequestOp[] = []): TxnRequest => ({ compare: [], success, failure });

describe('checkTxnRequest', () => {
  it('accepts one op per branch, and refuses a key put twice, also inside a single nested txn', () => {
    expect(checkTxnRequest(txn([put('a')], [{ request_range: { key: 'a' } }]))).toBeUndefined();
    expect(checkTxnRequest(txn([put('a'), put('a')]))).toBe(etcdErrors.duplicateKey);
    expect(checkTxnRequest(txn([{ request_txn: txn([put('a'), put('a')]) }]))).toBe(etcdErrors.duplicateKey);
    expect(checkTxnRequest(txn([], [{ request_txn: txn([], [put('b'), put('b')]) }]))).toBe(etcdErrors.duplicateKey);
    expect(checkTxnRequest(txn([{ request_txn: txn([put('a')], [put('a')]) }]))).toBeUndefined();
  });
});
