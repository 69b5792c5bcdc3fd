// The API server's storage layer (k8s.io/apiserver storage/etcd3/store.go) in callback
// form: every operation is one etcd request, and the answer arrives at a later tick.
// Creates compare create_revision == 0 (the key does not exist); updates and deletes
// compare mod_revision == the resourceVersion read (optimistic concurrency: a lost race
// is a 409 Conflict, never a lost write).
import type { ProcessContext } from '../../kernel';
import type { EtcdError, EtcdResult, KeyValue, RangeResponse, TxnResponse, LeaseGrantResponse } from '../../etcd/types';
import type { EtcdConnection } from './etcdConnection';
import type { ClusterWire } from './wire';
import { LeaseManager } from './leaseManager';

type Ctx = ProcessContext<ClusterWire>;

export type StorageResult<T> = { ok: true; value: T } | { ok: false; error: EtcdError };

/** A write's outcome: whether the compare held, and the revision etcd is at afterwards. */
export interface WriteOutcome {
  succeeded: boolean;
  revision: number;
  /** on a failed compare: the key's current value, if any */
  current?: KeyValue;
}

/** `/registry/pods/` → the end of its prefix range (etcd's GetPrefixRangeEnd). */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

export class Storage {
  /** the leases Events are attached to (store.go's leaseManager) */
  private readonly leases = new LeaseManager<Ctx, EtcdError>((ctx, ttl, done) =>
    this.leaseGrant(ctx, ttl, (r) => done(r.ok ? { ok: true, id: r.value } : r)),
  );

  constructor(private readonly etcd: EtcdConnection) {}

  /** A lease for a write that must expire after `ttlSeconds`: shared with the writes of the last minute (leaseManager.GetLease). */
  ttlLease(ctx: Ctx, ttlSeconds: number, done: (r: StorageResult<bigint>) => void): void {
    this.leases.get(ctx, ttlSeconds, (r) => done(r.ok ? { ok: true, value: r.id } : r));
  }

  /** The process restarted: what it remembered of its leases is gone. */
  reset(): void {
    this.leases.reset();
  }

  get(ctx: Ctx, key: string, done: (r: StorageResult<{ kv: KeyValue | undefined; revision: number }>) => void): void {
    this.etcd.call(ctx, { op: 'range', req: { key } }, (r) => {
      if (!r.ok) return done(r);
      const v = r.value as RangeResponse;
      done({ ok: true, value: { kv: v.kvs[0], revision: v.header.revision } });
    });
  }

  list(ctx: Ctx, prefix: string, done: (r: StorageResult<{ kvs: KeyValue[]; revision: number }>) => void): void {
    this.etcd.call(ctx, { op: 'range', req: { key: prefix, range_end: prefixEnd(prefix) } }, (r) => {
      if (!r.ok) return done(r);
      const v = r.value as RangeResponse;
      done({ ok: true, value: { kvs: v.kvs, revision: v.header.revision } });
    });
  }

  create(ctx: Ctx, key: string, value: string, lease: bigint, done: (r: StorageResult<WriteOutcome>) => void): void {
    const put = lease === 0n ? { key, value } : { key, value, lease };
    this.txn(ctx, { result: 'EQUAL', target: 'CREATE', key, create_revision: 0 }, { request_put: put }, key, done);
  }

  /** `lease` 0 (the default) writes the key with no lease, as a put without one does in etcd. */
  update(ctx: Ctx, key: string, value: string, modRevision: number, done: (r: StorageResult<WriteOutcome>) => void, lease = 0n): void {
    const put = lease === 0n ? { key, value } : { key, value, lease };
    this.txn(ctx, { result: 'EQUAL', target: 'MOD', key, mod_revision: modRevision }, { request_put: put }, key, done);
  }

  delete(ctx: Ctx, key: string, modRevision: number, done: (r: StorageResult<WriteOutcome>) => void): void {
    this.txn(ctx, { result: 'EQUAL', target: 'MOD', key, mod_revision: modRevision }, { request_delete_range: { key } }, key, done);
  }

  leaseGrant(ctx: Ctx, ttlSeconds: number, done: (r: StorageResult<bigint>) => void): void {
    this.etcd.call(ctx, { op: 'leaseGrant', req: { TTL: ttlSeconds } }, (r) => {
      if (!r.ok) return done(r);
      done({ ok: true, value: (r.value as LeaseGrantResponse).ID });
    });
  }

  compact(ctx: Ctx, revision: number, done: (r: EtcdResult<unknown>) => void): void {
    this.etcd.call(ctx, { op: 'compact', req: { revision } }, done);
  }

  private txn(
    ctx: Ctx,
    compare: import('../../etcd/types').Compare,
    op: import('../../etcd/types').RequestOp,
    key: string,
    done: (r: StorageResult<WriteOutcome>) => void,
  ): void {
    // on failure, read the key back in the same txn (store.go's GuaranteedUpdate does)
    this.etcd.call(ctx, { op: 'txn', req: { compare: [compare], success: [op], failure: [{ request_range: { key } }] } }, (r) => {
      if (!r.ok) return done(r);
      const v = r.value as TxnResponse;
      const out: WriteOutcome = { succeeded: v.succeeded, revision: v.header.revision };
      if (!v.succeeded) {
        const first = v.responses[0];
        if (first !== undefined && 'response_range' in first && first.response_range.kvs[0] !== undefined) out.current = first.response_range.kvs[0];
      }
      done({ ok: true, value: out });
    });
  }
}

/**
 * The storage a dry-run request (?dryRun=All, kubectl --dry-run=server) writes through:
 * k8s.io/apiserver registry/generic/registry/dryrun.go DryRunnableStorage. Reads go to etcd;
 * a write is checked as its txn would be — a create against the key's existence, an update
 * or delete against its mod_revision — and then not made: the request goes through
 * authentication, admission and validation, and etcd never sees a change.
 */
export class DryRunStorage extends Storage {
  override ttlLease(_ctx: Ctx, _ttlSeconds: number, done: (r: StorageResult<bigint>) => void): void {
    done({ ok: true, value: 0n });
  }

  override create(ctx: Ctx, key: string, _value: string, _lease: bigint, done: (r: StorageResult<WriteOutcome>) => void): void {
    this.get(ctx, key, (r) => {
      if (!r.ok) return done(r);
      done({ ok: true, value: { succeeded: r.value.kv === undefined, revision: r.value.revision } });
    });
  }

  override update(ctx: Ctx, key: string, _value: string, modRevision: number, done: (r: StorageResult<WriteOutcome>) => void): void {
    this.compareOnly(ctx, key, modRevision, done);
  }

  override delete(ctx: Ctx, key: string, modRevision: number, done: (r: StorageResult<WriteOutcome>) => void): void {
    this.compareOnly(ctx, key, modRevision, done);
  }

  /** The compare of an update or delete, answered with the key's own revision (the object keeps its resourceVersion). */
  private compareOnly(ctx: Ctx, key: string, modRevision: number, done: (r: StorageResult<WriteOutcome>) => void): void {
    this.get(ctx, key, (r) => {
      if (!r.ok) return done(r);
      const kv = r.value.kv;
      if (kv === undefined || kv.mod_revision !== modRevision) return done({ ok: true, value: { succeeded: false, revision: r.value.revision, ...(kv ? { current: kv } : {}) } });
      done({ ok: true, value: { succeeded: true, revision: kv.mod_revision } });
    });
  }
}
