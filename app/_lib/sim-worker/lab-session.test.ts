// A lab in the worker: the cluster starts with the starter files, the checklist shows
// the goals as sim-core's grading judges them on the live cluster, Apply's writes and its
// kubectl apply are logged actions, saved work replays to the same state (and the same goals) in a fresh
// worker, and reset goes back to the start — files included.
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { gradeLab } from '@/sim-core/grading';
import path from 'node:path';
import { WorkerSession, type FrameTimer } from './session';
import { SimHost } from './sim-host';
import { parseWorkerMessage, type HostLab, type HostScenario, type SimView, type WorkerMessage } from './protocol';

const content = loadContent(path.join(process.cwd(), 'content')).content;
const loaded = content.labs.get('etcd-quorum-recovery')!;
const lab = loaded.lab;
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
const hostLab: HostLab = {
  files: [{ path: 'notes/answer.txt', content: 'starter\n' }],
  goals: lab.goals.map((g) => ({ id: g.id, check: g.check })),
};
const SOLVE = ['sim restart etcd-2', 'sim tick 300', 'etcdctl put /app/recovered yes'];

const noTimer: FrameTimer = { start() {}, stop() {} };

function session() {
  const posted: WorkerMessage[] = [];
  const s = new WorkerSession((m) => posted.push(m), noTimer);
  const lastView = (): SimView => {
    const v = posted.flatMap((m) => (m.type === 'view' ? [m.view] : [])).at(-1);
    if (v === undefined) throw new Error('no view posted');
    return v;
  };
  const goals = () => Object.fromEntries((lastView().goals ?? []).map((g) => [g.id, g.passed]));
  return { posted, s, lastView, goals };
}

describe('a lab in the worker', () => {
  it('shows every goal not done at the start, with grading explanations in both languages', () => {
    const { s, lastView, goals } = session();
    s.receive({ type: 'init', scenario, lab: hostLab });
    expect(goals()).toEqual({ 'quorum-restored': false, 'recovered-written': false });
    const g = lastView().goals![1]!;
    expect(g.kind).toBe('state');
    expect(g.explanation.en).toContain('/app/recovered');
    expect(g.explanation.ko.length).toBeGreaterThan(0);
  });

  it('turns the goals done as the learner restores the quorum and writes, as the server grades the same log', () => {
    const { s, goals } = session();
    s.receive({ type: 'init', scenario, lab: hostLab });
    s.receive({ type: 'runCommand', requestId: 1, line: SOLVE[0]! });
    s.receive({ type: 'runCommand', requestId: 2, line: SOLVE[1]! });
    expect(goals()).toEqual({ 'quorum-restored': true, 'recovered-written': false });
    s.receive({ type: 'runCommand', requestId: 3, line: SOLVE[2]! });
    expect(goals()).toEqual({ 'quorum-restored': true, 'recovered-written': true });
    const log = SOLVE.map((line) => ({ type: 'command' as const, line }));
    const server = gradeLab(lab, log);
    expect(server.ok && server.passed).toBe(true);
  });

  it('records Apply as its writeFile actions then its kubectl apply, answers that the files were written, and bumps the log version', () => {
    const { s, posted, lastView } = session();
    s.receive({ type: 'init', scenario, lab: hostLab });
    const before = lastView().logVersion;
    s.receive({ type: 'apply', requestId: 3, files: [{ path: 'notes/answer.txt', content: 'edited\n' }, { path: 'notes/more.txt', content: 'more\n' }], path: 'notes/answer.txt' });
    const answer = posted.find((m) => m.type === 'applied');
    expect(answer).toMatchObject({ type: 'applied', requestId: 3, written: true, result: { line: 'kubectl apply -f notes/answer.txt' } });
    expect(parseWorkerMessage(answer).ok).toBe(true);
    expect(lastView().logVersion).toBeGreaterThan(before);
    s.receive({ type: 'getActionLog', requestId: 9 });
    // the grader's format, unchanged: one writeFile per file, then the command
    expect(posted.at(-1)).toEqual({
      type: 'actionLog',
      requestId: 9,
      log: [
        { type: 'writeFile', path: 'notes/answer.txt', content: 'edited\n' },
        { type: 'writeFile', path: 'notes/more.txt', content: 'more\n' },
        { type: 'command', line: 'kubectl apply -f notes/answer.txt' },
      ],
    });
  });

  it('refuses an Apply of a file outside the workspace', () => {
    const { s, posted } = session();
    s.receive({ type: 'init', scenario, lab: hostLab });
    s.receive({ type: 'apply', requestId: 1, files: [{ path: '../etc/passwd', content: 'x' }], path: 'notes/answer.txt' });
    expect(posted.at(-1)).toMatchObject({ type: 'error' });
  });

  it('replays saved work into a fresh worker to the same state hash and goals, with progress and the outputs', () => {
    const first = session();
    first.s.receive({ type: 'init', scenario, lab: hostLab });
    first.s.receive({ type: 'apply', requestId: 9, files: [{ path: 'notes/answer.txt', content: 'edited\n' }], path: 'notes/answer.txt' });
    for (const [i, line] of SOLVE.entries()) first.s.receive({ type: 'runCommand', requestId: i + 1, line });
    first.s.receive({ type: 'step', ticks: 7 });
    first.s.receive({ type: 'getActionLog', requestId: 50 });
    const saved = first.posted.at(-1);
    if (saved?.type !== 'actionLog') throw new Error('no log');

    const second = session();
    second.s.receive({ type: 'init', scenario, lab: hostLab, replay: saved.log });
    const kinds = second.posted.map((m) => m.type);
    expect(kinds.indexOf('ready')).toBeLessThan(kinds.indexOf('replayProgress'));
    expect(kinds.indexOf('replayProgress')).toBeLessThan(kinds.indexOf('replayed'));
    const replayed = second.posted.find((m) => m.type === 'replayed');
    expect(replayed).toMatchObject({ type: 'replayed', results: [{ line: 'kubectl apply -f notes/answer.txt' }, { line: SOLVE[0] }, { line: SOLVE[1] }, { line: SOLVE[2], stdout: 'OK\n' }] });
    expect(second.lastView().stateHash).toBe(first.lastView().stateHash);
    expect(second.goals()).toEqual(first.goals());
  });

  it('reset restores the starting state, the starter files and an empty log', () => {
    const { s, posted, lastView, goals } = session();
    s.receive({ type: 'init', scenario, lab: hostLab });
    const startHash = lastView().stateHash;
    s.receive({ type: 'apply', requestId: 9, files: [{ path: 'notes/answer.txt', content: 'edited\n' }], path: 'notes/answer.txt' });
    for (const [i, line] of SOLVE.entries()) s.receive({ type: 'runCommand', requestId: i + 1, line });
    expect(lastView().stateHash).not.toBe(startHash);
    s.receive({ type: 'reset' });
    expect(lastView().stateHash).toBe(startHash);
    expect(goals()).toEqual({ 'quorum-restored': false, 'recovered-written': false });
    s.receive({ type: 'getActionLog', requestId: 5 });
    expect(posted.at(-1)).toEqual({ type: 'actionLog', requestId: 5, log: [] });
  });
});

