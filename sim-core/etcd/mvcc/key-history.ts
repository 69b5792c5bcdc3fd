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

export class KeyHistory {
  /** ordered by kv.mod_revision, strictly increasing (a txn never touches a key twice) */
  records: KeyRecord[] = [];

  last(): KeyRecord | undefined {
    return this.records[this.records.length - 1];
  }

  /** The live value at `rev`, or undefined when the key did not exist then. */
  at(rev: number): KeyValue | undefined {
    const recs = this.records;
    const last = recs[recs.length - 1];
    if (last === undefined) return undefined;
    if (last.kv.mod_revision <= rev) return last.tombstone ? undefined : last.kv;
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
    if (keepFrom > 0) this.records = recs.slice(keepFrom);
    return this.records.length === 0;
  }
}
