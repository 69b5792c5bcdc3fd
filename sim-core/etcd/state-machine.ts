// Everything a member rebuilds from committed entries: the MVCC store, the lease table
// and the membership. Applying the same entries in the same order gives every member the
// same state (the replicated state machine of the Raft paper §2); snapshot() is what a
// Raft snapshot carries and what a restarted or far-behind member restores from.
import { Lessor, type LessorConfig } from './lease';
import {
  applyCompaction,
  applyDeleteRange,
  applyLeaseRevoke,
  applyPut,
  applyPutQuietly,
  applyTxnQuietly,
  applyTxn,
  hashStore,
  header,
  MvccStore,
  restoreStore,
  snapshotStore,
  type KeyRecord,
} from './mvcc';
import type { InternalRequest } from './entry-codec';
import { Membership, type MemberInfo } from './membership';
import type { EtcdResult, LeaseGrantResponse } from './types';
import { hash64 } from '../kernel';

export interface Applied {
  result: EtcdResult<unknown>;
  /** the write txn's changes, in order, for watchers ([] when nothing changed) */
  changes: readonly KeyRecord[];
}

const NO_CHANGES: readonly KeyRecord[] = [];
/** What apply() returns when the caller asked for neither the result nor the changes. */
const UNANSWERED: Applied = Object.freeze({ result: Object.freeze({ ok: true, value: undefined }), changes: NO_CHANGES });

export class EtcdStateMachine {
  lessor: Lessor;
  store: MvccStore;
  membership: Membership;

  constructor(
    private readonly lessorConfig: LessorConfig,
    initialMembers: readonly MemberInfo[],
  ) {
    this.lessor = new Lessor(lessorConfig);
    this.store = new MvccStore(this.lessor);
    this.membership = new Membership(initialMembers);
  }

  /**
   * Apply one request; `wantChanges` = someone watches, so collect the txn's changes;
   * `wantResult` = someone waits for the answer. A plain put or a txn nobody waits for or
   * watches (a follower's share of every write) makes the same writes without building a
   * response.
   */
  apply(req: InternalRequest, now: number, wantChanges = true, wantResult = true): Applied {
    const store = this.store;
    if (!wantResult && !wantChanges) {
      if (req.t === 'put' && applyPutQuietly(store, req.r)) return UNANSWERED;
      if (req.t === 'txn') {
        applyTxnQuietly(store, req.r);
        return UNANSWERED;
      }
    }
    const rev = store.currentRev;
    const before = store.events.length;
    const result = this.dispatch(req, now);
    const changes = wantChanges && store.currentRev !== rev ? store.events.slice(before) : NO_CHANGES;
    return { result, changes };
  }

  private dispatch(req: InternalRequest, now: number): EtcdResult<unknown> {
    switch (req.t) {
      case 'put':
        return applyPut(this.store, req.r);
      case 'del':
        return applyDeleteRange(this.store, req.r);
      case 'txn':
        return applyTxn(this.store, req.r);
      case 'compact':
        return applyCompaction(this.store, req.r);
      case 'leaseGrant': {
        const g = this.lessor.grant(req.id, req.ttl, now);
        if (!g.ok) return g;
        const resp: LeaseGrantResponse = { header: header(this.store.currentRev), ID: g.value.id, TTL: g.value.ttl, error: '' };
        return { ok: true, value: resp };
      }
      case 'leaseRevoke':
        return applyLeaseRevoke(this.store, req.id);
      case 'publish':
        this.membership.publish(req.member.raftId, req.member.name, req.member.clientURLs);
        return { ok: true, value: undefined };
    }
  }

  snapshot(): string {
    // the store is already JSON text: splice it in rather than escaping it as a string
    return `{"members":${JSON.stringify(this.membership.dump())},"store":${snapshotStore(this.store)}}`;
  }

  restore(data: string, now: number, primary: boolean): void {
    const d = JSON.parse(data) as { store: unknown; members: ReturnType<Membership['dump']> };
    this.lessor = new Lessor(this.lessorConfig);
    this.lessor.primary = primary;
    this.store = restoreStore(d.store, this.lessor, now);
    this.membership = Membership.load(d.members);
  }

  /** A digest of the replicated state: equal on members that applied the same entries. */
  hash(): string {
    return hash64(hashStore(this.store) + JSON.stringify(this.membership.dump()));
  }
}
