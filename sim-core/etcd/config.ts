// One member's fixed configuration (etcd's embed.Config, the flags a member starts with).
import type { MemberInfo } from './membership';

export interface EtcdMemberConfig {
  /** the id Raft uses (1..N) */
  raftId: number;
  /** `etcd-N`; also the member's address on the simulated network */
  name: string;
  memberId: bigint;
  clusterId: bigint;
  peerURL: string;
  clientURL: string;
  /** --initial-cluster for a new cluster; undefined for a member joining an existing one */
  initialMembers?: readonly MemberInfo[];
  /** a joining member's --initial-cluster: where its peers are before it has applied the log */
  addressBook?: ReadonlyArray<{ raftId: number; name: string }>;
  /** --election-timeout in ticks (1000 ms = 100 ticks) */
  electionTick: number;
  /** --heartbeat-interval in ticks (100 ms = 10 ticks) */
  heartbeatTick: number;
  /** --snapshot-count: applied entries between snapshots (etcd default 100,000) */
  snapshotCount: number;
  /** entries kept behind a snapshot for slow followers (etcd's SnapshotCatchUpEntries, 5,000) */
  snapshotCatchUpEntries: number;
  ticksPerSecond: number;
  /** simulated Unix milliseconds at tick 0 (for idutil.Generator) */
  epochMs: number;
  /** etcdserver's ReqTimeout: 5 s + 2 × election timeout */
  requestTimeoutTicks: number;
}

/**
 * The members' server version, as `etcdctl endpoint status` shows it: the etcd kubeadm
 * installs with Kubernetes 1.32 (3.5.16). The terminal's etcdctl is a 3.4.23 client
 * (cli/etcdctl: its commands, flags and help follow that release), which reads a 3.5
 * server's status as any client does.
 */
export const ETCD_VERSION = '3.5.16';

/** etcd's defaults at 10 ms per tick. */
export const DEFAULT_TIMING = {
  electionTick: 100,
  heartbeatTick: 10,
  snapshotCount: 100_000,
  snapshotCatchUpEntries: 5_000,
  ticksPerSecond: 100,
  requestTimeoutTicks: 700,
} as const;

/** lessor's minimum TTL: ceil(1.5 × election timeout) seconds (etcdserver/server.go). */
export function minLeaseTTL(c: Pick<EtcdMemberConfig, 'electionTick' | 'ticksPerSecond'>): number {
  return Math.ceil((3 * c.electionTick) / 2 / c.ticksPerSecond);
}
