// What travels on the simulated network to, from and between etcd members: the client
// API (etcdserverpb's KV, Lease, Cluster, Maintenance and Watch services), Raft traffic
// between peers, and the follower-to-leader forwarding etcd does over the peer URL for
// lease keep-alive and time-to-live (etcdserver/api/v3rpc/lease.go → leasehttp).
import type { RaftMessage } from '../raft';
import type {
  CompactionRequest,
  DeleteRangeRequest,
  EtcdResult,
  LeaseGrantRequest,
  PutRequest,
  RangeRequest,
  TxnRequest,
  WatchCreateRequest,
  WatchResponse,
} from './types';

export type ClientRequest =
  | { op: 'range'; req: RangeRequest }
  | { op: 'put'; req: PutRequest }
  | { op: 'deleteRange'; req: DeleteRangeRequest }
  | { op: 'txn'; req: TxnRequest }
  | { op: 'compact'; req: CompactionRequest }
  | { op: 'leaseGrant'; req: LeaseGrantRequest }
  | { op: 'leaseRevoke'; id: bigint }
  | { op: 'leaseKeepAlive'; id: bigint }
  | { op: 'leaseTimeToLive'; id: bigint; keys: boolean }
  | { op: 'leaseLeases' }
  | { op: 'memberList' }
  | { op: 'memberAdd'; peerURLs: string[]; isLearner: boolean }
  | { op: 'memberRemove'; id: bigint }
  | { op: 'status' }
  /** the events a watcher created now would have been sent so far (a script's `etcdctl watch`) */
  | { op: 'watchSoFar'; req: WatchCreateRequest }
  /** a long-lived watch: events follow as `watch` messages until cancelled or the member dies */
  | {
      op: 'watchCreate';
      req: WatchCreateRequest;
      /**
       * clientv3.WithRequireLeader (gRPC metadata, not a field of the request; etcdctl's watch
       * sets it): refused with "etcdserver: no leader" by a member that has none, and
       * canceled so when its member goes without one for three election timeouts
       */
      requireLeader?: boolean;
    }
  | { op: 'watchCancel'; watchId: number };

export type ClientOp = ClientRequest['op'];

export type EtcdWire =
  | { kind: 'raft'; msg: RaftMessage }
  /**
   * client → member; `cid` is the client's own request number. `deadline` is the
   * client's context deadline (a tick), which gRPC propagates to the server: work for a
   * caller that has given up is dropped.
   */
  | { kind: 'request'; cid: number; req: ClientRequest; deadline?: number }
  /** member → client, the one answer to request `cid` */
  | { kind: 'response'; cid: number; result: EtcdResult<unknown> }
  /** member → client: a watch stream's next response */
  | { kind: 'watch'; cid: number; resp: WatchResponse }
  /**
   * member's host → client: the member's process died and its host's operating system
   * closed the client's connection (a RST): the client's watch streams on it are gone
   */
  | { kind: 'closed' }
  /**
   * client → member and back: a gRPC connection being made (the TCP and HTTP/2 handshakes as
   * one exchange). A member answers once it serves clients (it has known a leader since it
   * started); a dead or removed one never does, and the client dials again after gRPC's
   * back-off. Only the terminal's live `etcdctl lease keep-alive` dials: every other request
   * is sent on a connection taken to be there.
   */
  | { kind: 'connect' }
  | { kind: 'connected' }
  /** follower → leader and back: a lease call only the leader's lessor can answer */
  | { kind: 'forward'; fid: number; req: ClientRequest }
  | { kind: 'forward-reply'; fid: number; result: EtcdResult<unknown> };

/** Raft heartbeats without a ReadIndex context are background traffic (not pending work). */
export function isBackgroundWire(p: EtcdWire): boolean {
  return p.kind === 'raft' && (p.msg.type === 'MsgHeartbeat' || p.msg.type === 'MsgHeartbeatResp') && p.msg.context === '';
}
