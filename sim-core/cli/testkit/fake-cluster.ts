// A small in-memory stand-in for the simulated cluster, for cli/'s unit tests only: one
// MVCC keyspace shared by three members (etcd-1 … etcd-3), revisions counted as etcd 3.4
// counts them (a fresh store is at revision 1), leases, compaction, members, status, and
// faults (a killed member times out; without a quorum writes and linearizable reads time
// out). It is deliberately simple — no Raft — so that the tests exercise the CLI.
import type {
  Compare,
  DeleteRangeRequest,
  EtcdResult,
  KeyValue,
  Member,
  PutRequest,
  RangeRequest,
  RangeResponse,
  RequestOp,
  ResponseHeader,
  ResponseOp,
  TxnRequest,
  WatchEvent,
  WatchResponse,
} from '../../etcd/types';
import type { CallOptions, EtcdClientPort, MemberStatusRow, SimControlPort } from '../ports';

const CLUSTER_ID = 0x7b1e79ab83259075n;
const DEADLINE = { ok: false as const, error: { code: 'DeadlineExceeded' as const, message: 'context deadline exceeded' } };

interface Lease {
  id: bigint;
  ttl: number;
  expiresAt: number;
}

export class FakeCluster {
  tickNow = 0;
  revision = 1;
  compacted = 0;
  term = 2;
  leaderIndex = 0;
  raftIndex = 8;
  members: Member[] = [1, 2, 3].map((n) => ({
    ID: BigInt(n) * 0x1111111111111111n,
    name: `etcd-${n}`,
    peerURLs: [`http://etcd-${n}:2380`],
    clientURLs: [`http://etcd-${n}:2379`],
    isLearner: false,
  }));
  down = new Set<string>();
  groups: string[][] | undefined;
  private kvs = new Map<string, KeyValue>();
  private events: Array<{ rev: number; event: WatchEvent }> = [];
  private history: Array<{ rev: number; kvs: Map<string, KeyValue> }> = [];
  private leases = new Map<bigint, Lease>();
  private nextLease = 0x694d77aa9e3ec3b1n;
  private nextMember = 0x5a5a5a5a5a5a5a5an;

  header(member: string, revision = this.revision): ResponseHeader {
    const m = this.members.find((x) => x.name === member);
    return { cluster_id: CLUSTER_ID, member_id: m?.ID ?? 0n, revision, raft_term: this.term };
  }

  private quorum(): boolean {
    const voters = this.members.filter((m) => !m.isLearner);
    const up = voters.filter((m) => m.name !== '' && !this.down.has(m.name));
    return up.length >= Math.floor(voters.length / 2) + 1;
  }

  private answer<T>(opts: CallOptions, f: () => EtcdResult<T>, needsQuorum: boolean): EtcdResult<T> {
    if (this.down.has(opts.endpoint) || (needsQuorum && !this.quorum())) {
      this.tick(opts.timeoutTicks);
      return DEADLINE;
    }
    this.tick(1);
    return f();
  }

  private snapshot(): void {
    this.history.push({ rev: this.revision, kvs: new Map(this.kvs) });
  }

  private applyPut(req: PutRequest, rev: number): { prev?: KeyValue } {
    const prev = this.kvs.get(req.key);
    const kv: KeyValue = {
      key: req.key,
      value: req.value,
      create_revision: prev ? prev.create_revision : rev,
      mod_revision: rev,
      version: prev ? prev.version + 1 : 1,
      lease: req.lease ?? 0n,
    };
    this.kvs.set(req.key, kv);
    this.events.push({ rev, event: { type: 'PUT', kv, prev_kv: prev } });
    return { prev };
  }

  private inRange(key: string, from: string, end: string | undefined): boolean {
    if (end === undefined || end === '') return key === from;
    if (end === '\x00') return key >= from;
    return key >= from && key < end;
  }

  private applyDelete(req: DeleteRangeRequest, rev: number): KeyValue[] {
    const gone = [...this.kvs.values()].filter((kv) => this.inRange(kv.key, req.key, req.range_end)).sort(byKey);
    for (const kv of gone) {
      this.kvs.delete(kv.key);
      this.events.push({
        rev,
        event: { type: 'DELETE', kv: { key: kv.key, value: '', create_revision: 0, mod_revision: rev, version: 0, lease: 0n }, prev_kv: kv },
      });
    }
    return gone;
  }

