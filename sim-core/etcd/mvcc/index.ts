// The etcd MVCC keyspace, watches and the request appliers: the deterministic state
// machine every member applies committed entries to.
export { MvccStore, WriteTxn, rangeEndOf, type RangeOptions, type RangeResult } from './store';
export { KeyHistory, type KeyRecord } from './key-history';
export { KeyIndex, compareKeys } from './key-index';
export { applyRange, type RangeReader } from './range';
export {
  applyPut,
  applyPutQuietly,
  applyTxnQuietly,
  applyDeleteRange,
  applyTxn,
  applyCompaction,
  applyLeaseRevoke,
  header,
} from './apply';
export { makeWatcher, catchUp, eventsFor, batchByRevision, watcherMatches, toWatchEvent, type Watcher } from './watch';
export { snapshotStore, restoreStore, hashStore } from './snapshot';
