// `etcdctl watch` typed in the browser's terminal keeps watching after it returns, as the
// real one does: its events come as the page's clock runs, Ctrl+C stops it (a logged
// `interrupt`), it survives its member's death by creating the watch again from the
// revision after the last it printed, and it is canceled as etcdctl's is when its member
// goes without a leader. The log replays to the same state and the same text.
import { describe, expect, it } from 'vitest';
import { OPEN_WATCH_BUFFER } from '@/sim-core/apiserver/server/terminalPort';
import { actionLogSchema } from '@/sim-core/cluster/actions';
import { WorkerSession } from './session';
import { replayActionLog, type SimHost } from './sim-host';
import { initialSimState, simReducer } from '@/app/_components/sim/sim-state';
import { play, startHost, stdoutOf } from './live-testkit';
import type { CommandResult, HostScenario, WorkerMessage } from './protocol';

const etcdOnly: HostScenario = { id: 'lesson:etcd-watch', topology: 'etcd-only', seed: 11, members: 3, setup: [] };
const cluster: HostScenario = { id: 'lesson:etcd-watch-default', topology: 'default', seed: 5, members: 3, setup: [] };

const host = (scenario: HostScenario = etcdOnly): SimHost => startHost(scenario);
const text = stdoutOf;
/** the simple printer's events: PUT/DELETE, key, value lines */
const puts = (out: string) => out.match(/PUT\nfoo\n[^\n]*\n/g)?.map((e) => e.split('\n')[2]) ?? [];

