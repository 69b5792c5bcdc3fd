// A lesson's saved cluster: what the page keeps it reads back and replays to the same
// cluster, in either language; another lesson, embed, scenario, version or seed does not
// replay it; broken data and a browser that refuses are quiet values; and a cluster past
// the limits keeps its last save; a restore that fails is told apart from one still going.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { replayActionLog, SimHost } from '@/app/_lib/sim-worker/sim-host';
import type { HostScenario, WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import type { ListedStorage } from '@/app/_lib/browser-storage';
import { initialSimState, simReducer } from './sim-state';
import { clusterKey, loadCluster, logTicks, otherVersionKeys, parseStoredCluster, restoreOutcome, SAVED_CLUSTER_LIMITS, saveCluster, scenarioFingerprint } from './saved-cluster';

class MemoryStorage implements ListedStorage {
  readonly map = new Map<string, string>();
  full = false;
  disabled = false;
  getItem(key: string) {
    if (this.disabled) throw new Error('SecurityError');
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.disabled) throw new Error('SecurityError');
    if (this.full) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    if (this.disabled) throw new Error('SecurityError');
    this.map.delete(key);
  }
  get length() {
    if (this.disabled) throw new Error('SecurityError');
    return this.map.size;
  }
  key(index: number) {
    if (this.disabled) throw new Error('SecurityError');
    return [...this.map.keys()][index] ?? null;
  }
}

const scenario: HostScenario = { id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] };
const fingerprint = scenarioFingerprint(scenario);
const stamp = { tab: 'tab-a', seq: 1 };
const place = { lesson: 'kubernetes-internals/raft', occurrence: 0 };
const key = clusterKey(place, scenario, '0.1.0');
const log: ActionLog = [
  { type: 'command', line: 'etcdctl put color blue' },
  { type: 'tick', ticks: 120 },
  { type: 'command', line: 'sim partition etcd-1|etcd-2,etcd-3' },
];

