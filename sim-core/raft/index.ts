// raft/: one Raft member as a pure state machine, in etcd-io/raft's RawNode shape. The
// owner (etcd/'s server process) drives it exactly as etcd's raftNode does:
//
//   node.tick() on its timer; node.step(m) for every Raft message received;
//   node.propose(data) / proposeConfChange(cc) / readIndex(ctx) / transferLeader(id);
//   while (node.hasReady()) {
//     const rd = node.ready();
//     storage.persist(rd);                 // WAL: snapshot, entries, hardState
//     send rd.messages over the network;   // (after persisting)
//     apply rd.snapshot, then rd.committedEntries (calling node.applyConfChange(cc)
//       for each confChange entry), serve rd.readStates once applied;
//     node.advance(rd);
//   }
//
// On crash keep only the MemoryStorage; at restart call RaftNode.create(config, storage)
// again (peers are ignored once the storage holds anything; pass `applied` = the index
// your restored state machine is at, e.g. the snapshot's). A fresh cluster's bootstrap
// entries are written to a MemoryStorage at create(), so a crash before the first
// Ready is safe. A member that applies its own removal keeps leading (refusing
// proposals) until a quorum of the new configuration has learned of the commit, then
// steps down — keep driving it until status().role !== 'leader' before stopping it.
// hasPendingWork() is the member's part of the kernel's isIdle(); use
// isBackgroundMessage() for KernelConfig.isBackground on Raft traffic.
export type {
  ConfChange,
  ConfChangeType,
  ConfState,
  Entry,
  EntryType,
  HardState,
  MessageType,
  ProgressState,
  ProgressView,
  ProposeError,
  ProposeResult,
  RaftConfig,
  RaftMessage,
  RaftPeer,
  RaftRole,
  RaftStatus,
  ReadState,
  Ready,
  Snapshot,
  SnapshotMetadata,
  SoftState,
} from './types';
export { MemoryStorage, EMPTY_HARD_STATE, EMPTY_SNAPSHOT, entrySize, type RaftStorage, type StorageError, type StorageResult } from './storage';
export { RaftNode } from './node';
export { encodeConfChange, decodeConfChange } from './confchange';
export { isBackgroundMessage, isLocalMessage } from './message';
