// The event log's source: the changes a learner should notice, taken from the trace as
// they happen (a member became leader, was killed, exited or restarted, the network split or
// healed) and from the keyspace between two views (a put or delete was committed and
// applied). Kept as a short queue the host drains into each view.
import type { Simulation } from '@/sim-core/cluster';
import { traceExitCode, type TraceEvent } from '@/sim-core/kernel';
import { keyspaceSource, revisionOf } from './describe';
import type { NotableEvent } from './protocol';

/** More events than this between two views keep only the newest (a long `sim tick` elects many times). */
const MAX_PENDING = 50;

type Pending = NotableEvent extends infer E ? (E extends NotableEvent ? Omit<E, 'id'> : never) : never;

function roleDetail(detail: unknown): { role: string; term: number } | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const d = detail as { event?: unknown; role?: unknown; term?: unknown };
  if (d.event !== 'role' || typeof d.role !== 'string' || typeof d.term !== 'number') return undefined;
  return { role: d.role, term: d.term };
}

function faultDetail(detail: unknown): Pending | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const d = detail as { partition?: unknown; heal?: unknown };
  if (Array.isArray(d.partition)) {
    const groups = d.partition.filter(Array.isArray).map((g: unknown[]) => g.filter((x): x is string => typeof x === 'string'));
    return { type: 'partition', tick: 0, groups };
  }
  if (d.heal === true) return { type: 'heal', tick: 0 };
  return undefined;
}

export class NotableEventTracker {
  private pending: NotableEvent[] = [];
  private nextId = 1;
  /** key → mod_revision as of the last diff, and the revision it was taken at */
  private keys = new Map<string, number>();
  private revision = 0;
  /**
   * When the committed revision rose since the last diff: each entry says the revisions up
   * to `revision` were applied by `tick` (seen at the network delivery that committed
   * them), so a put is stamped with its commit's tick, not the tick of the next view.
   */
  private applied: Array<{ revision: number; tick: number }> = [];
  private readonly unsubscribe: () => void;
  private readonly unsubscribeApplied: () => void;

  constructor(private readonly sim: Simulation) {
    this.unsubscribe = sim.subscribe((e) => this.onTrace(e), { kinds: ['state', 'kill', 'exit', 'restart', 'fault'] });
    this.unsubscribeApplied = sim.subscribe((e) => this.noteApplied(e.tick), { kinds: ['deliver'] });
    this.keys = this.currentKeys();
    this.revision = this.currentRevision();
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeApplied();
  }

  private noteApplied(tick: number): void {
    const revision = this.currentRevision();
    const last = this.applied.at(-1)?.revision ?? this.revision;
    if (revision > last) this.applied.push({ revision, tick });
  }

  /** The tick by which `revision` was committed and applied (now, when it was not seen). */
  private tickOf(revision: number): number {
    return this.applied.find((a) => a.revision >= revision)?.tick ?? this.sim.now;
  }

  private push(e: Pending): void {
    this.pending.push({ ...e, id: this.nextId++ } as NotableEvent);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
  }

  private onTrace(e: TraceEvent): void {
    if (e.kind === 'kill') this.push({ type: 'member-down', tick: e.tick, member: e.address });
    else if (e.kind === 'exit') {
      const code = traceExitCode(e);
      if (code !== undefined) this.push({ type: 'process-exited', tick: e.tick, member: e.address, exitCode: code });
    } else if (e.kind === 'restart') this.push({ type: 'member-up', tick: e.tick, member: e.address });
    else if (e.kind === 'fault') {
      const f = faultDetail(e.detail);
      if (f !== undefined) this.push({ ...f, tick: e.tick });
    } else {
      const r = roleDetail(e.detail);
      if (r?.role === 'leader') this.push({ type: 'leader-elected', tick: e.tick, member: e.address, term: r.term });
    }
  }

  private currentKeys(): Map<string, number> {
    const source = keyspaceSource(this.sim, undefined);
    return new Map(source === undefined ? [] : this.sim.etcdContents(source).map((kv) => [kv.key, kv.mod_revision]));
  }

  private currentRevision(): number {
    return revisionOf(this.sim, keyspaceSource(this.sim, undefined));
  }

  /**
   * Compare the keyspace (the leader's, else the most advanced member's: what is
   * committed) with the last comparison: a key with a newer mod_revision was put, a key
   * gone was deleted. Sorted by revision, so a burst of puts reads in the order etcd
   * applied them. While the only member to read from lags behind the last comparison
   * (the leader just died), wait: its older keyspace would read as deletes.
   * The same revision means the same keys (Raft applies one sequence everywhere).
   */
  private diffKeyspace(): void {
    const revision = this.currentRevision();
    // every put, delete and lease expiry raises the revision: the same revision, the same keys
    if (revision <= this.revision) return;
    this.revision = revision;
    const now = this.currentKeys();
    const puts: Array<{ key: string; revision: number }> = [];
    for (const [key, rev] of now) if (this.keys.get(key) !== rev) puts.push({ key, revision: rev });
    puts.sort((a, b) => a.revision - b.revision);
    for (const p of puts) this.push({ type: 'key-put', tick: this.tickOf(p.revision), key: p.key, revision: p.revision });
    for (const key of [...this.keys.keys()].sort()) if (!now.has(key)) this.push({ type: 'key-deleted', tick: this.sim.now, key });
    this.keys = now;
    this.applied = [];
  }

  /** Everything noticed since the last drain, oldest first. */
  drain(): NotableEvent[] {
    this.diffKeyspace();
    const out = this.pending;
    this.pending = [];
    return out;
  }
}
