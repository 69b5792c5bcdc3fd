// Raft's data, in etcd-io/raft's shape (raftpb/raft.proto): entries, messages, hard and
// soft state, snapshots, the Ready batch. Everything here is plain data so the network
// can carry it, the trace can record it and the UI can draw it. Member ids are small
// integers 1..N; the etcd layer maps them to etcd's 64-bit member ids.
import type { Prng } from '../kernel';

export type EntryType = 'normal' | 'confChange';

/** One log entry. `data` is opaque to Raft (etcd puts a JSON-encoded request in it). */
export interface Entry {
  readonly term: number;
  readonly index: number;
  readonly type: EntryType;
  readonly data: string;
}

export type ConfChangeType = 'addNode' | 'removeNode';

/** A single-member configuration change (etcd's raftpb.ConfChange, v1). */
export interface ConfChange {
  readonly type: ConfChangeType;
  readonly nodeId: number;
  /** opaque to Raft; etcd puts the member's JSON (name, peer URLs) here */
  readonly context: string;
}

/** The voters of a configuration (etcd's ConfState; learners are not modelled). */
export interface ConfState {
  readonly voters: readonly number[];
}

export interface SnapshotMetadata {
  readonly index: number;
  readonly term: number;
  readonly confState: ConfState;
}

export interface Snapshot {
  readonly metadata: SnapshotMetadata;
  /** the application's state machine at `metadata.index`, opaque to Raft */
  readonly data: string;
}

/** What must be on stable storage before any message of the same Ready is sent (§5, Figure 2 "Persistent state"). */
export interface HardState {
  readonly term: number;
  /** votedFor in the paper; 0 = none */
  readonly vote: number;
  readonly commit: number;
}

export type RaftRole = 'follower' | 'pre-candidate' | 'candidate' | 'leader';

/** Volatile, for display and for the etcd layer's leader tracking. */
export interface SoftState {
  /** the leader this member believes in; 0 = none known */
  readonly lead: number;
  readonly role: RaftRole;
}

export type MessageType =
  | 'MsgHup' // local: start an election
  | 'MsgBeat' // local: leader should send heartbeats
  | 'MsgProp' // a proposal (local, or forwarded by a follower to the leader)
  | 'MsgApp'
  | 'MsgAppResp'
  | 'MsgVote'
  | 'MsgVoteResp'
  | 'MsgPreVote'
  | 'MsgPreVoteResp'
  | 'MsgSnap'
  | 'MsgHeartbeat'
  | 'MsgHeartbeatResp'
  | 'MsgTransferLeader'
  | 'MsgTimeoutNow'
  | 'MsgReadIndex'
  | 'MsgReadIndexResp'
  | 'MsgCheckQuorum' // local: leader checks it heard from a quorum
  | 'MsgUnreachable' // local: the transport could not reach `from`
  | 'MsgSnapStatus'; // local: the transport reports a snapshot sent (reject = failed)

/**
 * A Raft message as data (raftpb.Message). Every field is always present (0, '', [] when
 * unused) so messages have one shape. `term` 0 marks a local message.
 */
export interface RaftMessage {
  readonly type: MessageType;
  readonly from: number;
  readonly to: number;
  readonly term: number;
  /** MsgApp: term of the entry at `index` (prevLogTerm); votes: the candidate's lastLogTerm */
  readonly logTerm: number;
  /** MsgApp: prevLogIndex; votes: lastLogIndex; MsgAppResp: the index acknowledged or rejected; MsgReadIndexResp: the read index */
  readonly index: number;
  readonly entries: readonly Entry[];
  readonly commit: number;
  readonly snapshot: Snapshot | null;
  readonly reject: boolean;
  /** MsgAppResp reject: the follower's last index, a hint for fast backtracking */
  readonly rejectHint: number;
  /** ReadIndex request context; 'transfer' marks a campaign forced by leader transfer */
  readonly context: string;
}

/** A linearizable read that may be served once the application has applied `index` (§6.4). */
export interface ReadState {
  readonly index: number;
  readonly requestCtx: string;
}