describe("a lesson's saved cluster", () => {
  it('reads back what was saved, and replays it to the cluster it was', () => {
    const live = SimHost.create(scenario);
    if (!live.ok) throw new Error('unsupported');
    for (const action of log) live.host.apply(action);
    const s = new MemoryStorage();
    expect(saveCluster(s, key, fingerprint, live.host.actionLog(), stamp)).toMatchObject({ ok: true });
    const loaded = loadCluster(s, key, fingerprint);
    expect(loaded).toEqual(log);
    const replayed = replayActionLog(scenario, loaded ?? []);
    if (!replayed.ok) throw new Error('unsupported');
    expect(replayed.host.stateHash()).toBe(live.host.stateHash());
  });

  it('has no language in its key, and one key per lesson, embed, scenario, version and seed', () => {
    expect(key).toBe('reconcile:lesson:kubernetes-internals/raft:l4-raft-three:0.1.0:404');
    const keys = [
      key,
      clusterKey({ lesson: 'kubernetes-internals/partitions', occurrence: 0 }, scenario, '0.1.0'),
      clusterKey({ ...place, occurrence: 1 }, scenario, '0.1.0'),
      clusterKey(place, { id: 'l4-raft-five', seed: 404 }, '0.1.0'),
      clusterKey(place, scenario, '0.2.0'),
      clusterKey(place, { ...scenario, seed: 405 }, '0.1.0'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    const s = new MemoryStorage();
    saveCluster(s, key, fingerprint, log, stamp);
    for (const other of keys.slice(1)) expect(loadCluster(s, other, fingerprint)).toBeUndefined();
  });

  it('is stamped with the tab that saved it and its count of saves, and still reads a version-1 record (no stamp)', () => {
    const s = new MemoryStorage();
    const saved = saveCluster(s, key, fingerprint, log, { tab: 'tab-b', seq: 7 });
    expect(saved).toEqual({ ok: true, text: s.map.get(key) });
    expect(JSON.parse(s.map.get(key) ?? '')).toEqual({ version: 2, tab: 'tab-b', seq: 7, scenario: fingerprint, log });
    expect(parseStoredCluster(s.map.get(key), fingerprint)).toEqual({ log, stamp: { tab: 'tab-b', seq: 7 } });
    const v1 = JSON.stringify({ version: 1, scenario: fingerprint, log });
    expect(parseStoredCluster(v1, fingerprint)).toEqual({ log });
    s.map.set(key, v1);
    expect(loadCluster(s, key, fingerprint)).toEqual(log);
    // a version-2 record without its stamp is not one the page wrote
    s.map.set(key, JSON.stringify({ version: 2, scenario: fingerprint, log }));
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
  });

  it('finds this cluster saved under another sim-core version (to drop it), and nothing else', () => {
    const s = new MemoryStorage();
    const record = JSON.stringify({ version: 1, scenario: fingerprint, log });
    const older = clusterKey(place, scenario, '0.0.9');
    const newer = clusterKey(place, scenario, '0.2.0-beta.1');
    for (const k of [
      older,
      newer,
      key,
      // another lesson, embed, scenario or seed, under another version: another cluster
      clusterKey({ lesson: 'kubernetes-internals/partitions', occurrence: 0 }, scenario, '0.0.9'),
      clusterKey({ ...place, occurrence: 1 }, scenario, '0.0.9'),
      clusterKey(place, { id: 'l4-raft', seed: 404 }, '0.0.9'),
      clusterKey(place, { ...scenario, seed: 4040 }, '0.0.9'),
      clusterKey(place, { ...scenario, seed: 40 }, '0.0.9'),
      'reconcile:lab:first-deployment:0.0.9:404',
    ])
      s.map.set(k, record);
    expect(otherVersionKeys(s, key)).toEqual([older, newer]);
    expect(otherVersionKeys(s, 'not a cluster key')).toEqual([]);
    s.disabled = true;
    expect(otherVersionKeys(s, key)).toEqual([]);
  });

  it('is not replayed on a scenario whose setup changed since it was saved', () => {
    const s = new MemoryStorage();
    saveCluster(s, key, fingerprint, log, stamp);
    const edited = scenarioFingerprint({ ...scenario, setup: ['sim tick 400'] });
    expect(edited).not.toBe(fingerprint);
    expect(loadCluster(s, key, edited)).toBeUndefined();
    expect(loadCluster(s, key, fingerprint)).toEqual(log);
  });

  it('ignores broken or forged data instead of replaying it', () => {
    const s = new MemoryStorage();
    s.map.set(key, '{not json');
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 1, scenario: fingerprint, log: [{ type: 'command', line: '' }] }));
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 3, tab: 'x', seq: 1, scenario: fingerprint, log }));
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    s.map.set(key, JSON.stringify({ version: 1, scenario: fingerprint, log: Array.from({ length: SAVED_CLUSTER_LIMITS.maxActions + 1 }, () => ({ type: 'tick', ticks: 1 })) }));
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
  });

  it('keeps nothing for a fresh cluster, and Reset forgets what was kept', () => {
    const s = new MemoryStorage();
    saveCluster(s, key, fingerprint, log, stamp);
    expect(saveCluster(s, key, fingerprint, [], stamp)).toEqual({ ok: true, text: null });
    expect(s.map.has(key)).toBe(false);
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
  });

  it('says quietly when the browser refuses, and a disabled storage reads as nothing saved', () => {
    const s = new MemoryStorage();
    saveCluster(s, key, fingerprint, log, stamp);
    s.full = true;
    expect(saveCluster(s, key, fingerprint, [...log, { type: 'tick', ticks: 5 }], stamp)).toEqual({ ok: false, refused: 'refused' });
    // the last save stands
    expect(loadCluster(s, key, fingerprint)).toEqual(log);
    s.disabled = true;
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    expect(saveCluster(s, key, fingerprint, log, stamp)).toEqual({ ok: false, refused: 'refused' });
    expect(saveCluster(s, key, fingerprint, [], stamp)).toEqual({ ok: false, refused: 'refused' });
  });

  it('stops saving past the limits, keeping the last save from before them', () => {
    const s = new MemoryStorage();
    saveCluster(s, key, fingerprint, log, stamp);
    // the log's own time: 120 ticks in `log`, so this one is one tick past the limit
    const longer: ActionLog = [...log, { type: 'tick', ticks: SAVED_CLUSTER_LIMITS.maxTicks - 119 }];
    expect(saveCluster(s, key, fingerprint, longer, stamp)).toEqual({ ok: false, refused: 'ticks' });
    const many: ActionLog = Array.from({ length: SAVED_CLUSTER_LIMITS.maxActions + 1 }, (_, i) => (i % 2 === 0 ? { type: 'command', line: 'sim status' } : { type: 'tick', ticks: 1 }));
    expect(saveCluster(s, key, fingerprint, many, stamp)).toEqual({ ok: false, refused: 'actions' });
    const large: ActionLog = [{ type: 'command', line: 'kubectl apply -f -', stdin: 'x'.repeat(SAVED_CLUSTER_LIMITS.maxChars) }];
    expect(saveCluster(s, key, fingerprint, large, stamp)).toEqual({ ok: false, refused: 'size' });
    expect(loadCluster(s, key, fingerprint)).toEqual(log);
    // at the limits themselves it is still kept
    const atLimit: ActionLog = [...log, { type: 'tick', ticks: SAVED_CLUSTER_LIMITS.maxTicks - 120 }];
    expect(saveCluster(s, key, fingerprint, atLimit, stamp)).toMatchObject({ ok: true });
    expect(loadCluster(s, key, fingerprint)).toEqual(atLimit);
  });

  it('measures the time a log asks for: its steps, the ticks its actions are pinned to, and the `sim tick N` typed, not the setup', () => {
    expect(logTicks([])).toBe(0);
    expect(logTicks(log)).toBe(120);
    // a cluster one step past the setup's 300 ticks, whose clock reads 400: its log asks for 100
    const live = SimHost.create(scenario);
    if (!live.ok) throw new Error('unsupported');
    live.host.apply({ type: 'tick', ticks: 100 });
    expect(live.host.now).toBeGreaterThanOrEqual(400);
    expect(logTicks(live.host.actionLog())).toBe(100);
    const typed: ActionLog = [
      { type: 'command', line: 'sim tick 250' },
      { type: 'command', line: "  FOO=bar sim tick '50'  " },
      { type: 'command', line: 'sim tick 10 20' },
      { type: 'command', line: 'sim tick -5' },
      { type: 'command', line: 'sim settle 9000' },
      { type: 'command', line: 'echo sim tick 7', at: 40 },
      { type: 'interrupt', at: 1_000 },
    ];
    expect(logTicks(typed)).toBe(250 + 50 + 40 + 1_000);
  });

  it('does not load a record past the limits (edited by hand: the page never saves one)', () => {
    const s = new MemoryStorage();
    const record = (l: ActionLog) => JSON.stringify({ version: 1, scenario: fingerprint, log: l });
    const atLimit: ActionLog = [{ type: 'command', line: `sim tick ${SAVED_CLUSTER_LIMITS.maxTicks - 10}` }, { type: 'tick', ticks: 10 }];
    s.map.set(key, record(atLimit));
    expect(loadCluster(s, key, fingerprint)).toEqual(atLimit);
    for (const over of [
      [{ type: 'command', line: `sim tick ${SAVED_CLUSTER_LIMITS.maxTicks}` }, { type: 'tick', ticks: 1 }],
      [{ type: 'command', line: 'sim tick 1' }, { type: 'tick', ticks: SAVED_CLUSTER_LIMITS.maxTicks }],
      // an action pinned far ahead would be replayed up to its tick
      [{ type: 'command', line: 'etcdctl put a b', at: SAVED_CLUSTER_LIMITS.maxTicks + 1 }],
      Array.from({ length: 3 }, () => ({ type: 'tick', ticks: 100_000 })),
    ] satisfies ActionLog[]) {
      s.map.set(key, record(over));
      expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    }
    s.map.set(key, record([{ type: 'command', line: 'kubectl apply -f -', stdin: 'x'.repeat(SAVED_CLUSTER_LIMITS.maxChars) }]));
    expect(loadCluster(s, key, fingerprint)).toBeUndefined();
    s.map.set(key, record([{ type: 'command', line: 'kubectl apply -f -', stdin: 'x'.repeat(SAVED_CLUSTER_LIMITS.maxChars - 200) }]));
    expect(loadCluster(s, key, fingerprint)).toHaveLength(1);
  });

  it('knows a restore is over at the first view after the replay, failed only when the replay stopped early, and interrupted when the worker failed', () => {
    const created = SimHost.create(scenario);
    if (!created.ok) throw new Error('unsupported');
    const view = created.host.view({ keyspace: true, playing: false, ticksPerSecond: 10 });
    const after = (...messages: WorkerMessage[]) => simReducer(initialSimState, { type: 'messages', messages });
    expect(restoreOutcome(initialSimState)).toEqual({ kind: 'replaying' });
    expect(restoreOutcome(after({ type: 'ready', setup: created.setup }, { type: 'replayProgress', done: 2, total: 5 }))).toEqual({ kind: 'replaying' });
    expect(restoreOutcome(after({ type: 'ready', setup: created.setup }, { type: 'replayProgress', done: 0, total: 5 }, { type: 'replayed', results: [] }, { type: 'view', view }))).toEqual({ kind: 'restored' });
    expect(restoreOutcome(after({ type: 'ready', setup: created.setup }, { type: 'replayed', results: [], error: 'action 2: boom' }, { type: 'view', view }))).toEqual({ kind: 'failed', message: 'action 2: boom' });
    // a crashed worker says nothing about the log: the restore is interrupted, not failed (the record is kept for the reload)
    expect(restoreOutcome(simReducer(initialSimState, { type: 'failed', error: 'the simulation worker failed to start' }))).toEqual({ kind: 'interrupted' });
    expect(restoreOutcome(simReducer(after({ type: 'ready', setup: created.setup }, { type: 'replayProgress', done: 2, total: 5 }), { type: 'failed', error: 'the simulation worker crashed' }))).toEqual({ kind: 'interrupted' });
    // a replay that stopped early is failed even if the worker then failed too
    expect(restoreOutcome(simReducer(after({ type: 'ready', setup: created.setup }, { type: 'replayed', results: [], error: 'action 2: boom' }), { type: 'failed', error: 'the simulation worker crashed' }))).toEqual({ kind: 'failed', message: 'action 2: boom' });
  });
});
