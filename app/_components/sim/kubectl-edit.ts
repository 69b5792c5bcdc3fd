// The terminal's `kubectl edit`: the browser's dialog is kubectl's $EDITOR. A bare
// `kubectl edit …` asks the worker what kubectl would open (nothing logged, no tick), shows
// it, and its Save runs the line once, logged, with the saved file as standard input
// (sim-core/cli/kubectl/run/edit.ts). What here is pure: which lines open the dialog, in
// what order lines entered together run around it, what Save and Cancel send, and how the
// terminal echoes a save.
import { heredocStart } from '@/sim-core/cli/shell/heredoc';
import { tokenize } from '@/sim-core/cli/shell/tokenize';
import type { EditorOpen } from '@/app/_lib/sim-worker/protocol';
import type { ShellCommand } from './shell-input';

/** kubectl's global flags that take the next word as their value when written without `=`. */
const VALUE_FLAGS = new Set(['-n', '--namespace', '--as', '--as-group', '--as-uid', '--cluster', '--context', '--kubeconfig', '--request-timeout', '-s', '--server', '--token', '--user', '-v', '--v']);

/** Whether a terminal line runs `kubectl edit` (after any VAR=value words and kubectl's global flags). */
export function isKubectlEditLine(line: string): boolean {
  const t = tokenize(line);
  if (!t.ok) return false;
  const words = t.words;
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  if (words[i] !== 'kubectl') return false;
  for (i++; i < words.length; i++) {
    const w = words[i]!;
    if (!w.startsWith('-')) return w === 'edit';
    if (VALUE_FLAGS.has(w)) i++;
  }
  return false;
}

/** A command the dialog takes over: `kubectl edit` with no standard input (a here-document is its saved file already). */
export function opensEditor(command: Pick<ShellCommand, 'line' | 'stdin'>): boolean {
  return command.stdin === undefined && isKubectlEditLine(command.line);
}

/** The here-document operator a command was typed with (`<<'END'`), sent with it so the terminal echoes it as typed; none without a here-document. */
export function heredocOperatorOf(command: ShellCommand): string | undefined {
  return command.stdin === undefined ? undefined : heredocStart(command.typed)?.operator;
}

/**
 * Commands entered together (a paste), as a shell runs them: each in turn through `run`,
 * until one the dialog takes — it opens (`open`, with the commands after it), and those wait
 * for it to close, as a shell's next lines wait for the editor to exit. Whether one opened.
 */
export function runInOrder(commands: readonly ShellCommand[], run: (command: ShellCommand) => void, open: (command: ShellCommand, after: readonly ShellCommand[]) => void): boolean {
  for (const [i, c] of commands.entries()) {
    if (opensEditor(c)) {
      open(c, commands.slice(i + 1));
      return true;
    }
    run(c);
  }
  return false;
}

/** A logged command that is an edit dialog's save: its standard input is the saved file, not a here-document the terminal shows. */
export function isEditorSave(line: string, stdin: string | undefined, heredoc: string | undefined): boolean {
  return stdin !== undefined && heredoc === undefined && isKubectlEditLine(line);
}

/** One edit dialog, from the open to its Save or Cancel. */
export interface EditSession extends EditorOpen {
  line: string;
  /** the file as the editor first opened it */
  opened: string;
  /** the last save kubectl could not apply, as it printed it (the file is reopened); undefined before any */
  refusal?: string;
  /** the clock was playing when the worker paused it for this dialog (or the one before it in a paste): it plays again once the last closes */
  resume: boolean;
  /** lines entered after the edit (a paste): run once the dialog closes, as a shell runs them after the editor exits (another edit among them opens its dialog) */
  after: readonly ShellCommand[];
}

/**
 * What Cancel runs: the file as it was opened (kubectl: "Edit cancelled, no changes made.");
 * once a save was refused and the file reopened, no file at all — an editor closed without a
 * save, which leaves the reopened file as kubectl wrote it: kubectl gives up on it, keeping a
 * copy ("error: Edit cancelled, no valid changes were saved.", exit 1), as it gives up on a
 * save of it unchanged (sim-core/cli/kubectl/run/edit.ts). The refused save is already logged.
 */
export function cancelInput(session: Pick<EditSession, 'opened' | 'refusal'>): string | undefined {
  return session.refusal === undefined ? session.opened : undefined;
}

/** The session after a save kubectl answered by reopening the file. */
export function reopened(session: EditSession, file: NonNullable<{ buffer: string; language: 'yaml' | 'json' }>, stderr: string): EditSession {
  return { ...session, buffer: file.buffer, language: file.language, refusal: stderr };
}
