// The etcd v3 API as data: the shapes of etcd's etcdserverpb / mvccpb messages
// (api/etcdserverpb/rpc.proto and api/mvccpb/kv.proto at v3.4), in TypeScript.
// This file is the contract between the etcd state machine (etcd/), the processes that
// call it (the API server, etcdctl in cli/) and the printers. Keys and values are
// strings here (etcd's are bytes; every key and value in this course is UTF-8 text).
// 64-bit ids (cluster_id, member_id, lease ids) are bigint so that they print exactly
// as etcd prints them, in decimal (json/fields/simple) or hex (member list, lease ids).

/** mvccpb.KeyValue */
export interface KeyValue {
  key: string;
  /** revision of the last creation of this key (0 if the key does not exist) */
  create_revision: number;
  /** revision of the last modification of this key */
  mod_revision: number;
  /** number of modifications since creation; a delete resets it to 0 */
  version: number;
  value: string;
  /** id of the lease attached to the key, 0n when none */
  lease: bigint;
}

/** etcdserverpb.ResponseHeader */
export interface ResponseHeader {
  cluster_id: bigint;
  member_id: bigint;
  /** the key-value store revision when the request was applied */
  revision: number;
  raft_term: number;
}

export type SortOrder = 'NONE' | 'ASCEND' | 'DESCEND';
export type SortTarget = 'KEY' | 'VERSION' | 'CREATE' | 'MOD' | 'VALUE';

/** etcdserverpb.RangeRequest. range_end follows etcd: '' = just key; '\0' with key '\0' = all keys; prefix end = key with last byte + 1. */
export interface RangeRequest {
  key: string;
  range_end?: string;
  limit?: number;
  /** read at this revision (0 = current) */
  revision?: number;
  sort_order?: SortOrder;
  sort_target?: SortTarget;
  /** true = serializable (answered by the member asked), false = linearizable (ReadIndex) */
  serializable?: boolean;
  keys_only?: boolean;
  count_only?: boolean;
}

export interface RangeResponse {
  header: ResponseHeader;
  kvs: KeyValue[];
  more: boolean;
  count: number;
}

export interface PutRequest {
  key: string;
  value: string;
  lease?: bigint;
  prev_kv?: boolean;
  ignore_value?: boolean;
  ignore_lease?: boolean;
}

export interface PutResponse {
  header: ResponseHeader;
  prev_kv?: KeyValue;
}

export interface DeleteRangeRequest {
  key: string;
  range_end?: string;
  prev_kv?: boolean;
}

export interface DeleteRangeResponse {
  header: ResponseHeader;
  deleted: number;
  prev_kvs: KeyValue[];
}

export type CompareResult = 'EQUAL' | 'GREATER' | 'LESS' | 'NOT_EQUAL';
export type CompareTarget = 'VERSION' | 'CREATE' | 'MOD' | 'VALUE' | 'LEASE';

/** etcdserverpb.Compare; exactly one of the target fields is set, matching `target`. */
export interface Compare {
  result: CompareResult;
  target: CompareTarget;
  key: string;
  range_end?: string;
  version?: number;
  create_revision?: number;
  mod_revision?: number;
  value?: string;
  lease?: bigint;
}

export type RequestOp =
  | { request_range: RangeRequest }
  | { request_put: PutRequest }
  | { request_delete_range: DeleteRangeRequest }
  | { request_txn: TxnRequest };

export type ResponseOp =
  | { response_range: RangeResponse }
  | { response_put: PutResponse }
  | { response_delete_range: DeleteRangeResponse }
  | { response_txn: TxnResponse };

export interface TxnRequest {
  compare: Compare[];
  success: RequestOp[];
  failure: RequestOp[];
}

export interface TxnResponse {
  header: ResponseHeader;
  succeeded: boolean;
  responses: ResponseOp[];
}

export interface CompactionRequest {
  revision: number;
  physical?: boolean;
}

export interface CompactionResponse {
  header: ResponseHeader;
}

/** mvccpb.Event */
export interface WatchEvent {
  type: 'PUT' | 'DELETE';
  kv: KeyValue;
  prev_kv?: KeyValue;
}

export interface WatchCreateRequest {
  key: string;
  range_end?: string;
  /** start at this revision (0 = now, i.e. current revision + 1) */
  start_revision?: number;
  prev_kv?: boolean;
  progress_notify?: boolean;
  filters?: Array<'NOPUT' | 'NODELETE'>;
}

export interface WatchResponse {
  header: ResponseHeader;
  watch_id: number;
  created: boolean;
  canceled: boolean;
  /** set when the requested start revision has been compacted */
  compact_revision: number;
  cancel_reason: string;
  events: WatchEvent[];
  /**
   * the response clientv3 makes up when the stream ended in an error (no leader) instead of
   * carrying a server's response: its Events is nil (`null` in etcdctl's JSON), not empty
   */
  closed?: true;
}

export interface LeaseGrantRequest {
  /** TTL in simulated seconds */
  TTL: number;
  /** 0n = let the leader choose */
  ID?: bigint;
}

export interface LeaseGrantResponse {
  header: ResponseHeader;
  ID: bigint;
  TTL: number;
  error: string;
}

export interface LeaseRevokeResponse {
  header: ResponseHeader;
}

export interface LeaseKeepAliveResponse {
  header: ResponseHeader;
  ID: bigint;
  TTL: number;
}

export interface LeaseTimeToLiveResponse {
  header: ResponseHeader;
  ID: bigint;
  /** remaining seconds; -1 when the lease has expired or does not exist */
  TTL: number;
  grantedTTL: number;
  keys: string[];
}

export interface LeaseLeasesResponse {
  header: ResponseHeader;
  leases: Array<{ ID: bigint }>;
}

/** etcdserverpb.Member */
export interface Member {
  ID: bigint;
  /** '' for a member that was added but has not started yet */
  name: string;
  peerURLs: string[];
  clientURLs: string[];
  isLearner: boolean;
}

export interface MemberListResponse {
  header: ResponseHeader;
  members: Member[];
}

export interface MemberAddResponse {
  header: ResponseHeader;
  member: Member;
  members: Member[];
}

export interface MemberRemoveResponse {
  header: ResponseHeader;
  members: Member[];
}

/** etcdserverpb.StatusResponse */
export interface StatusResponse {
  header: ResponseHeader;
  version: string;
  /** bytes of the backend database */
  dbSize: number;
  dbSizeInUse: number;
  leader: bigint;
  raftIndex: number;
  raftTerm: number;
  raftAppliedIndex: number;
  errors: string[];
  isLearner: boolean;
}

/**
 * An error as etcd's client sees it: gRPC code plus the server's message, e.g.
 * { code: 'OutOfRange', message: 'etcdserver: mvcc: required revision has been compacted' }
 * or { code: 'DeadlineExceeded', message: 'context deadline exceeded' }.
 */
export interface EtcdError {
  code:
    | 'InvalidArgument'
    | 'OutOfRange'
    | 'NotFound'
    | 'FailedPrecondition'
    | 'Unavailable'
    | 'DeadlineExceeded'
    | 'ResourceExhausted'
    | 'Unknown';
  message: string;
}

export type EtcdResult<T> = { ok: true; value: T } | { ok: false; error: EtcdError };
