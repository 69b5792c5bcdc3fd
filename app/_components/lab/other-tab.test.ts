// One lab in two tabs: two WorkTabs on one storage are two tabs of one browser (a storage
// event is a call to storageChanged). Neither tab's work is overwritten without it asking
// the learner first, a tab that asks saves nothing by itself (no two tabs taking turns),
// and loading the other tab's work says what it throws away.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { parseStoredWork, workKey, type SavedWork } from './local-save';
import { MemoryStorage } from './memory-storage';
import { discardedByLoading, judgeStored, sameWork, WorkTab } from './other-tab';

const KEY = workKey('first-deployment', '0.1.0', 7);
const starter: SavedWork = { files: { 'deployment.yaml': 'replicas: 1\n' }, log: [], hints: 0 };
const applied: ActionLog = [
  { type: 'writeFile', path: 'deployment.yaml', content: 'replicas: 3\n' },
  { type: 'command', line: 'kubectl apply -f deployment.yaml' },
];
const appliedWork: SavedWork = { files: { 'deployment.yaml': 'replicas: 3\n' }, log: applied, hints: 0 };

/** A tab opened now: it reads the record, as the lab page does on load. */
function openTab(storage: MemoryStorage, tab: string): WorkTab {
  const text = storage.getItem(KEY);
  return new WorkTab(storage, KEY, tab, { text, work: parseStoredWork(text)?.work ?? starter });
}

function stored(storage: MemoryStorage) {
  return parseStoredWork(storage.getItem(KEY));
}

describe('judging the record another tab saved', () => {
  it('tells nothing, this tab’s own save, the same work and other work apart', () => {
    expect(judgeStored(undefined, 'a', starter)).toEqual({ kind: 'none' });
    expect(judgeStored({ work: appliedWork, stamp: { tab: 'a', seq: 3 } }, 'a', starter)).toEqual({ kind: 'mine' });
    expect(judgeStored({ work: { ...starter, hints: 2 }, stamp: { tab: 'b', seq: 1 } }, 'a', { ...starter, hints: 1 })).toEqual({ kind: 'same', hints: 2 });
    expect(judgeStored({ work: appliedWork, stamp: { tab: 'b', seq: 1 } }, 'a', starter)).toEqual({ kind: 'other', work: appliedWork });
    // a version-1 record has no stamp: never this tab's
    expect(judgeStored({ work: appliedWork }, 'a', starter)).toEqual({ kind: 'other', work: appliedWork });
  });

  it('compares logs action by action, whatever order their fields were read in', () => {
    const reordered: SavedWork = { ...appliedWork, log: [{ content: 'replicas: 3\n', path: 'deployment.yaml', type: 'writeFile' }, applied[1]!] };
    expect(sameWork(appliedWork, reordered)).toBe(true);
    expect(sameWork(appliedWork, { ...appliedWork, log: [...applied, { type: 'tick', ticks: 1 }] })).toBe(false);
    expect(sameWork(appliedWork, { ...appliedWork, files: { 'deployment.yaml': 'replicas: 4\n' } })).toBe(false);
  });
});

describe('what loading the other tab’s work throws away', () => {
  const files = [
    { path: 'deployment.yaml', content: 'replicas: 1\n' },
    { path: 'svc.yaml', content: 'kind: Service\n' },
  ];

  it('counts this tab’s actions after the logs part, and names its edits not applied yet', () => {
    const mine: SavedWork = { files: { 'deployment.yaml': 'replicas: 5\n', 'svc.yaml': 'kind: Service\n' }, log: [...applied, { type: 'command', line: 'kubectl scale deployment web --replicas=5' }], hints: 0 };
    const theirs: SavedWork = { files: { 'deployment.yaml': 'replicas: 3\n', 'svc.yaml': 'kind: Service\n' }, log: [...applied, { type: 'command', line: 'sim settle' }], hints: 0 };
    expect(discardedByLoading(files, mine, theirs)).toEqual({ actions: 1, edits: ['deployment.yaml'] });
  });

  it('does not count as lost a text this tab has applied (its action is), the starter’s, or the other tab’s own', () => {
    const theirs: SavedWork = { files: { 'deployment.yaml': 'replicas: 4\n', 'svc.yaml': 'kind: Service\n' }, log: [], hints: 0 };
    // applied here: the writeFile is the loss, counted among the actions
    expect(discardedByLoading(files, appliedWork, theirs)).toEqual({ actions: 2, edits: [] });
    // the starter's text, untouched here, edited there
    expect(discardedByLoading(files, { files: { 'deployment.yaml': 'replicas: 1\n' }, log: [], hints: 0 }, theirs)).toEqual({ actions: 0, edits: [] });
    // an edit here that the other tab has made too
    expect(discardedByLoading(files, { files: { 'deployment.yaml': 'replicas: 4\n' }, log: [], hints: 0 }, theirs)).toEqual({ actions: 0, edits: [] });
  });

  it('loses nothing when the other tab’s work goes on from this tab’s, time that ran on there included', () => {
    const mine: SavedWork = { ...appliedWork, log: [...applied, { type: 'tick', ticks: 40 }] };
    const theirs: SavedWork = { ...appliedWork, log: [...applied, { type: 'tick', ticks: 100 }, { type: 'command', line: 'kubectl get pods' }] };
    expect(discardedByLoading(files, mine, theirs)).toEqual({ actions: 0, edits: [] });
    // more time here than there is time lost
    expect(discardedByLoading(files, { ...mine, log: [...applied, { type: 'tick', ticks: 120 }] }, theirs)).toEqual({ actions: 1, edits: [] });
  });
});

