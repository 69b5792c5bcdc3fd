// Which request made a revision, read from a member's WAL. The keyspace keeps what a write
// left (the value, its mod_revision, its version) but not how it was asked for: a plain put
// and a txn guarded by a compare leave the same key behind. The WAL keeps every committed
// request (etcd-dump-logs prints them), so applying the entries again from the last
// snapshot to a scratch state machine finds the one that made a revision: the same entries
// in the same order give the same revisions (state-machine.ts).
import { decodeRequests, type InternalRequest } from './entry-codec';
import type { EtcdMember } from './server';
import type { TxnResponse } from './types';

export interface WalWrite {
  /** the Raft index of the entry that carried the request */
  index: number;
  request: InternalRequest;
  /** the store revision the request made */
  revision: number;
  /** a txn's outcome: true when its compares held and the success branch ran */
  succeeded: boolean | undefined;
}

export type WalLookup =
  | { kind: 'found'; write: WalWrite }
  /** the revision is at or before the member's last snapshot: the entries that made it are no longer replayed */
  | { kind: 'beforeSnapshot'; snapshotIndex: number }
  /** no applied entry made that revision (the member has not applied it, or it was never made) */
  | { kind: 'notFound' };

/** The request that made `revision` on `member`, from its snapshot and applied entries. */
export function walWriteAt(member: EtcdMember, revision: number): WalLookup {
  const snap = member.storage.snapshot();
  const sm = member.newStateMachine();
  if (snap.metadata.index > 0) sm.restore(snap.data, 0, false);
  if (sm.store.currentRev >= revision) return { kind: 'beforeSnapshot', snapshotIndex: snap.metadata.index };
  const entries = member.storage.entries(snap.metadata.index + 1, Math.min(member.applied, member.storage.lastIndex()) + 1);
  if (typeof entries === 'string') return { kind: 'beforeSnapshot', snapshotIndex: snap.metadata.index };
  for (const e of entries) {
    if (e.type !== 'normal' || e.data === '') continue;
    for (const { req } of decodeRequests(e.data)) {
      const before = sm.store.currentRev;
      const out = sm.apply(req, 0, false, true);
      const after = sm.store.currentRev;
      if (after === before) continue;
      if (after > revision) return { kind: 'notFound' };
      if (after < revision) continue;
      const succeeded = req.t === 'txn' && out.result.ok ? (out.result.value as TxnResponse).succeeded : undefined;
      return { kind: 'found', write: { index: e.index, request: req, revision, succeeded } };
    }
  }
  return { kind: 'notFound' };
}
