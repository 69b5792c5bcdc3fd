'use client';
// The edit dialog's state for a terminal (kubectl-edit.ts says what each step sends). The
// worker pauses the clock when the dialog's file is asked for, and says whether it played;
// it stays paused until the dialog closes: no tick is logged in between, so the save — one
// logged command — runs at the tick whose objects the dialog showed, in the browser and in
// the server's replay alike. Lines entered after the edit run once it closes, as the
// terminal runs them (another `kubectl edit` among them opens the dialog again), and the
// clock plays again after the last of them if it played before the first dialog. Saved
// work whose last action was a refused save (the file reopened) opens the dialog on that
// file again once it is restored: the next save is that kubectl's next pass, as before the reload.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cancelInput, heredocOperatorOf, opensEditor, reopened, runInOrder, type EditSession } from './kubectl-edit';
import type { ShellCommand } from './shell-input';
import type { SimWorker } from './use-sim-worker';

export interface TerminalEdit {
  /** the dialog's contents while it is open */
  session: EditSession | undefined;
  /** a save is on its way: Save does nothing more */
  saving: boolean;
  /** whether the dialog takes this command over (a `kubectl edit` with no here-document) */
  takes: (command: Pick<ShellCommand, 'line' | 'stdin'>) => boolean;
  /** open the dialog for `line`; `after`: lines entered after it, run once it closes */
  open: (line: string, after: readonly ShellCommand[]) => void;
  save: (text: string) => void;
  cancel: () => void;
}

type Worker = Pick<SimWorker, 'send' | 'runCommand' | 'openEditor' | 'runCommandForResult'> & { state: Pick<SimWorker['state'], 'terminal' | 'replay'> };

export function useKubectlEdit(worker: Worker): TerminalEdit {
  const { send, runCommand, openEditor, runCommandForResult } = worker;
  const { terminal, replay } = worker.state;
  const [session, setSession] = useState<EditSession | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  /** one open, save or cancel at a time, whatever clicks arrive before the state re-renders */
  const busy = useRef(false);
  /** the session that closed last: a Cancel or Save of it arriving before the dialog is gone does nothing */
  const ended = useRef<EditSession | undefined>(undefined);

  const { openFor, runAfter } = useMemo(() => {
    // the lines entered after an edit, at the tick it ended (the worker answers in order); then the clock plays again, unless one opened another dialog
    const runAfter = (resume: boolean, after: readonly ShellCommand[]) => {
      const opened = runInOrder(
        after,
        (c) => runCommand(c.line, c.stdin, heredocOperatorOf(c)),
        (c, rest) => openFor(c.line, rest, resume),
      );
      if (!opened && resume) send({ type: 'play' });
    };
    /** `resumed`: an earlier dialog of the same paste paused a playing clock */
    const openFor = (line: string, after: readonly ShellCommand[], resumed: boolean) => {
      if (busy.current) return;
      busy.current = true;
      void openEditor(line).then((answer) => {
        busy.current = false;
        const resume = resumed || (answer?.playing ?? false);
        const editor = answer?.editor;
        if (editor === undefined) {
          // the command stops before its editor would open: run it, it says why
          runCommand(line);
          runAfter(resume, after);
          return;
        }
        setSession({ ...editor, line, opened: editor.buffer, resume, after });
      });
    };
    return { openFor, runAfter };
  }, [send, runCommand, openEditor]);

  const open = useCallback((line: string, after: readonly ShellCommand[]) => openFor(line, after, false), [openFor]);

  // restored work that ended on a reopened file (the worker keeps `edit` on the last action's result only)
  const reopenedEntry = replay === undefined ? terminal.findLast((e) => !e.continued) : undefined;
  const restoredReopen = reopenedEntry?.restored === true && reopenedEntry.result.edit !== undefined ? reopenedEntry : undefined;
  const restoredId = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (restoredReopen === undefined || restoredId.current === restoredReopen.id || busy.current) return;
    restoredId.current = restoredReopen.id;
    const { line, edit: file, stderr } = restoredReopen.result;
    if (file === undefined) return;
    busy.current = true;
    // asked for its title (and to pause the clock, as every dialog does); the file is the reopened one
    void openEditor(line).then((answer) => {
      busy.current = false;
      setSession({ title: answer?.editor?.title ?? line, more: answer?.editor?.more ?? 0, buffer: file.buffer, language: file.language, line, opened: file.buffer, refusal: stderr, resume: answer?.playing ?? false, after: [] });
    });
  }, [restoredReopen, openEditor]);

  const close = useCallback(
    (s: EditSession) => {
      ended.current = s;
      setSession(undefined);
      runAfter(s.resume, s.after);
    },
    [runAfter],
  );

  const save = useCallback(
    (text: string) => {
      const s = session;
      if (s === undefined || busy.current || ended.current === s) return;
      busy.current = true;
      setSaving(true);
      void runCommandForResult(s.line, text).then((result) => {
        busy.current = false;
        setSaving(false);
        // kubectl reopens the file: the dialog shows it again, the clock still paused
        if (result?.edit !== undefined) setSession(reopened(s, result.edit, result.stderr));
        else close(s);
      });
    },
    [session, runCommandForResult, close],
  );

  const cancel = useCallback(() => {
    const s = session;
    if (s === undefined || busy.current || ended.current === s) return;
    runCommand(s.line, cancelInput(s));
    close(s);
  }, [session, runCommand, close]);

  const takes = useCallback((command: Pick<ShellCommand, 'line' | 'stdin'>) => opensEditor(command), []);

  // one object while nothing changes: the memo'd terminal skips the frames the clock draws
  return useMemo(() => ({ session, saving, takes, open, save, cancel }), [session, saving, takes, open, save, cancel]);
}
