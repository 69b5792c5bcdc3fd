// What a predicate sees: a read-only view of the cluster at one moment — the committed
// etcd keyspace (as the member that has applied the most shows it), the members' Raft
// status and the last fault the log injected. Predicates never touch the Simulation, so
// they cannot change what they judge.
import type { MvccStore } from '../etcd/mvcc';
import type { KeyValue } from '../etcd/types';
import { walWriteAt, type WalLookup } from '../etcd/wal';
import type { MemberStatusRow } from '../cli/ports';
import type { Simulation } from '../cluster/simulation';

/** The last fault action of the log (`sim kill`, `sim partition`) and the committed revision right after it. */
export interface FaultMark {
  line: string;
  tick: number;
  revision: number;
}

export interface ClusterView {
  /** the simulated tick */
  readonly tick: number;
  /** the revision of the keyspace the view reads */
  readonly revision: number;
  get(key: string): KeyValue | undefined;
  /** every live key under `prefix`, in key order */
  range(prefix: string): KeyValue[];
  /** a stored value parsed as a JSON object, or undefined when it is not one (cached per revision) */
  json(kv: KeyValue): Record<string, unknown> | undefined;
  members(): MemberStatusRow[];
  /** the running member that leads in the highest term */
  leader(): string | undefined;
  /** live keys as the leader serves them — exactly `key`, under it (prefix), or every key (undefined); undefined without a leader */
  leaderRange(key: string | undefined, prefix: boolean): KeyValue[] | undefined;
  readonly lastFault: FaultMark | undefined;
  /** the request that made `kv` (its mod_revision), from the WAL of the member the view reads */
  writeOf(kv: KeyValue): WalLookup;
}

/** The end of the range that holds every key starting with `prefix` (clientv3.GetPrefixRangeEnd). */
export function prefixEnd(prefix: string): string {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 0xffff) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return '\0'; // every byte is the maximum: the range runs to the end of the keyspace
}

type EtcdMembers = ReturnType<Simulation['memberList']>;

function committedStoreAmong(members: EtcdMembers): MvccStore | undefined {
  let best: MvccStore | undefined;
  for (const m of members) {
    const store = m.sm?.store;
    if (store !== undefined && (best === undefined || store.currentRev > best.currentRev)) best = store;
  }
  return best;
}

/** The store holding the most applied (hence committed) revisions: what etcd has durably agreed on. */
export function committedStore(sim: Simulation): MvccStore | undefined {
  return committedStoreAmong(sim.memberList());
}

/**
 * committedStore for a replay that asks at every delivered message: the member list is
 * read once (Simulation.memberList sorts a fresh array per call) and read again only
 * after `invalidate()` — when a command may have started a new member (`sim restart` of
 * a member added with `etcdctl member add`, the only way a member process appears).
 * Each member's store is still read live, so a restarted member's rebuilt store counts.
 */
export class CommittedStoreReader {
  private members: EtcdMembers | undefined;

  constructor(private readonly sim: Simulation) {}

  invalidate(): void {
    this.members = undefined;
  }

  store(): MvccStore | undefined {
    return committedStoreAmong((this.members ??= this.sim.memberList()));
  }
}

function readRange(store: MvccStore | undefined, key: string, end: string | undefined): KeyValue[] {
  if (store === undefined) return [];
  const r = store.range(key, end);
  return r.ok ? r.value.kvs : [];
}

/** Parsed JSON values by key and mod_revision, shared by every view of one replay. */
export class JsonCache {
  private readonly parsed = new Map<string, Record<string, unknown> | null>();

  parse(kv: KeyValue): Record<string, unknown> | undefined {
    const id = `${kv.mod_revision}\0${kv.key}`;
    let v = this.parsed.get(id);
    if (v === undefined) {
      v = parseObject(kv.value);
      if (this.parsed.size > 50_000) this.parsed.clear();
      this.parsed.set(id, v);
    }
    return v ?? undefined;
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// A class with prototype methods: a view is built at every observed moment of a replay,
// and an object of arrow functions would be seven closures each time.
export class SimulationView implements ClusterView {
  readonly tick: number;
  readonly revision: number;
  private membersRows: MemberStatusRow[] | undefined;

  constructor(
    private readonly sim: Simulation,
    private readonly cache: JsonCache,
    readonly lastFault: FaultMark | undefined,
    /** committedStore(sim) at this moment */
    private readonly store: MvccStore | undefined,
  ) {
    this.tick = sim.now;
    this.revision = store?.currentRev ?? 0;
  }

  get(key: string): KeyValue | undefined {
    return readRange(this.store, key, undefined)[0];
  }

  range(prefix: string): KeyValue[] {
    return readRange(this.store, prefix, prefixEnd(prefix));
  }

  json(kv: KeyValue): Record<string, unknown> | undefined {
    return this.cache.parse(kv);
  }

  members(): MemberStatusRow[] {
    return (this.membersRows ??= this.sim.memberStatus());
  }

  leader(): string | undefined {
    return this.sim.leader()?.address;
  }

  leaderRange(key: string | undefined, prefix: boolean): KeyValue[] | undefined {
    const leaderStore = this.sim.leader()?.sm?.store;
    if (leaderStore === undefined) return undefined;
    if (key === undefined) return readRange(leaderStore, '\0', '\0'); // etcd: key and range_end '\0' = every key
    return readRange(leaderStore, key, prefix ? prefixEnd(key) : undefined);
  }

  writeOf(kv: KeyValue): WalLookup {
    const member = this.sim.memberList().find((m) => m.sm !== undefined && m.sm.store === this.store);
    return member === undefined ? { kind: 'notFound' } : walWriteAt(member, kv.mod_revision);
  }
}

export function simulationView(sim: Simulation, cache: JsonCache, lastFault: FaultMark | undefined): ClusterView {
  return new SimulationView(sim, cache, lastFault, committedStore(sim));
}
