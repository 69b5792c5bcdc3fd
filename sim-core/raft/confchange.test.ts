import { describe, expect, it } from 'vitest';
import { decodeConfChange, encodeConfChange } from './confchange';
import { MemoryStorage } from './storage';
import { TestNet } from './testing/net';

describe('membership change, one member at a time (thesis §4.1, etcd member add/remove)', () => {
  it('adds a member: it catches up from the leader and then counts toward the quorum', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'before');
    expect(net.node(1).proposeConfChange({ type: 'addNode', nodeId: 4, context: '{"name":"etcd-4"}' })).toEqual({ ok: true });
    net.drain();
    for (const id of [1, 2, 3]) expect(net.node(id).status().voters).toEqual([1, 2, 3, 4]);
    // the new member starts with an empty WAL and no peers, as `etcd --initial-cluster-state existing`
    net.start(4, new MemoryStorage());
    net.tickAll(3);
    expect(net.node(4).status().voters).toEqual([1, 2, 3, 4]);
    expect(net.appliedData(4)).toEqual(['before']);
    const cc = net.m(4).applied.filter((e) => e.type === 'confChange').map((e) => decodeConfChange(e.data));
    expect(cc.at(-1)).toEqual({ type: 'addNode', nodeId: 4, context: '{"name":"etcd-4"}' });
    // quorum is now 3 of 4: with two members cut off nothing commits
    net.isolate(3);
    net.isolate(4);
    const commit = net.node(1).status().commit;
    net.propose(1, 'needs-3-of-4');
    expect(net.node(1).status().commit).toBe(commit);
    net.heal();
    net.tickAll(2);
    expect(net.appliedData(4)).toEqual(['before', 'needs-3-of-4']);
  });

  it('refuses a second change while the first is not yet applied, and nonsense changes', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    expect(net.node(1).proposeConfChange({ type: 'addNode', nodeId: 4, context: '' })).toEqual({ ok: true });
    expect(net.node(1).proposeConfChange({ type: 'addNode', nodeId: 5, context: '' })).toEqual({ ok: false, error: 'pending-conf-change' });
    net.drain();
    expect(net.node(1).proposeConfChange({ type: 'addNode', nodeId: 2, context: '' })).toEqual({ ok: false, error: 'invalid-conf-change' });
    expect(net.node(1).proposeConfChange({ type: 'removeNode', nodeId: 9, context: '' })).toEqual({ ok: false, error: 'invalid-conf-change' });
    expect(net.node(1).proposeConfChange({ type: 'addNode', nodeId: 5, context: '' })).toEqual({ ok: true });
  });

  it('removing the leader: it steps down once the new configuration knows, and the rest elect a new leader', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.node(1).proposeConfChange({ type: 'removeNode', nodeId: 1, context: '' });
    net.drain();
    expect(net.node(1).status()).toMatchObject({ role: 'follower', voters: [2, 3] });
    for (const id of [2, 3]) expect(net.node(id).status().voters).toEqual([2, 3]);
    expect(net.node(1).propose('x')).toEqual({ ok: false, error: 'proposal-dropped' });
    let t = 0;
    while (net.leaders().length === 0 && t++ < 100) net.tickAll(1);
    const l = net.leaders()[0]!;
    expect([2, 3]).toContain(l);
    net.propose(l, 'two-members');
    expect(net.appliedData(2)).toEqual(['two-members']);
    // the removed member does not disrupt the new configuration
    const term = net.node(l).status().term;
    net.isolate(1);
    net.tick(1, 100);
    expect(net.node(1).status().role).not.toBe('leader');
    net.heal();
    net.tickAll(20);
    expect(net.leaders()).toEqual([l]);
    expect(net.node(l).status().term).toBe(term);
  });

  it('a removed leader cut off before anyone learned of the commit still lets the rest move on', () => {
    const net = new TestNet([1, 2]);
    net.campaign(1);
    // 1 removes itself; 2 gets the entry but never hears that it committed
    net.dropTypes.add('MsgHeartbeat');
    net.node(1).proposeConfChange({ type: 'removeNode', nodeId: 1, context: '' });
    net.node(1).propose('uncommitted-tail');
    net.processReady(1).forEach((m) => net.deliver(m)); // MsgApp reaches 2
    net.processReady(2); // 2's acks are lost
    const removalIndex = net.node(2).status().lastIndex - 1;
    net.node(1).propose('only-on-1'); // 1's log is now longer than 2's
    net.processReady(1);
    net.node(1).step({ ...net.delivered.at(-1)!, type: 'MsgAppResp', from: 2, to: 1, index: removalIndex, commit: 0, entries: [] });
    net.processReady(1);
    expect(net.node(1).status().lastIndex).toBe(removalIndex + 2);
    expect(net.node(1).status().voters).toEqual([2]);
    expect(net.node(2).status().voters).toEqual([1, 2]);
    // 1 crashes and restarts: it re-applies its removal and is no voter any more
    const st = net.crash(1);
    net.heal();
    net.start(1, st);
    net.drain();
    let t = 0;
    while (net.node(2).status().role !== 'leader' && t++ < 300) net.tickAll(1);
    expect(net.node(2).status()).toMatchObject({ role: 'leader', voters: [2] });
    net.propose(2, 'alone');
    expect(net.appliedData(2)).toContain('alone');
  });

  it('a member added after the log was compacted is brought up with a snapshot', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    for (let i = 0; i < 5; i++) net.propose(1, `e${i}`);
    net.node(1).proposeConfChange({ type: 'addNode', nodeId: 4, context: '' });
    net.drain();
    const m1 = net.m(1);
    const applied = m1.node.status().applied;
    m1.storage.createSnapshot(applied, { voters: m1.node.status().voters }, 'S');
    m1.storage.compact(applied);
    net.start(4, new MemoryStorage());
    net.tickAll(3);
    expect(net.m(4).snapshots.map((s) => s.metadata.index)).toEqual([applied]);
    expect(net.node(4).status().voters).toEqual([1, 2, 3, 4]);
    net.propose(1, 'after');
    expect(net.appliedData(4)).toEqual(['after']);
  });

  it('encodes conf changes as data that round-trips', () => {
    const cc = { type: 'removeNode', nodeId: 7, context: 'x' } as const;
    expect(decodeConfChange(encodeConfChange(cc))).toEqual(cc);
    expect(() => decodeConfChange('{"type":"bogus"}')).toThrow();
  });
});
