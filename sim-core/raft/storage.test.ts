import { describe, expect, it } from 'vitest';
import { RaftLog } from './log';
import { MemoryStorage } from './storage';
import type { Entry } from './types';

const e = (index: number, term: number, data = `d${index}`): Entry => ({ index, term, type: 'normal', data });

describe('MemoryStorage (the WAL model)', () => {
  it('appends, overwrites a conflicting suffix, and answers term/entries', () => {
    const s = new MemoryStorage();
    s.append([e(1, 1), e(2, 1), e(3, 2)]);
    expect([s.firstIndex(), s.lastIndex()]).toEqual([1, 3]);
    s.append([e(3, 3, 'new3'), e(4, 3)]);
    expect(s.entries(1, 5)).toEqual([e(1, 1), e(2, 1), e(3, 3, 'new3'), e(4, 3)]);
    expect(s.term(3)).toBe(3);
    expect(s.term(9)).toBe('unavailable');
    expect(() => s.append([e(7, 3)])).toThrow(/gap/);
  });

  it('limits entries by size but always returns at least one', () => {
    const s = new MemoryStorage();
    s.append([e(1, 1, 'x'.repeat(100)), e(2, 1, 'y'.repeat(100)), e(3, 1)]);
    expect(s.entries(1, 4, 10)).toHaveLength(1);
    expect(s.entries(1, 4, 240)).toHaveLength(2); // 116 + 116 bytes fit, the third (18) does not
  });

  it('snapshots and compacts: old entries answer "compacted", the snapshot index keeps its term', () => {
    const s = new MemoryStorage();
    s.append([e(1, 1), e(2, 1), e(3, 2), e(4, 2)]);
    const snap = s.createSnapshot(3, { voters: [1, 2, 3] }, 'state@3');
    expect(snap).toEqual({ metadata: { index: 3, term: 2, confState: { voters: [1, 2, 3] } }, data: 'state@3' });
    expect(s.compact(3)).toEqual({ ok: true });
    expect(s.firstIndex()).toBe(4);
    expect(s.term(3)).toBe(2);
    expect(s.term(2)).toBe('compacted');
    expect(s.entries(2, 4)).toBe('compacted');
    expect(s.compact(2)).toEqual({ ok: false, error: 'compacted' });
    expect(s.createSnapshot(2, { voters: [] }, '')).toBe('snapshot-out-of-date');
    expect(s.initialState().confState.voters).toEqual([1, 2, 3]);
  });

  it('applying a newer snapshot replaces the log; an older one is refused', () => {
    const s = new MemoryStorage();
    s.append([e(1, 1), e(2, 1)]);
    const snap = { metadata: { index: 10, term: 4, confState: { voters: [1] } }, data: 'S' };
    expect(s.applySnapshot(snap)).toEqual({ ok: true });
    expect([s.firstIndex(), s.lastIndex(), s.term(10)]).toEqual([11, 10, 4]);
    expect(s.applySnapshot({ ...snap, metadata: { ...snap.metadata, index: 5 } })).toEqual({ ok: false, error: 'snapshot-out-of-date' });
  });
});

describe('RaftLog', () => {
  function log(): RaftLog {
    const s = new MemoryStorage();
    s.append([e(1, 1), e(2, 1), e(3, 2)]);
    return new RaftLog(s);
  }

  it('AppendEntries consistency check: rejects a missing prevLogIndex/prevLogTerm, appends otherwise', () => {
    const l = log();
    expect(l.maybeAppend(3, 1, 0, [e(4, 2)])).toBe(-1); // prev term mismatch
    expect(l.maybeAppend(5, 2, 0, [e(6, 2)])).toBe(-1); // gap
    expect(l.maybeAppend(3, 2, 4, [e(4, 2), e(5, 2)])).toBe(5);
    expect(l.committed).toBe(4);
    expect(l.lastIndex()).toBe(5);
  });

  it('truncates a conflicting uncommitted suffix and never touches committed entries', () => {
    const l = log();
    l.maybeAppend(3, 2, 0, [e(4, 2), e(5, 2)]);
    expect(l.maybeAppend(3, 2, 0, [e(4, 3, 'winner')])).toBe(4);
    expect(l.slice(4, l.lastIndex() + 1)).toEqual([e(4, 3, 'winner')]);
    l.commitTo(4);
    expect(() => l.maybeAppend(2, 1, 0, [e(3, 9)])).toThrow(/committed/);
  });

  it('findConflictByTerm skips back over a whole term', () => {
    const l = log();
    l.append([e(4, 2), e(5, 2), e(6, 5), e(7, 5)]);
    expect(l.findConflictByTerm(7, 3)).toEqual({ index: 5, term: 2 });
    expect(l.findConflictByTerm(7, 5)).toEqual({ index: 7, term: 5 });
  });

  it('the up-to-date rule compares last term, then length (§5.4.1)', () => {
    const l = log();
    expect(l.isUpToDate(3, 2)).toBe(true);
    expect(l.isUpToDate(2, 2)).toBe(false);
    expect(l.isUpToDate(1, 3)).toBe(true);
    expect(l.isUpToDate(10, 1)).toBe(false);
  });
});
