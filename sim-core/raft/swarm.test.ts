// The Raft swarm (TigerBeetle's VOPR idea): many seeds, each a random cluster of 1–7
// members under random faults — kill/restart (storage kept), partitions, heal, message
// drops, latency spikes, leader transfers, membership changes — and random proposals
// and ReadIndex reads, checking Raft's safety properties (Figure 3 of the paper) after
// every tick, reads never below an earlier commit, and liveness once healed.
//
//   SWARM_SEEDS=<count> (default 300)   SWARM_TICKS=<ticks per seed> (default 400)
//   SWARM_SEED=<n> runs only that seed; SWARM_SEED_START=<n> starts the range there.
import { describe, expect, it } from 'vitest';
import { Prng, stateHash } from '../kernel';
import { RaftCluster } from './cluster';
import type { RaftMember } from './member';
import type { Entry, ReadState } from './types';

const SEEDS = Number(process.env.SWARM_SEEDS ?? 300);
const TICKS = Number(process.env.SWARM_TICKS ?? 400);
const ONLY = process.env.SWARM_SEED === undefined ? undefined : Number(process.env.SWARM_SEED);
/** first seed of the range (to split a large swarm across CI jobs) */
const FIRST = Number(process.env.SWARM_SEED_START ?? 1);
/** a generous budget: about 0.1 ms per member-tick on a slow shared machine */
const TIMEOUT_MS = 60_000 + (ONLY !== undefined ? 1 : SEEDS) * TICKS * 0.4;
const ELECTION_TICK = 10;
/** after healing, a leader must be elected and a proposal applied everywhere within this */
const LIVENESS_BOUND = 60 * ELECTION_TICK;

class SwarmFailure extends Error {}

interface SeedReport {
  size: number;
  committed: number;
  leaders: number;
  snapshotsInstalled: number;
  confChanges: number;
  readsConfirmed: number;
  stateHash: string;
}

