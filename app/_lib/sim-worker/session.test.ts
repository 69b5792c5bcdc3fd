// The worker session with a fake frame timer: play advances simulated time at the chosen
// speed, one view per frame; commands answer their request; malformed input is refused.
import { describe, expect, it, vi } from 'vitest';
import { REPLAY_TICK_STRETCH, replayWork, WorkerSession, type FrameTimer } from './session';
import { MAX_OUTPUT_LENGTH, parseWorkerMessage, type SimView, type WorkerMessage } from './protocol';
import { SimHost } from './sim-host';

class FakeTimer implements FrameTimer {
  onFrame: (() => void) | undefined;
  start(onFrame: () => void): void {
    this.onFrame = onFrame;
  }
  stop(): void {
    this.onFrame = undefined;
  }
  fire(n: number): void {
    for (let i = 0; i < n; i++) this.onFrame?.();
  }
}

const scenario = { id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] };

function started(speed?: number) {
  const posted: WorkerMessage[] = [];
  const timer = new FakeTimer();
  const session = new WorkerSession((m) => posted.push(m), timer);
  session.receive({ type: 'init', scenario, ...(speed !== undefined ? { speed } : {}) });
  const views = () => posted.flatMap((m) => (m.type === 'view' ? [m.view] : []));
  const lastView = (): SimView => {
    const v = views().at(-1);
    if (v === undefined) throw new Error('no view posted');
    return v;
  };
  return { posted, timer, session, views, lastView };
}

