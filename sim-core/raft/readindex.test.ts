import { describe, expect, it } from 'vitest';
import { TestNet } from './testing/net';

describe('ReadIndex (thesis §6.4)', () => {
  it('the leader answers a read with its commit index after a heartbeat round confirms it still leads', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'a');
    const commit = net.node(1).status().commit;
    net.delivered.length = 0;
    expect(net.node(1).readIndex('req-1')).toEqual({ ok: true });
    net.drain();
    expect(net.m(1).readStates).toEqual([{ index: commit, requestCtx: 'req-1' }]);
    // the confirmation was a heartbeat round carrying the request's context
    expect(net.delivered.filter((m) => m.type === 'MsgHeartbeat' && m.context === 'req-1').length).toBe(2);
  });

  it('a follower’s read is forwarded to the leader and answered to the follower', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.propose(1, 'a');
    net.node(3).readIndex('from-3');
    net.drain();
    expect(net.m(3).readStates).toEqual([{ index: net.node(1).status().commit, requestCtx: 'from-3' }]);
    expect(net.m(1).readStates).toEqual([]);
  });

  it('a leader cut off from the quorum cannot confirm a read (no stale linearizable reads)', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.isolate(1);
    net.node(1).readIndex('stale?');
    net.drain();
    net.tick(1, 5);
    expect(net.m(1).readStates).toEqual([]);
  });

  it('a new leader holds reads until it has committed an entry of its own term', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.node(1).transferLeader(2);
    net.dropTypes.add('MsgAppResp'); // the new leader's empty entry cannot commit yet
    net.drain();
    expect(net.leaders()).toContain(2);
    net.node(2).readIndex('early');
    net.drain();
    expect(net.m(2).readStates).toEqual([]);
    net.heal();
    net.tickAll(2);
    const st = net.node(2).status();
    expect(net.m(2).readStates).toEqual([{ index: st.commit, requestCtx: 'early' }]);
  });

  it('a removed leader still leading its old cluster confirms reads with the remaining voters, not itself', () => {
    const net = new TestNet([1, 2]);
    net.campaign(1);
    net.node(1).proposeConfChange({ type: 'removeNode', nodeId: 1, context: '' });
    net.processReady(1).forEach((m) => net.deliver(m)); // the entry reaches 2
    net.processReady(2).forEach((m) => net.deliver(m)); // 2's ack commits it on 1
    // nobody hears that it committed, so 1 keeps leading the configuration [2]
    net.dropTypes.add('MsgHeartbeat');
    net.dropTypes.add('MsgApp');
    net.drain();
    expect(net.node(1).status()).toMatchObject({ role: 'leader', voters: [2] });
    net.node(1).readIndex('outsider');
    net.drain();
    expect(net.m(1).readStates).toEqual([]); // its own say-so is not a quorum of [2]
    net.heal();
    net.node(1).readIndex('outsider-2');
    net.drain();
    expect(net.m(1).readStates.map((r) => r.requestCtx)).toEqual(['outsider', 'outsider-2']);
    expect(net.node(1).status().role).toBe('follower'); // and then it hands over
  });

  it('a single member answers at once', () => {
    const net = new TestNet([1]);
    net.campaign(1);
    net.node(1).readIndex('solo');
    net.drain();
    expect(net.m(1).readStates).toEqual([{ index: 2, requestCtx: 'solo' }]);
  });
});
