// The whole replicated state of a member's store, as one string: what a Raft snapshot
// carries (etcd sends its bolt database file, db + the lease bucket). History since the
// last compaction is included, so a member restored from a snapshot can serve reads at
// old revisions and watches from them exactly like the member that took it.
import { hash64 } from '../../kernel';
import type { Lessor } from '../lease/lessor';
import type { KeyValue } from '../types';
import type { KeyRecord } from './key-history';
import { MvccStore } from './store';

/** [mod_revision, sub, create_revision, version, value, lease (decimal), tombstone 0|1] */
type RecordRow = [number, number, number, number, string, string, number];

interface StoreImage {
  rev: number;
  compactRev: number;
  keys: Array<[string, RecordRow[]]>;
  leases: Array<[string, number, string[]]>;
}

export function snapshotStore(store: MvccStore): string {
  const keys: Array<[string, RecordRow[]]> = [];
  for (const k of store.index.keys()) {
    const rows = store.index.get(k)!.records.map(
      (r): RecordRow => [r.kv.mod_revision, r.sub, r.kv.create_revision, r.kv.version, r.kv.value, r.kv.lease.toString(), r.tombstone ? 1 : 0],
    );
    keys.push([k, rows]);
  }
  const image: StoreImage = {
    rev: store.currentRev,
    compactRev: store.compactRev,
    keys,
    leases: store.lessor.dump().map((l) => [l.id.toString(), l.ttl, l.keys]),
  };
  return JSON.stringify(image);
}

/** Build a store from a snapshot (its text, or the text already parsed); lease deadlines restart from `now`. */
export function restoreStore(data: string | unknown, lessor: Lessor, now: number): MvccStore {
  const image = (typeof data === 'string' ? JSON.parse(data) : data) as StoreImage;
  lessor.load(
    image.leases.map(([id, ttl, keys]) => ({ id: BigInt(id), ttl, keys })),
    now,
  );
  const store = new MvccStore(lessor);
  store.currentRev = image.rev;
  store.compactRev = image.compactRev;
  const all: KeyRecord[] = [];
  for (const [key, rows] of image.keys) {
    const h = store.index.getOrCreate(key);
    let prev: KeyValue | undefined;
    for (const [mod, sub, create, version, value, lease, tomb] of rows) {
      const kv: KeyValue = { key, create_revision: create, mod_revision: mod, version, value, lease: BigInt(lease) };
      const rec: KeyRecord = { kv, sub, tombstone: tomb === 1, prev };
      h.append(rec);
      if (mod >= store.compactRev) all.push(rec);
      prev = rec.tombstone ? undefined : kv;
    }
  }
  all.sort((a, b) => a.kv.mod_revision - b.kv.mod_revision || a.sub - b.sub);
  store.events = all;
  return store;
}

/** A 64-bit hex digest of the replicated state (etcd's HashKV serves the same purpose). */
export function hashStore(store: MvccStore): string {
  return hash64(snapshotStore(store));
}