describe('WorkerSession', () => {
  it('builds the cluster on init and posts ready, then a view with the keyspace', () => {
    const { posted, lastView } = started();
    expect(posted[0]).toMatchObject({ type: 'ready', setup: [{ line: 'sim tick 300', exitCode: 0 }] });
    expect(lastView().keyspace).toBeDefined();
    expect(lastView().leader).toMatch(/^etcd-\d$/);
    expect(lastView().stateHash).toMatch(/^[0-9a-f]+$/);
  });

  it('plays at the chosen speed, one view per frame, and stops on pause', () => {
    const { session, timer, lastView, views } = started();
    const start = lastView().now;
    session.receive({ type: 'setSpeed', ticksPerSecond: 100 });
    session.receive({ type: 'play' });
    timer.fire(10); // one second of wall time at real-time speed: 100 ticks
    expect(lastView().now).toBe(start + 100);
    expect(lastView().playing).toBe(true);
    session.receive({ type: 'pause' });
    const count = views().length;
    timer.fire(10);
    expect(views().length).toBe(count);
    expect(lastView().playing).toBe(false);
  });

  it('starts at the scenario’s speed when it has one (10 ticks a second without), and keeps the learner’s choice across a Reset', () => {
    expect(started().lastView().ticksPerSecond).toBe(10);
    const { session, timer, lastView } = started(100);
    expect(lastView().ticksPerSecond).toBe(100);
    const start = lastView().now;
    session.receive({ type: 'play' });
    timer.fire(10);
    expect(lastView().now).toBe(start + 100);
    session.receive({ type: 'setSpeed', ticksPerSecond: 30 });
    session.receive({ type: 'reset' });
    expect(lastView().ticksPerSecond).toBe(30);
  });

  it('runs slow speeds a tick every few frames, posting only when time moved', () => {
    const { session, timer, lastView, views } = started();
    const start = lastView().now;
    session.receive({ type: 'setSpeed', ticksPerSecond: 3 });
    session.receive({ type: 'play' });
    const before = views().length;
    timer.fire(10);
    expect(lastView().now).toBe(start + 3);
    expect(views().length - before).toBe(3);
  });

  it('leaves the keyspace out of a view when it has not changed', () => {
    const { session, lastView } = started();
    session.receive({ type: 'step', ticks: 1 });
    expect(lastView().keyspace).toBeUndefined();
    session.receive({ type: 'runCommand', requestId: 1, line: 'etcdctl put greeting hello' });
    expect(lastView().keyspace?.keys.map((k) => k.key)).toEqual(['greeting']);
  });

  it('answers a command with its request id and records it with the steps', () => {
    const { session, posted } = started();
    session.receive({ type: 'step', ticks: 4 });
    session.receive({ type: 'runCommand', requestId: 9, line: 'etcdctl put greeting hello' });
    expect(posted).toContainEqual({
      type: 'commandResult',
      requestId: 9,
      result: { line: 'etcdctl put greeting hello', stdout: 'OK\n', stderr: '', exitCode: 0 },
    });
    session.receive({ type: 'fault', fault: { kind: 'kill', member: 'etcd-2' } });
    session.receive({ type: 'getActionLog', requestId: 10 });
    expect(posted.at(-1)).toEqual({
      type: 'actionLog',
      requestId: 10,
      log: [
        { type: 'tick', ticks: 4 },
        { type: 'command', line: 'etcdctl put greeting hello' },
        { type: 'command', line: 'sim kill etcd-2' },
      ],
    });
  });

  it('reset rebuilds the scenario from scratch with an empty log', () => {
    const { session, posted, lastView } = started();
    const fresh = lastView();
    session.receive({ type: 'runCommand', requestId: 1, line: 'etcdctl put a 1' });
    session.receive({ type: 'reset' });
    expect(lastView().stateHash).toBe(fresh.stateHash);
    expect(lastView().actionCount).toBe(0);
    expect(posted.filter((m) => m.type === 'ready')).toHaveLength(2);
  });

  it('refuses a malformed message and keeps running', () => {
    const { session, posted, lastView } = started();
    session.receive({ type: 'step', ticks: -5 });
    expect(posted.at(-1)).toMatchObject({ type: 'error', message: expect.stringContaining('ticks'), request: 'step' });
    // a refused command names its request, so the page ends that one alone
    session.receive({ type: 'runCommand', requestId: 7, line: '' });
    expect(posted.at(-1)).toMatchObject({ type: 'error', requestId: 7, request: 'runCommand' });
    session.receive('not even an object');
    expect(posted.at(-1)).toEqual({ type: 'error', message: expect.any(String) });
    session.receive({ type: 'step', ticks: 5 });
    expect(lastView().now).toBeGreaterThan(0);
  });

  it('refuses a topology the protocol does not know, and anything before a successful init', () => {
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), new FakeTimer());
    session.receive({ type: 'init', scenario: { ...scenario, topology: 'mesh' } });
    session.receive({ type: 'play' });
    expect(posted[0]).toMatchObject({ type: 'error' });
    expect(posted[1]).toMatchObject({ type: 'error' });
    session.receive({ type: 'getActionLog', requestId: 4 });
    expect(posted[2]).toMatchObject({ type: 'error', requestId: 4, request: 'getActionLog' });
  });

  it("answers the editor's check of a file with its problems and its request id, posting no view and logging nothing", () => {
    const { posted, session, views } = started();
    const before = views().length;
    session.receive({ type: 'checkManifest', requestId: 9, path: 'web.yaml', text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: -1\n' });
    const answer = posted.at(-1)!;
    expect(parseWorkerMessage(answer).ok).toBe(true);
    // an etcd-only cluster has no API server: every object is judged as a create
    expect(answer).toMatchObject({ type: 'manifestProblems', requestId: 9 });
    expect(answer.type === 'manifestProblems' && answer.problems.map((p) => p.message)).toContain('spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(views().length).toBe(before);
    session.receive({ type: 'getActionLog', requestId: 10 });
    expect(posted.at(-1)).toEqual({ type: 'actionLog', requestId: 10, log: [] });
  });

  it('answers a check that throws (a bug) as a refused request, and keeps the cluster running', () => {
    const { posted, session } = started();
    const broken = vi.spyOn(SimHost.prototype, 'manifestProblems').mockImplementation(() => {
      throw new Error('boom');
    });
    try {
      session.receive({ type: 'checkManifest', requestId: 5, path: 'web.yaml', text: 'kind: Pod\n' });
    } finally {
      broken.mockRestore();
    }
    expect(posted.at(-1)).toEqual({ type: 'error', message: 'the manifest check failed: boom', requestId: 5, request: 'checkManifest' });
    session.receive({ type: 'step', ticks: 1 });
    expect(posted.at(-1)).toMatchObject({ type: 'view' });
  });

  it("answers within the page's schema whatever the problems hold: an over-long `updates` is clipped, not the cause of a refused message", () => {
    const { posted, session } = started();
    const long = vi.spyOn(SimHost.prototype, 'manifestProblems').mockImplementation((path) => [
      { path, line: 1, column: 1, message: 'm'.repeat(20_000), severity: 'warning', source: 'apiserver', updates: `configmap/${'a'.repeat(500)}` },
    ]);
    try {
      session.receive({ type: 'checkManifest', requestId: 6, path: 'cm.yaml', text: 'kind: ConfigMap\n' });
    } finally {
      long.mockRestore();
    }
    const answer = posted.at(-1)!;
    expect(parseWorkerMessage(answer).ok).toBe(true);
    expect(answer.type === 'manifestProblems' && answer.problems[0]!.updates).toMatch(/^configmap\/a+…$/);
  });

  it("clips kubectl's whole output of a failure too (the live object it dumps may be large)", () => {
    const { posted, session } = started();
    const long = vi.spyOn(SimHost.prototype, 'manifestProblems').mockImplementation((path) => [
      { path, line: 0, column: 1, message: 'list element types are not identical', severity: 'warning', source: 'kubectl', updates: 'configmap/a', output: `error: error when applying patch:\n${'x'.repeat(MAX_OUTPUT_LENGTH)}` },
    ]);
    try {
      session.receive({ type: 'checkManifest', requestId: 7, path: 'cm.yaml', text: 'kind: ConfigMap\n' });
    } finally {
      long.mockRestore();
    }
    const answer = posted.at(-1)!;
    expect(parseWorkerMessage(answer).ok).toBe(true);
    const output = answer.type === 'manifestProblems' ? answer.problems[0]!.output : undefined;
    expect([output?.length, output?.startsWith('error: error when applying patch:\n'), output?.endsWith('…')]).toEqual([MAX_OUTPUT_LENGTH, true, true]);
  });
});

describe('WorkerSession replaying a lesson\'s saved log', () => {
  function recorded() {
    const first = started();
    first.session.receive({ type: 'runCommand', requestId: 1, line: 'etcdctl put color blue' });
    // minutes of play are one tick action: 3.5 stretches of the replay's progress
    first.session.receive({ type: 'step', ticks: 3 * REPLAY_TICK_STRETCH + 500 });
    first.session.receive({ type: 'fault', fault: { kind: 'kill', member: 'etcd-1' } });
    first.session.receive({ type: 'step', ticks: 40 });
    first.session.receive({ type: 'getActionLog', requestId: 2 });
    const answer = first.posted.at(-1);
    if (answer?.type !== 'actionLog') throw new Error('no log');
    return { first, log: answer.log };
  }

  it('counts a long step of time by the stretch, so the progress moves through it', () => {
    expect(replayWork({ type: 'command', line: 'sim heal' })).toBe(1);
    expect(replayWork({ type: 'tick', ticks: REPLAY_TICK_STRETCH - 1 })).toBe(1);
    expect(replayWork({ type: 'tick', ticks: REPLAY_TICK_STRETCH })).toBe(2);
    expect(replayWork({ type: 'tick', ticks: 3 * REPLAY_TICK_STRETCH + 500 })).toBe(4);
  });

  it('replays to the same state and log, with progress rising inside the long step and the outputs back', () => {
    const { first, log } = recorded();
    expect(log.map((a) => a.type)).toEqual(['command', 'tick', 'command', 'tick']);
    const second = started();
    second.posted.length = 0;
    second.session.receive({ type: 'init', scenario, replay: log });
    const progress = second.posted.flatMap((m) => (m.type === 'replayProgress' ? [m] : []));
    const total = log.reduce((sum, a) => sum + replayWork(a), 0);
    expect(progress[0]).toEqual({ type: 'replayProgress', done: 0, total });
    // one report per unit here (fewer than 20 units): the ones inside the long step included
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress.every((p) => p.total === total)).toBe(true);
    const kinds = second.posted.map((m) => m.type);
    expect(kinds.indexOf('replayed')).toBeGreaterThan(kinds.lastIndexOf('replayProgress'));
    expect(second.posted.find((m) => m.type === 'replayed')).toEqual({
      type: 'replayed',
      results: [expect.objectContaining({ line: 'etcdctl put color blue', stdout: 'OK\n' }), expect.objectContaining({ line: 'sim kill etcd-1' })],
    });
    expect(second.lastView().stateHash).toBe(first.lastView().stateHash);
    expect(second.lastView().now).toBe(first.lastView().now);
    second.session.receive({ type: 'getActionLog', requestId: 3 });
    expect(second.posted.at(-1)).toEqual({ type: 'actionLog', requestId: 3, log });
  });

  it('posts at most about twenty progress reports, however long the log', () => {
    const second = started();
    const setupDone = second.lastView().now;
    second.posted.length = 0;
    second.session.receive({ type: 'init', scenario, replay: [{ type: 'tick', ticks: 100 * REPLAY_TICK_STRETCH }] });
    const progress = second.posted.flatMap((m) => (m.type === 'replayProgress' ? [m.done] : []));
    expect(progress.length).toBeLessThanOrEqual(21);
    expect(progress.length).toBeGreaterThan(10);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(second.lastView().now).toBe(setupDone + 100 * REPLAY_TICK_STRETCH);
  });

  it('stops a replay whose action throws (a bug, or a log from another sim-core) where it is, saying which action', () => {
    const { log } = recorded();
    const second = started();
    second.posted.length = 0;
    const apply = SimHost.prototype.apply;
    const broken = vi.spyOn(SimHost.prototype, 'apply').mockImplementation(function (this: SimHost, action) {
      if (action.type === 'command' && action.line.startsWith('sim kill')) throw new Error('no such member');
      return apply.call(this, action);
    });
    try {
      second.session.receive({ type: 'init', scenario, replay: log });
    } finally {
      broken.mockRestore();
    }
    expect(second.posted.find((m) => m.type === 'replayed')).toEqual({ type: 'replayed', results: [expect.objectContaining({ line: 'etcdctl put color blue' })], error: 'action 3: no such member' });
    // the cluster runs on, with what was replayed
    expect(second.lastView().actionCount).toBe(2);
  });
});
