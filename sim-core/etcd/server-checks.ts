// The checks the gRPC layer makes before a request reaches the member's logic
// (api/v3rpc/key.go, lease.go) and the request size limit (etcdserver's MaxRequestBytes).
import type { EtcdError } from './types';
import { checkDelete, checkPut, checkRange, checkSize, checkTxnRequest, txnStrings } from './validate';
import type { ClientRequest } from './wire';

export function checkClientRequest(req: ClientRequest): EtcdError | undefined {
  switch (req.op) {
    case 'range':
      return checkRange(req.req);
    case 'put':
      return checkPut(req.req) ?? checkSize([req.req.key, req.req.value]);
    case 'deleteRange':
      return checkDelete(req.req);
    case 'txn':
      return checkTxnRequest(req.req) ?? checkSize(txnStrings(req.req));
    default:
      return undefined;
  }
}
