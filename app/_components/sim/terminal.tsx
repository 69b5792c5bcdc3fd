'use client';
// The scenario's terminal: etcdctl and the sim commands, run by sim-core in the worker.
// History with ↑/↓ as in a shell, Tab completion of command words (never a keyboard
// trap: a Tab that completes nothing new moves focus on), the output as a log region,
// and the scenario's suggested commands as one-click buttons. The command in flight is
// echoed until its output arrives — whatever sent it (this input, a suggestion, the lab's
// Apply): the page's sim state holds it; a line too long to run stays in the input with an
// error saying so. Here-documents as in bash (./shell-input.ts): a line ending in `<<EOF`
// collects the lines after it at a `> ` prompt until `EOF`, then runs one command with
// them as its standard input; a paste is entered line by line; Ctrl+C cancels the line
// (and a here-document being typed), shown as `^C` and never sent. `kubectl edit` with no
// here-document opens kubectl's editor as a dialog (edit-dialog.tsx); its save is echoed
// as the line alone, the saved file being its standard input. `kubectl get -w` keeps
// watching after it returns: its rows come as the page's clock runs (under whatever ran
// since), the status line says so, and Ctrl+C at an empty prompt — or the Stop button —
// ends it with `^C`.
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { heredocOf } from '@/sim-core/cli/shell/heredoc';
import { MAX_LINE_LENGTH, MAX_STDIN_LENGTH, terminalLine } from '@/app/_lib/sim-worker/protocol';
import { completeLine } from './completion';
import { budgetNoteMessage } from './budget-note';
import { enterLine, pasteInto, recalledHeredoc, remember, type Collecting, type Refusal, type ShellCommand } from './shell-input';
import { EditDialog } from './edit-dialog';
import { heredocOperatorOf, isEditorSave, runInOrder } from './kubectl-edit';
import type { TerminalEdit } from './use-kubectl-edit';
import type { PendingCommand, TerminalEntry } from './sim-state';
import styles from './sim.module.css';

interface TerminalProps {
  entries: readonly TerminalEntry[];
  suggested: readonly string[];
  members: readonly string[];
  /** workspace files, completed after `kubectl apply -f` (a lab's) */
  files?: readonly string[];
  busy: boolean;
  /** the command in flight (the shared sim state's), echoed while busy */
  pending?: PendingCommand | undefined;
  /** run a line; `stdin` is what a here-document gave it, `heredoc` the operator it was typed with */
  onRun: (line: string, stdin?: string, heredoc?: string) => void;
  /** a line (and the here-document lines after it) cancelled with Ctrl+C, for the transcript */
  onInterrupt?: (line: string, lines: string[]) => void;
  /** kubectl edit's dialog (use-kubectl-edit.ts): without it, `kubectl edit` runs as any command */
  edit?: TerminalEdit | undefined;
  /** the line of the watch left running (`kubectl get pods -w`): its rows come as time passes */
  running?: string | undefined;
  /** Ctrl+C at an empty prompt, or the Stop button, while a watch runs */
  onStopWatch?: () => void;
  /** the clock is paused: a running watch prints nothing until it plays */
  paused?: boolean;
}

const NO_FILES: readonly string[] = [];
const NO_HISTORY: readonly ShellCommand[] = [];