describe('SimHost for a lab', () => {
  it('starts with the starter files in the workspace, as the server grading writes them', () => {
    const created = SimHost.create(scenario, hostLab);
    if (!created.ok) throw new Error('unsupported');
    expect(created.host.file('notes/answer.txt')).toBe('starter\n');
    created.host.writeFile('notes/answer.txt', 'mine\n');
    expect(created.host.file('notes/answer.txt')).toBe('mine\n');
  });

  it('tracks an `eventually` goal from the start of the lab, like the server replay', () => {
    const created = SimHost.create(scenario, {
      files: [],
      goals: [{ id: 'was-written', check: { kind: 'eventually', condition: { kind: 'keyExists', key: '/app/recovered' } } }],
    });
    if (!created.ok) throw new Error('unsupported');
    const { host } = created;
    expect(host.goalViews()).toMatchObject([{ id: 'was-written', passed: false, kind: 'eventually' }]);
    for (const line of SOLVE) host.runCommand(line);
    host.runCommand('etcdctl del /app/recovered');
    // it held once: an `eventually` goal stays done although the key is gone now
    expect(host.goalViews()).toMatchObject([{ id: 'was-written', passed: true, kind: 'eventually' }]);
  });
});

describe('a Kubernetes lab in the worker', () => {
  it("applies a manifest with kubectl and posts only messages the page's schema accepts", () => {
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  replicas: 2',
      '  selector:',
      '    matchLabels: { app: web }',
      '  template:',
      '    metadata:',
      '      labels: { app: web }',
      '    spec:',
      '      containers: [{ name: nginx, image: "nginx:1.27" }]',
      '',
    ].join('\n');
    const posted: WorkerMessage[] = [];
    const s = new WorkerSession((m) => posted.push(m), noTimer);
    s.receive({
      type: 'init',
      scenario: { id: 'lab:k8s', topology: 'default', seed: 611, members: 3, setup: [] },
      lab: { files: [{ path: 'deployment.yaml', content: manifest }], goals: [{ id: 'stored', check: { kind: 'keyExists', key: '/registry/deployments/default/web' } }] },
    });
    s.receive({ type: 'runCommand', requestId: 1, line: 'kubectl apply -f deployment.yaml' });
    expect(posted.find((m) => m.type === 'commandResult')).toMatchObject({ result: { stdout: 'deployment.apps/web created\n', exitCode: 0 } });
    s.receive({ type: 'step', ticks: 200 });
    const views = posted.flatMap((m) => (m.type === 'view' ? [m.view] : []));
    expect(views.at(-1)?.goals).toMatchObject([{ id: 'stored', passed: true }]);
    // what the page would refuse (and stop on) must never be posted
    expect(posted.map((m) => parseWorkerMessage(m)).filter((p) => !p.ok)).toEqual([]);
  });
});
