// `kubectl get -w` typed in the browser's terminal keeps watching after it returns: its
// rows come as the page's clock runs, the session posts them with the views, Ctrl+C stops
// it (a logged `interrupt`), and the log — the command marked `live` — replays to the same
// state and the same rows in a fresh worker and in grading's own replay.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { DEFAULT_GRADE_CAPS, gradeLab } from '@/sim-core/grading';
import { actionLogSchema } from '@/sim-core/cluster/actions';
import { WorkerSession, type FrameTimer } from './session';
import { replayActionLog, SimHost } from './sim-host';
import { play, startHost, stdoutOf } from './live-testkit';
import { parseWorkerMessage, type HostLab, type HostScenario, type WorkerMessage } from './protocol';

const content = loadContent(path.join(process.cwd(), 'content')).content;
const loaded = content.labs.get('first-deployment')!;
const lab = loaded.lab;
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
const hostLab: HostLab = { files: Object.entries(loaded.starterFiles).map(([p, c]) => ({ path: p, content: c })), goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) };
const lesson: HostScenario = { id: 'lesson:watch', topology: 'default', seed: 7, members: 3, setup: [] };

/** The lab's host (first-deployment), or a lesson's cluster. */
function host(which: 'lab' | 'lesson' = 'lab'): SimHost {
  return which === 'lab' ? startHost(scenario, hostLab) : startHost(lesson);
}

const text = stdoutOf;

