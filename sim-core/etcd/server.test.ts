// The etcd member through Raft, driven as a user would: requests over the simulated
// network from the `etcdctl` client, faults through the Simulation.
import { describe, expect, it } from 'vitest';
import { createSimulation, type Simulation } from '../cluster';
import type { EtcdResult } from './types';

const T = 500; // etcdctl's default --command-timeout (5 s)
const at = (endpoint: string, timeoutTicks = T) => ({ endpoint, timeoutTicks });

function must<V>(r: EtcdResult<V>): V {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
function followers(sim: Simulation): string[] {
  const lead = sim.leader()!.address;
  return sim.memberList().map((m) => m.address).filter((a) => a !== lead);
}
function valueAt(sim: Simulation, endpoint: string, key: string, serializable: boolean) {
  return sim.etcd.range({ key, serializable }, at(endpoint));
}

describe('etcd member through Raft', () => {
  it('commits a put on a quorum; every member applies it at revision 2 with etcd header fields', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 11 });
    const [f] = followers(sim);
    const put = must(sim.etcd.put({ key: 'foo', value: 'bar' }, at(f!)));
    expect(put.header.revision).toBe(2);
    expect(put.header.member_id).toBe(sim.member(f!)!.config.memberId);
    expect(put.header.cluster_id).toBe(sim.memberList()[0]!.config.clusterId);
    expect(put.header.raft_term).toBeGreaterThanOrEqual(2);
    sim.runUntilIdle(1000);
    for (const m of sim.memberList()) {
      const kv = must(valueAt(sim, m.address, 'foo', true)).kvs[0]!;
      expect([kv.value, kv.create_revision, kv.mod_revision, kv.version]).toEqual(['bar', 2, 2, 1]);
    }
  });

  it('serves stale serializable reads on a partitioned follower while linearizable reads there time out', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 12 });
    const lead = sim.leader()!.address;
    const [f, other] = followers(sim);
    must(sim.etcd.put({ key: 'k', value: 'v1' }, at(lead)));
    sim.runUntilIdle(1000);
    expect(sim.partition([[f!], [lead, other!]]).ok).toBe(true);
    must(sim.etcd.put({ key: 'k', value: 'v2' }, at(lead)));
    expect(must(valueAt(sim, f!, 'k', true)).kvs[0]!.value).toBe('v1');
    const lin = valueAt(sim, f!, 'k', false);
    expect(lin.ok ? 'answered' : lin.error.message).toBe('context deadline exceeded');
    expect(must(valueAt(sim, other!, 'k', false)).kvs[0]!.value).toBe('v2');
    sim.heal();
    sim.runUntilIdle(2000);
    expect(must(valueAt(sim, f!, 'k', false)).kvs[0]!.value).toBe('v2');
  });

  it('with two of three killed, writes hit the deadline, serializable reads answer, status says no leader; restart recovers', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 13 });
    must(sim.etcd.put({ key: 'a', value: '1' }, at('etcd-1')));
    sim.runUntilIdle(1000);
    const survivor = sim.leader()!.address === 'etcd-3' ? 'etcd-3' : 'etcd-1';
    const killed = sim.memberList().map((m) => m.address).filter((a) => a !== survivor);
    for (const k of killed) expect(sim.kill(k).ok).toBe(true);
    const put = sim.etcd.put({ key: 'a', value: '2' }, at(survivor));
    expect(put.ok ? 'ok' : put.error.message).toBe('context deadline exceeded');
    expect(must(valueAt(sim, survivor, 'a', true)).kvs[0]!.value).toBe('1');
    sim.tick(300);
    const st = must(sim.etcd.status(at(survivor)));
    expect(st.errors).toEqual(['etcdserver: no leader']);
    expect(st.leader).toBe(0n);
    const dead = sim.etcd.status(at(killed[0]!));
    expect(dead.ok ? 'ok' : dead.error.message).toBe('context deadline exceeded');
    for (const k of killed) expect(sim.restart(k).ok).toBe(true);
    sim.runUntil(() => sim.leader() !== undefined, 3000);
    // the timed-out put was dropped unproposed (the survivor was a follower) or, if the
    // survivor led and had appended it, may commit now: either way `a` ends at '3'
    const after = must(sim.etcd.put({ key: 'a', value: '3' }, at(survivor)));
    expect(after.header.revision).toBeGreaterThanOrEqual(3);
    expect(must(valueAt(sim, killed[0]!, 'a', false)).kvs[0]!.value).toBe('3');
  });

  it('keeps data across a restart of every member from the WAL', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 14 });
    for (let i = 0; i < 5; i++) must(sim.etcd.put({ key: `k${i}`, value: `v${i}` }, at('etcd-1')));
    sim.runUntilIdle(1000);
    for (const m of sim.memberList()) sim.kill(m.address);
    for (const m of sim.memberList()) sim.restart(m.address);
    sim.runUntil(() => sim.leader() !== undefined, 3000);
    const r = must(sim.etcd.range({ key: 'k', range_end: 'l' }, at('etcd-2')));
    expect(r.kvs.map((kv) => `${kv.key}=${kv.value}@${kv.mod_revision}`)).toEqual(['k0=v0@2', 'k1=v1@3', 'k2=v2@4', 'k3=v3@5', 'k4=v4@6']);
    expect(must(sim.etcd.put({ key: 'k5', value: 'v5' }, at('etcd-3'))).header.revision).toBe(7);
  });

  it('catches up a member that was down while the log was compacted, by snapshot', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 15, timing: { snapshotCount: 5, snapshotCatchUpEntries: 2 } });
    const down = followers(sim)[0]!;
    sim.kill(down);
    const lead = sim.leader()!.address;
    for (let i = 0; i < 30; i++) must(sim.etcd.put({ key: `key-${i}`, value: String(i) }, at(lead)));
    sim.runUntilIdle(2000);
    expect(sim.member(lead)!.storage.firstIndex()).toBeGreaterThan(10);
    const restored: unknown[] = [];
    sim.subscribe((e) => restored.push(e.detail), { kinds: ['state'], address: down });
    sim.restart(down);
    sim.runUntilIdle(3000);
    expect(restored.some((d) => (d as { event?: string }).event === 'snapshot-restored')).toBe(true);
    expect(sim.etcdContents(down)).toEqual(sim.etcdContents(lead));
    expect(sim.member(down)!.sm!.hash()).toBe(sim.member(lead)!.sm!.hash());
  });

  it('revokes an expired lease on the leader and deletes its keys in one revision', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 16 });
    const g = must(sim.etcd.leaseGrant({ TTL: 5 }, at('etcd-1')));
    expect(g.TTL).toBe(5);
    // idutil: the member's low 16 bits lead the id (the sign bit masked off)
    expect(g.ID >> 48n).toBe(sim.member('etcd-1')!.config.memberId & 0x7fffn);
    must(sim.etcd.put({ key: 'l1', value: 'x', lease: g.ID }, at('etcd-1')));
    must(sim.etcd.put({ key: 'l2', value: 'y', lease: g.ID }, at('etcd-1')));
    must(sim.etcd.put({ key: 'keep', value: 'z' }, at('etcd-1')));
    const ttl = must(sim.etcd.leaseTimeToLive(g.ID, true, at('etcd-2')));
    expect(ttl.keys).toEqual(['l1', 'l2']);
    expect(ttl.TTL).toBeGreaterThanOrEqual(3);
    expect(ttl.TTL).toBeLessThanOrEqual(4);
    sim.tick(600);
    sim.runUntilIdle(1000);
    const all = must(sim.etcd.range({ key: '\0', range_end: '\0' }, at('etcd-3')));
    expect(all.kvs.map((k) => k.key)).toEqual(['keep']);
    expect(all.header.revision).toBe(5); // puts at 2, 3, 4; the revocation deletes both keys at 5
    const gone = must(sim.etcd.leaseTimeToLive(g.ID, false, at('etcd-1')));
    expect(gone.TTL).toBe(-1);
    const ka = sim.etcd.leaseKeepAliveOnce(g.ID, at('etcd-1'));
    expect(ka.ok ? 'ok' : ka.error.message).toBe('etcdserver: requested lease not found');
  });

  it('keeps a lease alive with keep-alive through a follower', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 17 });
    const g = must(sim.etcd.leaseGrant({ TTL: 3 }, at('etcd-1')));
    must(sim.etcd.put({ key: 'alive', value: '1', lease: g.ID }, at('etcd-1')));
    const f = followers(sim)[0]!;
    for (let i = 0; i < 5; i++) {
      sim.tick(200);
      expect(must(sim.etcd.leaseKeepAliveOnce(g.ID, at(f))).TTL).toBe(3);
    }
    expect(must(sim.etcd.range({ key: 'alive' }, at(f))).count).toBe(1);
    expect(must(sim.etcd.leaseLeases(at(f))).leases).toEqual([{ ID: g.ID }]);
  });

  it('delivers every watch event once and in order across a leader change', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 18 });
    const watched = followers(sim)[0]!;
    const stream = sim.etcd.openWatch({ key: '/w/', range_end: '/w0', start_revision: 1, prev_kv: true }, watched);
    for (let i = 0; i < 5; i++) must(sim.etcd.put({ key: `/w/${i % 2}`, value: `a${i}` }, at(watched)));
    const oldLeader = sim.leader()!.address;
    sim.kill(oldLeader);
    sim.runUntil(() => sim.leader() !== undefined, 3000);
    expect(sim.leader()!.address).not.toBe(oldLeader);
    for (let i = 5; i < 10; i++) must(sim.etcd.put({ key: `/w/${i % 2}`, value: `a${i}` }, at(watched)));
    must(sim.etcd.put({ key: '/other', value: 'x' }, at(watched)));
    sim.runUntilIdle(1000);
    const events = stream.responses.flatMap((r) => r.events);
    expect(stream.responses[0]!.created).toBe(true);
    expect(events.map((e) => e.kv.value)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9']);
    expect(events.map((e) => e.kv.mod_revision)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(events[2]!.prev_kv!.value).toBe('a0');
  });

  it('fails reads and watches below the compaction revision with etcd\'s errors', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 19 });
    for (let i = 0; i < 4; i++) must(sim.etcd.put({ key: 'c', value: String(i) }, at('etcd-1'))); // revs 2..5
    must(sim.etcd.compact({ revision: 4 }, at('etcd-1')));
    sim.runUntilIdle(1000);
    const old = sim.etcd.range({ key: 'c', revision: 3 }, at('etcd-2'));
    expect(old.ok ? 'ok' : old.error.message).toBe('etcdserver: mvcc: required revision has been compacted');
    const future = sim.etcd.range({ key: 'c', revision: 99 }, at('etcd-2'));
    expect(future.ok ? 'ok' : future.error.message).toBe('etcdserver: mvcc: required revision is a future revision');
    const again = sim.etcd.compact({ revision: 3 }, at('etcd-1'));
    expect(again.ok ? 'ok' : again.error.message).toBe('etcdserver: mvcc: required revision has been compacted');
    const w = must(sim.etcd.watchSoFar({ key: 'c', start_revision: 2 }, at('etcd-3')));
    expect(w).toHaveLength(1);
    expect([w[0]!.canceled, w[0]!.compact_revision]).toEqual([true, 4]);
    const ok = must(sim.etcd.watchSoFar({ key: 'c', start_revision: 4 }, at('etcd-3')));
    expect(ok.flatMap((r) => r.events.map((e) => e.kv.value))).toEqual(['2', '3']);
  });

  it('rejects a request over 1.5 MiB with etcd\'s error', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 20 });
    const big = sim.etcd.put({ key: 'big', value: 'x'.repeat(1_600_000) }, at('etcd-1'));
    expect(big.ok ? 'ok' : big.error.message).toBe('etcdserver: request is too large');
  });

  it('adds a member that joins when started, and removes one', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 21 });
    const add = must(sim.etcd.memberAdd(['http://etcd-4:2380'], false, at('etcd-1')));
    expect(add.member.name).toBe('');
    expect(add.members).toHaveLength(4);
    const dup = sim.etcd.memberAdd(['http://etcd-4:2380'], false, at('etcd-1'));
    expect(dup.ok ? 'ok' : dup.error.message).toBe('etcdserver: Peer URLs already exists');
    expect(sim.restart('etcd-4').ok).toBe(true);
    sim.runUntilIdle(3000);
    sim.tick(300);
    sim.runUntilIdle(3000);
    const list = must(sim.etcd.memberList(at('etcd-4')));
    const four = list.members.find((m) => m.ID === add.member.ID)!;
    expect([four.name, four.clientURLs]).toEqual(['etcd-4', ['http://etcd-4:2379']]);
    must(sim.etcd.put({ key: 'x', value: '1' }, at('etcd-4')));
    sim.runUntilIdle(1000);
    expect(sim.etcdContents('etcd-4').map((kv) => kv.key)).toEqual(['x']);
    const victim = list.members.find((m) => m.name === 'etcd-2')!;
    const rm = must(sim.etcd.memberRemove(victim.ID, at('etcd-1')));
    expect(rm.members.map((m) => m.name).sort()).toEqual(['etcd-1', 'etcd-3', 'etcd-4']);
    const missing = sim.etcd.memberRemove(victim.ID, at('etcd-1'));
    expect(missing.ok ? 'ok' : missing.error.message).toBe('etcdserver: member not found');
    sim.runUntilIdle(1000);
    expect(sim.memberStatus().map((r) => r.name)).toEqual(['etcd-1', 'etcd-3', 'etcd-4']);
  });

  it('gives the same state hash for the same seed and actions', () => {
    const run = () => {
      const sim = createSimulation({ topology: 'etcd-only', seed: 22 });
      sim.dispatch({ type: 'tick', ticks: 5 });
      sim.dispatch({ type: 'writeFile', path: 'a.yaml', content: 'x: 1' });
      must(sim.etcd.put({ key: 'a', value: 'b' }, at('etcd-2')));
      sim.kill('etcd-3');
      sim.tick(50);
      return sim.stateHash();
    };
    expect(run()).toBe(run());
  });
});