describe('etcdctl watch in the browser’s terminal', () => {
  it('prints the history from --rev, returns still running, prints each later write as time passes, and stops on Ctrl+C', () => {
    const h = host();
    h.runCommand('etcdctl put foo a');
    const started = h.runCommand('etcdctl watch foo --rev=1');
    // the history comes with the creation: the command prints it as it returns, paused clock or not
    expect(started).toEqual({ line: 'etcdctl watch foo --rev=1', stdout: 'PUT\nfoo\na\n', stderr: '', exitCode: 0, watch: 'running' });
    expect(h.running()).toBe('etcdctl watch foo --rev=1');
    expect(text(play(h, 20))).toBe('');
    // the prompt is free: a put from the same terminal shows up in the watch
    expect(h.runCommand('etcdctl put foo b').stdout).toBe('OK\n');
    expect(h.runCommand('etcdctl put bar x').stdout).toBe('OK\n');
    const later = play(h, 50);
    expect(later.every((b) => b.watch === 'output' && b.line === 'etcdctl watch foo --rev=1')).toBe(true);
    expect(text(later)).toBe('PUT\nfoo\nb\n');
    const stopped = h.interrupt();
    expect(stopped).toEqual({ line: 'etcdctl watch foo --rev=1', stdout: '', stderr: '', exitCode: 130, watch: 'stopped' });
    h.runCommand('etcdctl put foo c');
    expect(play(h, 50)).toEqual([]);
    const log = h.actionLog();
    expect(log.filter((a) => a.type === 'command' && a.live === true)).toEqual([{ type: 'command', line: 'etcdctl watch foo --rev=1', live: true }]);
    expect(log.filter((a) => a.type === 'interrupt')).toEqual([{ type: 'interrupt' }]);
    expect(actionLogSchema.safeParse(log).success).toBe(true);
  });

  it('comes back after its member is killed and restarted, with every write made meanwhile, once and in order', () => {
    const h = host();
    h.runCommand('etcdctl watch foo');
    h.runCommand('etcdctl put foo 1');
    const before = text(play(h, 30));
    expect(puts(before)).toEqual(['1']);
    h.runCommand('sim kill etcd-1');
    // (if etcd-1 led, the others elect a new leader first)
    h.step(300);
    expect(h.runCommand('etcdctl --endpoints=etcd-2:2379 put foo 2').stdout).toBe('OK\n');
    expect(h.runCommand('etcdctl --endpoints=etcd-3:2379 put foo 3').stdout).toBe('OK\n');
    // down: nothing comes, and the watch is still running (etcdctl keeps trying)
    expect(text(play(h, 400))).toBe('');
    expect(h.running()).toBe('etcdctl watch foo');
    h.runCommand('sim restart etcd-1');
    // gRPC's back-off (1 s, then 1.6 s, 2.56 s …) brings it back within a few seconds
    const after = text(play(h, 600));
    expect(puts(after)).toEqual(['2', '3']);
    h.runCommand('etcdctl put foo 4');
    expect(puts(text(play(h, 30)))).toEqual(['4']);
  });

  it('moves at once to the next of --endpoints when its member dies', () => {
    const h = host();
    h.runCommand('etcdctl --endpoints=etcd-1:2379,etcd-2:2379 watch foo');
    h.runCommand('sim kill etcd-1');
    h.step(300);
    expect(h.runCommand('etcdctl --endpoints=etcd-3:2379 put foo moved').stdout).toBe('OK\n');
    expect(puts(text(play(h, 30)))).toEqual(['moved']);
  });

  it('is canceled as etcdctl’s is when its member is cut off from the leader, and refused while it has none', () => {
    const h = host();
    h.runCommand('etcdctl watch foo');
    h.runCommand("sim partition 'etcd-1|etcd-2,etcd-3'");
    const blocks = play(h, 1_000);
    const end = blocks.at(-1);
    expect(end).toEqual({ line: 'etcdctl watch foo', stdout: '', stderr: 'watch was canceled (etcdserver: no leader)\nError: watch is canceled by the server\n', exitCode: 5, watch: 'ended' });
    expect(h.running()).toBeUndefined();
    // still cut off: a new watch on it is refused at once (it ends at the first read, so it is logged as the live command it was)
    expect(h.runCommand('etcdctl watch foo')).toMatchObject({ stdout: '', stderr: '', exitCode: 0, watch: 'running' });
    expect(h.readRunning()).toMatchObject({ stdout: '', stderr: 'watch was canceled (etcdserver: no leader)\nError: watch is canceled by the server\n', exitCode: 5, watch: 'ended' });
    expect(h.running()).toBeUndefined();
    // on the majority's side it watches as ever
    expect(h.runCommand('etcdctl --endpoints=etcd-2:2379 watch foo').watch).toBe('running');
  });

  it('is logged live and replays the same when it ends at once: a compacted --rev, a member without a leader', () => {
    for (const setup of [['etcdctl put foo a', 'etcdctl put foo b', 'etcdctl compact 3'], ["sim partition 'etcd-1|etcd-2,etcd-3'", 'sim tick 600']]) {
      const h = host();
      for (const line of setup) h.runCommand(line);
      const line = setup.length === 3 ? 'etcdctl watch foo --rev=1' : 'etcdctl --endpoints etcd-1 watch foo';
      const started = h.runCommand(line);
      expect(started).toMatchObject({ stdout: '', stderr: '', exitCode: 0, watch: 'running' });
      const end = h.readRunning();
      expect(end).toMatchObject({ watch: 'ended', exitCode: 5 });
      expect(end?.stderr).toMatch(/^watch was canceled \((etcdserver: mvcc: required revision has been compacted|etcdserver: no leader)\)\nError: watch is canceled by the server\n$/);
      const log = h.actionLog();
      expect(log.at(-1)).toEqual({ type: 'command', line, live: true });
      const replayed = replayActionLog(etcdOnly, log);
      if (!replayed.ok) throw new Error('the replay did not start');
      expect(replayed.host.stateHash()).toBe(h.stateHash());
    }
  });

  it('prints a no-leader cancel in JSON as clientv3 makes it up: an empty header and nil Events, where a compacted one has []', () => {
    const h = host();
    h.runCommand("sim partition 'etcd-1|etcd-2,etcd-3'");
    h.runCommand('sim tick 600');
    h.runCommand('etcdctl --endpoints etcd-1 -w json watch foo');
    expect(h.readRunning()).toMatchObject({ stdout: '{"Header":{},"Events":null,"CompactRevision":0,"Canceled":true,"Created":false}\n', exitCode: 5, watch: 'ended' });
    // one that had a leader when it started, canceled by monitorLeader three election timeouts after it went
    const k = host();
    k.runCommand('etcdctl --endpoints etcd-1 -w json watch foo');
    k.runCommand("sim partition 'etcd-1|etcd-2,etcd-3'");
    const end = play(k, 1500).find((b) => b.watch === 'ended');
    expect(end).toMatchObject({ stdout: '{"Header":{},"Events":null,"CompactRevision":0,"Canceled":true,"Created":false}\n', exitCode: 5 });
  });

  it('says so when its buffer dropped responses nobody read: the block is clipped and starts at the oldest kept', () => {
    const h = host();
    h.runCommand('etcdctl watch foo');
    // the page reads at every frame; a long run of commands with no frame between overflows the buffer
    for (let i = 0; i < OPEN_WATCH_BUFFER + 5; i++) h.runCommand(`etcdctl put foo v${i}`);
    h.step(20);
    const block = h.readRunning();
    expect(block).toMatchObject({ watch: 'output', clipped: true });
    const seen = puts(block!.stdout);
    expect(seen).toHaveLength(OPEN_WATCH_BUFFER);
    expect(seen.at(-1)).toBe(`v${OPEN_WATCH_BUFFER + 4}`);
    // later reads lost nothing
    h.runCommand('etcdctl put foo last');
    h.step(20);
    expect(h.readRunning()).toEqual({ line: 'etcdctl watch foo', stdout: 'PUT\nfoo\nlast\n', stderr: '', exitCode: 0, watch: 'output' });
  });

  it('started on a member that is down, keeps dialing it and watches once it is back, as etcdctl’s watch has no deadline', () => {
    const h = host();
    h.runCommand('sim kill etcd-1');
    const started = h.runCommand('etcdctl watch foo');
    expect(started).toMatchObject({ stdout: '', stderr: '', exitCode: 0, watch: 'running' });
    h.step(300);
    expect(h.runCommand('etcdctl --endpoints=etcd-2:2379 put foo while-down').stdout).toBe('OK\n');
    expect(text(play(h, 300))).toBe('');
    h.runCommand('sim restart etcd-1');
    h.step(1_000);
    h.runCommand('etcdctl --endpoints=etcd-2:2379 put foo back');
    expect(puts(text(play(h, 50)))).toEqual(['back']);
  });

  it('moves to the next endpoint when its member is removed from the cluster', () => {
    const h = host();
    h.runCommand('etcdctl --endpoints=etcd-1:2379,etcd-2:2379 watch foo');
    const id = /^([0-9a-f]+), started, etcd-1,/m.exec(h.runCommand('etcdctl member list').stdout)?.[1];
    expect(id).toBeDefined();
    expect(h.runCommand(`etcdctl --endpoints=etcd-2:2379 member remove ${id}`).exitCode).toBe(0);
    h.step(300);
    expect(h.runCommand('etcdctl --endpoints=etcd-2:2379 put foo after-removal').stdout).toBe('OK\n');
    expect(puts(text(play(h, 50)))).toEqual(['after-removal']);
  });

  it('shows the API server’s writes to etcd: a Deployment’s Pods appear under /registry/pods', () => {
    const h = host(cluster);
    h.runCommand('etcdctl watch /registry/pods/default/ --prefix');
    h.runCommand('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    const keys = text(play(h, 800)).split('\n').filter((l) => l.startsWith('/registry/'));
    const pods = new Set(keys);
    expect(pods.size).toBe(2);
    // each Pod's key is written several times: created, bound, its status reported
    expect(keys.length).toBeGreaterThan(4);
    for (const key of pods) expect(key).toMatch(/^\/registry\/pods\/default\/web-[a-z0-9]+-[a-z0-9]{5}$/);
  });

  it('replays to the same state and the same text in a fresh worker, and reading it or not changes nothing', () => {
    const run = (read: boolean) => {
      const h = host();
      const blocks: CommandResult[] = [];
      const look = () => {
        const b = read ? h.readRunning() : undefined;
        if (b !== undefined) blocks.push(b);
      };
      const started = h.runCommand('etcdctl watch foo --rev=1');
      blocks.push(started);
      for (let i = 0; i < 5; i++) {
        h.runCommand(`etcdctl put foo v${i}`);
        h.step(7);
        look();
      }
      h.runCommand('sim kill etcd-1');
      h.step(300);
      h.runCommand('etcdctl --endpoints=etcd-2:2379 put foo down');
      h.step(150);
      look();
      h.runCommand('sim restart etcd-1');
      for (let i = 0; i < 30; i++) {
        h.step(20);
        look();
      }
      h.interrupt();
      return { hash: h.stateHash(), log: h.actionLog(), text: text(blocks) };
    };
    const reading = run(true);
    const notReading = run(false);
    expect(notReading.log).toEqual(reading.log);
    expect(notReading.hash).toBe(reading.hash);
    expect(puts(reading.text)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'down']);

    const replayed = replayActionLog(etcdOnly, reading.log);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(reading.hash);
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), { start() {}, stop() {} });
    session.receive({ type: 'init', scenario: etcdOnly, replay: reading.log });
    const done = posted.find((m) => m.type === 'replayed');
    if (done?.type !== 'replayed') throw new Error('no replay');
    expect(done.error).toBeUndefined();
    const watched = done.results.filter((r) => r.line === 'etcdctl watch foo --rev=1');
    expect(puts(watched.map((r) => r.stdout).join(''))).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'down']);
  });

  it('when a new live command replaces it, hands on what it printed up to then: its rows and ^C, or its own end; a replay shows the same', () => {
    const h = host();
    const typed: CommandResult[] = [];
    const run = (line: string) => {
      const r = h.runCommand(line);
      typed.push(r);
      return r;
    };
    run('etcdctl watch foo');
    run('etcdctl put foo 1');
    // unread: the put's event reaches the watch while the next command runs
    const next = run('etcdctl watch bar --rev=1');
    expect(next).toMatchObject({ line: 'etcdctl watch bar --rev=1', watch: 'running', replaced: { line: 'etcdctl watch foo', stdout: 'PUT\nfoo\n1\n', stderr: '', exitCode: 130, watch: 'stopped' } });
    // one that had ended by itself (a compacted --rev, ended at once) is handed on as ended, with no ^C
    run('etcdctl put foo 2');
    run('etcdctl compact 3');
    run('etcdctl watch foo --rev=1');
    const after = run('etcdctl watch foo');
    expect(after.replaced).toMatchObject({ line: 'etcdctl watch foo --rev=1', stdout: '', exitCode: 5, watch: 'ended' });
    expect(after.replaced?.stderr).toMatch(/required revision has been compacted/);
    // a command that starts no watch replaces nothing
    expect(run('etcdctl put foo 3').replaced).toBeUndefined();
    expect(h.running()).toBe('etcdctl watch foo');
    const last = h.readRunning();
    if (last !== undefined) typed.push(last);

    // the terminal a replay restores reads as the one the learner saw (the replay reads the
    // running watch after each action, so its rows may come as blocks of their own)
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), { start() {}, stop() {} });
    session.receive({ type: 'init', scenario: etcdOnly, replay: h.actionLog() });
    const done = posted.find((m) => m.type === 'replayed');
    if (done?.type !== 'replayed') throw new Error('no replay');
    const shown = (results: CommandResult[]) => {
      const ready = simReducer(initialSimState, { type: 'messages', messages: [{ type: 'ready', setup: [] }] });
      return simReducer(ready, { type: 'messages', messages: [{ type: 'replayed', results }] }).terminal.map((e) => [e.result.line, e.result.stdout, e.result.stderr, e.result.watch]);
    };
    const seen = shown(typed);
    expect(seen.filter((e) => e[3] === 'stopped' || e[3] === 'ended')).toHaveLength(3);
    expect(shown(done.results)).toEqual(seen);
  });

  it('in a script (no live terminal) still prints what has happened so far and returns', () => {
    const h = host();
    h.runCommand('etcdctl put foo a');
    const once = h.runCommand('etcdctl watch foo --rev=1', undefined, undefined, false);
    expect(once).toEqual({ line: 'etcdctl watch foo --rev=1', stdout: 'PUT\nfoo\na\n', stderr: '', exitCode: 0 });
    expect(h.running()).toBeUndefined();
  });
});
