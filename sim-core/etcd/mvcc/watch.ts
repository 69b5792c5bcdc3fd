// Watches (server/mvcc/watchable_store.go). A watcher asks for events on a key or range
// from a start revision. When the start is at or below the current revision the watcher
// is "unsynced": it first catches up from history; then it is "synced" and gets each
// new write txn's events as it is applied. Either way every event arrives once, in
// revision order. A start below the compaction revision cancels the watch with
// compact_revision set, as etcd does.
// prev_kv is read at mod_revision - 1 (api/v3rpc/watch.go sendLoop), so it is absent
// when that revision has been compacted.
import type { WatchCreateRequest, WatchEvent } from '../types';
import type { KeyRecord } from './key-history';
import { rangeEndOf, type MvccStore } from './store';

export interface Watcher {
  id: number;
  key: string;
  /** KeyIndex form: undefined = one key, '' = unbounded */
  end: string | undefined;
  prevKv: boolean;
  noPut: boolean;
  noDelete: boolean;
  /** the next revision this watcher has not yet been sent */
  nextRev: number;
}

export function makeWatcher(id: number, req: WatchCreateRequest, currentRev: number): Watcher {
  const start = req.start_revision ?? 0;
  return {
    id,
    key: req.key,
    end: rangeEndOf(req.range_end),
    prevKv: req.prev_kv ?? false,
    noPut: req.filters?.includes('NOPUT') ?? false,
    noDelete: req.filters?.includes('NODELETE') ?? false,
    nextRev: start > 0 ? start : currentRev + 1,
  };
}

export function watcherMatches(w: Watcher, key: string): boolean {
  if (w.end === undefined) return key === w.key;
  return key >= w.key && (w.end === '' || key < w.end);
}

export function toWatchEvent(rec: KeyRecord, withPrev: boolean, compactRev: number): WatchEvent {
  const ev: WatchEvent = { type: rec.tombstone ? 'DELETE' : 'PUT', kv: rec.kv };
  if (withPrev && rec.prev !== undefined && rec.kv.mod_revision - 1 >= compactRev) ev.prev_kv = rec.prev;
  return ev;
}

function wanted(w: Watcher, rec: KeyRecord): boolean {
  if (rec.tombstone ? w.noDelete : w.noPut) return false;
  return watcherMatches(w, rec.kv.key);
}

/**
 * Catch an unsynced watcher up: the events from its nextRev to the current revision,
 * or 'compacted' when history no longer reaches back that far. Advances nextRev.
 */
export function catchUp(store: MvccStore, w: Watcher): WatchEvent[] | 'compacted' {
  if (w.nextRev < store.compactRev) return 'compacted';
  const out: WatchEvent[] = [];
  const evs = store.events;
  for (let i = store.firstEventAt(w.nextRev); i < evs.length; i++) {
    const rec = evs[i]!;
    if (wanted(w, rec)) out.push(toWatchEvent(rec, w.prevKv, store.compactRev));
  }
  w.nextRev = Math.max(w.nextRev, store.currentRev + 1);
  return out;
}

/**
 * A synced watcher's share of one write txn's changes, undefined when it has none (most
 * watchers, for most writes: nothing is built for them). Advances nextRev.
 */
export function eventsFor(w: Watcher, changes: readonly KeyRecord[], compactRev: number): WatchEvent[] | undefined {
  let out: WatchEvent[] | undefined;
  for (let i = 0; i < changes.length; i++) {
    const rec = changes[i]!;
    if (rec.kv.mod_revision < w.nextRev) continue;
    if (wanted(w, rec)) (out ??= []).push(toWatchEvent(rec, w.prevKv, compactRev));
  }
  const last = changes[changes.length - 1];
  if (last !== undefined) w.nextRev = Math.max(w.nextRev, last.kv.mod_revision + 1);
  return out;
}

/** Split events into responses of at most `maxRevs` distinct revisions (watchBatchMaxRevs = 1000). */
export function batchByRevision(events: WatchEvent[], maxRevs = 1000): WatchEvent[][] {
  const out: WatchEvent[][] = [];
  let cur: WatchEvent[] = [];
  let revs = 0;
  let lastRev = -1;
  for (const ev of events) {
    if (ev.kv.mod_revision !== lastRev) {
      if (revs === maxRevs) {
        out.push(cur);
        cur = [];
        revs = 0;
      }
      revs++;
      lastRev = ev.kv.mod_revision;
    }
    cur.push(ev);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}
