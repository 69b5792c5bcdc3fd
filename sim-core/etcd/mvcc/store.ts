// The MVCC keyspace as etcd 3.4 counts it (server/mvcc/kvstore.go, kvstore_txn.go).
// A fresh store is at revision 1. Every write txn that changes something bumps the
// revision exactly once; the changes inside it are told apart by sub-revision. Each key
// carries create_revision (the revision of its latest creation), mod_revision and
// version (modifications since creation). A delete writes a tombstone: the key is gone
// from reads at later revisions, and a later put starts over at version 1 with a new
// create_revision. History stays readable until compaction.
import { etcdErrors } from '../errors';
import type { Lessor } from '../lease/lessor';
import type { EtcdResult, KeyValue } from '../types';
import { KeyIndex } from './key-index';
import type { KeyHistory, KeyRecord } from './key-history';

export interface RangeResult {
  kvs: KeyValue[];
  /** keys in the range at that revision, before any limit */
  count: number;
  /** the store's current revision as seen by this read (not the revision asked for) */
  rev: number;
}

export interface RangeOptions {
  /** 0 or less = the current revision */
  rev?: number;
  limit?: number;
  countOnly?: boolean;
}

/**
 * Translate an etcd range_end into KeyIndex form: undefined or '' = the single key,
 * '\0' = every key from `key` on (mkGteRange in etcdserver/apply.go).
 */
export function rangeEndOf(rangeEnd: string | undefined): string | undefined {
  if (rangeEnd === undefined || rangeEnd === '') return undefined;
  if (rangeEnd === '\0') return '';
  return rangeEnd;
}

export class MvccStore {
  /** the revision of the last committed write txn; 1 for a fresh store */
  currentRev = 1;
  /** reads below this revision fail; 0 = never compacted */
  compactRev = 0;
  readonly index = new KeyIndex();
  /** every change at or above compactRev in (revision, sub) order: the watch history */
  events: KeyRecord[] = [];

  constructor(readonly lessor: Lessor) {}

  /** Start a write txn (kvstore_txn.go storeTxnWrite). Call end() when done. */
  write(): WriteTxn {
    return new WriteTxn(this);
  }

  /**
   * A write txn holding one put and nothing else (a plain Put request), committed at
   * once: the same revision, record and event as write().put() then end(), without the
   * txn object (every member applies every put; the benchmark's hot path).
   */
  putAlone(key: string, value: string, lease: bigint): number {
    const rev = this.currentRev + 1;
    const history = this.index.getOrCreate(key);
    const rec = putRecord(this, history, key, value, lease, rev, 0);
    history.append(rec);
    this.currentRev = rev;
    this.events.push(rec);
    return rev;
  }

  /** A read-only range at the current revision or an older one. */
  range(key: string, rangeEnd: string | undefined, opts: RangeOptions = {}): EtcdResult<RangeResult> {
    return this.rangeAt(key, rangeEnd, opts, this.currentRev);
  }

  /** rangeKeys in kvstore_txn.go: curRev is the revision the reading txn sees. */
  rangeAt(key: string, rangeEnd: string | undefined, opts: RangeOptions, curRev: number): EtcdResult<RangeResult> {
    const asked = opts.rev ?? 0;
    if (asked > curRev) return { ok: false, error: etcdErrors.futureRev };
    const rev = asked <= 0 ? curRev : asked;
    if (rev < this.compactRev) return { ok: false, error: etcdErrors.compacted };
    const end = rangeEndOf(rangeEnd);
    if (end !== undefined && end !== '' && end <= key) return { ok: true, value: { kvs: [], count: 0, rev: curRev } };
    const keys = this.index.range(key, end);
    const kvs: KeyValue[] = [];
    let count = 0;
    const limit = opts.limit !== undefined && opts.limit > 0 ? opts.limit : Infinity;
    for (const k of keys) {
      const kv = this.index.get(k)!.at(rev);
      if (kv === undefined) continue;
      count++;
      if (!opts.countOnly && kvs.length < limit) kvs.push(kv);
    }
    return { ok: true, value: { kvs, count, rev: curRev } };
  }

