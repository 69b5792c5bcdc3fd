// A micro-benchmark of the Raft layer alone (not a timed test): a 3-member cluster on
// the kernel committing `proposals` entries of `valueBytes` each. The caller (scripts/
// bench) measures wall time around it; sim-core itself never reads a clock.
import { RaftCluster } from './cluster';

export interface RaftBenchOptions {
  seed?: number;
  /** bytes of data per proposal (the benchmark uses 100-byte values) */
  valueBytes?: number;
  /** proposals handed to the leader per tick (a busy etcd batches many per Ready) */
  batchPerTick?: number;
  /** give up after this many ticks */
  maxTicks?: number;
}

export interface RaftBenchResult {
  /** entries committed and applied by every member (proposals only, not Raft's own entries) */
  committed: number;
  /** simulated ticks it took */
  ticks: number;
}

export function runRaftBench(proposals: number, opts: RaftBenchOptions = {}): RaftBenchResult {
  const valueBytes = opts.valueBytes ?? 100;
  const batch = opts.batchPerTick ?? 1_000;
  const maxTicks = opts.maxTicks ?? 1_000_000;
  let applied = 0;
  const cluster = new RaftCluster({
    seed: opts.seed ?? 1,
    size: 3,
    network: { latency: { min: 1, max: 1 } },
    traceCapacity: 0,
    member: {
      // etcd's defaults in 10 ms ticks would be 100/10; the bench only needs a leader fast
      raft: { electionTick: 10, heartbeatTick: 1, maxInflightMsgs: 512 },
      // etcd snapshots every 10,000 applied entries and keeps 5,000 for slow followers
      snapshotEvery: 10_000,
      compactKeep: 5_000,
      hashState: false,
      onApply: (m, e) => {
        if (m.id === 1 && e.type === 'normal' && e.data !== '') applied++;
      },
    },
  });
  const value = 'v'.repeat(Math.max(0, valueBytes - 8));
  const start = cluster.kernel.now;
  let proposed = 0;
  cluster.kernel.runUntil(() => {
    if (applied >= proposals && [...cluster.members.values()].every((m) => m.appliedIndex === cluster.member(1).appliedIndex)) return true;
    const leader = cluster.leader();
    if (leader !== undefined && proposed < proposals) {
      const n = Math.min(batch, proposals - proposed);
      const data: string[] = [];
      for (let i = 0; i < n; i++) data.push(`${(proposed + i).toString(36).padStart(8, '0')}${value}`);
      proposed += cluster.proposeMany(leader, data);
    }
    return false;
  }, maxTicks);
  return { committed: applied, ticks: cluster.kernel.now - start };
}
