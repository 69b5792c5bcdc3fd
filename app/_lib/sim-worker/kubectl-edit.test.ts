// kubectl edit through the worker: the dialog's file is read without an action, a tick or
// a request (the state hash and the log stay as they were), and the browser's log — play,
// the open, the save — replays on the server to the same state hash, the save compared
// with the very file the dialog showed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { DEFAULT_GRADE_CAPS, gradeLab } from '@/sim-core/grading';
import { WorkerSession, type FrameTimer } from './session';
import { SimHost, replayActionLog } from './sim-host';
import { MAX_LINE_LENGTH, parseWorkerMessage, type HostLab, type HostScenario, type WorkerMessage } from './protocol';

const content = loadContent(path.join(process.cwd(), 'content')).content;
const lab = content.labs.get('first-deployment')!.lab;
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
const starter = content.labs.get('first-deployment')!.starterFiles;
const hostLab: HostLab = { files: Object.entries(starter).map(([p, c]) => ({ path: p, content: c })), goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) };

/** A lab's host, as the lab workspace starts it. */
function labHost(id: string) {
  const loaded = content.labs.get(id)!;
  const l = loaded.lab;
  const created = SimHost.create(
    { id: `lab:${l.id}`, topology: l.topology, seed: l.seed, members: l.members, setup: l.setup },
    { files: Object.entries(loaded.starterFiles).map(([p, c]) => ({ path: p, content: c })), goals: l.goals.map((g) => ({ id: g.id, check: g.check })) },
  );
  if (!created.ok) throw new Error(`the lab ${id} did not start`);
  return { host: created.host, solution: loaded.solution as ActionLog };
}

function started() {
  const created = SimHost.create(scenario, hostLab);
  if (!created.ok) throw new Error('the lab did not start');
  const h = created.host;
  expect(h.runCommand('kubectl apply -f deployment.yaml').stdout).toBe('deployment.apps/web created\n');
  return h;
}

