// A seeded swarm (TigerBeetle's VOPR, STYLE.md): for each seed, a cluster under random
// client operations and random faults — kill, restart, partition, heal, one-way link
// cuts and latency spikes —
// checked on every tick (one leader per term, members agree on what each applied index
// means, revisions never go back) and at the end (every member applied the same state,
// the watch stream saw every event once and in order, the client history is
// linearizable for each key).
//
//   SWARM_SEEDS=1000 npx vitest run sim-core/cluster/etcd-swarm.test.ts    (default 100)
//   SWARM_SEED=42 npx vitest run sim-core/cluster/etcd-swarm.test.ts       (one seed)
//   SWARM_TICKS=4000 …                                                     (default 1500)
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { checkHistory, type HistoryOp, type RegisterOp } from '../etcd/check/linearizability';
import type { ClientRequest } from '../etcd/wire';
import type { DeleteRangeResponse, EtcdResult, RangeResponse, TxnResponse, WatchEvent, WatchResponse } from '../etcd/types';
import { createSimulation, type Simulation } from './index';

const SEEDS = Number(process.env.SWARM_SEEDS ?? 100);
const ONE_SEED = process.env.SWARM_SEED;
const TICKS = Number(process.env.SWARM_TICKS ?? 1500);
const KEYS = ['k0', 'k1', 'k2'];
const CLIENT_TIMEOUT = 300;

/** Closed-loop clients (Jepsen's model): each has at most one request outstanding. */
const CLIENTS = 5;

interface Pending {
  client: number;
  key: string;
  call: number;
  deadline: number;
  kind: 'write' | 'delete' | 'read' | 'cas';
  value: string | null;
  /** cas: the value the txn compares against (null = the key must not exist) */
  expect?: string | null;
}

class SwarmFailure extends Error {}

/** A write or txn whose answer never came: it may have taken effect (if it succeeded). */
function unknownOutcome(p: Pending): RegisterOp {
  if (p.kind === 'cas') return { kind: 'cas', expect: p.expect ?? null, value: p.value, succeeded: true };
  return { kind: 'write', value: p.value };
}

function fail(seed: number, why: string): never {
  throw new SwarmFailure(
    `swarm seed ${seed}: ${why}\nreproduce with: SWARM_SEED=${seed} SWARM_TICKS=${TICKS} npx vitest run sim-core/cluster/etcd-swarm.test.ts`,
  );
}