function runSeed(seed: number, ticks: number): SeedReport {
  const plan = new Prng(seed).child('swarm-plan');
  const size = plan.int(1, 7);
  const snapshotEvery = plan.pick([0, 8, 20]);
  // global truth, built from what members apply
  const committedAt = new Map<number, Entry>(); // index -> the entry applied there
  const chainAt = new Map<number, string>(); // index -> state-machine hash after applying it
  const leaderOfTerm = new Map<number, number>();
  const fail = (what: string): never => {
    throw new SwarmFailure(
      `swarm seed ${seed} (size ${size}) at tick ${cluster.kernel.now}: ${what}\n` +
        `reproduce with: SWARM_SEED=${seed} SWARM_TICKS=${ticks} npx vitest run sim-core/raft/swarm.test.ts`,
    );
  };
  const onApply = (m: RaftMember, e: Entry): void => {
    // State Machine Safety: every member applies the same entry at each index
    const known = committedAt.get(e.index);
    if (known === undefined) committedAt.set(e.index, e);
    else if (known.term !== e.term || known.data !== e.data || known.type !== e.type) {
      fail(`member ${m.id} applied ${JSON.stringify(e)} at ${e.index}, but ${JSON.stringify(known)} was applied there before`);
    }
    const chain = chainAt.get(e.index);
    if (chain === undefined) chainAt.set(e.index, m.chain);
    else if (chain !== m.chain) fail(`member ${m.id}'s state after applying ${e.index} differs from another member's`);
  };
  // ReadIndex linearizability: a read may not return an index below anything committed
  // (known committed by any member) before the read was issued
  const readsIssued = new Map<string, number>();
  let readsConfirmed = 0;
  const maxKnownCommit = (): number => {
    let c = 0;
    for (const m of cluster.members.values()) c = Math.max(c, m.node?.status().commit ?? 0);
    return c;
  };
  const onReadState = (m: RaftMember, rs: ReadState): void => {
    const floor = readsIssued.get(rs.requestCtx);
    if (floor === undefined) fail(`member ${m.id} got a read state for unknown request ${rs.requestCtx}`);
    else if (rs.index < floor) fail(`read ${rs.requestCtx} answered with index ${rs.index}, below ${floor} committed before it was issued`);
    readsConfirmed++;
  };
  const cluster = new RaftCluster({
    seed,
    size,
    network: { latency: { min: 1, max: plan.int(1, 4) } },
    member: {
      raft: {
        electionTick: ELECTION_TICK,
        heartbeatTick: 1,
        maxEntriesPerMsg: plan.int(1, 64),
        maxInflightMsgs: plan.int(1, 8),
      },
      snapshotEvery,
      compactKeep: plan.int(0, 5),
      onApply,
      onReadState,
    },
  });
  const allIds = (): number[] => [...cluster.members.keys()];
  let nextId = size + 1;
  let confChanges = 0;
  let proposals = 0;

  const checkEveryTick = (): void => {
    // Election Safety: at most one leader per term
    for (const { id, term } of cluster.leaders()) {
      const seen = leaderOfTerm.get(term);
      if (seen === undefined) {
        leaderOfTerm.set(term, id);
        checkLeaderCompleteness(id);
      } else if (seen !== id) fail(`two leaders in term ${term}: ${seen} and ${id}`);
    }
    for (const m of cluster.members.values()) {
      if (!cluster.isUp(m.id) || m.appliedIndex === 0) continue;
      const chain = chainAt.get(m.appliedIndex);
      if (chain !== undefined && chain !== m.chain) fail(`member ${m.id}'s state at ${m.appliedIndex} differs (after a snapshot?)`);
    }
  };

  // Leader Completeness: a new leader's log holds every entry applied anywhere so far
  const checkLeaderCompleteness = (id: number): void => {
    const st = cluster.member(id).storage;
    const first = st.firstIndex();
    for (const [index, e] of committedAt) {
      if (index < first) continue; // inside its snapshot
      const t = st.term(index);
      if (t !== e.term) fail(`leader ${id} of term ${cluster.member(id).node?.status().term} lacks committed entry ${index} (term ${e.term}); its log has ${String(t)}`);
    }
  };

  // Log Matching: if two logs have an entry with the same index and term, the logs are
  // identical up to there (checked on the persisted WALs of every member, up or down)
  const checkLogMatching = (): void => {
    const logs = allIds().map((id) => {
      const st = cluster.member(id).storage;
      const ents = st.entries(st.firstIndex(), st.lastIndex() + 1);
      return { id, first: st.firstIndex(), ents: typeof ents === 'string' ? [] : ents };
    });
    const byIndexTerm = new Map<string, string>();
    for (const l of logs) {
      for (const e of l.ents) {
        const key = `${e.index}:${e.term}`;
        const d = byIndexTerm.get(key);
        if (d === undefined) byIndexTerm.set(key, e.data);
        else if (d !== e.data) fail(`two different entries with index ${e.index} and term ${e.term} (member ${l.id})`);
      }
    }
    for (let a = 0; a < logs.length; a++) {
      for (let b = a + 1; b < logs.length; b++) {
        const la = logs[a]!;
        const lb = logs[b]!;
        const lo = Math.max(la.first, lb.first);
        const hi = Math.min(la.first + la.ents.length, lb.first + lb.ents.length) - 1;
        let matchAt = -1;
        for (let i = hi; i >= lo; i--) {
          if (la.ents[i - la.first]!.term === lb.ents[i - lb.first]!.term) {
            matchAt = i;
            break;
          }
        }
        for (let i = lo; i <= matchAt; i++) {
          const ea = la.ents[i - la.first]!;
          const eb = lb.ents[i - lb.first]!;
          if (ea.term !== eb.term || ea.data !== eb.data) {
            fail(`logs of ${la.id} and ${lb.id} match at ${matchAt} but differ at ${i}`);
          }
        }
      }
    }
  };

  const liveIds = (): number[] => allIds().filter((id) => cluster.isUp(id));
  const deadIds = (): number[] => allIds().filter((id) => !cluster.isUp(id));

  for (let t = 0; t < ticks; t++) {
    const ids = allIds();
    const roll = plan.int(0, 999);
    if (roll < 300) {
      // proposals, mostly at the leader, sometimes at a follower (forwarded)
      const target = plan.chance(0.8) ? cluster.leader() : plan.pick(ids);
      const n = plan.int(1, 5);
      if (target !== undefined) for (let i = 0; i < n; i++) cluster.propose(target, `s${seed}-p${proposals++}`);
    } else if (roll < 315) {
      const live = liveIds();
      if (live.length > 0) cluster.kill(plan.pick(live));
    } else if (roll < 340) {
      const dead = deadIds();
      if (dead.length > 0) cluster.restart(plan.pick(dead));
    } else if (roll < 352) {
      const shuffled = plan.shuffle(ids.slice());
      const cut = plan.int(1, Math.max(1, shuffled.length - 1));
      cluster.partition([shuffled.slice(0, cut), shuffled.slice(cut)]);
    } else if (roll < 362) {
      cluster.kernel.network.isolate(`raft-${plan.pick(ids)}`);
    } else if (roll < 380) {
      cluster.heal();
    } else if (roll < 388) {
      cluster.kernel.network.setDropRate(plan.pick([0, 0.05, 0.2, 0.5]));
    } else if (roll < 395) {
      const a = plan.pick(ids);
      const b = plan.pick(ids);
      cluster.kernel.network.setLinkLatency(`raft-${a}`, `raft-${b}`, { min: 5, max: plan.int(5, 40) });
    } else if (roll < 400) {
      const l = cluster.leader();
      if (l !== undefined) cluster.member(l).node?.transferLeader(plan.pick(ids));
    } else if (roll < 430) {
      const id = plan.pick(ids);
      const ctxName = `read-${seed}-${t}`;
      readsIssued.set(ctxName, maxKnownCommit());
      cluster.readIndex(id, ctxName);
    } else if (roll < 436) {
      // membership change, one member at a time: add a fresh member or remove a voter
      const l = cluster.leader();
      const voters = l === undefined ? [] : (cluster.member(l).node?.status().voters ?? []);
      if (l !== undefined && plan.chance(0.5) && voters.length < 7 && nextId <= 12) {
        const id = nextId;
        if (cluster.proposeConfChange(l, { type: 'addNode', nodeId: id, context: '' })) {
          nextId++;
          confChanges++;
          cluster.addMember(id); // joins with an empty WAL and no peers
        }
      } else if (l !== undefined && voters.length > 1) {
        if (cluster.proposeConfChange(l, { type: 'removeNode', nodeId: plan.pick(voters), context: '' })) confChanges++;
      }
    }
    cluster.tick(1);
    checkEveryTick();
    if (t % 25 === 0) checkLogMatching();
  }

  // Liveness: heal everything, bring everyone back; a leader must emerge and a new
  // proposal must commit within the bound, then every member must catch up.
  cluster.heal();
  for (const id of deadIds()) cluster.restart(id);
  // a client retries: re-propose every two election timeouts until one attempt commits
  const marker = `s${seed}-liveness`;
  let attempts = 0;
  let lastAttempt = -Infinity;
  const done = cluster.kernel.runUntil(() => {
    checkEveryTick();
    const now = cluster.kernel.now;
    const l = cluster.leader();
    if (l !== undefined && now - lastAttempt >= 2 * ELECTION_TICK && cluster.propose(l, `${marker}-${attempts}`)) {
      attempts++;
      lastAttempt = now;
    }
    // committed = applied by a quorum of the leader's configuration
    const applied = [...committedAt.values()].find((x) => x.data.startsWith(marker));
    if (applied === undefined || l === undefined) return false;
    const voters = cluster.member(l).node?.status().voters ?? [];
    const have = voters.filter((id) => cluster.members.has(id) && cluster.member(id).appliedIndex >= applied.index).length;
    return have >= Math.floor(voters.length / 2) + 1;
  }, LIVENESS_BOUND);
  if (!done.ok) {
    const st = allIds().map((id) => cluster.member(id).node?.status()).map((s) => s && `${s.id}:${s.role}/t${s.term}/c${s.commit}/a${s.applied}/l${s.lastIndex}/v${s.voters.join(",")}/up=${cluster.isUp(s.id)}`);
    const l = cluster.leader();
    const prog = l === undefined ? 'no leader' : JSON.stringify(cluster.member(l).node?.status().progress);
    fail(`no progress within ${LIVENESS_BOUND} ticks after healing (${attempts} attempts): ${st.join(' ')}; leader progress ${prog}`);
  }
  // and then every member of the configuration catches up, at a pace bounded by the
  // batching limits: allow a few ticks per missing entry
  {
    const applied = [...committedAt.values()].find((x) => x.data.startsWith(marker))!;
    const l = cluster.leader();
    const voters = l === undefined ? [] : (cluster.member(l).node?.status().voters ?? []);
    const lag = Math.max(0, ...voters.map((id) => applied.index - (cluster.members.get(id)?.appliedIndex ?? 0)));
    const caughtUp = cluster.kernel.runUntil(() => {
      checkEveryTick();
      return voters.every((id) => cluster.members.has(id) && cluster.member(id).appliedIndex >= applied.index);
    }, LIVENESS_BOUND + 8 * lag);
    if (!caughtUp.ok) {
      const st = voters.map((id) => `${id}:a${cluster.member(id).appliedIndex}`);
      fail(`members did not catch up with the leader within ${LIVENESS_BOUND + 8 * lag} ticks: ${st.join(' ')} (marker at ${applied.index})`);
    }
  }
  checkLogMatching();
  let snapshotsInstalled = 0;
  for (const m of cluster.members.values()) snapshotsInstalled += m.snapshotsInstalled;
  const state = allIds().map((id) => ({ id, wal: cluster.member(id).storage.toJSON(), status: cluster.member(id).node?.status() ?? null }));
  return { size, committed: committedAt.size, leaders: leaderOfTerm.size, snapshotsInstalled, confChanges, readsConfirmed, stateHash: stateHash(state) };
}

