// `kubectl rollout status` typed in the browser's terminal follows the rollout as the page's
// clock plays instead of running simulated time inside the command: it returns still
// running, prints each status line as the Deployment changes, and ends by itself when the
// rollout is done (or --timeout passes) — decided as the event arrives, so reading it or
// not changes nothing — and the log replays to the same state and text.
import { describe, expect, it } from 'vitest';
import { replayActionLog, type SimHost } from './sim-host';
import { play, startHost } from './live-testkit';
import type { CommandResult, HostScenario } from './protocol';

const lesson: HostScenario = { id: 'lesson:rollout', topology: 'default', seed: 5, members: 3, setup: [] };

const host = (): SimHost => startHost(lesson);

/** A Deployment of three that has rolled out, then a new image: the rollout to follow. */
function rolling(h: SimHost): void {
  h.runCommand('kubectl create deployment web --image=nginx:1.26 --replicas=3');
  h.runCommand('sim settle');
  expect(h.runCommand('kubectl set image deployment/web nginx=nginx:1.27').stdout).toBe('deployment.apps/web image updated\n');
}

describe('kubectl rollout status in the browser’s terminal', () => {
  it('returns still running, prints each status line as the clock plays, and ends by itself when the rollout is done', () => {
    const h = host();
    rolling(h);
    const started = h.runCommand('kubectl rollout status deployment/web');
    expect(started).toMatchObject({ line: 'kubectl rollout status deployment/web', stderr: '', exitCode: 0, watch: 'running' });
    expect(started.stdout).toMatch(/^Waiting for /);
    const blocks = play(h, 2_000, 20);
    const end = blocks.at(-1)!;
    expect(end).toMatchObject({ watch: 'ended', exitCode: 0, stderr: '' });
    expect(end.stdout.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
    expect(blocks.slice(0, -1).every((b) => b.watch === 'output')).toBe(true);
    const lines = (started.stdout + blocks.map((b) => b.stdout).join('')).split('\n').filter((l) => l !== '');
    expect(lines.some((l) => /^Waiting for deployment "web" rollout to finish: \d out of 3 new replicas have been updated\.\.\.$/.test(l))).toBe(true);
    expect(lines.filter((l) => l.includes('successfully rolled out'))).toHaveLength(1);
    expect(h.running()).toBeUndefined();
    // logged as live, and nothing to interrupt: it ended by itself
    expect(h.actionLog().filter((a) => a.type === 'command' && a.live === true)).toEqual([{ type: 'command', line: 'kubectl rollout status deployment/web', live: true }]);
    expect(h.interrupt()).toBeUndefined();
  });

  it('returns at once, finished, when the rollout is already done; a script still follows it inside the command', () => {
    const h = host();
    h.runCommand('kubectl create deployment web --image=nginx:1.26 --replicas=3');
    h.runCommand('sim settle');
    expect(h.runCommand('kubectl rollout status deployment/web')).toEqual({ line: 'kubectl rollout status deployment/web', stdout: 'deployment "web" successfully rolled out\n', stderr: '', exitCode: 0 });
    h.runCommand('kubectl set image deployment/web nginx=nginx:1.27');
    const script = h.runCommand('kubectl rollout status deployment/web', undefined, undefined, false);
    expect(script.watch).toBeUndefined();
    expect(script.stdout.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
  });

  it('ends with kubectl’s timeout error when --timeout passes first', () => {
    const h = host();
    rolling(h);
    h.runCommand('kubectl rollout status deployment/web --timeout=1s');
    const blocks = play(h, 300, 10);
    expect(blocks.at(-1)).toMatchObject({ watch: 'ended', exitCode: 1, stderr: 'error: timed out waiting for the condition\n' });
    // it gave up at one simulated second, however the frames cut time
    expect(blocks.findIndex((b) => b.watch === 'ended')).toBeLessThanOrEqual(10);
  });

  it('ends with the refused connection when the API server goes away, as the script’s watch request does', () => {
    const h = host();
    rolling(h);
    h.runCommand('kubectl rollout status deployment/web');
    h.runCommand('sim kill kube-apiserver');
    expect(play(h, 200, 20).at(-1)).toMatchObject({ watch: 'ended', exitCode: 1, stderr: 'The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?\n' });
  });

  it('stops on Ctrl+C', () => {
    const h = host();
    rolling(h);
    h.runCommand('kubectl rollout status deployment/web');
    h.step(5);
    expect(h.interrupt()).toMatchObject({ watch: 'stopped', exitCode: 130 });
    expect(play(h, 1_000, 20)).toEqual([]);
  });

  it('leaves the cluster the same whether or when it is read, and replays to the same state and text', () => {
    const run = (read: boolean) => {
      const h = host();
      rolling(h);
      const blocks: CommandResult[] = [h.runCommand('kubectl rollout status deployment/web')];
      for (let i = 0; i < 100; i++) {
        h.step(17);
        const b = read ? h.readRunning() : undefined;
        if (b !== undefined) blocks.push(b);
      }
      h.runCommand('kubectl get pods');
      return { hash: h.stateHash(), log: h.actionLog(), text: blocks.map((b) => b.stdout).join('') };
    };
    const reading = run(true);
    const notReading = run(false);
    expect(notReading.log).toEqual(reading.log);
    expect(notReading.hash).toBe(reading.hash);
    expect(reading.text.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
    const replayed = replayActionLog(lesson, reading.log);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(reading.hash);
  });
});
