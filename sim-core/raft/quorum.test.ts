import { describe, expect, it } from 'vitest';
import { message } from './message';
import { TestNet } from './testing/net';

function electLeader(net: TestNet, id: number): void {
  net.campaign(id);
  expect(net.leaders()).toEqual([id]);
}

describe('CheckQuorum (thesis §6.2)', () => {
  it('a leader that hears from no quorum for an election timeout steps down', () => {
    const net = new TestNet([1, 2, 3]);
    electLeader(net, 1);
    net.isolate(1);
    // checked every electionTick (10) ticks: the first check still counts what it heard
    // before the cut, the second finds nobody
    net.tick(1, 19);
    expect(net.node(1).status().role).toBe('leader');
    net.tick(1, 1);
    expect(net.node(1).status()).toMatchObject({ role: 'follower', lead: 0 });
    // and the proposal a client then tries is refused instead of hanging
    expect(net.node(1).propose('x')).toEqual({ ok: false, error: 'proposal-dropped' });
  });

  it('a leader that hears from a quorum keeps leading', () => {
    const net = new TestNet([1, 2, 3]);
    electLeader(net, 1);
    net.isolate(3);
    net.tickAll(50);
    expect(net.node(1).status().role).toBe('leader');
  });

  it('without CheckQuorum an isolated leader keeps believing it leads', () => {
    const net = new TestNet([1, 2, 3], { checkQuorum: false });
    electLeader(net, 1);
    net.isolate(1);
    net.tick(1, 50);
    expect(net.node(1).status().role).toBe('leader');
  });

  it('lease: a follower that heard from its leader within the election timeout ignores a higher-term vote request', () => {
    const net = new TestNet([1, 2, 3]);
    electLeader(net, 1);
    const term = net.node(2).status().term;
    net.node(2).step(message('MsgVote', { from: 3, to: 2, term: term + 5, index: 100, logTerm: 100 }));
    expect(net.processReady(2).filter((m) => m.type === 'MsgVoteResp')).toEqual([]);
    expect(net.node(2).status()).toMatchObject({ term, lead: 1 });
  });
});

describe('PreVote (thesis §9.6)', () => {
  it('a member returning from a partition does not depose a healthy leader', () => {
    const net = new TestNet([1, 2, 3]);
    electLeader(net, 1);
    const term = net.node(1).status().term;
    net.isolate(3);
    net.tickAll(100); // 3 times out again and again while cut off
    expect(net.node(3).status().term).toBe(term); // pre-votes never raise the term
    net.heal();
    net.tickAll(30);
    expect(net.leaders()).toEqual([1]);
    expect(net.node(1).status().term).toBe(term);
    expect(net.node(3).status().lead).toBe(1);
  });

  it('without PreVote and CheckQuorum the returning member forces a new term (what PreVote prevents)', () => {
    const net = new TestNet([1, 2, 3], { preVote: false, checkQuorum: false });
    electLeader(net, 1);
    const term = net.node(1).status().term;
    net.isolate(3);
    net.tickAll(100);
    expect(net.node(3).status().term).toBeGreaterThan(term);
    net.heal();
    net.tickAll(60);
    expect(net.node(1).status().term).toBeGreaterThan(term);
  });

  it('a pre-candidate that wins the pre-vote then runs a real election', () => {
    const net = new TestNet([1, 2, 3]);
    electLeader(net, 1);
    net.isolate(1);
    let t = 0;
    while (!net.leaders().some((id) => id !== 1) && t++ < 100) net.tickAll(1);
    const l = net.leaders().find((id) => id !== 1)!;
    expect(net.node(l).status().term).toBe(net.node(1).status().term + 1);
  });
});