describe('two tabs of one lab', () => {
  it('a tab opened on saved work carries on with it; once the first tab saves other work, the second asks and saves nothing', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    expect(a.save(starter)).toEqual({ kind: 'saved', hints: 0 });
    const b = openTab(storage, 'b');
    // b's first save is the work it loaded: a sees its own work, saved again
    expect(b.save(starter)).toEqual({ kind: 'saved', hints: 0 });
    expect(a.storageChanged()).toEqual({ kind: 'same', hints: 0 });

    expect(a.save(appliedWork)).toEqual({ kind: 'saved', hints: 0 });
    expect(b.storageChanged()).toEqual({ kind: 'otherTab', theirs: appliedWork });
    expect(b.otherTab).toEqual(appliedWork);
    // b's edits, and the log it fetched while asking, are not saved over a's work
    const bEdit: SavedWork = { ...starter, files: { 'deployment.yaml': 'replicas: 2\n' } };
    expect(b.save(bEdit)).toEqual({ kind: 'otherTab', theirs: appliedWork });
    expect(stored(storage)).toEqual({ work: appliedWork, stamp: { tab: 'a', seq: 2 } });
  });

  it('keeping this tab’s work saves it at once, and then the other tab asks: a choice in one tab, never a loop', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    a.save(starter);
    const b = openTab(storage, 'b');
    b.save(starter);
    a.storageChanged();
    a.save(appliedWork);
    b.storageChanged();

    const bEdit: SavedWork = { ...starter, files: { 'deployment.yaml': 'replicas: 2\n' } };
    expect(b.keep(bEdit)).toEqual({ kind: 'saved', hints: 0 });
    expect(b.otherTab).toBeUndefined();
    expect(stored(storage)?.work).toEqual(bEdit);
    expect(a.storageChanged()).toEqual({ kind: 'otherTab', theirs: bEdit });
    // a asks and writes nothing, so b hears of nothing new and goes on saving
    expect(a.save({ ...appliedWork, log: [...applied, { type: 'tick', ticks: 10 }] })).toEqual({ kind: 'otherTab', theirs: bEdit });
    expect(b.storageChanged()).toEqual({ kind: 'unchanged' });
    const bApplied: SavedWork = { ...bEdit, log: [{ type: 'writeFile', path: 'deployment.yaml', content: 'replicas: 2\n' }] };
    expect(b.save(bApplied)).toEqual({ kind: 'saved', hints: 0 });
    // a's question is now about b's newest work
    expect(a.storageChanged()).toEqual({ kind: 'otherTab', theirs: bApplied });
    expect(stored(storage)?.work).toEqual(bApplied);
  });

  it('a save that comes before the storage event of another tab’s is not written over it', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    a.save(starter);
    const b = openTab(storage, 'b');
    b.save(appliedWork);
    // a has not heard of b's save yet: its own save looks first
    const aEdit: SavedWork = { ...starter, files: { 'deployment.yaml': 'replicas: 9\n' } };
    expect(a.save(aEdit)).toEqual({ kind: 'otherTab', theirs: appliedWork });
    expect(stored(storage)?.work).toEqual(appliedWork);
  });

  it('the storage event of a save this tab has since saved over is old news', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    a.save(starter);
    const b = openTab(storage, 'b');
    b.save(starter);
    // a judges b's save as the same work and saves on; the event of b's save arrives after
    expect(a.save(appliedWork)).toEqual({ kind: 'saved', hints: 0 });
    expect(a.storageChanged()).toEqual({ kind: 'unchanged' });
  });

  it('a version-1 record is loaded and saved over as version 2; one an older page writes later is another tab’s', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, JSON.stringify({ version: 1, ...appliedWork }));
    const a = openTab(storage, 'a');
    expect(a.save(appliedWork)).toEqual({ kind: 'saved', hints: 0 });
    expect(stored(storage)?.stamp).toEqual({ tab: 'a', seq: 1 });
    storage.setItem(KEY, JSON.stringify({ version: 1, ...starter }));
    expect(a.storageChanged()).toEqual({ kind: 'otherTab', theirs: starter });
  });

  it('hints revealed in either tab count in both', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    a.save(starter);
    const b = openTab(storage, 'b');
    b.save({ ...starter, hints: 2 });
    expect(a.storageChanged()).toEqual({ kind: 'same', hints: 2 });
    // a save of a's that has not caught up keeps them
    b.save({ ...starter, hints: 3 });
    expect(a.save(starter)).toEqual({ kind: 'saved', hints: 3 });
    expect(stored(storage)?.work.hints).toBe(3);
  });

  it('a cleared storage ends the question: there is nothing left to load, and this tab’s work goes back in', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    a.save(starter);
    const b = openTab(storage, 'b');
    b.save(appliedWork);
    expect(a.storageChanged().kind).toBe('otherTab');
    storage.removeItem(KEY);
    expect(a.storageChanged()).toEqual({ kind: 'gone' });
    expect(a.otherTab).toBeUndefined();
    expect(a.save(starter)).toEqual({ kind: 'saved', hints: 0 });
    expect(stored(storage)?.work).toEqual(starter);
  });

  it('a browser that refuses to save is told apart from another tab', () => {
    const storage = new MemoryStorage();
    const a = openTab(storage, 'a');
    storage.full = true;
    expect(a.save(appliedWork)).toEqual({ kind: 'refused' });
    storage.full = false;
    expect(a.save(appliedWork)).toEqual({ kind: 'saved', hints: 0 });
  });
});
