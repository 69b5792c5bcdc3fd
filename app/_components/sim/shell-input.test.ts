// The terminal's input as a shell: here-documents are collected into one command with its
// stdin (the action the grader replays), a paste is typed line by line, and what the
// terminal refuses is refused whole and kept.
import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, MAX_STDIN_LENGTH } from '@/app/_lib/sim-worker/protocol';
import { enterLine, pasteInto, recalledHeredoc, remember, type Collecting, type ShellCommand } from './shell-input';

/** Enter each line in turn, as typed: the commands that ran and the here-document left open. */
function type(lines: readonly string[]): { runs: ShellCommand[]; open: Collecting | undefined } {
  const runs: ShellCommand[] = [];
  let open: Collecting | undefined;
  for (const l of lines) {
    const r = enterLine(open, l);
    if (r.kind === 'collect') open = r.collecting;
    else if (r.kind === 'run') {
      runs.push(r.command);
      open = undefined;
    } else if (r.kind !== 'nothing') throw new Error(`refused: ${r.kind}`);
  }
  return { runs, open };
}

const TXN = ['etcdctl txn <<EOF', 'mod("/registry/configmaps/default/app-config") = "4"', '', 'put /registry/configmaps/default/app-config {"kind":"ConfigMap"}', '', 'get /registry/configmaps/default/app-config', '', 'EOF'];
const TXN_STDIN = 'mod("/registry/configmaps/default/app-config") = "4"\n\nput /registry/configmaps/default/app-config {"kind":"ConfigMap"}\n\nget /registry/configmaps/default/app-config\n\n';

describe('enterLine', () => {
  it('runs a plain line at once, trimmed', () => {
    expect(enterLine(undefined, '  etcdctl get k  ')).toEqual({ kind: 'run', command: { line: 'etcdctl get k', typed: 'etcdctl get k' } });
    expect(enterLine(undefined, '   ')).toEqual({ kind: 'nothing' });
  });

  it('collects a here-document and runs ONE command without the operator, the body as stdin', () => {
    const first = enterLine(undefined, TXN[0]!);
    expect(first).toMatchObject({ kind: 'collect', collecting: { command: 'etcdctl txn', delimiter: 'EOF', typed: 'etcdctl txn <<EOF', lines: [] } });
    const { runs, open } = type(TXN);
    expect(open).toBeUndefined();
    expect(runs).toEqual([{ line: 'etcdctl txn', stdin: TXN_STDIN, typed: 'etcdctl txn <<EOF' }]);
  });

  it('keeps body lines as typed (blank lines, spaces), ends only at the exact delimiter, and strips tabs after <<-', () => {
    const { runs } = type(["kubectl apply -f - <<'END'", 'kind: ConfigMap', '  name: x', ' END', 'EOF', 'END']);
    expect(runs).toEqual([{ line: 'kubectl apply -f -', stdin: 'kind: ConfigMap\n  name: x\n END\nEOF\n', typed: "kubectl apply -f - <<'END'" }]);
    expect(type(['etcdctl txn <<-EOF', '\t\tput k v', '\tEOF']).runs[0]?.stdin).toBe('put k v\n');
  });

  it('refuses a command line too long to send, and a here-document larger than a command may read', () => {
    // the operator is not sent: a command of the longest length may still open a here-document
    expect(enterLine(undefined, `etcdctl put k ${'x'.repeat(MAX_LINE_LENGTH - 14)} <<EOF`)).toMatchObject({ kind: 'collect' });
    expect(enterLine(undefined, `etcdctl put k ${'x'.repeat(MAX_LINE_LENGTH)} <<EOF`)).toEqual({ kind: 'tooLong', length: MAX_LINE_LENGTH + 14 });
    const open = type(['etcdctl txn <<EOF', 'x'.repeat(MAX_STDIN_LENGTH - 1)]).open!;
    expect(open.lines).toHaveLength(1);
    expect(enterLine(open, 'y')).toEqual({ kind: 'tooLarge', length: MAX_STDIN_LENGTH + 2 });
    // the delimiter still ends it: what was collected runs
    expect(enterLine(open, 'EOF')).toMatchObject({ kind: 'run', command: { line: 'etcdctl txn' } });
  });
});

describe('pasteInto', () => {
  it('enters each pasted line in order: three commands run three commands, the text after the last newline stays', () => {
    const r = pasteInto(undefined, '', { start: 0, end: 0 }, 'etcdctl put a 1\r\netcdctl put b 2\netcdctl get a\netcdctl g');
    expect(r).toEqual({
      ok: true,
      runs: ['etcdctl put a 1', 'etcdctl put b 2', 'etcdctl get a'].map((l) => ({ line: l, typed: l })),
      collecting: undefined,
      line: 'etcdctl g',
      caret: 9,
    });
  });

  it('runs a pasted here-document as one command, the same as typing it', () => {
    const r = pasteInto(undefined, '', { start: 0, end: 0 }, TXN.join('\n') + '\n');
    expect(r).toMatchObject({ ok: true, runs: type(TXN).runs, collecting: undefined, line: '' });
  });

  it('pastes into the line at the selection, and a paste cut short leaves the here-document open', () => {
    // the learner typed `etcdctl txn ` and pastes the operator and part of the body over a selected `XX`
    const r = pasteInto(undefined, 'etcdctl txn XX', { start: 12, end: 14 }, '<<EOF\nmod("k") = "1"\n\npu');
    expect(r).toMatchObject({ ok: true, runs: [], collecting: { command: 'etcdctl txn', lines: ['mod("k") = "1"', ''] }, line: 'pu', caret: 2 });
    if (!r.ok) return;
    expect(pasteInto(r.collecting, 'put k v', { start: 7, end: 7 }, '\n\n\nEOF\n')).toMatchObject({
      ok: true,
      runs: [{ line: 'etcdctl txn', stdin: 'mod("k") = "1"\n\nput k v\n\n\n' }],
      collecting: undefined,
      line: '',
    });
  });

  it('enters nothing of a paste with a line the terminal refuses', () => {
    const long = `etcdctl put k ${'x'.repeat(MAX_LINE_LENGTH)}`;
    expect(pasteInto(undefined, 'draft', { start: 5, end: 5 }, `\netcdctl put a 1\n${long}\netcdctl get a\n`)).toEqual({ ok: false, kind: 'tooLong', length: long.length });
  });
});

describe('history', () => {
  it('recalls a here-document command whole: Enter on the unchanged line runs it again with its stdin; an edit drops it', () => {
    const txn = type(TXN).runs[0]!;
    const history = remember(remember([], { line: 'etcdctl get k', typed: 'etcdctl get k' }), txn);
    expect(remember(history, txn)).toBe(history);
    expect(recalledHeredoc(history, 1, 'etcdctl txn <<EOF')).toEqual(txn);
    expect(recalledHeredoc(history, 1, 'etcdctl txn <<EOF2')).toBeUndefined();
    expect(recalledHeredoc(history, 0, 'etcdctl get k')).toBeUndefined();
    expect(recalledHeredoc(history, 2, 'etcdctl txn <<EOF')).toBeUndefined();
  });
});