  private doRange(req: RangeRequest, member: string): EtcdResult<RangeResponse> {
    if (req.revision && req.revision > this.revision) {
      return { ok: false, error: { code: 'OutOfRange', message: 'etcdserver: mvcc: required revision is a future revision' } };
    }
    if (req.revision && req.revision < this.compacted) {
      return { ok: false, error: { code: 'OutOfRange', message: 'etcdserver: mvcc: required revision has been compacted' } };
    }
    const source = req.revision ? ([...this.history].reverse().find((h) => h.rev <= (req.revision as number))?.kvs ?? new Map()) : this.kvs;
    let kvs = [...source.values()].filter((kv) => this.inRange(kv.key, req.key, req.range_end)).sort(byKey);
    if (req.sort_order === 'DESCEND') kvs.reverse();
    const count = kvs.length;
    if (req.limit) kvs = kvs.slice(0, req.limit);
    if (req.keys_only) kvs = kvs.map((kv) => ({ ...kv, value: '' }));
    return { ok: true, value: { header: this.header(member), kvs, more: kvs.length < count, count } };
  }

  private write(): number {
    this.raftIndex++;
    return ++this.revision;
  }

  private compareOk(c: Compare): boolean {
    const kv = this.kvs.get(c.key);
    const actual =
      c.target === 'VALUE' ? kv?.value ?? '' : c.target === 'VERSION' ? kv?.version ?? 0 : c.target === 'CREATE' ? kv?.create_revision ?? 0 : kv?.mod_revision ?? 0;
    const expected = c.target === 'VALUE' ? c.value : c.target === 'VERSION' ? c.version : c.target === 'CREATE' ? c.create_revision : c.mod_revision;
    if (expected === undefined) return false;
    switch (c.result) {
      case 'EQUAL':
        return actual === expected;
      case 'NOT_EQUAL':
        return actual !== expected;
      case 'GREATER':
        return actual > expected;
      case 'LESS':
        return actual < expected;
    }
  }

