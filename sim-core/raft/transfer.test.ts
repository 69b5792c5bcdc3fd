import { describe, expect, it } from 'vitest';
import { TestNet } from './testing/net';

describe('leader transfer (thesis §3.10)', () => {
  it('the leader hands over to an up-to-date member, which wins the next term at once', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'a');
    const term = net.node(1).status().term;
    net.delivered.length = 0;
    net.node(1).transferLeader(3);
    net.drain();
    expect(net.delivered.some((m) => m.type === 'MsgTimeoutNow' && m.to === 3)).toBe(true);
    expect(net.leaders()).toEqual([3]);
    expect(net.node(3).status().term).toBe(term + 1);
    // the lease does not block it: the transfer campaign is forced
    expect(net.node(2).status().lead).toBe(3);
    net.propose(3, 'b');
    expect(net.appliedData(1)).toEqual(['a', 'b']);
  });

  it('a lagging transferee is caught up first; proposals are refused while the transfer runs', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.isolate(3);
    net.propose(1, 'missed-by-3');
    net.node(1).transferLeader(3);
    net.drain();
    expect(net.node(1).status().leadTransferee).toBe(3);
    expect(net.node(1).propose('during')).toEqual({ ok: false, error: 'transfer-in-progress' });
    net.heal();
    net.tickAll(2);
    expect(net.leaders()).toEqual([3]);
    expect(net.appliedData(3)).toEqual(['missed-by-3']);
  });

  it('a transfer that cannot complete within an election timeout is abandoned', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.isolate(3);
    net.propose(1, 'x');
    net.node(1).transferLeader(3);
    net.drain();
    net.tick(1, 10);
    expect(net.node(1).status()).toMatchObject({ role: 'leader', leadTransferee: 0 });
    expect(net.propose(1, 'y')).toEqual({ ok: true });
  });

  it('a follower forwards a transfer request to the leader', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.node(2).transferLeader(2);
    net.drain();
    expect(net.leaders()).toEqual([2]);
  });
});
