// One key's history as reads see it: a lone record, then several, tombstones between
// generations, and compaction (key_index.go: get, compact).
import { describe, expect, it } from 'vitest';
import type { KeyValue } from '../types';
import { KeyHistory, type KeyRecord } from './key-history';

function put(rev: number, value: string, create: number, version: number, prev?: KeyValue): KeyRecord {
  return { kv: { key: 'k', create_revision: create, mod_revision: rev, version, value, lease: 0n }, sub: 0, tombstone: false, prev };
}
function del(rev: number, prev: KeyValue): KeyRecord {
  return { kv: { key: 'k', create_revision: 0, mod_revision: rev, version: 0, value: '', lease: 0n }, sub: 0, tombstone: true, prev };
}

describe('KeyHistory', () => {
  it('answers reads before, at and after a lone record', () => {
    const h = new KeyHistory();
    expect(h.at(10)).toBeUndefined();
    expect(h.latest()).toBeUndefined();
    expect(h.records).toEqual([]);
    const a = put(5, 'a', 5, 1);
    h.append(a);
    expect(h.at(4)).toBeUndefined();
    expect(h.at(5)?.value).toBe('a');
    expect(h.at(99)?.value).toBe('a');
    expect(h.latest()?.value).toBe('a');
    expect(h.records).toEqual([a]);
  });

  it('finds the value at every revision across generations separated by a delete', () => {
    const h = new KeyHistory();
    const r1 = put(2, 'one', 2, 1);
    const r2 = put(4, 'two', 2, 2, r1.kv);
    const r3 = del(6, r2.kv);
    const r4 = put(9, 'three', 9, 1);
    for (const r of [r1, r2, r3, r4]) h.append(r);
    const values = [1, 2, 3, 4, 5, 6, 8, 9, 12].map((rev) => h.at(rev)?.value ?? '-');
    expect(values).toEqual(['-', 'one', 'one', 'two', 'two', '-', '-', 'three', 'three']);
    expect(h.latest()?.value).toBe('three');
    expect(h.records.map((r) => r.kv.mod_revision)).toEqual([2, 4, 6, 9]);
  });

  it('has no value now after a delete', () => {
    const h = new KeyHistory();
    const r1 = put(2, 'one', 2, 1);
    h.append(r1);
    h.append(del(3, r1.kv));
    expect(h.latest()).toBeUndefined();
    expect(h.at(3)).toBeUndefined();
    expect(h.at(2)?.value).toBe('one');
  });

  it('compacts away what no read at or above the revision sees, and a tombstone at the boundary', () => {
    const h = new KeyHistory();
    const r1 = put(2, 'one', 2, 1);
    const r2 = put(4, 'two', 2, 2, r1.kv);
    const r3 = put(7, 'three', 2, 3, r2.kv);
    for (const r of [r1, r2, r3]) h.append(r);
    expect(h.compact(5)).toBe(false);
    expect(h.records.map((r) => r.kv.value)).toEqual(['two', 'three']);
    expect(h.at(5)?.value).toBe('two');
    expect(h.compact(7)).toBe(false);
    expect(h.records.map((r) => r.kv.value)).toEqual(['three']);
    expect(h.at(8)?.value).toBe('three');
    // then deleted, and compacted at the delete: nothing is left
    h.append(del(9, r3.kv));
    expect(h.compact(9)).toBe(true);
    expect(h.records).toEqual([]);
    expect(h.at(10)).toBeUndefined();
    // written again afterwards: a new generation
    h.append(put(11, 'again', 11, 1));
    expect(h.at(11)?.value).toBe('again');
    expect(h.records.length).toBe(1);
  });
});
