// etcd/: the etcd member — the MVCC state machine (mvcc/, lease/) applied from Raft's
// committed entries, and the member process that serves the v3 API over the simulated
// network (server.ts). types.ts is the API contract shared with cli/ and the API server.
export * from './types';
export { EtcdMember } from './server';
export { EtcdStateMachine } from './state-machine';
export { DEFAULT_TIMING, ETCD_VERSION, minLeaseTTL, type EtcdMemberConfig } from './config';
export { etcdErrors, MAX_REQUEST_BYTES, MAX_TXN_OPS } from './errors';
export { memberIdFor, clusterIdFor, epochMsFor, RequestIdGenerator } from './ids';
export { Membership, addressOfURL, type MemberInfo } from './membership';
export { isBackgroundWire, type ClientRequest, type ClientOp, type EtcdWire } from './wire';
export { encodeEntry, decodeEntry, type InternalRequest, type ProposedEntry } from './entry-codec';
export { Lessor, MAX_LEASE_TTL, type Lease } from './lease';
export { MvccStore, snapshotStore, restoreStore, hashStore } from './mvcc';
export { walWriteAt, type WalLookup, type WalWrite } from './wal';
