// A lab's terminal runs under the caps the server grades with (one definition:
// sim-core/grading/caps.ts): whatever the workspace lets a learner do is a log the
// server grades. The QA walk-through's case: finish the lab, `sim tick 250000`, Submit.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadContent } from '@/app/_lib/content/loader';
import { DEFAULT_GRADE_CAPS, gradeLab, type GradeCaps } from '@/sim-core/grading';
import { MAX_STEP_TICKS, type HostLab, type HostScenario, type SimView, type WorkerMessage } from './protocol';
import { WorkerSession, type FrameTimer } from './session';
import { SimHost } from './sim-host';

const content = loadContent(path.join(process.cwd(), 'content')).content;
const lab = content.labs.get('etcd-quorum-recovery')!.lab;
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
const hostLab: HostLab = { files: [], goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) };
const SOLVE = ['sim restart etcd-2', 'sim tick 300', 'etcdctl put /app/recovered yes'];

function labSession() {
  const posted: WorkerMessage[] = [];
  let onFrame: (() => void) | undefined;
  const timer: FrameTimer = {
    start: (f) => {
      onFrame = f;
    },
    stop: () => {
      onFrame = undefined;
    },
  };
  const s = new WorkerSession((m) => posted.push(m), timer);
  s.receive({ type: 'init', scenario, lab: hostLab });
  const lastView = (): SimView => posted.flatMap((m) => (m.type === 'view' ? [m.view] : [])).at(-1)!;
  const results = () => posted.flatMap((m) => (m.type === 'commandResult' ? [m.result] : []));
  const log = () => {
    s.receive({ type: 'getActionLog', requestId: 99 });
    const m = posted.findLast((x) => x.type === 'actionLog');
    return m?.type === 'actionLog' ? m.log : [];
  };
  return { s, lastView, results, log, frame: () => onFrame?.() };
}

function hostWith(caps: Partial<GradeCaps>) {
  const all = { ...DEFAULT_GRADE_CAPS, ...caps };
  const created = SimHost.create(scenario, hostLab, all);
  if (!created.ok) throw new Error('no host');
  return { host: created.host, caps: all };
}

