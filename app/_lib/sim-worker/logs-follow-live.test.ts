// `kubectl logs -f` typed in the browser's terminal follows the container as the page's
// clock plays: it returns still running with the lines written so far, each later line
// comes as it is written, and it ends by itself (exit 0) when the container stops. Reading
// sends nothing, so the text and the cluster are the same whatever the frame rate.
import { describe, expect, it } from 'vitest';
import { replayActionLog, type SimHost } from './sim-host';
import { play, startHost } from './live-testkit';
import type { HostScenario } from './protocol';

const lesson: HostScenario = { id: 'lesson:logs', topology: 'default', seed: 9, members: 3, setup: [] };

function host(): SimHost {
  const h = startHost(lesson);
  expect(h.runCommand(`kubectl run ticker --image=busybox:1.36 -- sh -c 'i=0; while true; do echo tick $i; i=$((i+1)); sleep 1; done'`).stdout).toBe('pod/ticker created\n');
  h.runCommand('sim settle');
  return h;
}

describe('kubectl logs -f in the browser’s terminal', () => {
  it('returns still running with the lines so far, prints each later line as the clock plays, the same text at any frame rate', () => {
    const run = (frame: number) => {
      const h = host();
      const started = h.runCommand('kubectl logs -f ticker');
      expect(started.watch).toBe('running');
      expect(started.stdout).toMatch(/^tick 0\n/);
      const blocks = play(h, 600, frame);
      expect(blocks.every((b) => b.watch === 'output')).toBe(true);
      const text = started.stdout + blocks.map((b) => b.stdout).join('');
      h.interrupt();
      return { text, hash: h.stateHash(), log: h.actionLog(), after: h.runCommand('kubectl logs ticker').stdout };
    };
    const fine = run(7);
    const coarse = run(150);
    expect(fine.text).toBe(coarse.text);
    expect(fine.hash).toBe(coarse.hash);
    expect(fine.log).toEqual(coarse.log);
    // six more seconds, a line each, and exactly what the log file holds
    const lines = fine.text.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThanOrEqual(7);
    expect(lines.every((l, i) => l === `tick ${i}`)).toBe(true);
    expect(fine.after.startsWith(fine.text)).toBe(true);
    const replayed = replayActionLog(lesson, fine.log);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(fine.hash);
  });

  it('ends by itself when the container stops (the Pod deleted), exit 0', () => {
    const h = host();
    h.runCommand('kubectl logs -f ticker');
    play(h, 200, 20);
    h.runCommand('kubectl delete pod ticker --wait=false');
    const blocks = play(h, 4_000, 50);
    expect(blocks.at(-1)).toMatchObject({ watch: 'ended', exitCode: 0, stderr: '' });
    expect(h.running()).toBeUndefined();
  });

  it('breaks with the API server, through which the stream runs; hangs while the Pod’s node is powered off', () => {
    const h = host();
    h.runCommand('kubectl logs -f ticker --tail=1');
    h.runCommand('sim kill kube-apiserver');
    expect(play(h, 100, 20).at(-1)).toMatchObject({ watch: 'ended', exitCode: 1, stderr: 'error: unexpected EOF\n' });
    const other = host();
    const node = /ticker\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(node-\d)/.exec(other.runCommand('kubectl get pod ticker -o wide').stdout)?.[1];
    expect(node).toBeDefined();
    other.runCommand('kubectl logs -f ticker --tail=1');
    other.runCommand(`sim kill ${node}`);
    play(other, 50, 10);
    expect(play(other, 1_000, 50)).toEqual([]);
    expect(other.running()).toBe('kubectl logs -f ticker --tail=1');
  });

  it('in a script still waits inside the command and returns', () => {
    const h = host();
    const once = h.runCommand('kubectl logs -f ticker', undefined, undefined, false);
    expect(once.watch).toBeUndefined();
    expect(once.stdout).toMatch(/^tick 0\n/);
  });
});
