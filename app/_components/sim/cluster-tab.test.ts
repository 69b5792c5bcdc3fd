// One lesson in two tabs: two ClusterTabs on one storage are two tabs of one browser (a
// storage event is a call to storageChanged). A stale tab never saves its older cluster
// over the newer one another tab saved; a tab that has stopped saves nothing by itself
// (no two tabs taking turns); the same cluster saved by another tab is no conflict; and a
// Reset forgets only this tab's own save.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '@/sim-core/cluster/actions';
import type { HostScenario } from '@/app/_lib/sim-worker/protocol';
import { MemoryStorage } from '../lab/memory-storage';
import { ClusterTab, judgeStoredCluster, sameLog } from './cluster-tab';
import { clusterKey, loadCluster, parseStoredCluster, scenarioFingerprint } from './saved-cluster';

const scenario: HostScenario = { id: 'l6-deployment', topology: 'default', seed: 601, members: 3, setup: ['sim tick 300'] };
const fingerprint = scenarioFingerprint(scenario);
const KEY = clusterKey({ lesson: 'kubernetes-internals/workloads', occurrence: 0 }, scenario, '0.1.0');
const created: ActionLog = [{ type: 'command', line: 'kubectl create configmap kept-note --from-literal=color=blue' }];
const stepped: ActionLog = [...created, { type: 'tick', ticks: 100 }];
const scaled: ActionLog = [...created, { type: 'command', line: 'kubectl scale deployment web --replicas=5' }];

/** A tab opened now: it reads the record, as the lesson page does on load. */
function openTab(storage: MemoryStorage, tab: string): ClusterTab {
  const text = storage.getItem(KEY);
  return new ClusterTab(storage, KEY, fingerprint, tab, { text, log: parseStoredCluster(text, fingerprint)?.log ?? [] });
}

const storedLog = (storage: MemoryStorage) => loadCluster(storage, KEY, fingerprint);

describe('judging the record another tab saved', () => {
  it('tells nothing, this tab’s own save, the same cluster and another cluster apart', () => {
    const record = (log: ActionLog, tab?: string) => JSON.stringify(tab === undefined ? { version: 1, scenario: fingerprint, log } : { version: 2, tab, seq: 1, scenario: fingerprint, log });
    expect(judgeStoredCluster(null, fingerprint, 'a', created)).toEqual({ kind: 'none' });
    // another scenario's log would not be replayed here: nothing to lose
    expect(judgeStoredCluster(JSON.stringify({ version: 2, tab: 'b', seq: 1, scenario: 'elsewhere', log: scaled }), fingerprint, 'a', created)).toEqual({ kind: 'none' });
    expect(judgeStoredCluster(record(scaled, 'a'), fingerprint, 'a', created)).toEqual({ kind: 'mine' });
    expect(judgeStoredCluster(record(created, 'b'), fingerprint, 'a', created)).toEqual({ kind: 'same' });
    expect(judgeStoredCluster(record(scaled, 'b'), fingerprint, 'a', created)).toEqual({ kind: 'other' });
    // a version-1 record has no stamp: never this tab's
    expect(judgeStoredCluster(record(scaled), fingerprint, 'a', created)).toEqual({ kind: 'other' });
  });

  it('compares logs action by action, whatever order their fields were read in', () => {
    expect(sameLog([{ type: 'tick', ticks: 5, at: 9 }], [{ at: 9, ticks: 5, type: 'tick' }])).toBe(true);
    expect(sameLog(created, stepped)).toBe(false);
    expect(sameLog(stepped, [...created, { type: 'tick', ticks: 101 }])).toBe(false);
  });
});

