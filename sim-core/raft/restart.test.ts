import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './storage';
import { TestNet } from './testing/net';

describe('crash and restart from the WAL', () => {
  it('a restarted member keeps term, vote and log, loses its role, and re-applies committed entries in order', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'a');
    net.propose(1, 'b');
    const before = net.node(2).status();
    const storage = net.crash(2);
    net.propose(1, 'c'); // while 2 is down
    const m = net.start(2, storage);
    const st = m.node.status();
    expect(st).toMatchObject({ term: before.term, vote: before.vote, role: 'follower', lead: 0, lastIndex: before.lastIndex });
    net.processReady(2);
    expect(net.appliedData(2)).toEqual(['a', 'b']); // what it had committed
    net.tickAll(2);
    expect(net.appliedData(2)).toEqual(['a', 'b', 'c']); // and then the rest from the leader
  });

  it('a whole cluster restarted from its WALs elects a leader and keeps every committed entry', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    for (const v of ['x', 'y', 'z']) net.propose(1, v);
    const stores = [1, 2, 3].map((id) => net.crash(id));
    stores.forEach((s, i) => net.start(i + 1, s));
    net.drain();
    let t = 0;
    while (net.leaders().length === 0 && t++ < 100) net.tickAll(1);
    expect(net.leaders()).toHaveLength(1);
    net.propose(net.leaders()[0]!, 'after-restart');
    for (const id of [1, 2, 3]) expect(net.appliedData(id)).toEqual(['x', 'y', 'z', 'after-restart']);
  });

  it('a member that crashed before its first Ready still restarts as a member (bootstrap is persisted at once)', () => {
    const net = new TestNet([1], {});
    const fresh = new MemoryStorage();
    net.start(2, fresh, [1, 2, 3]);
    const s = net.crash(2);
    expect(s.lastIndex()).toBe(3);
    const m = net.start(2, s);
    net.processReady(2);
    expect(m.node.status().voters).toEqual([1, 2, 3]);
  });
});