describe("a lab's terminal under grading's caps", () => {
  it('refuses `sim tick` past the tick budget up front, saying how much is left, and the finished lab is still graded', () => {
    const { s, results, log, lastView } = labSession();
    for (const [i, line] of SOLVE.entries()) s.receive({ type: 'runCommand', requestId: i + 1, line });
    const before = lastView().now;
    s.receive({ type: 'runCommand', requestId: 9, line: 'sim tick 250000' });
    const r = results().at(-1)!;
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^sim tick: only \d+ ticks \([\d.]+s\) of simulated time are left in this lab \(its cap is 200000 ticks\); run sim tick \d+ or less\n$/);
    expect(lastView().now).toBe(before);
    expect(lastView().budget).toMatchObject({ maxTicks: 200_000 });
    const verdict = gradeLab(lab, log());
    expect(verdict.ok && verdict.passed).toBe(true);
  });

  it('stops Step and Play at the end of the budget, says so in the view, and the log is still graded', () => {
    const { s, lastView, log, frame } = labSession();
    for (const [i, line] of SOLVE.entries()) s.receive({ type: 'runCommand', requestId: i + 1, line });
    // Step: at most MAX_STEP_TICKS a press, cut at the end of the budget
    while ((lastView().budget?.ticksLeft ?? 0) > 2_000) s.receive({ type: 'step', ticks: Math.min(MAX_STEP_TICKS, lastView().budget!.ticksLeft - 1_000) });
    s.receive({ type: 'setSpeed', ticksPerSecond: 1000 });
    s.receive({ type: 'play' });
    expect(lastView().playing).toBe(true);
    for (let i = 0; i < 100 && lastView().playing; i++) frame();
    expect(lastView().playing).toBe(false);
    expect(lastView().budget).toMatchObject({ ticksLeft: 0, full: 'ticks' });
    // Play and Step do nothing more; commands still run (their waits time out at the end)
    s.receive({ type: 'play' });
    expect(lastView().playing).toBe(false);
    const at = lastView().now;
    s.receive({ type: 'step', ticks: 100 });
    expect(lastView().now).toBe(at);
    s.receive({ type: 'runCommand', requestId: 20, line: 'etcdctl get /app/recovered' });
    const verdict = gradeLab(lab, log());
    expect(verdict.ok && verdict.passed).toBe(true);
  });

  it('refuses a command the command cap has no room for: not run, not logged, and the log is graded with the same caps', () => {
    const { host, caps } = hostWith({ maxCommands: lab.setup.length + 2 });
    expect(host.runCommand('sim status').exitCode).toBe(0);
    expect(host.runCommand('sim restart etcd-2').exitCode).toBe(0);
    const refused = host.runCommand('etcdctl put /c 3');
    expect(refused).toMatchObject({ exitCode: 1, refused: 'commands' });
    expect(refused.stderr).toContain('the command was not run');
    expect(host.actionLog()).toHaveLength(2);
    expect(host.budget()?.full).toBe('commands');
    expect(gradeLab(lab, host.actionLog(), { caps }).ok).toBe(true);
  });

  it('lets a command cross the output cap and refuses the next one; the log is graded with the same caps', () => {
    const { host, caps } = hostWith({ maxOutputBytes: 300 });
    host.runCommand(`sim status`);
    host.runCommand(`sim status`);
    host.runCommand(`sim status`);
    expect(host.budget()?.full).toBe('output');
    expect(host.runCommand('sim status').refused).toBe('output');
    expect(gradeLab(lab, host.actionLog(), { caps }).ok).toBe(true);
  });

  it('refuses a new action when the log has the most actions grading accepts, but a step of time still joins the last one', () => {
    const { host, caps } = hostWith({ maxActions: 2 });
    host.runCommand('sim status');
    host.step(10);
    expect(host.step(10)).toBe(10);
    expect(host.runCommand('sim status').refused).toBe('actions');
    expect(host.writeFile('notes.txt', 'x')).toBe(false);
    expect(host.actionLog()).toEqual([
      { type: 'command', line: 'sim status' },
      { type: 'tick', ticks: 20 },
    ]);
    expect(gradeLab(lab, host.actionLog(), { caps }).ok).toBe(true);
  });

  it('refuses Apply whole when the log has room for its file writes but not its kubectl apply: nothing written, nothing logged', () => {
    const { host, caps } = hostWith({ maxActions: 2 });
    const files = [
      { path: 'web.yaml', content: 'a: 1\n' },
      { path: 'svc.yaml', content: 'b: 2\n' },
    ];
    const refused = host.applyFiles(files, 'web.yaml');
    expect(refused).toMatchObject({ written: false, result: { line: 'kubectl apply -f web.yaml', exitCode: 1, refused: 'actions' } });
    expect(host.file('web.yaml')).toBeUndefined();
    expect(host.file('svc.yaml')).toBeUndefined();
    expect(host.actionLog()).toEqual([]);
    // one file and its command fit: written and run, in the order the grader replays
    expect(host.applyFiles(files.slice(0, 1), 'web.yaml').written).toBe(true);
    expect(host.file('web.yaml')).toBe('a: 1\n');
    expect(host.actionLog()).toEqual([
      { type: 'writeFile', path: 'web.yaml', content: 'a: 1\n' },
      { type: 'command', line: 'kubectl apply -f web.yaml' },
    ]);
    expect(gradeLab(lab, host.actionLog(), { caps }).ok).toBe(true);
  });

  it('refuses Apply whole when the command cap is used up: its files are not written either', () => {
    const { host } = hostWith({ maxCommands: lab.setup.length + 1 });
    expect(host.runCommand('sim status').exitCode).toBe(0);
    const refused = host.applyFiles([{ path: 'web.yaml', content: 'a: 1\n' }], 'web.yaml');
    expect(refused).toMatchObject({ written: false, result: { refused: 'commands' } });
    expect(host.file('web.yaml')).toBeUndefined();
    expect(host.actionLog()).toEqual([{ type: 'command', line: 'sim status' }]);
  });

  it('leaves a lesson without caps: its terminal is never graded', () => {
    const created = SimHost.create(scenario);
    if (!created.ok) throw new Error('no host');
    const r = created.host.runCommand('sim tick 250000');
    expect(r.exitCode).toBe(0);
    expect(created.host.budget()).toBeUndefined();
  });
});