describe('kubectl edit through the worker', () => {
  it('reads the dialog’s file without an action, a tick or a change of state', () => {
    const h = started();
    h.step(120);
    const before = { hash: h.stateHash(), now: h.now, log: h.actionLog() };
    const file = h.editorFile('kubectl edit deploy/web');
    expect(file).toMatchObject({ language: 'yaml', title: 'deployment.apps/web' });
    expect(file?.buffer).toMatch(/^# Please edit the object below\./);
    expect({ hash: h.stateHash(), now: h.now, log: h.actionLog() }).toEqual(before);
    expect(h.editorFile('kubectl edit deploy/nope')).toBeUndefined();
    expect(h.editorFile('kubectl get pods')).toBeUndefined();
  });

  it('opens no Secret for a ServiceAccount RBAC lets read none (rbac-least-privilege): the line prints kubectl’s Forbidden', () => {
    const { host, solution } = labHost('rbac-least-privilege');
    const as = '-n shop --as=system:serviceaccount:shop:ci-deployer';
    // the colleague's ClusterRoleBinding to cluster-admin: the pipeline may read everything
    expect(host.editorFile(`kubectl edit secret/payment-api-key ${as}`)?.title).toBe('secret/payment-api-key');
    for (const action of solution) host.apply(action);
    const before = { hash: host.stateHash(), now: host.now, log: host.actionLog() };
    expect(host.editorFile(`kubectl edit secret/payment-api-key ${as}`)).toBeUndefined();
    expect(host.editorFile(`kubectl edit secrets ${as}`)).toBeUndefined();
    expect({ hash: host.stateHash(), now: host.now, log: host.actionLog() }).toEqual(before);
    // the page runs the line: kubectl's GET is refused, and no Secret's data is printed
    const run = host.runCommand(`kubectl edit secret/payment-api-key ${as}`);
    expect(run).toMatchObject({
      stdout: '',
      stderr: 'Error from server (Forbidden): secrets "payment-api-key" is forbidden: User "system:serviceaccount:shop:ci-deployer" cannot get resource "secrets" in API group "" in the namespace "shop"\n',
      exitCode: 1,
    });
    // what its Role grants it opens: the Deployments of shop
    expect(host.editorFile(`kubectl edit deploy/web ${as}`)?.title).toBe('deployment.apps/web');
  });

  it('logs the save as one command with the saved file, and the server’s replay of the log reaches the same state', () => {
    const h = started();
    // the page played a while, paused, opened the dialog and saved: ticks, then the command
    h.step(37);
    h.step(55);
    const file = h.editorFile('kubectl edit deploy/web')!;
    const saved = file.buffer.replace('\n  replicas: 1\n', '\n  replicas: 3\n');
    const result = h.runCommand('kubectl edit deploy/web', saved);
    expect(result).toMatchObject({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(result.edit).toBeUndefined();
    h.runCommand('sim settle');
    const log = h.actionLog();
    expect(log.filter((a) => a.type === 'command' && a.line === 'kubectl edit deploy/web')).toEqual([{ type: 'command', line: 'kubectl edit deploy/web', stdin: saved }]);
    const replayed = replayActionLog(scenario, log, hostLab);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
    const graded = gradeLab(lab, log, { starterFiles: starter });
    expect(graded.ok && graded.stateHash).toBe(h.stateHash());
    expect(graded.ok && graded.passed).toBe(true);
  });

  it('returns the file kubectl reopens after a refused save with the command’s result, within the page’s schema', () => {
    const h = started();
    const file = h.editorFile('kubectl edit deploy/web')!;
    const result = h.runCommand('kubectl edit deploy/web', file.buffer.replace('\n  replicas: 1\n', '\n  replicas: -1\n'));
    expect(result.exitCode).toBe(1);
    expect(result.edit?.buffer).toContain('# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n');
    expect(parseWorkerMessage({ type: 'commandResult', requestId: 1, result }).ok).toBe(true);
  });

  it('gives up on a reopened file saved unchanged as kubectl does, and the server’s replay of the log prints the same', () => {
    const h = started();
    const file = h.editorFile('kubectl edit deploy/web')!;
    const refused = h.runCommand('kubectl edit deploy/web', file.buffer.replace('\n  replicas: 1\n', '\n  replicas: -1\n'));
    const again = h.runCommand('kubectl edit deploy/web', refused.edit!.buffer);
    expect(again).toMatchObject({ stdout: '', exitCode: 1 });
    expect(again.stderr).toMatch(/^A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
    expect(again.edit).toBeUndefined();
    const replayed = replayActionLog(scenario, h.actionLog(), hostLab);
    if (!replayed.ok) throw new Error('the replay did not start');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
    const fresh = SimHost.create(scenario, hostLab);
    if (!fresh.ok) throw new Error('the lab did not start');
    const outputs = h.actionLog().map((a) => fresh.host.apply(a));
    expect(outputs.at(-1)).toEqual(again);
    // a Step after a reopen (no dispatch here, a tick action in the server's replay) closes that editor in both
    const reopenedAgain = h.runCommand('kubectl edit deploy/web', file.buffer.replace('\n  replicas: 1\n', '\n  replicas: -1\n'));
    h.step(1);
    const browser = [refused, again, reopenedAgain, h.runCommand('kubectl edit deploy/web', reopenedAgain.edit!.buffer)];
    // sent again (kubectl's new edit, not its next pass)
    expect(browser[3]!.stderr).toMatch(/^error: deployments\.apps "web" /);
    const server: string[] = [];
    gradeLab(lab, h.actionLog(), { starterFiles: starter, observe: (step) => step.phase === 'action' && step.result.ok && step.result.output !== undefined && server.push(step.result.output.stderr) });
    expect(server.slice(-4)).toEqual(browser.map((r) => r.stderr));
  });

  it('keeps the reopened file in a restored replay only when the refused save was the last action (the page opens the dialog on it again)', () => {
    const h = started();
    const file = h.editorFile('kubectl edit deploy/web')!;
    const refused = h.runCommand('kubectl edit deploy/web', file.buffer.replace('\n  replicas: 1\n', '\n  replicas: -1\n'));
    expect(refused.edit).toBeDefined();
    const replayed = (log: ActionLog) => {
      const posted: WorkerMessage[] = [];
      const s = new WorkerSession((m) => posted.push(m), { start() {}, stop() {} });
      s.receive({ type: 'init', scenario, lab: hostLab, replay: log });
      const done = posted.find((m) => m.type === 'replayed');
      if (done?.type !== 'replayed') throw new Error('no replay');
      expect(parseWorkerMessage(done).ok).toBe(true);
      return done.results;
    };
    const endingOnIt = replayed(h.actionLog());
    expect(endingOnIt.at(-1)?.edit).toEqual(refused.edit);
    // a step after it: kubectl's editor is closed in the replay, and the page opens nothing
    h.step(1);
    const after = replayed(h.actionLog());
    expect(after.filter((r) => r.edit !== undefined)).toEqual([]);
    expect(after.at(-1)).toMatchObject({ line: 'kubectl edit deploy/web', stderr: refused.stderr });
  });

  it('names a few of many objects in the dialog’s title, within the page’s schema (kubectl edit events after a rollout)', () => {
    const h = started();
    for (const line of ['kubectl scale deploy/web --replicas=8', 'sim settle', 'kubectl rollout restart deploy/web', 'sim settle']) expect(h.runCommand(line).exitCode).toBe(0);
    const file = h.editorFile('kubectl edit events')!;
    expect(file.title.split(', ')).toHaveLength(3);
    expect(parseWorkerMessage({ type: 'editorFile', requestId: 1, editor: file, playing: false }).ok).toBe(true);
    // every name in the title would make it longer than the page accepts
    const names = h.runCommand('kubectl get events -o name').stdout.trim().split('\n');
    expect(file.more).toBe(names.length - 3);
    expect(names.join(', ').length).toBeGreaterThan(MAX_LINE_LENGTH);
  });

  it('opens no dialog in a lab whose caps have no room for the save: the line runs and is refused as any command is', () => {
    const created = SimHost.create(scenario, hostLab, { ...DEFAULT_GRADE_CAPS, maxCommands: lab.setup.length + 2 });
    if (!created.ok) throw new Error('the lab did not start');
    const h = created.host;
    expect(h.runCommand('kubectl apply -f deployment.yaml').exitCode).toBe(0);
    // room for one more command: the save
    expect(h.editorFile('kubectl edit deploy/web')?.title).toBe('deployment.apps/web');
    expect(h.runCommand('sim status').exitCode).toBe(0);
    const log = h.actionLog();
    expect(h.editorFile('kubectl edit deploy/web')).toBeUndefined();
    expect(h.runCommand('kubectl edit deploy/web')).toMatchObject({ stdout: '', exitCode: 1, refused: 'commands' });
    expect(h.actionLog()).toEqual(log);
  });

  it('pauses a playing clock for the dialog whatever the page last saw, says it played, and shows it paused', () => {
    const posted: WorkerMessage[] = [];
    let onFrame: (() => void) | undefined;
    const timer: FrameTimer = { start: (f) => (onFrame = f), stop: () => (onFrame = undefined) };
    const s = new WorkerSession((m) => posted.push(m), timer);
    s.receive({ type: 'init', scenario, lab: hostLab });
    s.receive({ type: 'apply', requestId: 1, files: [], path: 'deployment.yaml' });
    // Play, then the edit before any view of the playing clock reached the page
    s.receive({ type: 'play' });
    const frame = onFrame!;
    frame();
    s.receive({ type: 'openEditor', requestId: 2, line: 'kubectl edit deploy/web' });
    const answer = posted.findLast((m) => m.type === 'editorFile');
    expect(answer).toMatchObject({ type: 'editorFile', requestId: 2, playing: true, editor: { title: 'deployment.apps/web' } });
    expect(parseWorkerMessage(answer).ok).toBe(true);
    const view = posted.at(-1);
    expect(view?.type === 'view' && view.view.playing).toBe(false);
    expect(onFrame).toBeUndefined();
    // the clock stands still until the page plays it again
    const now = view?.type === 'view' ? view.view.now : -1;
    frame();
    s.receive({ type: 'openEditor', requestId: 3, line: 'kubectl edit deploy/web' });
    expect(posted.at(-1)).toMatchObject({ type: 'editorFile', requestId: 3, playing: false });
    s.receive({ type: 'runCommand', requestId: 4, line: 'kubectl get deploy web -o name' });
    const after = posted.findLast((m) => m.type === 'view');
    expect(after?.type === 'view' && after.view.now).toBeGreaterThanOrEqual(now);
    expect(after?.type === 'view' && after.view.playing).toBe(false);
    s.receive({ type: 'play' });
    expect(onFrame).toBeDefined();
  });

  it('answers the page’s openEditor with the file and its request id, posting no view and logging nothing', () => {
    const posted: WorkerMessage[] = [];
    const noTimer: FrameTimer = { start() {}, stop() {} };
    const s = new WorkerSession((m) => posted.push(m), noTimer);
    s.receive({ type: 'init', scenario, lab: hostLab });
    s.receive({ type: 'apply', requestId: 1, files: [], path: 'deployment.yaml' });
    const views = posted.filter((m) => m.type === 'view').length;
    s.receive({ type: 'openEditor', requestId: 2, line: 'kubectl edit deploy/web -o json' });
    const answer = posted.at(-1)!;
    expect(parseWorkerMessage(answer).ok).toBe(true);
    expect(answer).toMatchObject({ type: 'editorFile', requestId: 2, editor: { language: 'json', title: 'deployment.apps/web' } });
    s.receive({ type: 'openEditor', requestId: 3, line: 'kubectl edit deploy/nope' });
    expect(posted.at(-1)).toEqual({ type: 'editorFile', requestId: 3, playing: false });
    expect(posted.filter((m) => m.type === 'view').length).toBe(views);
    s.receive({ type: 'getActionLog', requestId: 4 });
    expect(posted.at(-1)).toMatchObject({ type: 'actionLog', requestId: 4, log: [{ type: 'command', line: 'kubectl apply -f deployment.yaml' }] });
  });
});
