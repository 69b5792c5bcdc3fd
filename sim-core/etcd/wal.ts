// Which request made a revision, read from a member's WAL. The keyspace keeps what a write
// left (the value, its mod_revision, its version) but not how it was asked for: a plain put
// and a txn guarded by a compare leave the same key behind. The WAL keeps every committed
// request (etcd-dump-logs prints them), so applying the entries again from the last
// snapshot to a scratch state machine finds the one that made a revision: the same entries
// in the same order give the same revisions (state-machine.ts).
//
// The scratch replay is kept per member and only moves forward: an applied entry is
// committed and never changes, so what it made stays true. A lab's goals are evaluated at
// every frame; each evaluation costs the entries applied since the last one.
import { decodeRequests, type InternalRequest } from './entry-codec';
import type { EtcdMember } from './server';
import type { EtcdStateMachine } from './state-machine';
import type { Compare, TxnResponse } from './types';

export interface WalWrite {
  /** the Raft index of the entry that carried the request */
  index: number;
  /** the request's kind (put, txn, del, leaseRevoke…) */
  type: InternalRequest['t'];
  /** a txn's compares ([] for any other request) */
  compares: readonly Compare[];
  /** the store revision the request made */
  revision: number;
  /** a txn's outcome: true when its compares held and the success branch ran */
  succeeded: boolean | undefined;
}

export type WalLookup =
  | { kind: 'found'; write: WalWrite }
  /** the revision is at or before the snapshot the replay had to start from: the entries that made it were not replayed */
  | { kind: 'beforeSnapshot'; snapshotIndex: number }
  /** no applied entry made that revision (the member has not applied it, or it was never made) */
  | { kind: 'notFound' };

const NO_COMPARES: readonly Compare[] = [];

class WalReader {
  private sm: EtcdStateMachine | undefined;
  /** the last entry applied to sm */
  private upTo = 0;
  private snapshotIndex = 0;
  /** the store's revision after the snapshot sm started from: revisions at or before it were not replayed */
  private startRevision = 0;
  /** every revision the replay has seen made */
  private readonly writes = new Map<number, WalWrite>();

  constructor(private readonly member: EtcdMember) {}

  lookup(revision: number): WalLookup {
    const seen = this.writes.get(revision);
    if (seen !== undefined) return { kind: 'found', write: seen };
    this.advance();
    const write = this.writes.get(revision);
    if (write !== undefined) return { kind: 'found', write };
    if (revision <= this.startRevision) return { kind: 'beforeSnapshot', snapshotIndex: this.snapshotIndex };
    return { kind: 'notFound' };
  }

  /** Start over from the member's snapshot (the first time, or when the log was compacted past upTo). */
  private restart(): EtcdStateMachine {
    const snap = this.member.storage.snapshot();
    const sm = this.member.newStateMachine();
    if (snap.metadata.index > 0) sm.restore(snap.data, 0, false);
    this.sm = sm;
    this.upTo = snap.metadata.index;
    this.snapshotIndex = snap.metadata.index;
    this.startRevision = sm.store.currentRev;
    return sm;
  }

  /** Apply the entries the member has applied since the last look. */
  private advance(): void {
    const storage = this.member.storage;
    const last = Math.min(this.member.applied, storage.lastIndex());
    if (this.sm !== undefined && last <= this.upTo) return;
    let sm = this.sm ?? this.restart();
    let entries = storage.entries(this.upTo + 1, last + 1);
    if (typeof entries === 'string') {
      // compacted behind a newer snapshot: what was seen stays true, the rest starts from it
      sm = this.restart();
      entries = storage.entries(this.upTo + 1, last + 1);
      if (typeof entries === 'string') return;
    }
    for (const e of entries) {
      this.upTo = e.index;
      if (e.type !== 'normal' || e.data === '') continue;
      for (const { req } of decodeRequests(e.data)) {
        const before = sm.store.currentRev;
        const out = sm.apply(req, 0, false, true);
        const revision = sm.store.currentRev;
        if (revision === before) continue;
        const txn = req.t === 'txn';
        const succeeded = txn && out.result.ok ? (out.result.value as TxnResponse).succeeded : undefined;
        this.writes.set(revision, { index: e.index, type: req.t, compares: txn ? req.r.compare : NO_COMPARES, revision, succeeded });
      }
    }
  }
}

const readers = new WeakMap<EtcdMember, WalReader>();

/** The request that made `revision` on `member`, from its snapshot and applied entries. */
export function walWriteAt(member: EtcdMember, revision: number): WalLookup {
  let reader = readers.get(member);
  if (reader === undefined) readers.set(member, (reader = new WalReader(member)));
  return reader.lookup(revision);
}
