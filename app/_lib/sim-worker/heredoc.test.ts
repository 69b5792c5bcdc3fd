// A here-document typed in a lab's terminal is one `command` action with its stdin — the
// action the grader replays, byte for byte: the QA walk-through's etcd-read-the-truth lab,
// whose brief has the learner run `etcdctl txn <<EOF`, is solved by typing it. Saved work
// with stdin replays the way a typed command runs, under the same caps, and stdin counts
// toward the size of the submission.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadContent } from '@/app/_lib/content/loader';
import { enterLine, type Collecting, type ShellCommand } from '@/app/_components/sim/shell-input';
import { heredocOf } from '@/sim-core/cli/shell/heredoc';
import type { Action } from '@/sim-core/cluster/actions';
import { DEFAULT_GRADE_CAPS, gradeLab } from '@/sim-core/grading';
import { MAX_STDIN_LENGTH, type HostLab, type HostScenario, type WorkerMessage } from './protocol';
import { WorkerSession } from './session';
import { SimHost } from './sim-host';

const loaded = loadContent(path.join(process.cwd(), 'content')).content.labs.get('etcd-read-the-truth')!;
const lab = loaded.lab;
const solution = loaded.solution as Action[];
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };
const hostLab: HostLab = { files: [], goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) };

/** The lines a learner types for an action: its line, and its stdin as a here-document. */
function typedLines(action: Action): string[] {
  if (action.type !== 'command') throw new Error('the solution is all commands');
  if (action.stdin === undefined) return [action.line];
  const h = heredocOf(action.stdin);
  return [`${action.line} ${h.operator}`, ...h.lines, h.delimiter];
}

/** The terminal's input: each line entered in turn, the commands it sends. */
function enter(lines: readonly string[]): ShellCommand[] {
  const sent: ShellCommand[] = [];
  let open: Collecting | undefined;
  for (const l of lines) {
    const r = enterLine(open, l);
    if (r.kind === 'collect') open = r.collecting;
    else if (r.kind === 'run') {
      sent.push(r.command);
      open = undefined;
    } else throw new Error(`the terminal refused ${JSON.stringify(l)}: ${r.kind}`);
  }
  return sent;
}

describe('a here-document in the etcd-read-the-truth lab', () => {
  it('is the brief’s txn typed line by line: FAILURE, then SUCCESS, and the log is the reference solution, which passes', () => {
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), { start: () => {}, stop: () => {} });
    session.receive({ type: 'init', scenario, lab: hostLab });
    const commands = enter(solution.flatMap(typedLines));
    expect(commands).toHaveLength(solution.length);
    for (const [i, c] of commands.entries()) session.receive({ type: 'runCommand', requestId: i + 1, line: c.line, ...(c.stdin !== undefined ? { stdin: c.stdin } : {}) });
    const results = posted.flatMap((m) => (m.type === 'commandResult' ? [m.result] : []));
    expect(results[1]).toMatchObject({ line: 'etcdctl txn', stdin: expect.stringMatching(/^mod\(/), exitCode: 0, stdout: expect.stringMatching(/^FAILURE\n/) });
    expect(results[3]).toMatchObject({ line: 'etcdctl txn', exitCode: 0, stdout: expect.stringMatching(/^SUCCESS\n/) });
    session.receive({ type: 'getActionLog', requestId: 99 });
    const log = posted.findLast((m) => m.type === 'actionLog');
    expect(log?.type === 'actionLog' && log.log).toEqual(solution);
    const verdict = gradeLab(lab, solution);
    expect(verdict.ok && verdict.passed).toBe(true);
    // saved work replays to the same cluster, the txn's output shown again
    const replayed = SimHost.create(scenario, hostLab);
    if (!replayed.ok) throw new Error('no host');
    const outputs = solution.map((a) => replayed.host.apply(a));
    expect(outputs[3]).toMatchObject({ line: 'etcdctl txn', stdin: (solution[3] as { stdin: string }).stdin, stdout: expect.stringMatching(/^SUCCESS\n/) });
    const live = posted.findLast((m) => m.type === 'view');
    expect(live?.type === 'view' && live.view.stateHash).toBe(replayed.host.stateHash());
  });

  it('replays saved work with stdin the way a typed command runs: under the lab’s caps, refused and not logged when they are full', () => {
    const created = SimHost.create(scenario, hostLab, { ...DEFAULT_GRADE_CAPS, maxCommands: lab.setup.length + 1 });
    if (!created.ok) throw new Error('no host');
    const [first, txn] = solution;
    expect(created.host.apply(first!)).toMatchObject({ exitCode: 0 });
    expect(created.host.apply(txn!)).toMatchObject({ line: 'etcdctl txn', refused: 'commands', stdout: '' });
    expect(created.host.actionLog()).toEqual([first]);
  });

  it('counts its stdin toward the size of the submission: the command that would make the log too large is refused, its stdin kept in the answer', () => {
    const created = SimHost.create(scenario, hostLab);
    if (!created.ok) throw new Error('no host');
    const big = `${'x'.repeat(MAX_STDIN_LENGTH - 1)}\n`;
    const answers = Array.from({ length: 6 }, () => created.host.runCommand('sim status', big));
    expect(answers.slice(0, 5).map((a) => a.refused)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(answers[5]).toMatchObject({ refused: 'size', stdin: big, exitCode: 1 });
    expect(created.host.actionLog()).toHaveLength(5);
    // without the stdin, the same command still fits
    expect(created.host.runCommand('sim status').refused).toBeUndefined();
  });

  it('keeps the operator a here-document was typed with, in the answer, the log and the replay', () => {
    const posted: WorkerMessage[] = [];
    const session = new WorkerSession((m) => posted.push(m), { start: () => {}, stop: () => {} });
    session.receive({ type: 'init', scenario, lab: hostLab });
    const body = heredocOf((solution[3] as { stdin: string }).stdin);
    const [typed] = enter([`etcdctl txn <<'END'`, ...body.lines, 'END']);
    expect(typed).toMatchObject({ line: 'etcdctl txn', typed: `etcdctl txn <<'END'` });
    session.receive({ type: 'runCommand', requestId: 1, line: typed!.line, stdin: typed!.stdin, heredoc: `<<'END'` });
    const answer = posted.findLast((m) => m.type === 'commandResult');
    expect(answer?.type === 'commandResult' && answer.result).toMatchObject({ line: 'etcdctl txn', heredoc: `<<'END'`, stdout: expect.stringMatching(/^SUCCESS\n/) });
    session.receive({ type: 'getActionLog', requestId: 2 });
    const log = posted.findLast((m) => m.type === 'actionLog');
    const saved = log?.type === 'actionLog' ? log.log : [];
    expect(saved).toEqual([{ type: 'command', line: 'etcdctl txn', stdin: typed!.stdin, heredoc: `<<'END'` }]);
    const replayed = SimHost.create(scenario, hostLab);
    if (!replayed.ok) throw new Error('no host');
    expect(replayed.host.apply(saved[0]!)).toMatchObject({ heredoc: `<<'END'`, stdin: typed!.stdin });
    // grading replays the same log (the fixed txn, which passes), the operator changing nothing
    expect(gradeLab(lab, saved)).toMatchObject({ ok: true, passed: true });
  });
});
