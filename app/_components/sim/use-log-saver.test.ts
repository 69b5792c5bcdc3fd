// The beat on which a lab's work and a lesson's cluster are saved: at once after an action
// or a pause, and about once a second while the cluster plays (not pushed back by frames);
// and, when the page is left, the last fetched log at the view the page shows.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '@/sim-core/cluster/actions';
import type { HostScenario } from '@/app/_lib/sim-worker/protocol';
import { replayActionLog, SimHost } from '@/app/_lib/sim-worker/sim-host';
import { logAtView, saveDelay, SAVE_WHILE_PLAYING_MS } from './use-log-saver';

describe('saveDelay', () => {
  it('saves at once after an action or when paused', () => {
    expect(saveDelay({ playing: false, actionAdded: false }, 10_000, 10_100)).toBe(0);
    expect(saveDelay({ playing: true, actionAdded: true }, 10_000, 10_100)).toBe(0);
  });

  it('while the cluster plays, waits for what is left of a second since the last save', () => {
    expect(SAVE_WHILE_PLAYING_MS).toBe(1000);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 10_100)).toBe(900);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 10_900)).toBe(100);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 12_000)).toBe(0);
    // never saved yet: at once
    expect(saveDelay({ playing: true, actionAdded: false }, Number.NEGATIVE_INFINITY, 0)).toBe(0);
  });
});

describe('logAtView: the log a page being left saves, from the last log it fetched and the view it shows', () => {
  const command = { type: 'command', line: 'etcdctl put a 1' } as const;

  it('sets the last step of time to the ticks of the view, later or earlier than the log', () => {
    expect(logAtView([command, { type: 'tick', ticks: 40 }], { actionCount: 2, lastTicks: 130 })).toEqual([command, { type: 'tick', ticks: 130 }]);
    expect(logAtView([command, { type: 'tick', ticks: 130 }], { actionCount: 2, lastTicks: 40 })).toEqual([command, { type: 'tick', ticks: 40 }]);
  });

  it('is the log itself when the view shows it', () => {
    const playing: ActionLog = [command, { type: 'tick', ticks: 40 }];
    expect(logAtView(playing, { actionCount: 2, lastTicks: 40 })).toBe(playing);
    const typed: ActionLog = [command];
    expect(logAtView(typed, { actionCount: 1 })).toBe(typed);
    const none: ActionLog = [];
    expect(logAtView(none, { actionCount: 0 })).toBe(none);
  });

  it('refuses when an action came between the log and the view: the log alone cannot tell which', () => {
    // a command after the fetched step (and play after it), or before the view's
    expect(logAtView([{ type: 'tick', ticks: 40 }], { actionCount: 2 })).toBeUndefined();
    expect(logAtView([{ type: 'tick', ticks: 40 }], { actionCount: 3, lastTicks: 20 })).toBeUndefined();
    expect(logAtView([command, { type: 'tick', ticks: 40 }], { actionCount: 1 })).toBeUndefined();
  });

  it("refuses when the view's last action and the log's are not both an unpinned step of time", () => {
    expect(logAtView([command], { actionCount: 1, lastTicks: 10 })).toBeUndefined();
    expect(logAtView([{ type: 'tick', ticks: 40 }], { actionCount: 1 })).toBeUndefined();
    // a step pinned to a tick is never merged into: the view cannot have more of it
    expect(logAtView([{ type: 'tick', at: 500, ticks: 40 }], { actionCount: 1, lastTicks: 90 })).toBeUndefined();
    expect(logAtView([{ type: 'tick', at: 500, ticks: 40 }], { actionCount: 1 })).toEqual([{ type: 'tick', at: 500, ticks: 40 }]);
  });

  it("with a worker's host playing frame by frame: the log at the view is the worker's own, and replays to the state the view showed", () => {
    const scenario: HostScenario = { id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] };
    const created = SimHost.create(scenario);
    if (!created.ok) throw new Error('unsupported');
    const host = created.host;
    // one frame of Play at 500 ticks a second, as the worker's session runs it
    const frame = () => {
      host.step(50);
      return host.view({ keyspace: false, playing: true, ticksPerSecond: 500 });
    };
    const replayedTo = (log: ActionLog | undefined) => {
      const replayed = replayActionLog(scenario, log ?? []);
      if (!replayed.ok) throw new Error('unsupported');
      return { now: replayed.host.now, hash: replayed.host.stateHash() };
    };
    host.runCommand('etcdctl put greeting hello');
    for (let i = 0; i < 3; i++) frame();
    // the once-a-second save, then more play before the page is left
    const fetched = host.actionLog();
    for (let i = 0; i < 6; i++) frame();
    const shown = frame();
    const shownHash = host.stateHash();
    expect(shown.lastTicks).toBe(500);
    const saved = logAtView(fetched, shown);
    expect(saved).toEqual(host.actionLog());
    expect(replayedTo(saved)).toEqual({ now: shown.now, hash: shownHash });

    // a fetch answered after the view the page shows (the worker is a frame ahead): set back to that view
    frame();
    expect(logAtView(host.actionLog(), shown)).toEqual(saved);

    // a command the page has not fetched: nothing to save from the fetched log
    host.runCommand('etcdctl put greeting again');
    expect(host.view({ keyspace: false, playing: true, ticksPerSecond: 500 }).lastTicks).toBeUndefined();
    expect(logAtView(fetched, frame())).toBeUndefined();
  });
});
