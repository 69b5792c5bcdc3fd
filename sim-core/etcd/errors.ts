// etcd's client-visible errors, with the gRPC code and the exact message the server sends
// (api/v3rpc/rpctypes/error.go at v3.4). etcdctl prints `Error: <message>`.
import type { EtcdError } from './types';

function err(code: EtcdError['code'], message: string): EtcdError {
  return { code, message };
}

export const etcdErrors = {
  emptyKey: err('InvalidArgument', 'etcdserver: key is not provided'),
  keyNotFound: err('InvalidArgument', 'etcdserver: key not found'),
  valueProvided: err('InvalidArgument', 'etcdserver: value is provided'),
  leaseProvided: err('InvalidArgument', 'etcdserver: lease is provided'),
  tooManyOps: err('InvalidArgument', 'etcdserver: too many operations in txn request'),
  duplicateKey: err('InvalidArgument', 'etcdserver: duplicate key given in txn request'),
  compacted: err('OutOfRange', 'etcdserver: mvcc: required revision has been compacted'),
  futureRev: err('OutOfRange', 'etcdserver: mvcc: required revision is a future revision'),
  leaseNotFound: err('NotFound', 'etcdserver: requested lease not found'),
  leaseExists: err('FailedPrecondition', 'etcdserver: lease already exists'),
  leaseTTLTooLarge: err('OutOfRange', 'etcdserver: too large lease TTL'),
  memberExists: err('FailedPrecondition', 'etcdserver: member ID already exist'),
  peerURLExists: err('FailedPrecondition', 'etcdserver: Peer URLs already exists'),
  memberNotFound: err('NotFound', 'etcdserver: member not found'),
  notEnoughStarted: err('FailedPrecondition', 'etcdserver: re-configuration failed due to not enough started members'),
  requestTooLarge: err('InvalidArgument', 'etcdserver: request is too large'),
  noLeader: err('Unavailable', 'etcdserver: no leader'),
  notLeader: err('FailedPrecondition', 'etcdserver: not leader'),
  leaderChanged: err('Unavailable', 'etcdserver: leader changed'),
  stopped: err('Unavailable', 'etcdserver: server stopped'),
  /** what the client library reports when its context (--command-timeout) runs out */
  deadlineExceeded: err('DeadlineExceeded', 'context deadline exceeded'),
} as const;

/** etcd's --max-request-bytes default: 1.5 MiB (embed/config.go DefaultMaxRequestBytes). */
export const MAX_REQUEST_BYTES = 1_572_864;
/** etcdserver's maxTxnOps default (embed/config.go DefaultMaxTxnOps). */
export const MAX_TXN_OPS = 128;
