// Saved work: what the workspace writes it reads back, keyed so that a log never replays
// on another sim-core version or seed; anything broken in storage is ignored, not trusted.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { clusterFiles, holdReplayed, loadWork, parseStoredWork, restoreFiles, sameLog, saveWork, workKey, type ReplayHold } from './local-save';
import { MemoryStorage } from './memory-storage';

const starter = [{ path: 'deployment.yaml', content: 'replicas: 1\n' }];
const stamp = { tab: 'tab-a', seq: 1 };
const work = {
  files: { 'deployment.yaml': 'replicas: 3\n' },
  log: [
    { type: 'writeFile' as const, path: 'deployment.yaml', content: 'replicas: 2\n' },
    { type: 'command' as const, line: 'kubectl apply -f deployment.yaml' },
    { type: 'tick' as const, ticks: 40 },
  ],
  hints: 2,
};

describe('saved lab work', () => {
  it('reads back what was saved', () => {
    const s = new MemoryStorage();
    const key = workKey('first-deployment', '0.1.0', 611);
    expect(saveWork(s, key, work, stamp)).toBe(s.map.get(key));
    expect(loadWork(s, key)).toEqual(work);
    expect(parseStoredWork(s.map.get(key)!)).toEqual({ work, stamp });
  });

  it('still reads a version-1 record, saved before tabs were told apart: its work, with no stamp', () => {
    const s = new MemoryStorage();
    const key = workKey('first-deployment', '0.1.0', 611);
    s.map.set(key, JSON.stringify({ version: 1, ...work }));
    expect(loadWork(s, key)).toEqual(work);
    expect(parseStoredWork(s.map.get(key)!)).toEqual({ work });
  });

  it('is keyed by lab, sim-core version and seed, so another version does not replay it', () => {
    const s = new MemoryStorage();
    saveWork(s, workKey('first-deployment', '0.1.0', 611), work, stamp);
    expect(loadWork(s, workKey('first-deployment', '0.2.0', 611))).toBeUndefined();
    expect(loadWork(s, workKey('first-deployment', '0.1.0', 612))).toBeUndefined();
    expect(loadWork(s, workKey('etcd-quorum-recovery', '0.1.0', 611))).toBeUndefined();
  });

  it('ignores broken or forged data instead of replaying it', () => {
    const s = new MemoryStorage();
    const key = workKey('lab', '0.1.0', 1);
    s.map.set(key, '{not json');
    expect(loadWork(s, key)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 1, files: {}, hints: 0, log: [{ type: 'writeFile', path: '../../etc/passwd', content: '' }] }));
    expect(loadWork(s, key)).toBeUndefined();
    // a version 2 record must say which tab saved it; an unknown version is not guessed at
    s.map.set(key, JSON.stringify({ version: 2, ...work }));
    expect(loadWork(s, key)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 2, tab: 'tab-a', seq: 0, ...work }));
    expect(loadWork(s, key)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 3, tab: 'tab-a', seq: 1, ...work }));
    expect(loadWork(s, key)).toBeUndefined();
  });

  it('says when the browser refuses to save', () => {
    const s = new MemoryStorage();
    s.full = true;
    expect(saveWork(s, 'k', work, stamp)).toBeUndefined();
  });

  it('restores the editor files over the starter files, and knows what the cluster has after the log', () => {
    expect(restoreFiles(starter, undefined)).toEqual({ 'deployment.yaml': 'replicas: 1\n' });
    expect(restoreFiles(starter, work)).toEqual({ 'deployment.yaml': 'replicas: 3\n' });
    // the last writeFile is what the cluster has; the editor's 3 is an edit not yet applied
    expect(clusterFiles(starter, work.log)).toEqual({ 'deployment.yaml': 'replicas: 2\n' });
    expect(clusterFiles(starter, [])).toEqual({ 'deployment.yaml': 'replicas: 1\n' });
  });
});

describe('a replay of saved work that stopped early', () => {
  // the saved log had a third action the new simulation could not redo: the worker holds the first two
  const replayed: ActionLog = work.log.slice(0, 2);
  const step = (hold: ReplayHold, log: ActionLog) => holdReplayed(hold, log);

  it('holds what was replayed, so the whole saved log is not saved over with it, however often the worker gives it again', () => {
    let hold = step({ kind: 'waiting' }, replayed);
    expect(hold).toEqual({ kind: 'holding', replayed });
    // the same log fetched again (a pause, a file saved meanwhile), even read back in another field order
    hold = step(hold, [{ content: 'replicas: 2\n', path: 'deployment.yaml', type: 'writeFile' }, { type: 'command', line: 'kubectl apply -f deployment.yaml' }]);
    expect(hold.kind).toBe('holding');
  });

  it('lets go once the learner changes the cluster: a command, time played on, or Reset’s empty log', () => {
    const holding: ReplayHold = { kind: 'holding', replayed };
    expect(step(holding, [...replayed, { type: 'command', line: 'kubectl get pods' }])).toEqual({ kind: 'released' });
    expect(step(holding, [...replayed, { type: 'tick', ticks: 3 }])).toEqual({ kind: 'released' });
    expect(step(holding, [])).toEqual({ kind: 'released' });
    // and stays let go: the same log again is saved as any other
    expect(step({ kind: 'released' }, replayed)).toEqual({ kind: 'released' });
  });

  it('compares logs action by action', () => {
    expect(sameLog(work.log, [...work.log])).toBe(true);
    expect(sameLog(work.log, [...work.log.slice(0, 2), { type: 'tick', ticks: 41 }])).toBe(false);
    expect(sameLog(work.log, work.log.slice(0, 2))).toBe(false);
  });
});
