// What the terminal's input does with a line, as a shell would: a line ending in `<<WORD`
// opens a here-document (sim-core/cli/shell/heredoc.ts reads it, as the scenario runner
// does), whose lines are collected after a `> ` prompt until a line that is exactly WORD;
// then ONE command runs with them as its standard input — `etcdctl txn <<EOF` runs the
// line `etcdctl txn` with the body as stdin, the action the grader replays. A paste is
// typed line by line, each newline an Enter. Pure, so the tests drive it without a DOM.
import { endsHeredoc, heredocBodyLine, heredocStart, heredocStdin, type HeredocStart } from '@/sim-core/cli/shell/heredoc';
import { MAX_STDIN_LENGTH, terminalLine } from '@/app/_lib/sim-worker/protocol';

/** A here-document being typed. */
export interface Collecting extends HeredocStart {
  /** the line that opened it, as typed (`etcdctl txn <<EOF`) */
  typed: string;
  /** the body lines so far */
  lines: string[];
}

/** A command the terminal sends: its line, the standard input a here-document gave it, and how the learner typed its first line. */
export interface ShellCommand {
  line: string;
  stdin?: string;
  /** the first line as typed (with the here-document's operator): what history puts back in the input */
  typed: string;
}

export type Refusal =
  /** a command line longer than a terminal line may be: not run, it stays in the input */
  | { kind: 'tooLong'; length: number }
  /** a here-document body larger than a command may read: the line is not added and stays in the input */
  | { kind: 'tooLarge'; length: number };

export type EnterResult =
  /** an empty line outside a here-document: a new prompt, nothing run */
  | { kind: 'nothing' }
  | Refusal
  /** a here-document was opened, or a body line added */
  | { kind: 'collect'; collecting: Collecting }
  | { kind: 'run'; command: ShellCommand };

/** Enter on `text`, with a here-document open or not. */
export function enterLine(collecting: Collecting | undefined, text: string): EnterResult {
  if (collecting !== undefined) {
    if (endsHeredoc(collecting, text)) {
      return { kind: 'run', command: { line: collecting.command, stdin: heredocStdin(collecting.lines), typed: collecting.typed } };
    }
    const lines = [...collecting.lines, heredocBodyLine(collecting, text)];
    const length = heredocStdin(lines).length;
    if (length > MAX_STDIN_LENGTH) return { kind: 'tooLarge', length };
    return { kind: 'collect', collecting: { ...collecting, lines } };
  }
  const typed = text.trim();
  const start = heredocStart(typed);
  // what is sent is the command without the operator: that is the line whose length counts
  const checked = terminalLine(start?.command ?? typed);
  if (!checked.ok) return checked.empty ? { kind: 'nothing' } : { kind: 'tooLong', length: checked.length };
  if (start === undefined) return { kind: 'run', command: { line: checked.line, typed } };
  return { kind: 'collect', collecting: { ...start, command: checked.line, typed, lines: [] } };
}

export type PasteResult =
  | {
      ok: true;
      /** the commands the paste ran, in order */
      runs: ShellCommand[];
      /** the here-document open after it */
      collecting: Collecting | undefined;
      /** what stays in the input: the text after the paste's last newline */
      line: string;
      /** where the caret goes in it: after the pasted text */
      caret: number;
    }
  /** a pasted line was refused: nothing of the paste is entered, the input stays as it was */
  | ({ ok: false } & Refusal);

/**
 * Paste `text` over the input's selection: each newline is an Enter, in order, so a pasted
 * here-document runs as one command and three pasted commands run as three. A paste with a
 * line the terminal would refuse enters none of its lines (none runs, none is lost: the
 * input and the clipboard keep them).
 */
export function pasteInto(collecting: Collecting | undefined, line: string, selection: { start: number; end: number }, text: string): PasteResult {
  const after = line.slice(selection.end);
  const segments = (line.slice(0, selection.start) + text.replace(/\r\n?/g, '\n')).split('\n');
  const last = segments.pop() as string;
  const runs: ShellCommand[] = [];
  let open = collecting;
  for (const segment of segments) {
    const r = enterLine(open, segment);
    if (r.kind === 'tooLong' || r.kind === 'tooLarge') return { ok: false, ...r };
    if (r.kind === 'collect') open = r.collecting;
    else if (r.kind === 'run') {
      runs.push(r.command);
      open = undefined;
    }
  }
  return { ok: true, runs, collecting: open, line: last + after, caret: last.length };
}

/** The history entry the input shows unchanged, if it ran with a here-document: Enter runs it again, stdin and all. */
export function recalledHeredoc(history: readonly ShellCommand[], cursor: number, line: string): ShellCommand | undefined {
  const entry = history[cursor];
  return entry !== undefined && entry.stdin !== undefined && entry.typed === line ? entry : undefined;
}

/** History after `command` ran: the same command twice in a row is kept once, as bash's ignoredups does. */
export function remember(history: readonly ShellCommand[], command: ShellCommand): readonly ShellCommand[] {
  const last = history.at(-1);
  if (last !== undefined && last.typed === command.typed && last.line === command.line && last.stdin === command.stdin) return history;
  return [...history, command];
}
