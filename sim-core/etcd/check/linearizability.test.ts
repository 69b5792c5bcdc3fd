import { describe, expect, it } from 'vitest';
import { checkHistory, checkRegister, type HistoryOp } from './linearizability';

const w = (call: number, ret: number, value: string | null): HistoryOp => ({ key: 'x', call, ret, op: { kind: 'write', value } });
const r = (call: number, ret: number, value: string | null): HistoryOp => ({ key: 'x', call, ret, op: { kind: 'read', value } });

describe('linearizability checker (single-key register)', () => {
  it('accepts a sequential history and concurrent reads that see either value', () => {
    expect(checkRegister([w(0, 1, 'a'), r(2, 3, 'a'), w(4, 5, 'b'), r(6, 7, 'b')])).toBe(true);
    // a read overlapping a write may see the old or the new value
    expect(checkRegister([w(0, 1, 'a'), w(2, 6, 'b'), r(3, 4, 'a'), r(5, 7, 'b')])).toBe(true);
  });

  it('rejects a stale read after a write completed', () => {
    expect(checkRegister([w(0, 1, 'a'), w(2, 3, 'b'), r(4, 5, 'a')])).toBe(false);
  });

  it('rejects reads that see values in an order no single point in time allows', () => {
    // both writes overlap both reads, but the two readers disagree on the order and
    // the second read starts after the first ended: a new-old inversion
    const h = [w(0, 10, 'a'), w(0, 10, 'b'), r(1, 2, 'a'), r(3, 4, 'b'), r(5, 6, 'a')];
    expect(checkRegister(h)).toBe(false);
    expect(checkRegister(h.slice(0, 4))).toBe(true);
  });

  it('treats a timed-out write as possibly applied, at any later point', () => {
    expect(checkRegister([w(0, Infinity, 'a'), r(5, 6, null), r(7, 8, 'a')])).toBe(true);
    expect(checkRegister([w(0, Infinity, 'a'), r(5, 6, 'a'), r(7, 8, null)])).toBe(false);
  });

  it('reads of a missing key see null, and compare-and-set is checked', () => {
    expect(checkRegister([r(0, 1, null)])).toBe(true);
    expect(checkRegister([r(0, 1, 'ghost')])).toBe(false);
    const cas = (call: number, ret: number, expect: string | null, value: string, succeeded: boolean): HistoryOp => ({
      key: 'x',
      call,
      ret,
      op: { kind: 'cas', expect, value, succeeded },
    });
    expect(checkRegister([w(0, 1, 'a'), cas(2, 3, 'a', 'b', true), r(4, 5, 'b')])).toBe(true);
    expect(checkRegister([w(0, 1, 'a'), cas(2, 3, 'z', 'b', true)])).toBe(false);
  });

  it('prunes unobserved timed-out writes without changing the verdict', () => {
    const h = [w(0, 1, 'a'), w(2, Infinity, 'lost'), r(3, 4, 'a'), w(5, Infinity, 'seen'), r(6, 7, 'seen')];
    expect(checkHistory(h).ok).toBe(true);
    expect(checkHistory([...h, r(8, 9, 'a')]).ok).toBe(false);
  });

  it('keeps unobserved writes when a failed compare-and-set may depend on them', () => {
    const cas = (call: number, ret: number, expect: string | null, value: string, succeeded: boolean): HistoryOp => ({
      key: 'x',
      call,
      ret,
      op: { kind: 'cas', expect, value, succeeded },
    });
    // the CAS failed although the last known value was 'a': only the lost write explains it
    expect(checkHistory([w(0, 1, 'a'), w(2, Infinity, 'lost'), cas(5, 6, 'a', 'b', false)]).ok).toBe(true);
    expect(checkHistory([w(0, 1, 'a'), cas(5, 6, 'a', 'b', false)]).ok).toBe(false);
  });

  it('reports the failing key of a multi-key history', () => {
    const res = checkHistory([{ ...w(0, 1, 'a'), key: 'ok' }, { ...w(0, 1, 'a'), key: 'bad' }, { ...r(2, 3, 'b'), key: 'bad' }]);
    expect(res.ok ? '' : res.key).toBe('bad');
  });
});
