// One key's revisions, oldest first: etcd's keyIndex (server/mvcc/key_index.go) flattened.
// etcd keeps "generations" separated by tombstones; here a tombstone is a record whose
// kv has create_revision 0, so the generation boundary is implicit and a read at a
// revision finds the last record at or below it and checks whether it is a tombstone.
import type { KeyValue } from '../types';

/** One change of a key: a put (kv is the new value) or a delete (tombstone). */
export interface KeyRecord {
  kv: KeyValue;
  /** sub-revision: the change's position within its revision's txn */
  sub: number;
  tombstone: boolean;
  /** the value this change replaced, if the key was alive (for watch prev_kv) */
  prev: KeyValue | undefined;
}

const NO_RECORDS: readonly KeyRecord[] = Object.freeze([]);

/**
 * Most keys hold a single record (the benchmark writes 100,000 keys on every member), so
 * a lone record is kept as is and an array is made only from the second one on: that is
 * an object less per key, and a put reads the newest state without walking to it.
 */
export class KeyHistory {
  /** the only record while there is exactly one */
  private single: KeyRecord | undefined = undefined;
  /** every record, oldest first, once there are two or more */
  private list: KeyRecord[] | undefined = undefined;
  /** the newest record's value, undefined when it is a tombstone or there is none */
  private live: KeyValue | undefined = undefined;

  /** ordered by kv.mod_revision, strictly increasing (a txn never touches a key twice) */
  get records(): readonly KeyRecord[] {
    if (this.list !== undefined) return this.list;
    return this.single === undefined ? NO_RECORDS : [this.single];
  }

  /** Add the newest change. */
  append(rec: KeyRecord): void {
    this.live = rec.tombstone ? undefined : rec.kv;
    if (this.list !== undefined) this.list.push(rec);
    else if (this.single === undefined) this.single = rec;
    else {
      this.list = [this.single, rec];
      this.single = undefined;
    }
  }

  /** The value now: what at(rev) gives for any rev at or past the newest record (a put's read). */
  latest(): KeyValue | undefined {
    return this.live;
  }

  /** The live value at `rev`, or undefined when the key did not exist then. */
  at(rev: number): KeyValue | undefined {
    const one = this.single;
    if (one !== undefined) return one.kv.mod_revision > rev || one.tombstone ? undefined : one.kv;
    const recs = this.list;
    if (recs === undefined) return undefined;
    const last = recs[recs.length - 1]!;
    if (last.kv.mod_revision <= rev) return this.live;
    let lo = 0;
    let hi = recs.length - 1;
    // binary search for the last record with mod_revision <= rev
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (recs[mid]!.kv.mod_revision <= rev) lo = mid;
      else hi = mid - 1;
    }
    const r = recs[lo]!;
    if (r.kv.mod_revision > rev || r.tombstone) return undefined;
    return r.kv;
  }

  /**
   * Drop records that no read at or above `rev` can see: everything at or below `rev`
   * except the newest such record, which is dropped too when it is a tombstone
   * (key_index.go compact). Returns true when nothing is left.
   */
  compact(rev: number): boolean {
    const recs = this.records;
    let keepFrom = -1;
    for (let i = recs.length - 1; i >= 0; i--) {
      if (recs[i]!.kv.mod_revision <= rev) {
        keepFrom = recs[i]!.tombstone ? i + 1 : i;
        break;
      }
    }
    if (keepFrom > 0) {
      const kept = recs.slice(keepFrom);
      this.single = kept.length === 1 ? kept[0] : undefined;
      this.list = kept.length >= 2 ? kept : undefined;
    }
    return this.single === undefined && this.list === undefined;
  }
}
