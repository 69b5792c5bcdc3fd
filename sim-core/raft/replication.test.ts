import { describe, expect, it } from 'vitest';
import { message } from './message';
import { TestNet } from './testing/net';

describe('log replication (§5.3)', () => {
  it('replicates proposals to every member, commits them and applies them in order', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    for (let i = 0; i < 5; i++) expect(net.propose(1, `v${i}`)).toEqual({ ok: true });
    for (const id of [1, 2, 3]) {
      expect(net.appliedData(id)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
      expect(net.log(id)).toEqual(net.log(1));
    }
  });

  it('a follower forwards a proposal to the leader; with no leader the proposal is refused', () => {
    const net = new TestNet([1, 2, 3]);
    expect(net.node(2).propose('early')).toEqual({ ok: false, error: 'proposal-dropped' });
    net.campaign(1);
    expect(net.propose(3, 'via-follower')).toEqual({ ok: true });
    expect(net.appliedData(1)).toEqual(['via-follower']);
  });

  it('batches: one MsgApp carries many entries, up to maxEntriesPerMsg', () => {
    const net = new TestNet([1, 2, 3], { maxEntriesPerMsg: 4, maxInflightMsgs: 2 });
    net.campaign(1);
    net.isolate(3);
    for (let i = 0; i < 10; i++) net.propose(1, `b${i}`);
    net.heal();
    net.delivered.length = 0;
    net.tickAll(3); // heartbeat -> response -> the leader sends 3 what it is missing
    const apps = net.delivered.filter((m) => m.type === 'MsgApp' && m.to === 3 && m.entries.length > 0);
    expect(Math.max(...apps.map((m) => m.entries.length))).toBe(4);
    expect(apps.length).toBeLessThan(10);
    expect(net.appliedData(3)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
  });

  it('pipelines: in replicate state several MsgApps are in flight before any is acknowledged', () => {
    const net = new TestNet([1, 2], { maxInflightMsgs: 3 });
    net.campaign(1);
    // leader 1 proposes without delivering anything: count MsgApps queued to 2
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      net.node(1).propose(`p${i}`);
      for (const m of net.processReady(1)) if (m.type === 'MsgApp' && m.to === 2) sent.push(m.entries.length);
    }
    expect(sent).toEqual([1, 1, 1]); // the inflight window (3) is full after three
    expect(net.node(1).status().progress?.[2]).toMatchObject({ state: 'replicate', inflight: 3 });
  });

  it('a new leader overwrites a follower’s conflicting uncommitted entries (Log Matching)', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'committed');
    // leader 1 is cut off and appends entries nobody else gets
    net.isolate(1);
    net.propose(1, 'lost-1');
    net.propose(1, 'lost-2');
    expect(net.log(1).map((e) => e[2])).toContain('lost-2');
    // 2 and 3 stop hearing from it, one of them becomes leader of a new term
    let ticks = 0;
    const newLeader = (): number | undefined => net.leaders().find((id) => id !== 1);
    while (newLeader() === undefined && ticks++ < 100) net.tickAll(1);
    const l = newLeader()!;
    expect(l).toBeDefined();
    net.propose(l, 'winner');
    net.heal();
    net.tickAll(3); // 1 hears the new term, steps down and is repaired
    expect(net.leaders()).toEqual([l]);
    expect(net.log(1)).toEqual(net.log(l));
    expect(net.log(1).map((e) => e[2])).not.toContain('lost-1');
    expect(net.appliedData(1)).toEqual(['committed', 'winner']);
  });

  it('fast backtracking: a rejection carries a hint so the leader skips a whole term in one step', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    // 3 misses 30 entries of term 2
    net.isolate(3);
    for (let i = 0; i < 30; i++) net.propose(1, `x${i}`);
    net.heal();
    net.delivered.length = 0;
    net.tickAll(2);
    const rejects = net.delivered.filter((m) => m.type === 'MsgAppResp' && m.from === 3 && m.reject);
    expect(rejects.length).toBeLessThanOrEqual(1);
    expect(net.log(3)).toEqual(net.log(1));
  });
});

describe('commit rule (§5.4.2, Figure 8)', () => {
  it('a leader never commits an entry of an earlier term by counting replicas; it does once an entry of its own term is committed', () => {
    // Members 1 and 2 hold an entry of term 2 at index 4 that member 3 lacks; no one
    // committed it. Member 1 becomes leader of term 3.
    // (CheckQuorum off so member 2 answers the new campaign without waiting out its lease)
    const net = new TestNet([1, 2, 3], { checkQuorum: false });
    net.campaign(1); // term 2, index 4 is the empty entry (committed)
    net.cutLink(1, 3);
    net.dropTypes.add('MsgAppResp');
    net.propose(1, 'old'); // index 5, term 2: reaches 2 but 1 never hears back
    expect(net.log(2).at(-1)).toEqual([5, 2, 'old']);
    expect(net.node(1).status().commit).toBe(4);
    // 1 crashes and restarts, then wins term 3 without replicating anything yet
    const st = net.crash(1);
    net.heal();
    net.start(1, st);
    net.processReady(1);
    net.isolate(3);
    net.dropTypes.add('MsgApp');
    net.campaign(1);
    expect(net.leaders()).toEqual([1]);
    const term = net.node(1).status().term;
    expect(term).toBe(3);
    // 2 acknowledges index 5 (the term-2 entry) only: a majority holds it, but it is
    // of an earlier term, so it must not be committed by counting
    net.node(1).step(message('MsgAppResp', { from: 2, to: 1, term, index: 5 }));
    net.processReady(1);
    expect(net.node(1).status().progress?.[2]?.match).toBe(5);
    expect(net.node(1).status().commit).toBe(4);
    // once the leader's own entry (index 6, term 3) reaches a majority, both commit
    net.node(1).step(message('MsgAppResp', { from: 2, to: 1, term, index: 6 }));
    net.processReady(1);
    expect(net.node(1).status().commit).toBe(6);
    expect(net.appliedData(1)).toEqual(['old']);
  });
});
