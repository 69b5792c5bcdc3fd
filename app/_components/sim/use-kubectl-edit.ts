'use client';
// The edit dialog's state for a terminal (kubectl-edit.ts says what each step sends). The
// page's clock is paused from the moment the dialog is asked for until it closes: no tick
// is logged in between, so the save — one logged command — runs at the tick whose objects
// the dialog showed, in the browser and in the server's replay alike.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cancelInput, opensEditor, reopened, type EditSession } from './kubectl-edit';
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

type Worker = Pick<SimWorker, 'state' | 'send' | 'runCommand' | 'openEditor' | 'runCommandForResult'>;

export function useKubectlEdit(worker: Worker): TerminalEdit {
  const { send, runCommand, openEditor, runCommandForResult } = worker;
  const [session, setSession] = useState<EditSession | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // read when the dialog opens; a ref so `open` keeps its identity while the clock moves
  const viewPlaying = worker.state.view?.playing ?? false;
  const playing = useRef(viewPlaying);
  useEffect(() => {
    playing.current = viewPlaying;
  }, [viewPlaying]);
  /** one save or cancel at a time, whatever clicks arrive before the state re-renders */
  const busy = useRef(false);

  // the lines entered after the edit run first, at the tick the edit ended (the worker answers in order), then the clock plays again
  const runAfter = useCallback(
    (resume: boolean, after: readonly ShellCommand[]) => {
      for (const c of after) runCommand(c.line, c.stdin);
      if (resume) send({ type: 'play' });
    },
    [send, runCommand],
  );

  const open = useCallback(
    (line: string, after: readonly ShellCommand[]) => {
      if (busy.current) return;
      busy.current = true;
      const resume = playing.current;
      // paused before the worker reads the file: no frame can tick in between
      if (resume) send({ type: 'pause' });
      void openEditor(line).then((editor) => {
        busy.current = false;
        if (editor === undefined) {
          // the command stops before its editor would open: run it, it says why
          runCommand(line);
          runAfter(resume, after);
          return;
        }
        setSession({ ...editor, line, opened: editor.buffer, resume, after });
      });
    },
    [send, openEditor, runCommand, runAfter],
  );

  const close = useCallback(
    (s: EditSession) => {
      setSession(undefined);
      runAfter(s.resume, s.after);
    },
    [runAfter],
  );

  const save = useCallback(
    (text: string) => {
      const s = session;
      if (s === undefined || busy.current) return;
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
    if (s === undefined || busy.current) return;
    runCommand(s.line, cancelInput(s));
    close(s);
  }, [session, runCommand, close]);

  const takes = useCallback((command: Pick<ShellCommand, 'line' | 'stdin'>) => opensEditor(command), []);

  // one object while nothing changes: the memo'd terminal skips the frames the clock draws
  return useMemo(() => ({ session, saving, takes, open, save, cancel }), [session, saving, takes, open, save, cancel]);
}
