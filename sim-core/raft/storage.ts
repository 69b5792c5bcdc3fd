// The persisted part of a member: its WAL and snapshot (etcd's wal/ + snap/ directories,
// read back through raft.MemoryStorage). Whatever is in here survives a crash; everything
// else a member holds is rebuilt at restart. The application writes to it while handling
// a Ready (`persist`), before sending that Ready's messages — etcd's rule that a member
// never tells anyone about a vote or an entry it has not made durable.
//
// Layout as in etcd's MemoryStorage: ents[0] is a dummy entry carrying the snapshot's
// index and term, so term(snapshotIndex) is answerable after compaction.
import type { ConfState, Entry, HardState, Ready, Snapshot } from './types';

/** Expected storage failures, as etcd's raft.ErrCompacted / ErrUnavailable / ErrSnapOutOfDate. */
export type StorageError = 'compacted' | 'unavailable' | 'snapshot-out-of-date';

export interface RaftStorage {
  /** the persisted HardState and the ConfState of the latest snapshot */
  initialState(): { hardState: HardState; confState: ConfState };
  /** entries [lo, hi), at least one even if it exceeds maxSize */
  entries(lo: number, hi: number, maxSize?: number): readonly Entry[] | StorageError;
  term(index: number): number | StorageError;
  /** index of the first entry still in the log (snapshot index + 1) */
  firstIndex(): number;
  lastIndex(): number;
  snapshot(): Snapshot;
}

export type StorageResult = { ok: true } | { ok: false; error: StorageError };

export const EMPTY_HARD_STATE: HardState = { term: 0, vote: 0, commit: 0 };
export const EMPTY_SNAPSHOT: Snapshot = { metadata: { index: 0, term: 0, confState: { voters: [] } }, data: '' };

/** Bytes an entry costs against maxSizePerMsg (data length is close enough for the model). */
export function entrySize(e: Entry): number {
  return e.data.length + 16;
}

export class MemoryStorage implements RaftStorage {
  private hardState: HardState = EMPTY_HARD_STATE;
  private snap: Snapshot = EMPTY_SNAPSHOT;
  /** ents[0] is the dummy at the snapshot's index/term; ents[i] has index ents[0].index + i */
  private ents: Entry[] = [{ term: 0, index: 0, type: 'normal', data: '' }];

  initialState(): { hardState: HardState; confState: ConfState } {
    return { hardState: this.hardState, confState: this.snap.metadata.confState };
  }

  setHardState(hs: HardState): void {
    this.hardState = hs;
  }

  private get offset(): number {
    return (this.ents[0] as Entry).index;
  }

  firstIndex(): number {
    return this.offset + 1;
  }

  lastIndex(): number {
    return this.offset + this.ents.length - 1;
  }

  term(index: number): number | StorageError {
    const offset = this.offset;
    if (index < offset) return 'compacted';
    if (index - offset >= this.ents.length) return 'unavailable';
    return (this.ents[index - offset] as Entry).term;
  }

  entries(lo: number, hi: number, maxSize = Infinity): readonly Entry[] | StorageError {
    const offset = this.offset;
    if (lo <= offset) return 'compacted';
    if (hi > this.lastIndex() + 1) throw new Error(`MemoryStorage.entries: hi ${hi} is past lastIndex ${this.lastIndex()}`);
    if (lo >= hi) return [];
    let end = hi - offset;
    if (maxSize !== Infinity) {
      let size = 0;
      for (let i = lo - offset; i < end; i++) {
        size += entrySize(this.ents[i] as Entry);
        if (size > maxSize && i > lo - offset) {
          end = i;
          break;
        }
      }
    }
    return this.ents.slice(lo - offset, end);
  }

  snapshot(): Snapshot {
    return this.snap;
  }

  /** Replace everything with a snapshot received from the leader. */
  applySnapshot(snap: Snapshot): StorageResult {
    if (snap.metadata.index <= this.snap.metadata.index) return { ok: false, error: 'snapshot-out-of-date' };
    this.snap = snap;
    this.ents = [{ term: snap.metadata.term, index: snap.metadata.index, type: 'normal', data: '' }];
    return { ok: true };
  }

  /** Record the application's state at `index` (<= applied) as the latest snapshot. */
  createSnapshot(index: number, confState: ConfState, data: string): Snapshot | StorageError {
    if (index <= this.snap.metadata.index) return 'snapshot-out-of-date';
    if (index > this.lastIndex()) throw new Error(`MemoryStorage.createSnapshot: ${index} is past lastIndex ${this.lastIndex()}`);
    const term = this.term(index) as number;
    this.snap = { metadata: { index, term, confState }, data };
    return this.snap;
  }

  /** Discard entries before `compactIndex` (it becomes the dummy); it must be <= the applied index. */
  compact(compactIndex: number): StorageResult {
    const offset = this.offset;
    if (compactIndex <= offset) return { ok: false, error: 'compacted' };
    if (compactIndex > this.lastIndex()) throw new Error(`MemoryStorage.compact: ${compactIndex} is past lastIndex ${this.lastIndex()}`);
    const i = compactIndex - offset;
    const dummy = this.ents[i] as Entry;
    const rest = this.ents.slice(i + 1);
    this.ents = [{ term: dummy.term, index: dummy.index, type: 'normal', data: '' }, ...rest];
    return { ok: true };
  }

  /** Append entries, overwriting any conflicting suffix (a new leader's log wins, §5.3). */
  append(entries: readonly Entry[]): void {
    if (entries.length === 0) return;
    const first = this.firstIndex();
    const last = (entries[entries.length - 1] as Entry).index;
    if (last < first) return; // entirely compacted already
    let ents = entries;
    if (first > (entries[0] as Entry).index) ents = entries.slice(first - (entries[0] as Entry).index);
    const start = (ents[0] as Entry).index - this.offset;
    if (start > this.ents.length) throw new Error(`MemoryStorage.append: gap, missing ${this.lastIndex() + 1}`);
    if (start < this.ents.length) this.ents.length = start;
    for (const e of ents) this.ents.push(e);
  }

  /** The WAL write of one Ready: snapshot, then entries, then the HardState. */
  persist(rd: Ready): void {
    if (rd.snapshot) {
      const r = this.applySnapshot(rd.snapshot);
      if (!r.ok) throw new Error(`MemoryStorage.persist: ${r.error}`);
    }
    this.append(rd.entries);
    if (rd.hardState) this.setHardState(rd.hardState);
  }

  /** Everything persisted, as plain data (for state hashes and the UI's WAL view). */
  toJSON(): { hardState: HardState; snapshot: SnapshotMetaOnly; entries: Entry[] } {
    return { hardState: this.hardState, snapshot: { metadata: this.snap.metadata, dataLength: this.snap.data.length }, entries: this.ents.slice(1) };
  }
}

export interface SnapshotMetaOnly {
  metadata: Snapshot['metadata'];
  dataLength: number;
}