describe('raft swarm', () => {
  it(`keeps Raft's safety properties and recovers after heal (${ONLY !== undefined ? `seed ${ONLY}` : `${SEEDS} seeds`} × ${TICKS} ticks)`, () => {
    const seeds = ONLY !== undefined ? [ONLY] : Array.from({ length: SEEDS }, (_, i) => i + FIRST);
    let committed = 0;
    let leaders = 0;
    let snapshots = 0;
    let confChanges = 0;
    let reads = 0;
    const sizes = new Set<number>();
    for (const seed of seeds) {
      const r = runSeed(seed, TICKS);
      committed += r.committed;
      leaders += r.leaders;
      snapshots += r.snapshotsInstalled;
      confChanges += r.confChanges;
      reads += r.readsConfirmed;
      sizes.add(r.size);
      if (process.env.SWARM_STATS) console.log(seed, JSON.stringify(r));
    }
    // the swarm must actually exercise the system: entries committed, leaders changing,
    // snapshots sent to lagging members, membership changing, every cluster size seen
    expect(committed).toBeGreaterThan(seeds.length * 5);
    if (seeds.length >= 50) {
      expect([...sizes].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(leaders).toBeGreaterThan(seeds.length * 2);
      expect(snapshots).toBeGreaterThan(seeds.length / 10);
      expect(confChanges).toBeGreaterThan(seeds.length / 2);
      expect(reads).toBeGreaterThan(seeds.length);
    }
  }, TIMEOUT_MS);

  it('is deterministic: the same seed gives the same state hash, another seed a different one', () => {
    const a = runSeed(4242, 300);
    const b = runSeed(4242, 300);
    expect(a.stateHash).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toEqual(a);
    expect(runSeed(4243, 300).stateHash).not.toBe(a.stateHash);
  });
});
