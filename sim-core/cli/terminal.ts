// What one terminal command writes. Mirrors a process: stdout and stderr streams and an
// exit status; after exit (Go's os.Exit, as etcdctl's ExitWithError calls it) nothing more
// is written, so command code can be written in the same straight line as etcdctl's.
import type { CommandOutput, EditorReopen, LiveWatch, TickBudgetNote } from './ports';

export class Terminal {
  private out = '';
  private err = '';
  private code = 0;
  private done = false;
  private budget: TickBudgetNote | undefined;
  private editor: EditorReopen | undefined;
  private watch: LiveWatch | undefined;

  get exited(): boolean {
    return this.done;
  }

  print(text: string): void {
    if (!this.done) this.out += text;
  }

  println(text = ''): void {
    this.print(text + '\n');
  }

  printErr(text: string): void {
    if (!this.done) this.err += text;
  }

  /** Say, as data, what the sentence just printed about a lab's tick budget was. */
  noteBudget(note: TickBudgetNote): void {
    if (!this.done) this.budget = note;
  }

  /** `kubectl edit`: the file kubectl would reopen in the editor after this save. */
  reopenEditor(file: EditorReopen): void {
    if (!this.done) this.editor = file;
  }

  /** The command returns with `watch` still running (CommandOutput.watch); its exit status is the watch's. */
  keepRunning(watch: LiveWatch): void {
    if (!this.done) this.watch = watch;
  }

  exit(code: number): void {
    if (this.done) return;
    this.code = code;
    this.done = true;
  }

  /** etcdctl's ExitWithError (etcdctl/ctlv3/command/error.go): `Error: <err>` on stderr, then exit. */
  exitWithError(code: number, message: string): void {
    this.printErr(`Error: ${message}\n`);
    this.exit(code);
  }

  output(): CommandOutput {
    return {
      stdout: this.out,
      stderr: this.err,
      exitCode: this.code,
      ...(this.budget !== undefined ? { budget: this.budget } : {}),
      ...(this.editor !== undefined ? { edit: this.editor } : {}),
      ...(this.watch !== undefined ? { watch: this.watch } : {}),
    };
  }
}
