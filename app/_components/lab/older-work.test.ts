// Work saved under an earlier sim-core version (its key names that version): after a bump
// the lab finds it, offers it, and either moves it to this version's key (the files exact,
// the log to replay) or removes it — with the lab open in two tabs too (two WorkTabs on
// one storage are two tabs; a storage event is a call to storageChanged).
import { describe, expect, it } from 'vitest';
import { parseStoredWork, saveWork, workKey, type SavedWork } from './local-save';
import { MemoryStorage } from './memory-storage';
import { findOlderWork, forgetOlderWork, isStarterWork, laterVersion, moveOlderWork, waitsForChoice } from './older-work';
import { WorkTab } from './other-tab';

const LAB = 'first-deployment';
const SEED = 611;
const NOW = workKey(LAB, '0.2.0', SEED);
const starterFiles = [{ path: 'deployment.yaml', content: 'replicas: 1\n' }];
const starter: SavedWork = { files: { 'deployment.yaml': 'replicas: 1\n' }, log: [], hints: 0 };
const earlier: SavedWork = {
  files: { 'deployment.yaml': 'replicas: 3\n# edited, not applied\n' },
  log: [
    { type: 'writeFile', path: 'deployment.yaml', content: 'replicas: 3\n' },
    { type: 'command', line: 'kubectl apply -f deployment.yaml' },
    { type: 'tick', ticks: 120 },
  ],
  hints: 1,
};
const stamp = { tab: 'old-tab', seq: 4 };

/** A browser that worked on the lab under 0.1.0 (and has other things stored). */
function browserWithEarlierWork(): MemoryStorage {
  const s = new MemoryStorage();
  saveWork(s, workKey(LAB, '0.1.0', SEED), earlier, stamp);
  saveWork(s, workKey(LAB, '0.1.0', SEED + 1), starter, stamp); // another seed: another lab setup
  saveWork(s, workKey('etcd-quorum-recovery', '0.1.0', SEED), starter, stamp);
  s.setItem('reconcile:lesson:kubernetes-internals/raft:l4-raft-three:0.1.0:404', '{}');
  return s;
}

function openTab(storage: MemoryStorage, tab: string): WorkTab {
  const text = storage.getItem(NOW);
  return new WorkTab(storage, NOW, tab, { text, work: parseStoredWork(text)?.work ?? starter });
}

