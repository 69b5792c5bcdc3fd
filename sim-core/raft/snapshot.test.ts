import { describe, expect, it } from 'vitest';
import { TestNet } from './testing/net';

/** The application takes a snapshot at its applied index and compacts the log (etcd's snapshot + compact). */
function snapshotAndCompact(net: TestNet, id: number, state: string): number {
  const m = net.m(id);
  const applied = m.node.status().applied;
  const made = m.storage.createSnapshot(applied, { voters: m.node.status().voters }, state);
  expect(typeof made).not.toBe('string');
  expect(m.storage.compact(applied)).toEqual({ ok: true });
  return applied;
}

describe('snapshots and log compaction (§7)', () => {
  it('a follower that needs compacted entries gets the snapshot and then the rest of the log', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.isolate(3);
    for (let i = 0; i < 20; i++) net.propose(1, `e${i}`);
    const snapIndex = snapshotAndCompact(net, 1, 'state-after-e19');
    expect(net.m(1).storage.firstIndex()).toBe(snapIndex + 1);
    net.propose(1, 'after-snapshot');
    net.heal();
    net.delivered.length = 0;
    net.tickAll(3);
    const snaps = net.delivered.filter((m) => m.type === 'MsgSnap' && m.to === 3);
    expect(snaps).toHaveLength(1);
    expect(net.m(3).snapshots.map((s) => [s.metadata.index, s.data])).toEqual([[snapIndex, 'state-after-e19']]);
    expect(net.m(3).storage.snapshot().metadata.index).toBe(snapIndex);
    // after the snapshot, the entries that follow it are replicated and applied normally
    expect(net.appliedData(3)).toEqual(['after-snapshot']);
    expect(net.node(3).status()).toMatchObject({ commit: net.node(1).status().commit, applied: net.node(1).status().commit });
    expect(net.log(3)).toEqual(net.log(1));
  });

  it('a lost MsgSnap is sent again after an election timeout', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    net.isolate(3);
    for (let i = 0; i < 5; i++) net.propose(1, `e${i}`);
    snapshotAndCompact(net, 1, 'S');
    net.heal();
    net.dropTypes.add('MsgSnap');
    net.tickAll(3);
    expect(net.m(3).snapshots).toHaveLength(0);
    net.heal();
    net.tickAll(15);
    expect(net.m(3).snapshots).toHaveLength(1);
    expect(net.node(3).status().commit).toBe(net.node(1).status().commit);
  });

  it('a member restarted from a compacted WAL starts from its snapshot', () => {
    const net = new TestNet([1, 2, 3]);
    net.campaign(1);
    for (let i = 0; i < 6; i++) net.propose(1, `e${i}`);
    const snapIndex = snapshotAndCompact(net, 2, 'S2');
    net.propose(1, 'tail');
    const storage = net.crash(2);
    const m = net.start(2, storage, undefined, snapIndex);
    net.processReady(2);
    // only what follows the snapshot is re-applied
    expect(net.appliedData(2)).toEqual(['tail']);
    expect(m.node.status()).toMatchObject({ firstIndex: snapIndex + 1, voters: [1, 2, 3] });
  });
});
