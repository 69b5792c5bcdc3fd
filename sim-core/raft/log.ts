// The Raft log (§5.3): the persisted entries in storage plus the unstable tail not yet
// written to the WAL, and the two volatile cursors commitIndex and lastApplied.
// Shape of etcd-io/raft's log.go + log_unstable.go.
//
// Invariants: firstIndex-1 <= lastApplied <= applying <= commitIndex <= lastIndex;
// unstable entries, when present, start at `unstableOffset` and shadow any storage entry
// at or after that index (a conflicting suffix being overwritten, §5.3).
import type { RaftStorage, StorageError } from './storage';
import { entrySize } from './storage';
import type { Entry, Snapshot } from './types';

export type TermResult = number | StorageError;

export class RaftLog {
  readonly storage: RaftStorage;
  /** a snapshot received from the leader and not yet persisted */
  unstableSnapshot: Snapshot | undefined = undefined;
  /** entries appended and not yet persisted; unstableEntries[i] has index unstableOffset + i */
  unstableEntries: Entry[] = [];
  unstableOffset: number;
  /** commitIndex: highest index known committed (§5.3) — never decreases */
  committed: number;
  /** highest index handed to the application in a Ready (applied <= applying <= committed) */
  applying: number;
  /** lastApplied: highest index the application has applied (after advance) */
  applied: number;

  constructor(storage: RaftStorage) {
    this.storage = storage;
    const first = storage.firstIndex();
    this.unstableOffset = storage.lastIndex() + 1;
    this.committed = first - 1;
    this.applying = first - 1;
    this.applied = first - 1;
  }

  firstIndex(): number {
    if (this.unstableSnapshot) return this.unstableSnapshot.metadata.index + 1;
    return this.storage.firstIndex();
  }

  lastIndex(): number {
    const n = this.unstableEntries.length;
    if (n > 0) return this.unstableOffset + n - 1;
    if (this.unstableSnapshot) return this.unstableSnapshot.metadata.index;
    return this.storage.lastIndex();
  }

  lastTerm(): number {
    const t = this.term(this.lastIndex());
    if (typeof t !== 'number') throw new Error(`RaftLog: term of lastIndex unavailable (${t})`);
    return t;
  }

  term(i: number): TermResult {
    // the valid range is [firstIndex-1, lastIndex]; firstIndex-1 is the snapshot's dummy
    if (i < this.firstIndex() - 1) return 'compacted';
    if (i > this.lastIndex()) return 'unavailable';
    if (i >= this.unstableOffset) {
      const e = this.unstableEntries[i - this.unstableOffset];
      if (e) return e.term;
    } else if (this.unstableSnapshot && this.unstableSnapshot.metadata.index === i) {
      return this.unstableSnapshot.metadata.term;
    }
    return this.storage.term(i);
  }

  /** term(i), or 0 when it is not in the log */
  termOrZero(i: number): number {
    const t = this.term(i);
    return typeof t === 'number' ? t : 0;
  }

  matchTerm(i: number, term: number): boolean {
    return this.term(i) === term;
  }

  /** §5.4.1: a candidate's log is at least as up-to-date as ours. */
  isUpToDate(lastIndex: number, lastTerm: number): boolean {
    const myTerm = this.lastTerm();
    return lastTerm > myTerm || (lastTerm === myTerm && lastIndex >= this.lastIndex());
  }

  /** The first entry whose term conflicts with ours (or is new); 0 if all already match. */
  findConflict(ents: readonly Entry[]): number {
    for (const e of ents) if (!this.matchTerm(e.index, e.term)) return e.index;
    return 0;
  }

  /**
   * Fast backtracking (etcd's findConflictByTerm): the largest index <= `index` whose term
   * is <= `term`, with that term. Entries between it and `index` cannot match a log whose
   * entry at `index` has term `term`, so the leader may skip them in one round trip.
   */
  findConflictByTerm(index: number, term: number): { index: number; term: number } {
    for (let i = index; i >= 0; i--) {
      const t = this.term(i);
      if (typeof t !== 'number') return { index: i, term: 0 };
      if (t <= term) return { index: i, term: t };
    }
    return { index: 0, term: 0 };
  }

  /**
   * AppendEntries receiver (§5.3, Figure 2): if our entry at prevLogIndex has prevLogTerm,
   * overwrite conflicts, append what is new and advance commitIndex. Returns the index of
   * the last new entry, or -1 if the consistency check fails.
   */
  maybeAppend(prevIndex: number, prevTerm: number, leaderCommit: number, ents: readonly Entry[]): number {
    if (!this.matchTerm(prevIndex, prevTerm)) return -1;
    const lastNew = prevIndex + ents.length;
    const ci = this.findConflict(ents);
    if (ci !== 0) {
      if (ci <= this.committed) throw new Error(`RaftLog: entry ${ci} conflicts with committed entry (committed ${this.committed})`);
      this.append(ents.slice(ci - (prevIndex + 1)));
    }
    this.commitTo(Math.min(leaderCommit, lastNew));
    return lastNew;
  }