  readonly etcd: EtcdClientPort = {
    range: (req, opts) => this.answer(opts, () => this.doRange(req, opts.endpoint), !req.serializable),
    put: (req, opts) =>
      this.answer(
        opts,
        () => {
          if (req.lease && !this.leases.has(req.lease)) {
            return { ok: false, error: { code: 'NotFound', message: 'etcdserver: requested lease not found' } };
          }
          const rev = this.write();
          const { prev } = this.applyPut(req, rev);
          this.snapshot();
          return { ok: true, value: { header: this.header(opts.endpoint), prev_kv: req.prev_kv ? prev : undefined } };
        },
        true,
      ),
    deleteRange: (req, opts) =>
      this.answer(
        opts,
        () => {
          const matching = [...this.kvs.values()].filter((kv) => this.inRange(kv.key, req.key, req.range_end));
          const rev = matching.length > 0 ? this.write() : this.revision;
          const gone = this.applyDelete(req, rev);
          this.snapshot();
          return { ok: true, value: { header: this.header(opts.endpoint), deleted: gone.length, prev_kvs: req.prev_kv ? gone : [] } };
        },
        true,
      ),
    txn: (req: TxnRequest, opts) =>
      this.answer(
        opts,
        () => {
          const succeeded = req.compare.every((c) => this.compareOk(c));
          const ops = succeeded ? req.success : req.failure;
          const writes = ops.some((o) => !('request_range' in o));
          const rev = writes ? this.write() : this.revision;
          const responses: ResponseOp[] = ops.map((op: RequestOp): ResponseOp => {
            const inner = { cluster_id: 0n, member_id: 0n, revision: rev, raft_term: 0 };
            if ('request_put' in op) {
              const { prev } = this.applyPut(op.request_put, rev);
              return { response_put: { header: inner, prev_kv: op.request_put.prev_kv ? prev : undefined } };
            }
            if ('request_delete_range' in op) {
              const gone = this.applyDelete(op.request_delete_range, rev);
              return { response_delete_range: { header: inner, deleted: gone.length, prev_kvs: op.request_delete_range.prev_kv ? gone : [] } };
            }
            if ('request_range' in op) {
              const r = this.doRange(op.request_range, opts.endpoint);
              return { response_range: r.ok ? { ...r.value, header: inner } : { header: inner, kvs: [], more: false, count: 0 } };
            }
            throw new Error('nested txn is not supported by the fake');
          });
          this.snapshot();
          return { ok: true, value: { header: this.header(opts.endpoint), succeeded, responses } };
        },
        true,
      ),
    compact: (req, opts) =>
      this.answer(
        opts,
        () => {
          if (req.revision > this.revision) {
            return { ok: false, error: { code: 'OutOfRange', message: 'etcdserver: mvcc: required revision is a future revision' } };
          }
          if (req.revision <= this.compacted) {
            return { ok: false, error: { code: 'OutOfRange', message: 'etcdserver: mvcc: required revision has been compacted' } };
          }
          this.compacted = req.revision;
          return { ok: true, value: { header: this.header(opts.endpoint) } };
        },
        true,
      ),
    watchSoFar: (req, opts) =>
      this.answer(
        opts,
        () => {
          const start = req.start_revision || this.revision + 1;
          const hdr = this.header(opts.endpoint);
          if (start < this.compacted) {
            return {
              ok: true,
              value: [{ header: { ...hdr, revision: 0 }, watch_id: 0, created: false, canceled: true, compact_revision: this.compacted, cancel_reason: '', events: [] }],
            };
          }
          const events = this.events
            .filter((e) => e.rev >= start && this.inRange(e.event.kv.key, req.key, req.range_end))
            .map((e) => (req.prev_kv ? e.event : { type: e.event.type, kv: e.event.kv }));
          const resp: WatchResponse = { header: hdr, watch_id: 0, created: false, canceled: false, compact_revision: 0, cancel_reason: '', events };
          return { ok: true, value: events.length > 0 ? [resp] : [] };
        },
        false,
      ),
    leaseGrant: (req, opts) =>
      this.answer(
        opts,
        () => {
          const id = this.nextLease++;
          const ttl = Math.max(req.TTL, 2);
          this.leases.set(id, { id, ttl, expiresAt: this.tickNow + ttl * 100 });
          this.raftIndex++;
          return { ok: true, value: { header: this.header(opts.endpoint), ID: id, TTL: ttl, error: '' } };
        },
        true,
      ),
    leaseRevoke: (id, opts) =>
      this.answer(
        opts,
        () => {
          if (!this.leases.has(id)) return { ok: false, error: { code: 'NotFound', message: 'etcdserver: requested lease not found' } };
          this.revokeLease(id);
          return { ok: true, value: { header: this.header(opts.endpoint) } };
        },
        true,
      ),
    leaseKeepAliveOnce: (id, opts) =>
      this.answer(
        opts,
        () => {
          const l = this.leases.get(id);
          if (!l) return { ok: false, error: { code: 'NotFound', message: 'etcdserver: requested lease not found' } };
          l.expiresAt = this.tickNow + l.ttl * 100;
          return { ok: true, value: { header: this.header(opts.endpoint), ID: id, TTL: l.ttl } };
        },
        true,
      ),
    leaseTimeToLive: (id, keys, opts) =>
      this.answer(
        opts,
        () => {
          const l = this.leases.get(id);
          const hdr = this.header(opts.endpoint);
          if (!l) return { ok: true, value: { header: hdr, ID: id, TTL: -1, grantedTTL: 0, keys: [] } };
          const attached = keys ? [...this.kvs.values()].filter((kv) => kv.lease === id).map((kv) => kv.key).sort() : [];
          return { ok: true, value: { header: hdr, ID: id, TTL: Math.ceil((l.expiresAt - this.tickNow) / 100), grantedTTL: l.ttl, keys: attached } };
        },
        true,
      ),
    leaseLeases: (opts) =>
      this.answer(opts, () => ({ ok: true, value: { header: this.header(opts.endpoint), leases: [...this.leases.keys()].map((ID) => ({ ID })) } }), true),
    memberList: (opts) =>
      this.answer(opts, () => ({ ok: true, value: { header: { ...this.header(opts.endpoint), revision: 0 }, members: this.sortedMembers() } }), false),
    memberAdd: (peerURLs, isLearner, opts) =>
      this.answer(
        opts,
        () => {
          if (this.members.some((m) => m.peerURLs.some((u) => peerURLs.includes(u)))) {
            return { ok: false, error: { code: 'FailedPrecondition', message: 'etcdserver: Peer URLs already exists' } };
          }
          const member: Member = { ID: this.nextMember++, name: '', peerURLs, clientURLs: [], isLearner };
          this.members.push(member);
          return { ok: true, value: { header: { ...this.header(opts.endpoint), revision: 0 }, member, members: this.sortedMembers() } };
        },
        true,
      ),
    memberRemove: (id, opts) =>
      this.answer(
        opts,
        () => {
          if (!this.members.some((m) => m.ID === id)) return { ok: false, error: { code: 'NotFound', message: 'etcdserver: member not found' } };
          this.members = this.members.filter((m) => m.ID !== id);
          return { ok: true, value: { header: { ...this.header(opts.endpoint), revision: 0 }, members: this.sortedMembers() } };
        },
        true,
      ),
    status: (opts) =>
      this.answer(
        opts,
        () => {
          const leader = this.quorum() ? (this.members[this.leaderIndex]?.ID ?? 0n) : 0n;
          return {
            ok: true,
            value: {
              header: this.header(opts.endpoint),
              version: '3.4.23',
              dbSize: 24576,
              dbSizeInUse: 20480,
              leader,
              raftIndex: this.raftIndex,
              raftTerm: this.term,
              raftAppliedIndex: this.raftIndex,
              errors: leader === 0n ? ['etcdserver: no leader'] : [],
              isLearner: false,
            },
          };
        },
        false,
      ),
    clusterEndpoints: (opts) => this.answer(opts, () => ({ ok: true, value: this.sortedMembers().flatMap((m) => m.clientURLs) }), false),
  };