/**
 * What the application must do next, in this order (etcd's raft.Ready contract):
 * persist `hardState`, `entries` and `snapshot`; send `messages`; apply `snapshot` then
 * `committedEntries`; serve `readStates` once applied; then call `advance(rd)`.
 */
export interface Ready {
  readonly softState?: SoftState;
  readonly hardState?: HardState;
  /** new entries to append to the WAL (may overwrite a conflicting suffix) */
  readonly entries: readonly Entry[];
  readonly snapshot?: Snapshot;
  readonly committedEntries: readonly Entry[];
  readonly messages: readonly RaftMessage[];
  readonly readStates: readonly ReadState[];
  /** whether hardState/entries must be fsynced before sending (always true when they changed) */
  readonly mustSync: boolean;
}

export type ProposeError =
  /** no leader is known right now (elections in progress, quorum lost) — etcd's ErrProposalDropped */
  | 'proposal-dropped'
  /** this member is not the leader and forwarding is disabled */
  | 'not-leader'
  /** a configuration change is already pending (one member at a time, §4.1 of the thesis) */
  | 'pending-conf-change'
  /** this member has been removed from the cluster */
  | 'removed'
  /** a leadership transfer is in progress; etcd drops proposals until it ends */
  | 'transfer-in-progress'
  /** the conf change is not valid for the current configuration */
  | 'invalid-conf-change';

export type ProposeResult = { ok: true } | { ok: false; error: ProposeError };

export type ProgressState = 'probe' | 'replicate' | 'snapshot';

/** The leader's view of one member (etcd's tracker.Progress). */
export interface ProgressView {
  /** matchIndex: highest index known replicated on the member */
  readonly match: number;
  /** nextIndex: the next index to send */
  readonly next: number;
  readonly state: ProgressState;
  /** heard from within the last election timeout (CheckQuorum) */
  readonly recentActive: boolean;
  /** MsgApps sent but not yet acknowledged (pipelining) */
  readonly inflight: number;
}

export interface RaftStatus {
  readonly id: number;
  readonly term: number;
  readonly vote: number;
  readonly commit: number;
  readonly applied: number;
  readonly lead: number;
  readonly role: RaftRole;
  readonly firstIndex: number;
  readonly lastIndex: number;
  readonly voters: readonly number[];
  readonly leadTransferee: number;
  /** only when leader: every voter's progress, keyed by member id */
  readonly progress?: Readonly<Record<number, ProgressView>>;
}

export interface RaftPeer {
  readonly id: number;
  /** the ConfChange context of the bootstrap entry (etcd: the member's JSON) */
  readonly context?: string;
}

export interface RaftConfig {
  /** this member's id, >= 1 */
  readonly id: number;
  /**
   * Bootstrap a brand-new cluster with these members (etcd's StartNode): used only when
   * the storage is empty. Omit when joining an existing cluster or restarting.
   */
  readonly peers?: readonly (number | RaftPeer)[];
  /** the member's PRNG stream, for randomized election timeouts */
  readonly rng: Prng;
  /** ticks without hearing a leader before campaigning (randomized in [e, 2e)). Default 10. */
  readonly electionTick?: number;
  /** ticks between leader heartbeats; must be < electionTick. Default 1. */
  readonly heartbeatTick?: number;
  /** etcd runs with PreVote on (since 3.4 by default) — default true */
  readonly preVote?: boolean;
  /** etcd runs with CheckQuorum on — default true */
  readonly checkQuorum?: boolean;
  /** max bytes of entry data in one MsgApp (etcd: 1 MiB) — default 1,048,576 */
  readonly maxSizePerMsg?: number;
  /** max entries in one MsgApp — default 4,096 */
  readonly maxEntriesPerMsg?: number;
  /** max unacknowledged MsgApps per follower in replicate state (etcd: 512 in 3.4's server) — default 256 */
  readonly maxInflightMsgs?: number;
  /** max bytes of committed entries handed out in one Ready — default unlimited */
  readonly maxCommittedSizePerReady?: number;
  /** on restart: the index the application has already applied (default: the snapshot's index) */
  readonly applied?: number;
  /** follower forwards proposals to the leader (etcd default) unless this is true */
  readonly disableProposalForwarding?: boolean;
}