describe('finding work saved under another sim-core version', () => {
  it('finds this lab and seed under another version, and nothing else', () => {
    const s = browserWithEarlierWork();
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toEqual({ key: workKey(LAB, '0.1.0', SEED), version: '0.1.0', work: earlier, keys: [workKey(LAB, '0.1.0', SEED)] });
    expect(findOlderWork(s, LAB, '0.1.0', SEED)).toBeUndefined(); // this version's own record is no older work
    expect(findOlderWork(s, LAB, '0.2.0', 7)).toBeUndefined();
    expect(findOlderWork(s, 'first', '0.2.0', SEED)).toBeUndefined(); // a lab whose id is a prefix of another's
    expect(findOlderWork(new MemoryStorage(), LAB, '0.2.0', SEED)).toBeUndefined();
  });

  it('offers the newest valid one, and counts every version’s record to remove', () => {
    const s = browserWithEarlierWork();
    const newer: SavedWork = { ...starter, log: [{ type: 'command', line: 'kubectl get pods' }] };
    saveWork(s, workKey(LAB, '0.10.0', SEED), newer, stamp);
    s.setItem(workKey(LAB, '0.11.0', SEED), '{broken');
    const found = findOlderWork(s, LAB, '0.12.0', SEED)!;
    expect(found.version).toBe('0.10.0'); // 0.10 after 0.1 as numbers; the broken 0.11 skipped
    expect(found.work).toEqual(newer);
    expect([...found.keys].sort()).toEqual([workKey(LAB, '0.1.0', SEED), workKey(LAB, '0.10.0', SEED), workKey(LAB, '0.11.0', SEED)].sort());
  });

  it('orders versions as numbers, any other shape before them', () => {
    expect(laterVersion('0.10.0', '0.9.3')).toBe(true);
    expect(laterVersion('1.0.0', '0.99.99')).toBe(true);
    expect(laterVersion('0.2.0', '0.2.0')).toBe(false);
    expect(laterVersion('0.1.0', 'dev')).toBe(true);
    expect(laterVersion('dev', '0.1.0')).toBe(false);
  });

  it('lists nothing where the browser cannot list its storage', () => {
    const s = browserWithEarlierWork();
    Object.defineProperty(s, 'length', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toBeUndefined();
  });
});

describe('loading it or starting fresh', () => {
  it('Load moves it to this version’s key: the files exactly, the log to replay, the more hints; the earlier records go', () => {
    const s = browserWithEarlierWork();
    const older = findOlderWork(s, LAB, '0.2.0', SEED)!;
    const tab = openTab(s, 'a');
    expect(moveOlderWork(s, tab, older, 2)).toEqual({ kind: 'saved', hints: 2 });
    expect(parseStoredWork(s.getItem(NOW))).toEqual({ work: { ...earlier, hints: 2 }, stamp: { tab: 'a', seq: 1 } });
    expect(s.getItem(workKey(LAB, '0.1.0', SEED))).toBeNull();
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toBeUndefined();
    // the rest of the browser's records are untouched
    expect(s.getItem(workKey(LAB, '0.1.0', SEED + 1))).not.toBeNull();
    expect(s.getItem(workKey('etcd-quorum-recovery', '0.1.0', SEED))).not.toBeNull();
  });

  it('a Load the browser refuses removes nothing: the offer stands', () => {
    const s = browserWithEarlierWork();
    const older = findOlderWork(s, LAB, '0.2.0', SEED)!;
    s.full = true;
    expect(moveOlderWork(s, openTab(s, 'a'), older, 0)).toEqual({ kind: 'refused' });
    expect(s.getItem(NOW)).toBeNull();
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toEqual(older);
  });

  it('Start fresh removes every earlier record of the lab and seed', () => {
    const s = browserWithEarlierWork();
    saveWork(s, workKey(LAB, '0.0.9', SEED), starter, stamp);
    expect(forgetOlderWork(s, findOlderWork(s, LAB, '0.2.0', SEED)!)).toBe(true);
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toBeUndefined();
    expect(s.getItem(workKey(LAB, '0.1.0', SEED + 1))).not.toBeNull();
  });

  it('while it is offered, a visit that changes nothing saves nothing, so the next visit offers it again; work of the learner’s own is saved', () => {
    expect(waitsForChoice(true, null, starter, starterFiles)).toBe(true);
    expect(waitsForChoice(true, null, { ...starter, hints: 2 }, starterFiles)).toBe(true); // a hint is no work
    expect(waitsForChoice(true, null, { ...starter, files: { 'deployment.yaml': 'replicas: 2\n' } }, starterFiles)).toBe(false);
    expect(waitsForChoice(true, null, { ...starter, log: [{ type: 'command', line: 'kubectl get pods' }] }, starterFiles)).toBe(false);
    // this version has a record already (this tab saved its own work, then Reset): the starter's is saved over it
    expect(waitsForChoice(true, '{"version":2}', starter, starterFiles)).toBe(false);
    expect(waitsForChoice(false, null, starter, starterFiles)).toBe(false);
    expect(isStarterWork({ files: { 'deployment.yaml': 'replicas: 1\n' }, log: [] }, starterFiles)).toBe(true);
  });
});

describe('with the lab open in two tabs', () => {
  it('a Load in one tab makes the other ask (its own work was the starter’s), and leaves it nothing to offer', () => {
    const s = browserWithEarlierWork();
    const a = openTab(s, 'a');
    const b = openTab(s, 'b');
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toBeDefined();
    moveOlderWork(s, a, findOlderWork(s, LAB, '0.2.0', SEED)!, 0);
    expect(b.storageChanged()).toEqual({ kind: 'otherTab', theirs: earlier });
    // asking, the other tab saves nothing over the moved work by itself
    expect(b.save({ ...starter, log: [{ type: 'command', line: 'kubectl get pods' }] })).toEqual({ kind: 'otherTab', theirs: earlier });
    expect(parseStoredWork(s.getItem(NOW))?.work).toEqual(earlier);
    expect(findOlderWork(s, LAB, '0.2.0', SEED)).toBeUndefined();
  });

  it('a tab that worked before the other loaded asks too, and can keep its own work', () => {
    const s = browserWithEarlierWork();
    const a = openTab(s, 'a');
    const b = openTab(s, 'b');
    const mine: SavedWork = { ...starter, log: [{ type: 'command', line: 'kubectl create namespace shop' }] };
    expect(b.save(mine).kind).toBe('saved');
    const older = findOlderWork(s, LAB, '0.2.0', SEED)!;
    // tab a replaces it (its notice said so), and b is asked rather than overwritten
    expect(moveOlderWork(s, a, older, 0).kind).toBe('saved');
    expect(b.storageChanged()).toEqual({ kind: 'otherTab', theirs: earlier });
    expect(b.keep(mine).kind).toBe('saved');
    expect(a.storageChanged()).toEqual({ kind: 'otherTab', theirs: mine });
  });
});