describe('a lesson open in two tabs', () => {
  it('does not let a stale tab save its older cluster over the one another tab saved since', () => {
    const s = new MemoryStorage();
    const a = openTab(s, 'a');
    expect(a.save(created)).toEqual({ kind: 'saved' });
    // tab B restores A's cluster and works on
    const b = openTab(s, 'b');
    expect(b.save(created)).toEqual({ kind: 'saved' });
    expect(b.save(scaled)).toEqual({ kind: 'saved' });
    // back in tab A, one Step: not saved over B's, and A says so
    expect(a.save(stepped)).toEqual({ kind: 'otherTab' });
    expect(a.otherTab).toBe(true);
    expect(storedLog(s)).toEqual(scaled);
    // B's storage event had already told A, before any Step
    const s2 = new MemoryStorage();
    const a2 = openTab(s2, 'a');
    a2.save(created);
    const b2 = openTab(s2, 'b');
    b2.save(scaled);
    expect(a2.storageChanged()).toEqual({ kind: 'otherTab' });
    expect(a2.save(stepped)).toEqual({ kind: 'otherTab' });
    expect(storedLog(s2)).toEqual(scaled);
  });

  it('saves nothing more once stopped, so the two tabs never take turns, while the other tab saves on', () => {
    const s = new MemoryStorage();
    const a = openTab(s, 'a');
    a.save(created);
    const b = openTab(s, 'b');
    b.save(scaled);
    expect(a.save(stepped)).toEqual({ kind: 'otherTab' });
    const later: ActionLog = [...scaled, { type: 'tick', ticks: 50 }];
    expect(b.save(later)).toEqual({ kind: 'saved' });
    expect(a.storageChanged()).toEqual({ kind: 'otherTab' });
    for (let i = 0; i < 3; i++) expect(a.save([...stepped, { type: 'tick', ticks: i + 1 }])).toEqual({ kind: 'otherTab' });
    expect(storedLog(s)).toEqual(later);
    // a reload of A (the note's button) loads B's cluster, and saves on from there
    const reloaded = openTab(s, 'a2');
    expect(reloaded.save(later)).toEqual({ kind: 'saved' });
    expect(b.storageChanged()).toEqual({ kind: 'same', resumed: false });
    expect(b.save([...later, { type: 'tick', ticks: 10 }])).toEqual({ kind: 'saved' });
  });

  it('takes another tab’s save of the same cluster as its own (a tab opened on it), and saves on', () => {
    const s = new MemoryStorage();
    const a = openTab(s, 'a');
    a.save(created);
    const b = openTab(s, 'b');
    // B restored A's cluster and saves it, stamped as B's
    expect(b.save(created)).toEqual({ kind: 'saved' });
    expect(a.storageChanged()).toEqual({ kind: 'same', resumed: false });
    expect(a.save(stepped)).toEqual({ kind: 'saved' });
    expect(storedLog(s)).toEqual(stepped);
    expect(b.storageChanged()).toEqual({ kind: 'otherTab' });
  });

  it('saves over a record it did not write only when that loses nothing: none, another scenario’s, or a version-1 save of its own cluster', () => {
    const s = new MemoryStorage();
    // a tab of the page as it was before tabs were told apart saved this version-1 record
    s.map.set(KEY, JSON.stringify({ version: 1, scenario: fingerprint, log: created }));
    const a = openTab(s, 'a');
    expect(a.save(stepped)).toEqual({ kind: 'saved' });
    // that old tab saves again, unconditionally, its cluster as it was: A's, older
    s.map.set(KEY, JSON.stringify({ version: 1, scenario: fingerprint, log: created }));
    expect(a.storageChanged()).toEqual({ kind: 'otherTab' });
    expect(a.save([...stepped, { type: 'tick', ticks: 1 }])).toEqual({ kind: 'otherTab' });
    // and then A's own last save again: A had stopped, and saves on
    s.map.set(KEY, JSON.stringify({ version: 1, scenario: fingerprint, log: stepped }));
    expect(a.storageChanged()).toEqual({ kind: 'same', resumed: true });
    expect(a.save(scaled)).toEqual({ kind: 'saved' });
    // a record of another scenario (its author changed the setup) is nothing to lose
    s.map.set(KEY, JSON.stringify({ version: 2, tab: 'z', seq: 4, scenario: 'elsewhere', log: created }));
    expect(a.save([...scaled, { type: 'tick', ticks: 3 }])).toEqual({ kind: 'saved' });
  });

  it('forgets on Reset only its own save, and a tab whose record is gone saves its cluster again', () => {
    const s = new MemoryStorage();
    const a = openTab(s, 'a');
    a.save(created);
    const b = openTab(s, 'b');
    b.save(scaled);
    // A's Reset does not throw away B's cluster: A stops
    expect(a.forget()).toEqual({ kind: 'otherTab' });
    expect(storedLog(s)).toEqual(scaled);
    // B's Reset forgets B's own save; A, told, saves its cluster again
    expect(b.forget()).toEqual({ kind: 'saved' });
    expect(s.map.has(KEY)).toBe(false);
    expect(a.storageChanged()).toEqual({ kind: 'gone' });
    expect(a.otherTab).toBe(false);
    expect(a.save(stepped)).toEqual({ kind: 'saved' });
    expect(storedLog(s)).toEqual(stepped);
    // an event about a save this tab has already saved over is old news
    expect(a.storageChanged()).toEqual({ kind: 'unchanged' });
  });

  it('says when the browser refuses, and keeps the last save', () => {
    const s = new MemoryStorage();
    const a = openTab(s, 'a');
    a.save(created);
    s.full = true;
    expect(a.save(stepped)).toEqual({ kind: 'refused', refused: 'refused' });
    expect(storedLog(s)).toEqual(created);
    s.full = false;
    expect(a.save(stepped)).toEqual({ kind: 'saved' });
  });
});