/** One seed's run. Throws SwarmFailure naming the seed when an invariant breaks. */
export function runSwarmSeed(seed: number, ticks: number): { ops: number; faults: number } {
  const rng = new Prng(seed).child('swarm');
  const members = rng.pick([1, 3, 3, 3, 5]);
  const sim = createSimulation({
    topology: 'etcd-only',
    seed,
    members,
    timing: { snapshotCount: 20, snapshotCatchUpEntries: 5 },
    traceCapacity: 0,
  });
  const names = sim.memberList().map((m) => m.address);
  const history: HistoryOp[] = [];
  const ackedDeletes = new Map<string, number>();
  const pending = new Map<number, Pending>();
  let clock = 0; // logical time: one step per observed call or return
  let ops = 0;
  let faults = 0;
  let nextValue = 0;
  const down = new Set<string>();
  const leaderOfTerm = new Map<number, number>();
  const revAtIndex = new Map<number, number>();
  const lastSeen = new Map<string, { applied: number; rev: number }>();

  // the watch stream, resumed on another member from the next revision when its member dies
  let watchOn = rng.pick(names);
  let watch = sim.etcd.openWatch({ key: 'k', range_end: 'l', start_revision: 1 }, watchOn);
  const watched: WatchEvent[] = [];
  let watchedUpTo = 0;
  const drainWatch = () => {
    const responses: WatchResponse[] = watch.responses.splice(0);
    for (const r of responses) {
      if (r.canceled) fail(seed, `watch on ${watchOn} was canceled: ${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
      for (const ev of r.events) {
        if (ev.kv.mod_revision <= watchedUpTo) fail(seed, `watch event at revision ${ev.kv.mod_revision} after ${watchedUpTo} (duplicate or out of order)`);
        watchedUpTo = ev.kv.mod_revision;
        watched.push(ev);
      }
    }
  };
  const rewatch = () => {
    drainWatch();
    const alive = names.filter((n) => !down.has(n));
    if (alive.length === 0) return;
    watchOn = rng.pick(alive);
    sim.etcd.process.watchStreams.delete(watch.cid);
    watch = sim.etcd.openWatch({ key: 'k', range_end: 'l', start_revision: watchedUpTo + 1 }, watchOn);
  };

  const busy = new Set<number>();
  const lastWritten = new Map<string, string>();
  const issue = (client: number) => {
    busy.add(client);
    const key = rng.pick(KEYS);
    const endpoint = rng.pick(names);
    const roll = rng.float();
    let req: ClientRequest;
    let p: Pending;
    const deadline = sim.now + CLIENT_TIMEOUT;
    if (roll < 0.12) {
      // the API server's optimistic concurrency: a txn that writes only if the value is
      // what the client last saw (here: the last value it wrote to any key, or absent)
      const expect = lastWritten.get(key) ?? null;
      const value = `v${nextValue++}`;
      const compare =
        expect === null
          ? { key, target: 'CREATE' as const, result: 'EQUAL' as const, create_revision: 0 }
          : { key, target: 'VALUE' as const, result: 'EQUAL' as const, value: expect };
      req = { op: 'txn', req: { compare: [compare], success: [{ request_put: { key, value } }], failure: [] } };
      p = { client, key, call: ++clock, deadline, kind: 'cas', value, expect };
    } else if (roll < 0.45) {
      const value = `v${nextValue++}`;
      req = { op: 'put', req: { key, value } };
      p = { client, key, call: ++clock, deadline, kind: 'write', value };
    } else if (roll < 0.55) {
      req = { op: 'deleteRange', req: { key } };
      p = { client, key, call: ++clock, deadline, kind: 'delete', value: null };
    } else {
      req = { op: 'range', req: { key } };
      p = { client, key, call: ++clock, deadline, kind: 'read', value: null };
    }
    pending.set(sim.etcd.send(req, endpoint, deadline), p);
    ops++;
  };

  const collect = () => {
    const answers = sim.etcd.process.answers;
    for (const [cid, p] of pending) {
      const got = answers.get(cid);
      if (got === undefined) {
        if (sim.now < p.deadline) continue;
        // timed out: a write may or may not have happened; a read tells nothing
        pending.delete(cid);
        busy.delete(p.client);
        sim.etcd.process.abandoned.add(cid);
        if (p.kind !== 'read') history.push({ key: p.key, call: p.call, ret: Infinity, op: unknownOutcome(p) });
        continue;
      }
      answers.delete(cid);
      pending.delete(cid);
      busy.delete(p.client);
      const ret = ++clock;
      const result = got as EtcdResult<unknown>;
      if (!result.ok) {
        // "request timed out" from the server: outcome unknown, like a client timeout
        if (p.kind !== 'read') history.push({ key: p.key, call: p.call, ret: Infinity, op: unknownOutcome(p) });
        continue;
      }
      let op: RegisterOp;
      if (p.kind === 'read') {
        const kv = (result.value as RangeResponse).kvs[0];
        op = { kind: 'read', value: kv === undefined ? null : kv.value };
      } else if (p.kind === 'delete') {
        // deleting a missing key changes nothing and proves it was absent
        const deleted = (result.value as DeleteRangeResponse).deleted;
        op = deleted === 0 ? { kind: 'read', value: null } : { kind: 'write', value: null };
        if (deleted > 0) ackedDeletes.set(p.key, (ackedDeletes.get(p.key) ?? 0) + 1);
      } else if (p.kind === 'cas') {
        const succeeded = (result.value as TxnResponse).succeeded;
        op = { kind: 'cas', expect: p.expect ?? null, value: p.value, succeeded };
        if (succeeded && p.value !== null) lastWritten.set(p.key, p.value);
      } else {
        op = { kind: 'write', value: p.value };
        if (p.value !== null) lastWritten.set(p.key, p.value);
      }
      history.push({ key: p.key, call: p.call, ret, op });
    }
  };

  const fault = () => {
    faults++;
    const roll = rng.float();
    const alive = names.filter((n) => !down.has(n));
    if (roll < 0.3 && alive.length > 1) {
      const victim = rng.pick(alive);
      sim.kill(victim);
      down.add(victim);
      lastSeen.delete(victim);
      if (victim === watchOn) rewatch();
    } else if (roll < 0.55 && down.size > 0) {
      const back = rng.pick([...down].sort());
      sim.restart(back);
      down.delete(back);
    } else if (roll < 0.75 && names.length > 1) {
      const shuffled = rng.shuffle([...names]);
      const cut = rng.int(1, names.length - 1);
      sim.partition([shuffled.slice(0, cut), shuffled.slice(cut)]);
    } else if (roll < 0.85 && names.length > 1) {
      // drop or delay on one peer link. Random loss is for peer traffic only: a client's
      // gRPC stream runs over TCP, which never loses a message silently (the kernel's
      // drop rate is network-wide, so a one-way link cut stands in for loss here)
      const [a, b] = rng.shuffle([...names]);
      if (rng.chance(0.5)) sim.kernel.network.blockLink(a!, b!);
      else sim.kernel.network.setLinkLatency(a!, b!, { min: 5, max: rng.int(10, 60) });
    } else {
      sim.heal();
    }
  };

  const checkInvariants = () => {
    for (const m of sim.memberList()) {
      if (!sim.isRunning(m.address)) continue;
      const st = m.raftStatus()!;
      if (st.role === 'leader') {
        const other = leaderOfTerm.get(st.term);
        if (other !== undefined && other !== st.id) fail(seed, `two leaders in term ${st.term}: ${other} and ${st.id}`);
        leaderOfTerm.set(st.term, st.id);
      }
      const rev = m.sm!.store.currentRev;
      const known = revAtIndex.get(m.applied);
      if (known !== undefined && known !== rev) fail(seed, `${m.address} is at revision ${rev} after applying index ${m.applied}; another member was at ${known}`);
      revAtIndex.set(m.applied, rev);
      const prev = lastSeen.get(m.address);
      if (prev !== undefined && (m.applied < prev.applied || rev < prev.rev)) fail(seed, `${m.address} went back from index ${prev.applied}/rev ${prev.rev} to ${m.applied}/rev ${rev}`);
      lastSeen.set(m.address, { applied: m.applied, rev });
    }
  };

  for (let t = 0; t < ticks; t++) {
    for (let c = 0; c < CLIENTS; c++) if (!busy.has(c) && rng.chance(0.2)) issue(c);
    if (rng.chance(0.012)) fault();
    sim.kernel.step();
    collect();
    drainWatch();
    checkInvariants();
  }

  // Recovery: heal everything, bring every member back, let the cluster settle.
  sim.heal();
  for (const d of [...down].sort()) sim.restart(d);
  down.clear();
  sim.runUntil(() => sim.leader() !== undefined, 5000);
  sim.runUntil(() => pending.size === 0 || (collect(), false), 2 * CLIENT_TIMEOUT);
  sim.runUntilIdle(5000);
  collect();
  for (const key of KEYS) {
    const endpoint = rng.pick(names);
    const call = ++clock;
    const r = sim.etcd.range({ key }, { endpoint, timeoutTicks: 2000 });
    if (!r.ok) fail(seed, `final read of ${key} on ${endpoint} failed after recovery: ${r.error.message}`);
    const kv = r.value.kvs[0];
    history.push({ key, call, ret: ++clock, op: { kind: 'read', value: kv === undefined ? null : kv.value } });
  }
  sim.runUntilIdle(5000);
  drainWatch();
  checkInvariants();

  const hashes = new Set(sim.memberList().map((m) => `${m.applied}:${m.sm!.hash()}`));
  if (hashes.size !== 1) fail(seed, `members differ after recovery: ${[...hashes].join(' ')}`);

  const leader = sim.leader();
  if (leader === undefined) fail(seed, 'no leader after recovery');
  const all = leader.sm!.store.events.filter((e) => e.kv.key >= 'k' && e.kv.key < 'l');
  const got = watched.map((e) => `${e.type}:${e.kv.key}@${e.kv.mod_revision}`);
  const want = all.map((e) => `${e.tombstone ? 'DELETE' : 'PUT'}:${e.kv.key}@${e.kv.mod_revision}`);
  if (got.join() !== want.join()) fail(seed, `watch stream incomplete: got ${got.length} events, the store has ${want.length}`);

  // Resolve writes whose client timed out against what the cluster finally holds: a put
  // whose unique value never entered the store did not happen; if a key has no more
  // DELETE events than acknowledged effective deletes, no timed-out delete of it took
  // effect. What cannot be resolved stays "may have happened at any time".
  const putValues = new Set(all.filter((e) => !e.tombstone).map((e) => `${e.kv.key}=${e.kv.value}`));
  const deleteEvents = new Map<string, number>();
  for (const e of all) if (e.tombstone) deleteEvents.set(e.kv.key, (deleteEvents.get(e.kv.key) ?? 0) + 1);
  const resolved = history.filter((h) => {
    if (h.ret !== Infinity || h.op.kind === 'read') return true;
    if (h.op.kind === 'cas') return h.op.value !== null && putValues.has(`${h.key}=${h.op.value}`);
    if (h.op.value !== null) return putValues.has(`${h.key}=${h.op.value}`);
    return (deleteEvents.get(h.key) ?? 0) > (ackedDeletes.get(h.key) ?? 0);
  });
  let lin: ReturnType<typeof checkHistory>;
  try {
    lin = checkHistory(resolved);
  } catch (e) {
    const open = resolved.filter((h) => h.ret === Infinity);
    if (process.env.SWARM_DUMP) console.log(JSON.stringify(resolved.map((h) => [h.key, h.call, h.ret === Infinity ? -1 : h.ret, h.op.kind, h.op.value])));
    fail(seed, `${(e as Error).message} (${resolved.length} ops, ${open.length} of unknown outcome: ${open.map((o) => `${o.key}:${String(o.op.value)}@${o.call}`).join(' ')})`);
  }
  if (!lin.ok) {
    const show = lin.ops
      .map((o) => `[${o.call},${o.ret}] ${o.op.kind}${o.op.kind === 'cas' ? ` ${JSON.stringify(o.op.expect)}→` : ' '}${JSON.stringify(o.op.value)}${o.op.kind === 'cas' ? (o.op.succeeded ? ' ok' : ' failed') : ''}`)
      .join('\n  ');
    fail(seed, `history of ${lin.key} is not linearizable:\n  ${show}`);
  }
  return { ops, faults };
}

describe('etcd swarm', () => {
  const seeds = ONE_SEED !== undefined ? [Number(ONE_SEED)] : Array.from({ length: SEEDS }, (_, i) => i + 1);
  // chunks of 50 seeds, each its own test, so a large SWARM_SEEDS stays within timeouts
  for (let from = 0; from < seeds.length; from += 50) {
    const chunk = seeds.slice(from, from + 50);
    it(
      `keeps every invariant for seeds ${chunk[0]}–${chunk[chunk.length - 1]} × ${TICKS} ticks of random faults and client ops`,
      () => {
        let ops = 0;
        let faults = 0;
        for (const seed of chunk) {
          const r = runSwarmSeed(seed, TICKS);
          ops += r.ops;
          faults += r.faults;
        }
        // the swarm must actually exercise the cluster
        expect(ops).toBeGreaterThan(chunk.length * TICKS * 0.05);
        expect(faults).toBeGreaterThan(chunk.length * TICKS * 0.005);
      },
      600_000,
    );
  }
});

export type { Simulation };
