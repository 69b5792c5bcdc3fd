// The requests a member answers from its own applied state, without Raft: serializable
// ranges and the answer half of linearizable ones, lease time-to-live and keep-alive on
// the leader (lessor is primary there), lease list, member list, endpoint status and a
// script's watch-so-far. As in etcd 3.4 these read whatever this member has applied.
import { ETCD_VERSION } from './config';
import { etcdErrors } from './errors';
import { applyRange, batchByRevision, catchUp, makeWatcher } from './mvcc';
import type { EtcdStateMachine } from './state-machine';
import type { ClientRequest } from './wire';
import type { EtcdResult, ResponseHeader, StatusResponse, WatchResponse } from './types';

export interface LocalView {
  sm: EtcdStateMachine;
  now: number;
  isLeader: boolean;
  leaderMemberId: bigint;
  raftIndex: number;
  raftApplied: number;
  raftTerm: number;
  dbSizeHighWater: number;
}

export interface LocalAnswer {
  result: EtcdResult<unknown>;
  /** the database size estimate computed (for the high-water mark) */
  dbSize: number;
}

/** A header revision the member must leave at 0 instead of filling in the current one. */
export const NO_REVISION = -1;

/** Headers here carry only the revision; the member fills in the rest when it replies. */
function hdr(revision: number): ResponseHeader {
  return { cluster_id: 0n, member_id: 0n, revision, raft_term: 0 };
}

/**
 * bbolt's file size, estimated: a fresh etcd 3.4 reports 20 kB (five 4 KiB pages, with
 * room for a few kB of data); each kept revision costs its key and value plus ~64 bytes
 * of bucket overhead, and the file grows in 4 KiB pages. `inUse` counts only what a
 * defragment would keep.
 */
function dbSizes(sm: EtcdStateMachine): { size: number; inUse: number } {
  let all = 0;
  let live = 0;
  const idx = sm.store.index;
  for (const k of idx.keys()) {
    const recs = idx.get(k)!.records;
    for (const r of recs) all += k.length + r.kv.value.length + 64;
    const last = recs[recs.length - 1];
    if (last !== undefined && !last.tombstone) live += k.length + last.kv.value.length + 64;
  }
  return { size: fileSize(all), inUse: fileSize(live) };
}

function fileSize(n: number): number {
  return Math.max(20_480, Math.ceil((12_288 + n) / 4096) * 4096);
}

/** A successful local answer (a function, not a closure per call: reads are frequent). */
function ok(value: unknown): LocalAnswer {
  return { result: { ok: true, value }, dbSize: 0 };
}

export function answerLocally(req: ClientRequest, v: LocalView): LocalAnswer {
  const sm = v.sm;
  const rev = sm.store.currentRev;
  switch (req.op) {
    case 'range':
      return { result: applyRange((k, e, o) => sm.store.range(k, e, o), req.req), dbSize: 0 };
    case 'leaseTimeToLive': {
      const l = sm.lessor.lookup(req.id);
      // v3rpc/lease.go: a missing lease is not an error here but TTL -1
      if (l === undefined) return ok({ header: hdr(rev), ID: req.id, TTL: -1, grantedTTL: 0, keys: [] });
      const keys = req.keys ? [...l.keys].sort() : [];
      return ok({ header: hdr(rev), ID: l.id, TTL: sm.lessor.remainingSeconds(l, v.now), grantedTTL: l.ttl, keys });
    }
    case 'leaseKeepAlive': {
      const r = sm.lessor.renew(req.id, v.now);
      if (!r.ok) return { result: r, dbSize: 0 };
      return ok({ header: hdr(rev), ID: req.id, TTL: r.value });
    }
    case 'leaseLeases':
      return ok({ header: hdr(rev), leases: sm.lessor.ids().map((ID) => ({ ID })) });
    case 'memberList':
      return ok({ header: hdr(NO_REVISION), members: sm.membership.members() });
    case 'status': {
      const db = dbSizes(sm);
      const size = Math.max(db.size, v.dbSizeHighWater);
      const resp: StatusResponse = {
        header: hdr(rev),
        version: ETCD_VERSION,
        dbSize: size,
        dbSizeInUse: db.inUse,
        leader: v.leaderMemberId,
        raftIndex: v.raftIndex,
        raftTerm: v.raftTerm,
        raftAppliedIndex: v.raftApplied,
        errors: v.leaderMemberId === 0n ? [etcdErrors.noLeader.message] : [],
        isLearner: false,
      };
      return { result: { ok: true, value: resp }, dbSize: size };
    }
    case 'watchSoFar': {
      const w = makeWatcher(0, req.req, rev);
      const evs = catchUp(sm.store, w);
      if (evs === 'compacted') {
        const resp: WatchResponse = { header: hdr(NO_REVISION), watch_id: 0, created: false, canceled: true, compact_revision: sm.store.compactRev, cancel_reason: '', events: [] };
        return ok([resp]);
      }
      const resps: WatchResponse[] = batchByRevision(evs).map((events) => ({
        header: hdr(rev),
        watch_id: 0,
        created: false,
        canceled: false,
        compact_revision: 0,
        cancel_reason: '',
        events,
      }));
      return ok(resps);
    }
    default:
      throw new Error(`answerLocally: ${req.op} is not a local request`);
  }
}