describe('kubectl get -w in the browser’s terminal', () => {
  it('returns at once, still running, and prints each change of the Pods as time passes, until Ctrl+C', () => {
    const h = host();
    const started = h.runCommand('kubectl get pods -w');
    // no Pods yet: kubectl prints nothing until the first event brings the header
    expect(started).toEqual({ line: 'kubectl get pods -w', stdout: '', stderr: '', exitCode: 0, watch: 'running' });
    expect(h.running()).toBe('kubectl get pods -w');
    expect(h.runCommand('kubectl apply -f deployment.yaml').stdout).toBe('deployment.apps/web created\n');
    const blocks = play(h, 1_000);
    expect(blocks.every((b) => b.watch === 'output' && b.line === 'kubectl get pods -w' && b.exitCode === 0)).toBe(true);
    const rows = text(blocks).split('\n').filter((l) => l !== '');
    expect(rows[0]).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE$/);
    expect(rows.filter((r) => r.startsWith('NAME'))).toHaveLength(1);
    // every Pod of web is seen Pending, then Running
    const pods = new Set(rows.slice(1).map((r) => r.split(/ +/)[0]));
    expect(pods.size).toBeGreaterThan(0);
    for (const pod of pods) {
      const states = rows.filter((r) => r.startsWith(`${pod} `)).map((r) => r.split(/ +/)[2]);
      expect(states[0]).toBe('Pending');
      expect(states.at(-1)).toBe('Running');
    }
    const stopped = h.interrupt();
    expect(stopped).toEqual({ line: 'kubectl get pods -w', stdout: '', stderr: '', exitCode: 130, watch: 'stopped' });
    expect(h.running()).toBeUndefined();
    h.runCommand('kubectl scale deploy/web --replicas=1');
    expect(play(h, 300)).toEqual([]);
    const log = h.actionLog();
    expect(log.filter((a) => a.type === 'command' && a.line.startsWith('kubectl get'))).toEqual([{ type: 'command', line: 'kubectl get pods -w', live: true }]);
    expect(log.filter((a) => a.type === 'interrupt')).toEqual([{ type: 'interrupt' }]);
    // only the watch that stayed running is marked: the other commands run the same either way
    expect(log.filter((a) => a.type === 'command' && a.live === true)).toHaveLength(1);
    expect(actionLogSchema.safeParse(log).success).toBe(true);
    // Ctrl+C with nothing running logs nothing
    expect(h.interrupt()).toBeUndefined();
    expect(h.actionLog()).toEqual(log);
  });

  it('replays to the same state and the same rows in a fresh worker and in grading’s replay', () => {
    const h = host();
    h.runCommand('kubectl get pods -w');
    h.runCommand('kubectl apply -f deployment.yaml');
    const live = play(h, 700, 7);
    h.runCommand('kubectl scale deploy/web --replicas=1');
    live.push(...play(h, 300, 11));
    h.runCommand('kubectl scale deploy/web --replicas=3');
    live.push(...play(h, 500, 13));
    h.interrupt();
    h.runCommand('sim settle');
    const log = h.actionLog();

    const replayed = replayActionLog(scenario, log, hostLab);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());

    // the worker's replay of saved work shows the rows where the terminal showed them
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), { start() {}, stop() {} });
    session.receive({ type: 'init', scenario, lab: hostLab, replay: log });
    const done = posted.find((m) => m.type === 'replayed');
    if (done?.type !== 'replayed') throw new Error('no replay');
    expect(done.error).toBeUndefined();
    const watchText = done.results.filter((r) => r.line === 'kubectl get pods -w').map((r) => r.stdout).join('');
    // the rows carry the tick each event arrived at, not the frame that read it: the same text however time was cut
    expect(watchText).toBe(text(live));
    const states = done.results.filter((r) => r.line === 'kubectl get pods -w').map((r) => r.watch);
    expect([states[0], states.at(-1), new Set(states.slice(1, -1))]).toEqual(['running', 'stopped', new Set(['output'])]);

    const server: string[] = [];
    const graded = gradeLab(lab, log, { starterFiles: loaded.starterFiles, observe: (s) => s.watched !== undefined && server.push(s.watched.stdout) });
    expect(graded.ok && graded.stateHash).toBe(h.stateHash());
    expect(graded.ok && graded.passed).toBe(true);
    expect(server.join('')).toBe(text(live));
  });

  it('is part of the cluster: the same log without the watch is another run (the replay must keep it open)', () => {
    const h = host();
    h.runCommand('kubectl get pods -w');
    h.runCommand('kubectl apply -f deployment.yaml');
    play(h, 500);
    const log = h.actionLog();
    const script = log.map((a) => (a.type === 'command' && a.live === true ? { type: 'command' as const, line: a.line } : a));
    const replayed = replayActionLog(scenario, script, hostLab);
    if (!replayed.ok) throw new Error('the replay did not start');
    // a script's `get -w` runs until the cluster is quiet inside the command: time moves differently
    expect(replayed.host.now).not.toBe(h.now);
  });

  it.each(['sim kill kube-apiserver', 'sim kill control-plane'])('ends by itself, with kubectl’s error, when the API server goes away (%s); Ctrl+C then has nothing to stop', (kill) => {
    const h = host('lesson');
    const started = h.runCommand('kubectl get nodes -w');
    expect(started.stdout).toMatch(/^NAME +STATUS +ROLES +AGE +VERSION\ncontrol-plane +Ready +control-plane/);
    expect(play(h, 30)).toEqual([]);
    expect(h.runCommand(kill).exitCode).toBe(0);
    const after = play(h, 100);
    expect(after).toEqual([{ line: 'kubectl get nodes -w', stdout: '', stderr: 'error: watch closed before UntilWithoutRetry timeout\n', exitCode: 1, watch: 'ended' }]);
    expect(h.running()).toBeUndefined();
    const log = h.actionLog();
    expect(h.interrupt()).toBeUndefined();
    expect(h.actionLog()).toEqual(log);
    // back up, nothing of the old watch comes
    h.runCommand(kill.replace('kill', 'restart'));
    h.runCommand('kubectl label node node-1 seen=yes');
    expect(play(h, 300)).toEqual([]);
    const replayed = replayActionLog(lesson, h.actionLog());
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
  });

  it('leaves the cluster the same whether or when its rows are read: a watch the server refused ends in the kernel’s time, and a later watch cancels nothing', () => {
    const run = (read: boolean) => {
      const h = host('lesson');
      const look = () => (read ? h.readRunning() : undefined);
      h.runCommand('kubectl get pods -w');
      // killed before the watch request reaches it: the dial is refused, which ends the watch
      h.runCommand('sim kill kube-apiserver');
      look();
      h.step(20);
      const refused = look();
      h.runCommand('sim restart kube-apiserver');
      h.step(500);
      look();
      h.runCommand('kubectl get nodes -w');
      h.runCommand('kubectl create deployment web --image=nginx:1.27 --replicas=3');
      for (let i = 0; i < 100; i++) {
        h.step(10);
        look();
      }
      return { refused, hash: h.stateHash(), log: h.actionLog() };
    };
    const reading = run(true);
    const notReading = run(false);
    expect(notReading.log).toEqual(reading.log);
    expect(notReading.hash).toBe(reading.hash);
    // and the refused watch says so as kubectl does
    expect(reading.refused).toMatchObject({ watch: 'ended', exitCode: 1, stderr: 'The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?\n' });
  });

  it('in a lab whose log is full, refuses Ctrl+C as any action: the watch runs on, nothing is logged, and the page shows it as the learner’s', () => {
    const created = SimHost.create(scenario, hostLab, { ...DEFAULT_GRADE_CAPS, maxActions: 2 });
    if (!created.ok) throw new Error('the lab did not start');
    const h = created.host;
    h.runCommand('kubectl get pods -w');
    h.step(10);
    const log = h.actionLog();
    expect(log).toHaveLength(2);
    const refused = h.interrupt();
    expect(refused).toMatchObject({ line: 'kubectl get pods -w', refused: 'actions', watch: 'running', exitCode: 1 });
    expect(h.running()).toBe('kubectl get pods -w');
    expect(h.actionLog()).toEqual(log);
    expect(parseWorkerMessage({ type: 'commandResult', result: refused }).ok).toBe(true);
  });

  it('runs one at a time: a second watch ends the first, in the browser and in the replay alike', () => {
    const h = host('lesson');
    h.runCommand('kubectl get pods -w');
    h.runCommand('kubectl get deployments -w');
    expect(h.running()).toBe('kubectl get deployments -w');
    h.runCommand('kubectl create deployment api --image=nginx:1.27');
    const blocks = play(h, 500);
    expect(blocks.every((b) => b.line === 'kubectl get deployments -w')).toBe(true);
    expect(text(blocks)).toMatch(/^NAME +READY +UP-TO-DATE +AVAILABLE +AGE\napi +0\/1/);
    const replayed = replayActionLog(lesson, h.actionLog());
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
    expect(replayed.host.running()).toBe('kubectl get deployments -w');
  });

  it('goes through the session: views say what runs and carry its rows, Ctrl+C answers with the stopped block, all within the page’s schema', () => {
    const posted: WorkerMessage[] = [];
    const noTimer: FrameTimer = { start() {}, stop() {} };
    const s = new WorkerSession((m) => posted.push(m), noTimer);
    s.receive({ type: 'init', scenario: lesson });
    s.receive({ type: 'runCommand', requestId: 1, line: 'kubectl get pods -w' });
    s.receive({ type: 'runCommand', requestId: 2, line: 'kubectl create deployment web --image=nginx:1.27 --replicas=2' });
    for (let i = 0; i < 50; i++) s.receive({ type: 'step', ticks: 20 });
    const views = posted.flatMap((m) => (m.type === 'view' ? [m.view] : []));
    expect(views.at(-1)?.running).toBe('kubectl get pods -w');
    expect(views.flatMap((v) => (v.watched !== undefined ? [v.watched.stdout] : [])).join('')).toMatch(/Running/);
    s.receive({ type: 'interrupt' });
    const last = posted.filter((m) => m.type === 'commandResult').at(-1);
    expect(last).toMatchObject({ result: { line: 'kubectl get pods -w', exitCode: 130, watch: 'stopped' } });
    expect(posted.filter((m) => m.type === 'view').at(-1)).not.toHaveProperty('view.running');
    expect(posted.map((m) => parseWorkerMessage(m)).filter((p) => !p.ok)).toEqual([]);
  });
});
