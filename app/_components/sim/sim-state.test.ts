// The page's fold of worker messages: what the learner sees accumulates correctly, and
// unchanged parts keep their identity so memo'd panels do not re-render.
import { describe, expect, it } from 'vitest';
import { SimHost } from '@/app/_lib/sim-worker/sim-host';
import type { CommandResult, WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import { initialSimState, replayPercent, simReducer, WATCH_TEXT_KEPT, type SimState } from './sim-state';

function running(): { host: SimHost; state: SimState } {
  const created = SimHost.create({ id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] });
  if (!created.ok) throw new Error('unsupported');
  const messages: WorkerMessage[] = [
    { type: 'ready', setup: created.setup },
    { type: 'view', view: created.host.view({ keyspace: true, playing: false, ticksPerSecond: 10 }) },
  ];
  return { host: created.host, state: simReducer(initialSimState, { type: 'messages', messages }) };
}

describe('simReducer', () => {
  it('starts running with the setup in the terminal and the first view drawn', () => {
    const { state } = running();
    expect(state.status).toBe('running');
    expect(state.terminal.map((e) => [e.origin, e.result.line])).toEqual([['setup', 'sim tick 300']]);
    expect(state.members).toHaveLength(3);
    expect(state.keyspace?.keys).toEqual([]);
  });

  it('keeps members and keyspace identical when a view changes neither', () => {
    const { host, state } = running();
    host.step(1);
    const next = simReducer(state, { type: 'messages', messages: [{ type: 'view', view: host.view({ keyspace: false, playing: true, ticksPerSecond: 10 }) }] });
    expect(next.view?.now).toBe((state.view?.now ?? 0) + 1);
    expect(next.members).toBe(state.members);
    expect(next.keyspace).toBe(state.keyspace);
    expect(next.events).toBe(state.events);
  });

  it('appends command output and events, and replaces what changed', () => {
    const { host, state } = running();
    const result = host.runCommand('etcdctl put greeting hello');
    const next = simReducer(state, {
      type: 'messages',
      messages: [
        { type: 'commandResult', requestId: 1, result },
        { type: 'view', view: host.view({ keyspace: true, playing: false, ticksPerSecond: 10 }) },
      ],
    });
    expect(next.terminal.map((e) => [e.id, e.origin, e.result.stdout])).toEqual([
      [1, 'setup', expect.stringMatching(/^ticked/)],
      [2, 'learner', 'OK\n'],
    ]);
    expect(next.keyspace?.keys.map((k) => k.key)).toEqual(['greeting']);
    expect(next.events.map((e) => e.type)).toEqual(['key-put']);
    expect(next.members).not.toBe(state.members); // commit and applied indexes moved
  });

  it('shows the unsupported notice and a worker failure', () => {
    expect(simReducer(initialSimState, { type: 'messages', messages: [{ type: 'unsupported', topology: 'default' }] }).status).toBe('unsupported');
    expect(simReducer(initialSimState, { type: 'failed', error: 'boom' })).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('clears a refused request once a command of the learner goes through', () => {
    const { host, state } = running();
    const refused = simReducer(state, { type: 'messages', messages: [{ type: 'error', message: 'refused a malformed message at line: Too big' }] });
    expect(refused.error).toBeDefined();
    // a fault button's result (no requestId) is not the learner's next command
    const fault = simReducer(refused, { type: 'messages', messages: [{ type: 'commandResult', result: host.runCommand('sim heal') }] });
    expect(fault.error).toBeDefined();
    const next = simReducer(fault, { type: 'messages', messages: [{ type: 'commandResult', requestId: 2, result: host.runCommand('sim status') }] });
    expect(next.error).toBeUndefined();
  });

  it('ends only the refused command of a pasted block; a refusal of something else ends none', () => {
    const { host, state } = running();
    let s = simReducer(state, { type: 'busy', line: 'etcdctl put a 1' });
    s = simReducer(s, { type: 'busy', line: 'etcdctl get a' });
    // the worker refused the first (a malformed message): the second is still answered later
    s = simReducer(s, { type: 'messages', messages: [{ type: 'error', message: 'refused', requestId: 1, request: 'runCommand' }] });
    expect(s).toMatchObject({ busy: true, pending: { line: 'etcdctl get a' }, error: 'refused', inFlight: [{ line: 'etcdctl get a' }] });
    // a refused step or speed change answers no command
    s = simReducer(s, { type: 'messages', messages: [{ type: 'error', message: 'bad step', request: 'step' }] });
    expect(s).toMatchObject({ busy: true, pending: { line: 'etcdctl get a' }, error: 'bad step' });
    s = simReducer(s, { type: 'messages', messages: [{ type: 'commandResult', requestId: 2, result: host.runCommand('etcdctl get a') }] });
    expect(s).toMatchObject({ busy: false, inFlight: [] });
    expect(s.error).toBeUndefined();
    // a refused Apply is in flight like a command
    s = simReducer(s, { type: 'busy', line: 'kubectl apply -f web.yaml' });
    s = simReducer(s, { type: 'messages', messages: [{ type: 'error', message: 'refused', requestId: 3, request: 'apply' }] });
    expect(s).toMatchObject({ busy: false, inFlight: [] });
  });

  it('echoes the command in flight, whatever sent it, until its answer arrives', () => {
    const { host, state } = running();
    const typed = simReducer(state, { type: 'busy', line: 'etcdctl get greeting' });
    expect(typed).toMatchObject({ busy: true, pending: { line: 'etcdctl get greeting' } });
    const answered = simReducer(typed, { type: 'messages', messages: [{ type: 'commandResult', requestId: 1, result: host.runCommand('etcdctl get greeting') }] });
    expect(answered.busy).toBe(false);
    expect(answered.pending).toBeUndefined();
    // the lab's Apply: the echo is its kubectl apply, not the line typed before it
    const applying = simReducer(answered, { type: 'busy', line: 'kubectl apply -f web.yaml' });
    expect(applying.pending).toEqual({ line: 'kubectl apply -f web.yaml' });
    // a fault button's result does not answer it
    const fault = simReducer(applying, { type: 'messages', messages: [{ type: 'commandResult', result: host.runCommand('sim heal') }] });
    expect(fault).toMatchObject({ busy: true, pending: { line: 'kubectl apply -f web.yaml' } });
    const result = { line: 'kubectl apply -f web.yaml', stdout: '', stderr: 'x\n', exitCode: 1 };
    const applied = simReducer(fault, { type: 'messages', messages: [{ type: 'applied', requestId: 2, written: true, result }] });
    expect(applied.busy).toBe(false);
    expect(applied.pending).toBeUndefined();
    expect(applied.terminal.at(-1)).toMatchObject({ origin: 'learner', result });
  });

  it('stays busy until every command of a pasted block is answered, echoing each in turn', () => {
    const { host, state } = running();
    let s = simReducer(state, { type: 'busy', line: 'etcdctl put a 1' });
    s = simReducer(s, { type: 'busy', line: 'etcdctl get a' });
    expect(s).toMatchObject({ busy: true, pending: { line: 'etcdctl put a 1' } });
    s = simReducer(s, { type: 'messages', messages: [{ type: 'commandResult', requestId: 1, result: host.runCommand('etcdctl put a 1') }] });
    expect(s).toMatchObject({ busy: true, pending: { line: 'etcdctl get a' } });
    s = simReducer(s, { type: 'messages', messages: [{ type: 'commandResult', requestId: 2, result: host.runCommand('etcdctl get a') }] });
    expect(s.busy).toBe(false);
    expect(s.pending).toBeUndefined();
    expect(s.inFlight).toEqual([]);
  });

  it('echoes a here-document command in flight with its stdin, and keeps a cancelled one in the transcript without sending it', () => {
    const { host, state } = running();
    const sent = simReducer(state, { type: 'busy', line: 'etcdctl txn', stdin: '\nput k v\n\n\n' });
    expect(sent.pending).toEqual({ line: 'etcdctl txn', stdin: '\nput k v\n\n\n' });
    expect(simReducer(state, { type: 'busy', line: 'etcdctl txn', stdin: '\n', heredoc: "<<'END'" }).pending).toEqual({ line: 'etcdctl txn', stdin: '\n', heredoc: "<<'END'" });
    const answered = simReducer(sent, { type: 'messages', messages: [{ type: 'commandResult', requestId: 1, result: host.runCommand('etcdctl txn', '\nput k v\n\n\n') }] });
    expect(answered.terminal.at(-1)).toMatchObject({ origin: 'learner', result: { line: 'etcdctl txn', stdin: '\nput k v\n\n\n', stdout: 'SUCCESS\n\nOK\n' } });
    const cancelled = simReducer(answered, { type: 'interrupted', line: 'etcdctl txn <<EOF', lines: ['mod("k") = "2"', 'pu'] });
    expect(cancelled.terminal.at(-1)).toMatchObject({ id: answered.terminal.at(-1)!.id + 1, origin: 'learner', result: { line: 'etcdctl txn <<EOF' }, interrupted: { lines: ['mod("k") = "2"', 'pu'] } });
    expect(cancelled.busy).toBe(false);
    expect(host.actionLog().filter((a) => a.type === 'command').map((a) => a.line)).toEqual(['etcdctl txn']);
  });
});

describe('a watch left running in the terminal', () => {
  const line = 'kubectl get pods -w';
  const block = (stdout: string, watch: 'output' | 'stopped' | 'ended' = 'output', exitCode = 0) => ({ line, stdout, stderr: '', exitCode, watch });
  const started: SimState = simReducer(initialSimState, {
    type: 'messages',
    messages: [
      { type: 'ready', setup: [] },
      { type: 'commandResult', requestId: 1, result: { line, stdout: '', stderr: '', exitCode: 0, watch: 'running' } },
    ],
  });
  const viewWith = (watched?: CommandResult): WorkerMessage => ({
    type: 'view',
    view: { now: 1, members: [], partition: [], messages: [], messagesInFlight: 0, trace: [], events: [], playing: true, ticksPerSecond: 10, actionCount: 1, logVersion: 1, running: line, ...(watched ? { watched } : {}) },
  });

  it('adds the rows a view carries to the command that started it, while nothing came in between', () => {
    const next = simReducer(started, { type: 'messages', messages: [viewWith(block('NAME   READY\n')), viewWith(), viewWith(block('web-1  0/1\n'))] });
    expect(next.terminal).toHaveLength(1);
    expect(next.terminal[0]?.result).toMatchObject({ line, stdout: 'NAME   READY\nweb-1  0/1\n', watch: 'running' });
    expect(next.terminal[0]?.continued).toBeUndefined();
  });

  it('prints later rows under a command run meanwhile, as a continuation with no prompt line, and Ctrl+C ends it there', () => {
    const next = simReducer(started, {
      type: 'messages',
      messages: [
        viewWith(block('NAME   READY\n')),
        { type: 'commandResult', requestId: 2, result: { line: 'kubectl scale deploy/web --replicas=2', stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 } },
        viewWith(block('web-2  0/1\n')),
        viewWith(block('web-2  1/1\n')),
        { type: 'commandResult', result: block('', 'stopped', 130) },
      ],
    });
    expect(next.terminal.map((e) => [e.result.line, e.result.stdout, e.result.watch, e.continued ?? false])).toEqual([
      [line, 'NAME   READY\n', 'running', false],
      ['kubectl scale deploy/web --replicas=2', 'deployment.apps/web scaled\n', undefined, false],
      [line, 'web-2  0/1\nweb-2  1/1\n', 'stopped', true],
    ]);
    expect(new Set(next.terminal.map((e) => e.id)).size).toBe(3);
  });

  it('ends a watch that a new one replaced as the worker says, before the new command: its last rows and ^C, or its own end', () => {
    const other = 'etcdctl watch foo';
    const next = simReducer(started, {
      type: 'messages',
      messages: [
        viewWith(block('NAME   READY\n')),
        { type: 'commandResult', requestId: 2, result: { line: 'kubectl get nodes', stdout: 'node-1\n', stderr: '', exitCode: 0 } },
        // the rows the first printed during the new command's own ticks come with its ^C
        { type: 'commandResult', requestId: 3, result: { line: other, stdout: '', stderr: '', exitCode: 0, watch: 'running', replaced: { line, stdout: 'web-2  0/1\n', stderr: '', exitCode: 130, watch: 'stopped' } } },
        // straight after the second, which had ended by itself meanwhile: its end joins its own entry, with no ^C
        { type: 'commandResult', requestId: 4, result: { line, stdout: '', stderr: '', exitCode: 0, watch: 'running', replaced: { line: other, stdout: '', stderr: 'Error: watch is canceled by the server\n', exitCode: 5, watch: 'ended' } } },
        // a new watch with nothing running before it ends nothing
        { type: 'commandResult', result: block('', 'stopped', 130) },
        { type: 'commandResult', requestId: 5, result: { line: other, stdout: '', stderr: '', exitCode: 0, watch: 'running' } },
      ],
    });
    expect(next.terminal.map((e) => [e.result.line, e.result.stdout, e.result.stderr, e.result.watch, e.result.exitCode, e.continued ?? false])).toEqual([
      [line, 'NAME   READY\n', '', 'running', 0, false],
      ['kubectl get nodes', 'node-1\n', '', undefined, 0, false],
      [line, 'web-2  0/1\n', '', 'stopped', 130, true],
      [other, '', 'Error: watch is canceled by the server\n', 'ended', 5, false],
      [line, '', '', 'stopped', 130, false],
      [other, '', '', 'running', 0, false],
    ]);
    // the terminal keeps no copy of what it has shown already
    expect(next.terminal.some((e) => 'replaced' in e.result)).toBe(false);
  });

  it('shows a block whose watch lost rows unread as following no earlier row: its rows only, under the note', () => {
    const next = simReducer(started, { type: 'messages', messages: [viewWith(block('web-1  0/1\n')), viewWith({ ...block('web-9  1/1\n'), clipped: true })] });
    expect(next.terminal).toHaveLength(1);
    expect(next.terminal[0]).toMatchObject({ clipped: true, result: { line, stdout: 'web-9  1/1\n', watch: 'running' } });
    expect('clipped' in next.terminal[0]!.result).toBe(false);
    // after a command in between: a continuation, clipped
    const later = simReducer(next, {
      type: 'messages',
      messages: [{ type: 'commandResult', requestId: 2, result: { line: 'kubectl get nodes', stdout: 'node-1\n', stderr: '', exitCode: 0 } }, { type: 'commandResult', result: { ...block('web-10  1/1\n', 'stopped', 130), clipped: true } }],
    });
    expect(later.terminal.map((e) => [e.result.stdout, e.continued ?? false, e.clipped ?? false])).toEqual([
      ['web-9  1/1\n', false, true],
      ['node-1\n', false, false],
      ['web-10  1/1\n', true, true],
    ]);
  });

  it('keeps only the newest rows of a watch left running for long, whole rows, and says so', () => {
    const row = 'web-1   0/1   Pending   0   1s\n';
    const many = row.repeat(Math.ceil(WATCH_TEXT_KEPT / row.length) + 10);
    const next = simReducer(started, { type: 'messages', messages: [viewWith(block(many)), viewWith(block('web-1   1/1   Running   0   9s\n'))] });
    const entry = next.terminal[0]!;
    expect(entry.clipped).toBe(true);
    expect(entry.result.stdout.length).toBeLessThanOrEqual(WATCH_TEXT_KEPT);
    expect(entry.result.stdout.startsWith('web-1   0/1')).toBe(true);
    expect(entry.result.stdout.endsWith('web-1   1/1   Running   0   9s\n')).toBe(true);
    // a restored block of rows, shown as a continuation, is kept to the same size
    const restored = simReducer(started, { type: 'messages', messages: [{ type: 'replayed', results: [{ line: 'kubectl get nodes', stdout: 'x\n', stderr: '', exitCode: 0 }, block(many)] }] });
    expect(restored.terminal.at(-1)).toMatchObject({ continued: true, clipped: true });
    expect(restored.terminal.at(-1)!.result.stdout.length).toBeLessThanOrEqual(WATCH_TEXT_KEPT);
  });

  it('shows a refused Ctrl+C (a lab whose log is full) as the learner’s, not a fault button’s; the watch stays as it was', () => {
    const next = simReducer(started, { type: 'messages', messages: [{ type: 'commandResult', result: { line, stdout: '', stderr: 'full\n', exitCode: 1, refused: 'actions', watch: 'running' } }] });
    expect(next.terminal.map((e) => [e.origin, e.result.refused, e.result.watch])).toEqual([
      ['learner', undefined, 'running'],
      ['learner', 'actions', 'running'],
    ]);
  });

  it('restores saved work with the rows where they were shown, and a watch that ended by itself with its error', () => {
    const next = simReducer(simReducer(initialSimState, { type: 'messages', messages: [{ type: 'ready', setup: [] }] }), {
      type: 'messages',
      messages: [
        {
          type: 'replayed',
          results: [
            { line, stdout: 'NAME\n', stderr: '', exitCode: 0, watch: 'running' },
            { line: 'sim kill kube-apiserver', stdout: '', stderr: '', exitCode: 0 },
            { line, stdout: '', stderr: 'error: unexpected EOF\n', exitCode: 1, watch: 'ended' },
          ],
        },
      ],
    });
    expect(next.terminal.map((e) => [e.result.line, e.result.watch, e.continued ?? false, e.restored ?? false])).toEqual([
      [line, 'running', false, true],
      ['sim kill kube-apiserver', undefined, false, true],
      [line, 'ended', true, true],
    ]);
    expect(next.terminal[2]?.result).toMatchObject({ stderr: 'error: unexpected EOF\n', exitCode: 1 });
  });
});

describe('replayPercent', () => {
  it('says how far a replay has come in whole percent, and 100 only once it is over', () => {
    expect(replayPercent({ done: 0, total: 0 })).toBe(0);
    expect(replayPercent({ done: 2, total: 5 })).toBe(40);
    expect(replayPercent({ done: 1, total: 3 })).toBe(33);
    expect(replayPercent({ done: 999, total: 1000 })).toBe(99);
    expect(replayPercent({ done: 5, total: 5 })).toBe(99);
  });
});
