// `etcdctl lease keep-alive <id>` typed in the browser's terminal keeps the lease alive after
// it returns, as the real one does: clientv3 renews it TTL/3 after each answer (at its send
// loop's next half second) and etcdctl prints each answer as the page's clock runs, so the
// keys attached to the lease outlive its TTL; Ctrl+C (a logged `interrupt`) stops the
// renewals and the lease expires a TTL later, its keys with it. A lease revoked meanwhile
// ends it as etcdctl ends it (`expired or revoked.`, exit 0), a dead member's stream is
// opened again on the next endpoint or on the same after gRPC's back-off, and a lease left
// unanswered past its TTL is given up. Reading it changes nothing: the log replays to the
// same state and the same text.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { gradeLab } from '@/sim-core/grading';
import { actionLogSchema } from '@/sim-core/cluster/actions';
import { replayActionLog, type SimHost } from './sim-host';
import { startHost, stdoutOf } from './live-testkit';
import type { CommandResult, HostLab, HostScenario } from './protocol';

const etcdOnly: HostScenario = { id: 'lesson:etcd-lease', topology: 'etcd-only', seed: 11, members: 3, setup: [] };

/** A lease of `ttl` seconds with key `k` attached: its hex id. */
function leaseWithKey(h: SimHost, ttl: number): string {
  const id = /^lease ([0-9a-f]{16}) granted/.exec(h.runCommand(`etcdctl lease grant ${ttl}`).stdout)?.[1];
  if (id === undefined) throw new Error('no lease granted');
  expect(h.runCommand(`etcdctl put --lease=${id} k v`).stdout).toBe('OK\n');
  return id;
}

/** Play `ticks` in frames of `frame`, reading the running command after each: the blocks, each with the tick it was read at. */
function playTimed(h: SimHost, ticks: number, frame = 10): Array<CommandResult & { at: number }> {
  const blocks: Array<CommandResult & { at: number }> = [];
  for (let left = ticks; left > 0; left -= frame) {
    h.step(Math.min(frame, left));
    const b = h.readRunning();
    if (b !== undefined) blocks.push({ ...b, at: h.now });
  }
  return blocks;
}

/** The members that follow the leader now, by name (`sim status`). */
function followers(h: SimHost): string[] {
  return [...h.runCommand('sim status').stdout.matchAll(/^(etcd-\d)\s+follower\s/gm)].map((m) => m[1]!);
}

const renewed = (id: string, ttl: number) => `lease ${id} keepalived with TTL(${ttl})\n`;
const keyOf = (h: SimHost) => h.runCommand('etcdctl get k --print-value-only').stdout;

