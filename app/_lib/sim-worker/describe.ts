// Turns the Simulation's live objects into the view's plain data: member boxes, the
// keyspace, the messages on the wire and one-line summaries of trace events. Pure reads:
// nothing here changes the simulation (so building a view never changes a state hash).
import type { Simulation } from '@/sim-core/cluster';
import type { EtcdWire } from '@/sim-core/etcd/wire';
import type { KeyValue } from '@/sim-core/etcd/types';
import { traceExitCode, traceRestartedBy, type Envelope, type TraceEvent } from '@/sim-core/kernel';
import type { KeyView, KeyspaceView, MemberView, MessageView, TraceLine } from './protocol';

/** A value larger than this is cut in the view (etcd allows 1.5 MiB; a browser panel does not need it). */
export const MAX_VALUE_CHARS = 16_384;
/** At most this many in-flight messages are drawn. */
export const MAX_MESSAGES = 200;

export function describeMembers(sim: Simulation): MemberView[] {
  return sim.memberStatus().map((row) => {
    const view: MemberView = {
      kind: 'etcd-member',
      name: row.name,
      role: row.role,
      term: row.term,
      commitIndex: row.commitIndex,
      appliedIndex: row.appliedIndex,
      logLength: row.logLength,
      up: row.role !== 'down',
    };
    if (row.partition !== undefined) view.partition = row.partition;
    return view;
  });
}

/** Groups of member names by partition letter, in letter order; [] when whole. */
export function partitionGroups(members: readonly MemberView[]): string[][] {
  const byLetter = new Map<string, string[]>();
  for (const m of members) {
    if (m.partition === undefined) continue;
    byLetter.set(m.partition, [...(byLetter.get(m.partition) ?? []), m.name]);
  }
  if (byLetter.size < 2) return [];
  return [...byLetter.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, names]) => names);
}

/** Pretty JSON for a JSON object or array (what the API server stores); undefined for anything else. */
export function prettyJson(value: string): string | undefined {
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.stringify(JSON.parse(value) as unknown, null, 2);
  } catch {
    return undefined;
  }
}

export function describeKey(kv: KeyValue): KeyView {
  const truncated = kv.value.length > MAX_VALUE_CHARS;
  const view: KeyView = {
    key: kv.key,
    createRevision: kv.create_revision,
    modRevision: kv.mod_revision,
    version: kv.version,
    lease: kv.lease.toString(),
    value: truncated ? kv.value.slice(0, MAX_VALUE_CHARS) : kv.value,
    truncated,
  };
  const json = truncated ? undefined : prettyJson(kv.value);
  if (json !== undefined) view.json = json;
  return view;
}

/**
 * The member whose keyspace is shown: the one asked for, else the leader, else the member
 * that has applied the most (as Simulation.etcdContents chooses).
 */
export function keyspaceSource(sim: Simulation, asked: string | undefined): string | undefined {
  if (asked !== undefined && sim.member(asked)?.sm !== undefined) return asked;
  const leader = sim.leader();
  if (leader !== undefined) return leader.address;
  let best: { name: string; applied: number } | undefined;
  for (const m of sim.memberList()) {
    if (m.sm !== undefined && (best === undefined || m.applied > best.applied)) best = { name: m.address, applied: m.applied };
  }
  return best?.name;
}

/** The revision of a member's keyspace (etcd's current revision, 1 for a fresh cluster). */
export function revisionOf(sim: Simulation, member: string | undefined): number {
  if (member === undefined) return 0;
  return sim.member(member)?.sm?.store.currentRev ?? 0;
}

export function describeKeyspace(sim: Simulation, source: string | undefined): KeyspaceView {
  if (source === undefined) return { source: '', revision: 0, keys: [] };
  return { source, revision: revisionOf(sim, source), keys: sim.etcdContents(source).map(describeKey) };
}

export function messageType(payload: EtcdWire): { type: string; entries: number } {
  switch (payload.kind) {
    case 'raft':
      return { type: payload.msg.type, entries: payload.msg.entries.length };
    case 'request':
      return { type: payload.req.op, entries: 0 };
    case 'response':
      return { type: 'response', entries: 0 };
    case 'watch':
      return { type: 'watch', entries: 0 };
    case 'forward':
      return { type: `forward ${payload.req.op}`, entries: 0 };
    case 'forward-reply':
      return { type: 'forward-reply', entries: 0 };
  }
  // the `default` topology's other traffic (API requests, watch events, kubelet status):
  // named by its own kind or type when it has one
  return { type: otherMessageType(payload), entries: 0 };
}

function otherMessageType(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return 'message';
  const { kind, type } = payload as { kind?: unknown; type?: unknown };
  return typeof kind === 'string' ? kind : typeof type === 'string' ? type : 'message';
}

export function describeMessages(inFlight: readonly Envelope<EtcdWire>[]): MessageView[] {
  return inFlight.slice(0, MAX_MESSAGES).map((e) => ({
    id: e.id,
    from: e.from,
    to: e.to,
    ...messageType(e.payload),
    sentAt: e.sentAt,
    deliverAt: e.deliverAt,
  }));
}

function isWire(p: unknown): p is EtcdWire {
  return typeof p === 'object' && p !== null && 'kind' in p;
}

/** One line per trace event, in the words etcd's own logs would use. */
export function describeTraceEvent(e: TraceEvent): TraceLine {
  const line: TraceLine = { seq: e.seq, tick: e.tick, kind: e.kind, address: e.address, summary: '' };
  if (e.peer !== undefined) line.peer = e.peer;
  const wire = isWire(e.payload) ? messageType(e.payload) : undefined;
  const what = wire === undefined ? '' : wire.entries > 0 ? `${wire.type} (${wire.entries} entries)` : wire.type;
  switch (e.kind) {
    case 'send':
      line.summary = `${e.address} → ${e.peer ?? '?'}: ${what}`;
      break;
    case 'deliver':
      line.summary = `${e.peer ?? '?'} → ${e.address}: ${what} delivered`;
      break;
    case 'drop':
      line.summary = `${e.address} → ${e.peer ?? '?'}: ${what} dropped (${e.reason ?? 'unknown'})`;
      break;
    case 'kill':
      line.summary = `${e.address} killed`;
      break;
    case 'exit':
      line.summary = `${e.address} exited (code ${traceExitCode(e) ?? '?'})`;
      break;
    case 'restart': {
      const by = traceRestartedBy(e);
      line.summary = by !== undefined ? `${e.address} restarted by ${by}` : `${e.address} restarted`;
      break;
    }
    case 'state':
    case 'fault':
      line.summary = `${e.address}: ${JSON.stringify(e.detail ?? null)}`;
      break;
  }
  return line;
}

/** Heartbeats without a ReadIndex context repeat every heartbeat interval; the trace list leaves them out. */
export function isBackgroundEvent(e: TraceEvent): boolean {
  if (!isWire(e.payload) || e.payload.kind !== 'raft') return false;
  const m = e.payload.msg;
  return (m.type === 'MsgHeartbeat' || m.type === 'MsgHeartbeatResp') && m.context === '';
}