  /** Append entries to the unstable tail, truncating any conflicting suffix. */
  append(ents: readonly Entry[]): number {
    if (ents.length === 0) return this.lastIndex();
    const after = (ents[0] as Entry).index;
    if (after - 1 < this.committed) throw new Error(`RaftLog: append after ${after - 1} is below commitIndex ${this.committed}`);
    const u = this.unstableEntries;
    if (after === this.unstableOffset + u.length) {
      for (const e of ents) u.push(e);
    } else if (after <= this.unstableOffset) {
      // replacing everything unstable (and shadowing storage from `after` on)
      this.unstableOffset = after;
      this.unstableEntries = ents.slice();
    } else {
      u.length = after - this.unstableOffset;
      for (const e of ents) u.push(e);
    }
    return this.lastIndex();
  }

  /** Entries [lo, hi) limited to maxSize bytes and maxCount entries (at least one). */
  slice(lo: number, hi: number, maxSize = Infinity, maxCount = Infinity): Entry[] | StorageError {
    if (lo >= hi) return [];
    if (lo < this.firstIndex()) return 'compacted';
    if (hi > this.lastIndex() + 1) throw new Error(`RaftLog.slice: [${lo},${hi}) out of bounds (last ${this.lastIndex()})`);
    if (hi - lo > maxCount) hi = lo + maxCount;
    let out: Entry[] = [];
    const uo = this.unstableOffset;
    if (lo < uo) {
      const stored = this.storage.entries(lo, Math.min(hi, uo), maxSize);
      if (typeof stored === 'string') return stored;
      out = stored.slice();
      if (out.length < Math.min(hi, uo) - lo) return out; // size limit hit inside storage
    }
    if (hi > uo) {
      const from = Math.max(lo, uo) - uo;
      const to = hi - uo;
      for (let i = from; i < to; i++) out.push(this.unstableEntries[i] as Entry);
    }
    if (maxSize !== Infinity) {
      let size = 0;
      for (let i = 0; i < out.length; i++) {
        size += entrySize(out[i] as Entry);
        if (size > maxSize && i > 0) return out.slice(0, i);
      }
    }
    return out;
  }

  commitTo(toCommit: number): void {
    if (toCommit <= this.committed) return; // commitIndex never decreases
    if (toCommit > this.lastIndex()) throw new Error(`RaftLog: commit ${toCommit} is past lastIndex ${this.lastIndex()}`);
    this.committed = toCommit;
  }

  /** Leader's commit rule (§5.4.2): only an entry of the current term is committed by counting. */
  maybeCommit(maxIndex: number, term: number): boolean {
    if (maxIndex > this.committed && this.termOrZero(maxIndex) === term) {
      this.commitTo(maxIndex);
      return true;
    }
    return false;
  }

  hasNextCommittedEnts(): boolean {
    if (this.unstableSnapshot) return false;
    return this.committed > Math.max(this.applying, this.firstIndex() - 1);
  }

  nextCommittedEnts(maxSize = Infinity): Entry[] {
    if (!this.hasNextCommittedEnts()) return [];
    const lo = Math.max(this.applying + 1, this.firstIndex());
    const ents = this.slice(lo, this.committed + 1, maxSize);
    if (typeof ents === 'string') throw new Error(`RaftLog: committed entries from ${lo} are ${ents}`);
    return ents;
  }

  acceptApplying(index: number): void {
    if (index > this.applying) this.applying = index;
  }

  appliedTo(index: number): void {
    if (index === 0) return;
    if (index > this.committed || index < this.applied) {
      throw new Error(`RaftLog: applied ${index} is out of range [${this.applied}, ${this.committed}]`);
    }
    this.applied = index;
    if (this.applying < index) this.applying = index;
  }

  /** The application persisted entries up to (index, term): drop them from the unstable tail. */
  stableTo(index: number, term: number): void {
    if (index < this.unstableOffset) return;
    const e = this.unstableEntries[index - this.unstableOffset];
    if (!e || e.term !== term) return; // overwritten meanwhile
    const drop = index + 1 - this.unstableOffset;
    this.unstableEntries = drop === this.unstableEntries.length ? [] : this.unstableEntries.slice(drop);
    this.unstableOffset = index + 1;
  }

  stableSnapTo(index: number): void {
    if (this.unstableSnapshot && this.unstableSnapshot.metadata.index === index) this.unstableSnapshot = undefined;
  }

  /** The latest snapshot, unstable first (what the leader sends to a lagging follower). */
  snapshot(): Snapshot {
    return this.unstableSnapshot ?? this.storage.snapshot();
  }

  /** Install a snapshot from the leader: the log becomes just the snapshot. */
  restore(s: Snapshot): void {
    this.committed = s.metadata.index;
    this.unstableOffset = s.metadata.index + 1;
    this.unstableEntries = [];
    this.unstableSnapshot = s;
  }
}