/** A command as the shell echoes it: `$ line`, and its standard input as the here-document that gave it (`> ` lines). */
function CommandEcho({ line, stdin, operator, origin }: { line: string; stdin?: string | undefined; operator?: string | undefined; origin?: string | undefined }) {
  const heredoc = stdin === undefined ? undefined : heredocOf(stdin, operator);
  return (
    <>
      <pre className={styles.terminalLine}>
        <span className={styles.prompt} aria-hidden="true">
          ${' '}
        </span>
        {line}
        {heredoc !== undefined ? ` ${heredoc.operator}` : null}
        {origin !== undefined ? <span className={styles.origin}> # {origin}</span> : null}
      </pre>
      {heredoc !== undefined ? <HeredocLines lines={[...heredoc.lines, heredoc.delimiter]} /> : null}
    </>
  );
}

/** Here-document lines after their `> ` prompt; `^C` after the last when it was cancelled there. */
function HeredocLines({ lines, interrupted = false }: { lines: readonly string[]; interrupted?: boolean }) {
  return lines.map((l, i) => (
    <pre key={i} className={styles.heredocLine}>
      <span className={styles.prompt} aria-hidden="true">
        {'> '}
      </span>
      {l}
      {interrupted && i === lines.length - 1 ? '^C' : null}
    </pre>
  ));
}

/** How a command's standard input is echoed: a here-document's lines, or — an edit dialog's save — nothing but a note. */
function echoInput(line: string, stdin: string | undefined, heredoc: string | undefined, savedNote: string): { stdin?: string | undefined; note?: string } {
  return isEditorSave(line, stdin, heredoc) ? { note: savedNote } : { stdin };
}

function TerminalImpl({ entries, suggested, members, files = NO_FILES, busy, pending, onRun, onInterrupt, edit, running, onStopWatch, paused = false }: TerminalProps) {
  const t = useTranslations('sim.terminal');
  const tEdit = useTranslations('sim.edit');
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const heredocId = useId();
  const watchId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [line, setLine] = useState('');
  /** a line refused (too long; a here-document too large): it stays in the input; `pasted`: a paste refused whole */
  const [refusal, setRefusal] = useState<(Refusal & { pasted: boolean }) | undefined>(undefined);
  /** the here-document being typed: the input is at its `> ` prompt */
  const [collecting, setCollecting] = useState<Collecting | undefined>(undefined);
  /** where the caret goes once a paste has re-rendered the input */
  const caretAfterPaste = useRef<number | undefined>(undefined);
  const [history, setHistory] = useState<readonly ShellCommand[]>(NO_HISTORY);
  /** position in history while browsing with ↑/↓; history.length = the line being typed */
  const [cursor, setCursor] = useState(0);
  const [draft, setDraft] = useState('');
  const [candidates, setCandidates] = useState<string[]>([]);
  const lastTabLine = useRef<string | undefined>(undefined);
  const output = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = output.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries, collecting]);

  // the edit dialog closed (saved or cancelled): the keyboard is back at the prompt
  const editing = edit?.session !== undefined;
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) input.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  useLayoutEffect(() => {
    const at = caretAfterPaste.current;
    if (at === undefined) return;
    caretAfterPaste.current = undefined;
    input.current?.setSelectionRange(at, at);
  });

  const send = (command: ShellCommand) => onRun(command.line, command.stdin, heredocOperatorOf(command));

  /** after commands ran from the input: remembered, and the input empty at a `$` prompt */
  const ran = (commands: readonly ShellCommand[], next: { line: string; collecting: Collecting | undefined }) => {
    let h = history;
    for (const c of commands) h = remember(h, c);
    // kubectl edit opens its dialog; what follows it runs once the dialog closes (use-kubectl-edit.ts runs it the same way)
    if (edit !== undefined) runInOrder(commands, send, (c, after) => edit.open(c.line, after));
    else commands.forEach(send);
    setHistory(h);
    setCursor(h.length);
    setLine(next.line);
    setCollecting(next.collecting);
    setDraft('');
    setRefusal(undefined);
    setCandidates([]);
  };

  const enter = () => {
    // a recalled here-document command runs again as it was, stdin and all
    const again = collecting === undefined ? recalledHeredoc(history, cursor, line) : undefined;
    if (again !== undefined) return ran([again], { line: '', collecting: undefined });
    const r = enterLine(collecting, line);
    switch (r.kind) {
      case 'nothing':
        return;
      case 'tooLong':
      case 'tooLarge':
        return setRefusal({ ...r, pasted: false });
      case 'collect':
        setCollecting(r.collecting);
        setLine('');
        setRefusal(undefined);
        setCandidates([]);
        return;
      case 'run':
        return ran([r.command], { line: '', collecting: undefined });
    }
  };

  /** a suggested command: run as if typed, without touching a here-document being typed */
  const runSuggested = (text: string) => {
    const checked = terminalLine(text);
    if (!checked.ok) return;
    if (edit?.takes({ line: checked.line })) edit.open(checked.line, []);
    else onRun(checked.line);
    const h = remember(history, { line: checked.line, typed: checked.line });
    setHistory(h);
    setCursor(h.length);
    if (collecting === undefined) {
      setLine('');
      setDraft('');
      setRefusal(undefined);
    }
    setCandidates([]);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text/plain');
    // one line pastes as the browser pastes it; newlines are Enter presses, in order
    if (!/[\r\n]/.test(text)) return;
    e.preventDefault();
    const el = e.currentTarget;
    const r = pasteInto(collecting, line, { start: el.selectionStart ?? line.length, end: el.selectionEnd ?? line.length }, text);
    if (!r.ok) return setRefusal({ kind: r.kind, length: r.length, pasted: true });
    caretAfterPaste.current = r.caret;
    ran(r.runs, { line: r.line, collecting: r.collecting });
  };

  /** Ctrl+C: the line, and a here-document being typed, are dropped (shown with ^C, never sent) */
  const interrupt = () => {
    if (collecting !== undefined) onInterrupt?.(collecting.typed, [...collecting.lines, line]);
    else onInterrupt?.(line, []);
    setCollecting(undefined);
    setLine('');
    setDraft('');
    setCursor(history.length);
    setRefusal(undefined);
    setCandidates([]);
  };

  const recalled = collecting === undefined ? recalledHeredoc(history, cursor, line) : undefined;
  const pendingShown = pending === undefined ? undefined : echoInput(pending.line, pending.stdin, pending.heredoc, tEdit('echo'));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'c' && e.ctrlKey && !e.altKey && !e.metaKey) {
      const el = e.currentTarget;
      // with text selected, Ctrl+C copies it, as everywhere else on the page
      if (el.selectionStart !== el.selectionEnd) return;
      if (collecting === undefined && line === '') {
        // at an empty prompt it is the running watch's, as in a shell
        if (running === undefined || onStopWatch === undefined) return;
        e.preventDefault();
        onStopWatch();
        return;
      }
      e.preventDefault();
      interrupt();
      return;
    }
    // a here-document's lines are its stdin: no history, no completion (Tab moves on)
    if (collecting !== undefined) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      if (history.length === 0) return;
      e.preventDefault();
      const from = cursor;
      const to = e.key === 'ArrowUp' ? Math.max(0, from - 1) : Math.min(history.length, from + 1);
      if (from === history.length) setDraft(line);
      setCursor(to);
      setLine(to === history.length ? draft : (history[to]?.typed ?? ''));
      setRefusal(undefined);
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && line.trim() !== '') {
      const c = completeLine(line, members, files);
      if (c.line !== line) {
        e.preventDefault();
        setLine(c.line);
        setCandidates(c.candidates);
        lastTabLine.current = c.line;
      } else if (c.candidates.length > 0 && lastTabLine.current !== line) {
        // first Tab on an ambiguous word shows the choices; a second Tab moves focus on
        e.preventDefault();
        setCandidates(c.candidates);
        lastTabLine.current = line;
      }
    }
  };

  return (
    <section className={`${styles.panel} ${styles.terminalPanel}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      <div ref={output} className={styles.terminalOutput} role="log" aria-label={t('output')} tabIndex={0}>
        {entries.map((e) => {
          // a lab's budget sentence in the page's language, in the stream sim-core printed it to
          const note = e.result.budget === undefined ? undefined : budgetNoteMessage(e.result.budget);
          const noteText = note === undefined ? undefined : t(`budget.${note.key}`, note.values);
          const noteOnStdout = e.result.budget?.kind === 'settle-cut';
          const shown = echoInput(e.result.line, e.result.stdin, e.result.heredoc, tEdit('echo'));
          return (
            <div key={e.id} className={e.origin === 'setup' ? styles.setupEntry : undefined}>
              {e.continued ? null : e.interrupted !== undefined ? (
                <>
                  <pre className={styles.terminalLine}>
                    <span className={styles.prompt} aria-hidden="true">
                      ${' '}
                    </span>
                    {e.result.line}
                    {e.interrupted.lines.length === 0 ? '^C' : null}
                  </pre>
                  <HeredocLines lines={e.interrupted.lines} interrupted />
                </>
              ) : (
                <CommandEcho line={e.result.line} stdin={shown.stdin} operator={e.result.heredoc} origin={e.origin !== 'learner' ? t(e.origin) : shown.note} />
              )}
              {/* a watch's rows under other commands: named, so that its end (an error, an exit code) reads as its own */}
              {e.continued ? <p className={styles.continuedFrom}>{t('watch.from', { line: e.result.line })}</p> : null}
              {e.clipped ? <p className={styles.hint}>{t('watch.clipped')}</p> : null}
              {e.interrupted !== undefined ? null : noteText !== undefined && noteOnStdout ? (
                <pre className={`${styles.stdout} ${styles.prose}`}>{noteText}</pre>
              ) : e.result.stdout !== '' ? (
                <pre className={styles.stdout}>{e.result.stdout.replace(/\n$/, '')}</pre>
              ) : null}
              {e.result.refused !== undefined ? (
                <pre className={`${styles.stderr} ${styles.prose}`}>
                  {t(`refused.${e.result.refused}`)} {t('refusedNext')}
                </pre>
              ) : noteText !== undefined && !noteOnStdout ? (
                <pre className={`${styles.stderr} ${styles.prose}`}>{noteText}</pre>
              ) : e.result.stderr !== '' ? (
                <pre className={styles.stderr}>{e.result.stderr.replace(/\n$/, '')}</pre>
              ) : null}
              {e.result.watch === 'stopped' ? <pre className={styles.terminalLine}>^C</pre> : null}
              {e.result.exitCode !== 0 && e.interrupted === undefined && e.result.watch !== 'stopped' ? <p className={styles.exitCode}>{t('exitCode', { code: e.result.exitCode })}</p> : null}
            </div>
          );
        })}
        {busy && pending !== undefined ? (
          <div data-testid="terminal-pending">
            <CommandEcho line={pending.line} stdin={pendingShown?.stdin} operator={pending.heredoc} origin={pendingShown?.note} />
          </div>
        ) : null}
        {collecting !== undefined ? (
          <div data-testid="terminal-heredoc">
            <pre className={styles.terminalLine}>
              <span className={styles.prompt} aria-hidden="true">
                ${' '}
              </span>
              {collecting.typed}
            </pre>
            <HeredocLines lines={collecting.lines} />
          </div>
        ) : null}
      </div>
      <form
        className={styles.terminalForm}
        onSubmit={(e) => {
          e.preventDefault();
          enter();
        }}
      >
        {/* bash's PS2 while a here-document is read; the input's description says what it is reading */}
        <span className={styles.prompt} aria-hidden="true" data-testid="terminal-prompt">
          {collecting !== undefined ? '>' : '$'}
        </span>
        <input
          ref={input}
          className={styles.terminalInput}
          aria-label={t('input')}
          aria-describedby={[refusal !== undefined ? errorId : undefined, collecting !== undefined || recalled !== undefined ? heredocId : undefined, running !== undefined ? watchId : undefined, hintId].filter((x) => x !== undefined).join(' ')}
          aria-invalid={refusal !== undefined ? true : undefined}
          value={line}
          onChange={(e) => {
            setLine(e.target.value);
            setRefusal(undefined);
            setCursor(history.length);
            setCandidates([]);
            lastTabLine.current = undefined;
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="submit" className={styles.button} disabled={collecting === undefined && line.trim() === ''}>
          {t('run')}
        </button>
        {running !== undefined && onStopWatch !== undefined ? (
          <button
            type="button"
            className={styles.button}
            aria-describedby={watchId}
            onClick={() => {
              onStopWatch();
              // the button goes with the watch: the keyboard goes back to the prompt, not to the page
              input.current?.focus();
            }}
          >
            {t('watch.stop')}
          </button>
        ) : null}
      </form>
      {refusal !== undefined ? (
        <p id={errorId} className={styles.stderr} role="alert">
          {refusal.kind === 'tooLong'
            ? t(refusal.pasted ? 'pasteTooLong' : 'tooLong', { length: refusal.length, max: MAX_LINE_LENGTH })
            : t(refusal.pasted ? 'heredoc.pasteTooLarge' : 'heredoc.tooLarge', { length: refusal.length, max: MAX_STDIN_LENGTH })}
        </p>
      ) : collecting === undefined && line.length > MAX_LINE_LENGTH ? (
        <p className={styles.hint}>{t('length', { length: line.trim().length, max: MAX_LINE_LENGTH })}</p>
      ) : null}
      {collecting !== undefined ? (
        <p id={heredocId} className={styles.hint}>
          {t('heredoc.reading', { command: collecting.command, delimiter: collecting.delimiter })}
        </p>
      ) : recalled?.stdin !== undefined ? (
        <div id={heredocId} className={styles.hint}>
          <p>{t('heredoc.recalled', { count: heredocOf(recalled.stdin).lines.length })}</p>
          <div className={styles.recalled}>
            <HeredocLines lines={heredocOf(recalled.stdin).lines} />
          </div>
        </div>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {t('hint')}
      </p>
      {/* not a live region: said once as the input's description, not again after every command */}
      {running !== undefined ? (
        <p id={watchId} className={styles.hint} data-testid="terminal-watching">
          {t('watch.status', { line: running })}
          {paused ? ` ${t('watch.paused')}` : null}
        </p>
      ) : null}
      <p className={styles.hint} role="status">
        {busy
          ? t('running')
          : collecting !== undefined
            ? t('heredoc.status', { delimiter: collecting.delimiter })
            : candidates.length > 0
              ? t('candidates', { list: candidates.join('  ') })
              : ''}
      </p>
      {edit?.session !== undefined ? <EditDialog session={edit.session} saving={edit.saving} onSave={edit.save} onCancel={edit.cancel} /> : null}
      {suggested.length > 0 ? (
        <div role="group" aria-label={t('suggested')} className={styles.suggested}>
          <p className={styles.hint}>
            {t('suggested')} — {t('suggestedHint')}
          </p>
          <ul>
            {suggested.map((s) => (
              <li key={s}>
                <button type="button" className={styles.suggestion} onClick={() => runSuggested(s)}>
                  <code>{s}</code>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export const Terminal = memo(TerminalImpl);
