import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { message } from './message';
import { Raft, resolveConfig } from './raft';
import { MemoryStorage } from './storage';
import { TestNet } from './testing/net';
import type { RaftMessage } from './types';

describe('leader election (§5.2)', () => {
  it('elects exactly one leader from timeouts alone, in clusters of 1 to 7', () => {
    for (let n = 1; n <= 7; n++) {
      const net = new TestNet(Array.from({ length: n }, (_, i) => i + 1), {}, n);
      let ticks = 0;
      while (net.leaders().length === 0 && ticks < 200) {
        net.tickAll(1);
        ticks++;
      }
      expect(net.leaders()).toHaveLength(1);
      const leader = net.leaders()[0]!;
      const term = net.node(leader).status().term;
      for (const id of net.members.keys()) {
        const st = net.node(id).status();
        expect(st.term).toBe(term);
        expect(st.lead).toBe(leader);
      }
      // the randomized timeout is drawn from [electionTick, 2*electionTick)
      expect(ticks).toBeGreaterThanOrEqual(10);
      expect(ticks).toBeLessThan(n === 1 ? 20 : 200);
    }
  });

  it('a campaign wins with a majority and the new leader appends an empty entry of its term', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    expect(net.leaders()).toEqual([1]);
    const st = net.node(1).status();
    expect(st.term).toBe(2); // bootstrap is term 1
    expect(net.log(1).at(-1)).toEqual([4, 2, '']);
    expect(st.commit).toBe(4); // committed once a majority has it
  });

  it('a candidate cut off from the majority cannot win (PreVote keeps it from even raising its term)', () => {
    const net = new TestNet([1, 2, 3]);
    net.isolate(1);
    net.campaign(1);
    expect(net.leaders()).toEqual([]);
    expect(net.node(1).status().role).toBe('pre-candidate');
    expect(net.node(1).status().term).toBe(1);
  });

  it('without PreVote an isolated candidate raises its term and stays candidate', () => {
    const net = new TestNet([1, 2, 3], { preVote: false });
    net.isolate(1);
    net.campaign(1);
    expect(net.node(1).status()).toMatchObject({ role: 'candidate', term: 2, vote: 1 });
  });
});

describe('vote rules (§5.2, §5.4.1)', () => {
  // one follower on its own, so we can feed it votes by hand
  function follower(): { net: TestNet; votes: () => RaftMessage[] } {
    const net = new TestNet([1, 2, 3]);
    net.down.add(2);
    net.down.add(3);
    const votes = (): RaftMessage[] => net.processReady(1).filter((m) => m.type === 'MsgVoteResp' || m.type === 'MsgPreVoteResp');
    return { net, votes };
  }
  const vote = (from: number, term: number, index: number, logTerm: number): RaftMessage =>
    message('MsgVote', { from, to: 1, term, index, logTerm });

  it('grants at most one vote per term, and the vote survives a restart', () => {
    const { net, votes } = follower();
    net.node(1).step(vote(2, 5, 3, 1));
    expect(votes()).toMatchObject([{ to: 2, term: 5, reject: false }]);
    net.node(1).step(vote(3, 5, 3, 1));
    expect(votes()).toMatchObject([{ to: 3, term: 5, reject: true }]);
    // crash and restart from storage: votedFor is persisted, so 3 is still refused
    const storage = net.crash(1);
    net.start(1, storage);
    net.processReady(1);
    net.node(1).step(vote(3, 5, 3, 1));
    expect(votes()).toMatchObject([{ to: 3, reject: true }]);
    expect(net.node(1).status().vote).toBe(2);
    // a repeated request from the member we voted for is granted again
    net.node(1).step(vote(2, 5, 3, 1));
    expect(votes()).toMatchObject([{ to: 2, reject: false }]);
  });

  it('refuses a candidate whose log is less up-to-date than its own', () => {
    const { net, votes } = follower();
    // our log: bootstrap entries 1..3 at term 1; a candidate with last entry (2, term 1) is behind
    net.node(1).step(vote(2, 5, 2, 1));
    expect(votes()).toMatchObject([{ reject: true }]);
    // same last term, longer log: granted (in a new term)
    net.node(1).step(vote(3, 6, 7, 1));
    expect(votes()).toMatchObject([{ to: 3, reject: false, term: 6 }]);
  });

  it('answers a vote request of an older term with a rejection and keeps its term', () => {
    const { net, votes } = follower();
    net.node(1).step(vote(2, 5, 9, 9));
    votes();
    net.node(1).step(message('MsgPreVote', { from: 3, to: 1, term: 3, index: 9, logTerm: 9 }));
    expect(votes()).toMatchObject([{ type: 'MsgPreVoteResp', reject: true, term: 5 }]);
    expect(net.node(1).status().term).toBe(5);
  });
});

describe('role transitions', () => {
  it('only valid transitions are allowed; impossible ones throw', () => {
    const r = new Raft(1, resolveConfig({ id: 1, rng: new Prng(1) }), new Prng(1), new MemoryStorage());
    expect(() => r.becomeLeader()).toThrow(/follower -> leader/);
    r.becomeCandidate();
    r.becomeLeader();
    expect(r.role).toBe('leader');
    expect(() => r.becomeCandidate()).toThrow(/leader -> candidate/);
    expect(() => r.becomePreCandidate()).toThrow(/leader -> pre-candidate/);
    expect(() => r.becomeFollower(r.term - 1, 0)).toThrow();
    r.becomeFollower(r.term, 0);
    expect(r.role).toBe('follower');
  });
});