  /**
   * Compact at `rev` (kvstore.go compact): reads and watches below it will fail with
   * ErrCompacted. Fails when `rev` is not above the last compaction or is in the future.
   */
  compact(rev: number): EtcdResult<void> {
    if (rev <= this.compactRev) return { ok: false, error: etcdErrors.compacted };
    if (rev > this.currentRev) return { ok: false, error: etcdErrors.futureRev };
    this.compactRev = rev;
    for (const k of this.index.keys()) {
      if (this.index.get(k)!.compact(rev)) this.index.remove(k);
    }
    // Keep the events a watcher starting at `rev` can still read: the kept revisions
    // (a tombstone at exactly `rev` was dropped by key_index.go compact).
    let first = 0;
    while (first < this.events.length && this.events[first]!.kv.mod_revision < rev) first++;
    this.events = this.events.slice(first).filter((e) => !(e.tombstone && e.kv.mod_revision === rev));
    return { ok: true, value: undefined };
  }

  /** Index of the first event with revision >= rev. */
  firstEventAt(rev: number): number {
    const evs = this.events;
    let lo = 0;
    let hi = evs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (evs[mid]!.kv.mod_revision < rev) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A txn's changes before its first one (shared and frozen; record() replaces it). */
const NO_CHANGES = Object.freeze([]) as unknown as KeyRecord[];

/**
 * One write txn. Reads inside it see its own earlier writes, at revision beginRev + 1
 * once it has changed something (storeTxnWrite.Range).
 */
export class WriteTxn {
  readonly beginRev: number;
  /** (starts as the shared empty array; the first change makes an exact-size one) */
  changes: KeyRecord[] = NO_CHANGES;

  constructor(private readonly store: MvccStore) {
    this.beginRev = store.currentRev;
  }

  /** The revision this txn's reads see. */
  rev(): number {
    return this.changes.length > 0 ? this.beginRev + 1 : this.beginRev;
  }

  range(key: string, rangeEnd: string | undefined, opts: RangeOptions = {}): EtcdResult<RangeResult> {
    return this.store.rangeAt(key, rangeEnd, opts, this.rev());
  }

  /** The one key's value as this txn sees it (what range(key) finds, without building a result). */
  get(key: string): KeyValue | undefined {
    return this.store.index.get(key)?.at(this.rev());
  }

  /** storeTxnWrite.put: returns the revision of the write. */
  put(key: string, value: string, lease: bigint): number {
    const rev = this.beginRev + 1;
    const history = this.store.index.getOrCreate(key);
    this.record(history, putRecord(this.store, history, key, value, lease, rev, this.changes.length));
    return rev;
  }

  /** storeTxnWrite.DeleteRange: tombstones every live key; returns the deleted values. */
  deleteRange(key: string, rangeEnd: string | undefined): KeyValue[] {
    const read = this.range(key, rangeEnd);
    if (!read.ok) throw new Error('deleteRange: a read at the current revision cannot fail');
    const rev = this.beginRev + 1;
    for (const prev of read.value.kvs) {
      const history = this.store.index.get(prev.key)!;
      if (prev.lease !== 0n) this.store.lessor.detach(prev.lease, prev.key);
      const kv: KeyValue = { key: prev.key, create_revision: 0, mod_revision: rev, version: 0, value: '', lease: 0n };
      const rec: KeyRecord = { kv, sub: this.changes.length, tombstone: true, prev };
      this.record(history, rec);
    }
    return read.value.kvs;
  }

  /**
   * Append a change to the key's history and the txn. A first element goes into a
   * one-slot array: push() on an empty array reserves 17 slots, and most keys and txns
   * (a plain put) hold one or two (the benchmark's 100,000 keys × every member).
   */
  private record(history: KeyHistory, rec: KeyRecord): void {
    history.append(rec);
    if (this.changes.length === 0) this.changes = [rec];
    else this.changes.push(rec);
  }

  /** Commit: the revision moves on only when something changed. Returns the changes. */
  end(): KeyRecord[] {
    if (this.changes.length > 0) {
      this.store.currentRev = this.beginRev + 1;
      for (const c of this.changes) this.store.events.push(c);
    }
    return this.changes;
  }
}

/** The record of a put of `key` at revision `rev` (sub-revision `sub`), moving the key's lease attachment. */
function putRecord(store: MvccStore, history: KeyHistory, key: string, value: string, lease: bigint, rev: number, sub: number): KeyRecord {
  // rev is past every record the key has (it is the txn's own revision): its value now
  const prev = history.latest();
  const kv: KeyValue = {
    key,
    create_revision: prev === undefined ? rev : prev.create_revision,
    mod_revision: rev,
    version: prev === undefined ? 1 : prev.version + 1,
    value,
    lease,
  };
  const lessor = store.lessor;
  if (prev !== undefined && prev.lease !== 0n) lessor.detach(prev.lease, key);
  if (lease !== 0n) lessor.attach(lease, key);
  return { kv, sub, tombstone: false, prev };
}