describe('etcdctl lease keep-alive in the browser’s terminal', () => {
  it('prints the first renewal as it returns, then one each TTL/3 (at the send loop’s next half second) as the clock plays, and the lease outlives its TTL', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 10);
    const started = h.runCommand(`etcdctl lease keep-alive ${id}`);
    expect(started).toEqual({ line: `etcdctl lease keep-alive ${id}`, stdout: renewed(id, 10), stderr: '', exitCode: 0, watch: 'running' });
    expect(h.running()).toBe(`etcdctl lease keep-alive ${id}`);
    const blocks = playTimed(h, 3_000, 1);
    expect(blocks.every((b) => b.watch === 'output' && b.stdout === renewed(id, 10))).toBe(true);
    // TTL/3 = 3.33 s after each answer; the send loop looks every 0.5 s: a renewal sent each
    // 3.5 s, its answer back after the network's round trip (2 to 6 ticks)
    expect(blocks.length).toBe(8);
    const gaps = blocks.slice(1).map((b, i) => b.at - blocks[i]!.at);
    for (const gap of gaps) expect(Math.abs(gap - 350)).toBeLessThanOrEqual(4);
    // 30 s after a grant of 10 s, the lease is fresh and its key is there
    expect(keyOf(h)).toBe('v\n');
    expect(h.runCommand(`etcdctl lease timetolive --keys ${id}`).stdout).toMatch(new RegExp(`^lease ${id} granted with TTL\\(10s\\), remaining\\(([6-9]|10)s\\), attached keys\\(\\[k\\]\\)\\n$`));
    const log = h.actionLog();
    expect(log.filter((a) => a.type === 'command' && a.live === true)).toEqual([{ type: 'command', line: `etcdctl lease keep-alive ${id}`, live: true }]);
    expect(actionLogSchema.safeParse(log).success).toBe(true);
  });

  it('after Ctrl+C the lease is no longer renewed: it expires a TTL after the last renewal, and etcd deletes its key', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 10);
    h.runCommand(`etcdctl lease keep-alive ${id}`);
    playTimed(h, 2_000);
    expect(h.interrupt()).toEqual({ line: `etcdctl lease keep-alive ${id}`, stdout: '', stderr: '', exitCode: 130, watch: 'stopped' });
    expect(h.actionLog().filter((a) => a.type === 'interrupt')).toEqual([{ type: 'interrupt' }]);
    // the last renewal was at most 3.5 s ago: 6 s on the lease is still there
    expect(playTimed(h, 600)).toEqual([]);
    expect(keyOf(h)).toBe('v\n');
    h.step(500);
    expect(keyOf(h)).toBe('');
    expect(h.runCommand(`etcdctl lease timetolive ${id}`).stdout).toBe(`lease ${id} already expired\n`);
  });

  it('ends as etcdctl ends it when the lease is revoked at the same prompt: `expired or revoked.`, exit 0', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 30);
    h.runCommand(`etcdctl lease keep-alive ${id}`);
    playTimed(h, 500);
    expect(h.runCommand(`etcdctl lease revoke ${id}`).stdout).toBe(`lease ${id} revoked\n`);
    expect(keyOf(h)).toBe('');
    // the next keep-alive, due 10 s after the last answer, hears that the lease is gone
    const blocks = playTimed(h, 1_100);
    expect(blocks.at(-1)).toMatchObject({ line: `etcdctl lease keep-alive ${id}`, stdout: `lease ${id} expired or revoked.\n`, stderr: '', exitCode: 0, watch: 'ended' });
    expect(h.running()).toBeUndefined();
    expect(h.interrupt()).toBeUndefined();
  });

  it('of a lease that is gone ends at the first read, logged as the live command it was, and replays the same', () => {
    const h = startHost(etcdOnly);
    const started = h.runCommand('etcdctl lease keep-alive 1234');
    expect(started).toMatchObject({ stdout: '', stderr: '', exitCode: 0, watch: 'running' });
    expect(h.readRunning()).toEqual({ line: 'etcdctl lease keep-alive 1234', stdout: 'lease 0000000000001234 expired or revoked.\n', stderr: '', exitCode: 0, watch: 'ended' });
    expect(h.actionLog().at(-1)).toEqual({ type: 'command', line: 'etcdctl lease keep-alive 1234', live: true });
    const replayed = replayActionLog(etcdOnly, h.actionLog());
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
  });

  it('prints each answer in the format asked for: -w json', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 6);
    const started = h.runCommand(`etcdctl -w json lease keep-alive ${id}`);
    expect(started.stdout).toMatch(/^\{"cluster_id":\d+,"member_id":\d+,"revision":2,"raft_term":\d+,"ID":\d+,"TTL":6\}\n$/);
    expect(started.watch).toBe('running');
    // TTL/3 = 2 s: a renewal each 2.5 s
    expect(stdoutOf(playTimed(h, 1_000)).split('\n').filter((l) => l.endsWith(',"TTL":6}'))).toHaveLength(4);
  });

  it('when its only member dies, dials it again after gRPC’s back-off and renews as soon as it is back; the lease survives', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 10);
    h.runCommand(`etcdctl --endpoints=etcd-1:2379 lease keep-alive ${id}`);
    playTimed(h, 400);
    h.runCommand('sim kill etcd-1');
    const down = playTimed(h, 300);
    expect(stdoutOf(down)).toBe('');
    h.runCommand('sim restart etcd-1');
    // dials at once, then 1 s, 1.6 s, 2.56 s … after the kill: renewed within the lease's 10 s
    const back = playTimed(h, 700);
    expect(stdoutOf(back)).toContain(renewed(id, 10));
    expect(h.running()).toBe(`etcdctl --endpoints=etcd-1:2379 lease keep-alive ${id}`);
    playTimed(h, 1_500);
    expect(keyOf(h)).toBe('v\n');
  });

  it('when its member dies, moves at once to the next of --endpoints and goes on renewing on it', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 6);
    // two followers, so that the one left forwards the renewals to a leader that is there
    const [first, second] = followers(h);
    h.runCommand(`etcdctl --endpoints=${first}:2379,${second}:2379 lease keep-alive ${id}`);
    playTimed(h, 100);
    h.runCommand(`sim kill ${first}`);
    // TTL/3 = 2 s: a renewal each 2.5 s, with no gap
    const blocks = playTimed(h, 2_000);
    expect(blocks.map((b) => b.stdout)).toEqual(Array(8).fill(renewed(id, 6)));
    expect(keyOf(h)).toBe('v\n');
  });

  it('gives the lease up when its member stays down past the lease’s TTL: `expired or revoked.`, exit 0', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 5);
    expect(h.runCommand(`etcdctl --endpoints=etcd-3:2379 lease keep-alive ${id}`).stdout).toBe(renewed(id, 5));
    const answeredBy = h.now;
    h.runCommand('sim kill etcd-3');
    const blocks = playTimed(h, 700);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ stdout: `lease ${id} expired or revoked.\n`, stderr: '', exitCode: 0, watch: 'ended' });
    // deadlineLoop looks every second: past the TTL after the last answer, within a second more
    const since = blocks[0]!.at - answeredBy;
    expect(since).toBeGreaterThan(500);
    expect(since).toBeLessThanOrEqual(610);
    expect(h.running()).toBeUndefined();
  });

  it('reads the same at any frame rate, and a replay of its log gives the same state', () => {
    const run = (frame: number) => {
      const h = startHost(etcdOnly);
      const id = leaseWithKey(h, 6);
      const blocks: CommandResult[] = [h.runCommand(`etcdctl --endpoints=etcd-2:2379,etcd-3:2379 lease keep-alive ${id}`)];
      blocks.push(...playTimed(h, 730, frame));
      h.runCommand('sim kill etcd-2');
      blocks.push(...playTimed(h, 900, frame));
      h.runCommand('sim restart etcd-2');
      blocks.push(...playTimed(h, 1_210, frame));
      // the frames are the page's business: only the ticks they add up to are logged
      const stopped = h.interrupt();
      if (stopped !== undefined) blocks.push(stopped);
      blocks.push(...playTimed(h, 1_000, frame));
      return { hash: h.stateHash(), log: h.actionLog(), text: stdoutOf(blocks), key: keyOf(h) };
    };
    const slow = run(50);
    const fast = run(7);
    expect(fast.text).toBe(slow.text);
    expect(fast.hash).toBe(slow.hash);
    expect(slow.text.split('\n').filter((l) => l.endsWith('keepalived with TTL(6)')).length).toBeGreaterThan(10);
    // stopped 12 s ago, the lease has expired with its key
    expect(slow.key).toBe('');
    const replayed = replayActionLog(etcdOnly, slow.log);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(slow.hash);
    const again = replayActionLog(etcdOnly, fast.log);
    if (!again.ok) throw new Error('the replay did not start');
    expect(again.host.stateHash()).toBe(slow.hash);
  });

  it('in a lab, grading’s replay (under its tick budget) keeps the lease alive as the page did: the same state, the same lines', () => {
    const loaded = loadContent(path.join(process.cwd(), 'content')).content.labs.get('etcd-read-the-truth')!;
    const lab = loaded.lab;
    const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
    const hostLab: HostLab = { files: Object.entries(loaded.starterFiles).map(([p, c]) => ({ path: p, content: c })), goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) };
    const h = startHost(scenario, hostLab);
    const id = leaseWithKey(h, 5);
    const page = [h.runCommand(`etcdctl lease keep-alive ${id}`), ...playTimed(h, 1_500, 25)];
    h.interrupt();
    playTimed(h, 800, 25);
    expect(keyOf(h)).toBe('');
    const server: string[] = [];
    const graded = gradeLab(lab, h.actionLog(), { starterFiles: loaded.starterFiles, observe: (step) => step.watched !== undefined && server.push(step.watched.stdout) });
    expect(graded.ok && graded.stateHash).toBe(h.stateHash());
    // the command's own line is in its result, the renewals in what the running command printed
    expect(renewed(id, 5) + server.join('')).toBe(stdoutOf(page));
    // TTL/3 = 1.67 s: a renewal each 2 s, 15 s of them after the first
    expect(stdoutOf(page).split('\n').filter((l) => l !== '')).toHaveLength(8);
  });

  it('on endpoints that name no member, sends nothing and gives the lease up at the first look past the first deadline (dial timeout + 1 s)', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 60);
    const start = h.now;
    expect(h.runCommand(`etcdctl --endpoints=nowhere:2379 lease keep-alive ${id}`)).toMatchObject({ stdout: '', exitCode: 0, watch: 'running' });
    const blocks = playTimed(h, 600);
    expect(blocks).toEqual([{ line: `etcdctl --endpoints=nowhere:2379 lease keep-alive ${id}`, stdout: `lease ${id} expired or revoked.\n`, stderr: '', exitCode: 0, watch: 'ended', at: start + 400 }]);
    // nothing was sent: the cluster is as the same time without the command leaves it
    const without = startHost(etcdOnly);
    leaseWithKey(without, 60);
    without.step(600);
    expect(h.stateHash()).toBe(without.stateHash());
  });

  it('in a script (no live terminal) is refused as it always was, before anything is sent: a saved log that has it replays as it ran', () => {
    const h = startHost(etcdOnly);
    const id = leaseWithKey(h, 10);
    const hash = h.stateHash();
    const refused = h.runCommand(`etcdctl lease keep-alive ${id}`, undefined, undefined, false);
    expect(refused).toEqual({ line: `etcdctl lease keep-alive ${id}`, stdout: '', stderr: "Error: a keep-alive that runs until interrupted runs only in the page's terminal, where Ctrl+C stops it; in a script, use --once\n", exitCode: 1 });
    expect(h.stateHash()).toBe(hash);
    expect(h.running()).toBeUndefined();
    expect(h.actionLog().at(-1)).toEqual({ type: 'command', line: `etcdctl lease keep-alive ${id}` });
  });
});