  private sortedMembers(): Member[] {
    return [...this.members].sort((a, b) => (a.ID < b.ID ? -1 : 1));
  }

  private revokeLease(id: bigint): void {
    this.leases.delete(id);
    const keys = [...this.kvs.values()].filter((kv) => kv.lease === id);
    if (keys.length === 0) return;
    const rev = this.write();
    for (const kv of keys) this.applyDelete({ key: kv.key }, rev);
    this.snapshot();
  }

  tick(n: number): void {
    for (let i = 0; i < n; i++) {
      this.tickNow++;
      for (const l of [...this.leases.values()]) if (l.expiresAt <= this.tickNow && this.quorum()) this.revokeLease(l.id);
    }
  }

  resolve(target: string): string | undefined {
    const m = /^(?:http:\/\/)?(etcd-\d+)(?::2379)?$/.exec(target);
    return m && this.members.some((x) => x.name === m[1]) ? m[1] : undefined;
  }

  readonly sim: SimControlPort = {
    now: () => this.tickNow,
    tick: (n) => this.tick(n),
    settle: (cap) => {
      const n = Math.min(cap, 50);
      this.tick(n);
      return n;
    },
    kill: (target) => {
      const name = this.resolve(target);
      if (!name) return { ok: false, error: `no member named ${JSON.stringify(target)}` };
      this.down.add(name);
      return { ok: true, value: '' };
    },
    restart: (target) => {
      const name = this.resolve(target);
      if (!name) return { ok: false, error: `no member named ${JSON.stringify(target)}` };
      this.down.delete(name);
      return { ok: true, value: '' };
    },
    partition: (groups) => {
      this.groups = groups;
      return { ok: true, value: '' };
    },
    heal: () => {
      this.groups = undefined;
      return { ok: true, value: '' };
    },
    status: (): MemberStatusRow[] =>
      this.members
        .filter((m) => m.name !== '')
        .map((m, i) => ({
          name: m.name,
          role: this.down.has(m.name) ? 'down' : i === this.leaderIndex ? 'leader' : 'follower',
          term: this.term,
          commitIndex: this.raftIndex,
          appliedIndex: this.raftIndex,
          logLength: this.raftIndex,
          partition: this.groups ? String.fromCharCode(97 + this.groups.findIndex((g) => g.includes(m.name))) : undefined,
        })),
    resolveMember: (t) => this.resolve(t),
  };
}

function byKey(a: KeyValue, b: KeyValue): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
