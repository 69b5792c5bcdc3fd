// Apply on the page: it sends the edited files, and marks them applied only when the worker
// says they were written — a refused Apply leaves every edit marked as not applied, so the
// next Apply writes it again instead of applying the cluster's old copy.
import { describe, expect, it } from 'vitest';
import { appliedAfter, applyRefusalOf, filesToWrite, oversizedFile } from './apply-request';
import { ACTION_LOG_LIMITS } from '@/sim-core/cluster/actions';

const applied = { 'web.yaml': 'replicas: 1\n', 'svc.yaml': 'port: 80\n' };
const files = { 'web.yaml': 'replicas: 3\n', 'svc.yaml': 'port: 80\n', 'extra.yaml': 'x: 1\n' };

describe('Apply on the page', () => {
  it('sends each file whose text differs from the cluster’s copy, in the editor’s order', () => {
    expect(filesToWrite(files, applied)).toEqual([
      { path: 'web.yaml', content: 'replicas: 3\n' },
      { path: 'extra.yaml', content: 'x: 1\n' },
    ]);
    expect(filesToWrite(applied, applied)).toEqual([]);
  });

  it('marks the sent files applied once the worker wrote them (an edit made meanwhile stays an edit)', () => {
    const writes = filesToWrite(files, applied);
    const after = appliedAfter(applied, writes, { written: true });
    expect(after).toEqual({ 'web.yaml': 'replicas: 3\n', 'svc.yaml': 'port: 80\n', 'extra.yaml': 'x: 1\n' });
    expect(applyRefusalOf({ written: true })).toBeUndefined();
    expect(filesToWrite({ ...files, 'web.yaml': 'replicas: 4\n' }, after)).toEqual([{ path: 'web.yaml', content: 'replicas: 4\n' }]);
  });

  it('changes nothing when the worker refused the Apply or did not answer: the next Apply sends the same edits', () => {
    const writes = filesToWrite(files, applied);
    const refused = appliedAfter(applied, writes, { written: false, refused: 'actions' });
    expect(refused).toBe(applied);
    expect(filesToWrite(files, refused)).toEqual(writes);
    expect(applyRefusalOf({ written: false, refused: 'size' })).toEqual({ kind: 'limit', limit: 'size' });
    expect(appliedAfter(applied, writes, undefined)).toBe(applied);
    expect(applyRefusalOf(undefined)).toEqual({ kind: 'failed' });
  });
});

describe('a file too large for the workspace', () => {
  it('is refused before anything is sent, naming the file and the limit', () => {
    const max = ACTION_LOG_LIMITS.maxFileBytes;
    expect(oversizedFile([{ path: 'a.yaml', content: 'x'.repeat(max) }])).toBeUndefined();
    expect(oversizedFile([{ path: 'a.yaml', content: 'ok' }, { path: 'big.yaml', content: 'x'.repeat(max + 1) }])).toEqual({ kind: 'fileTooLarge', path: 'big.yaml', length: max + 1, max });
  });
});
