'use client';
// The scenario's terminal: etcdctl and the sim commands, run by sim-core in the worker.
// History with ↑/↓ as in a shell, Tab completion of command words (never a keyboard
// trap: a Tab that completes nothing new moves focus on), the output as a log region,
// and the scenario's suggested commands as one-click buttons. The command in flight is
// echoed until its output arrives — whatever sent it (this input, a suggestion, the lab's
// Apply): the page's sim state holds it; a line too long to run stays in the input with an
// error saying so.
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { MAX_LINE_LENGTH, terminalLine } from '@/app/_lib/sim-worker/protocol';
import { completeLine } from './completion';
import { budgetNoteMessage } from './budget-note';
import type { TerminalEntry } from './sim-state';
import styles from './sim.module.css';

interface TerminalProps {
  entries: readonly TerminalEntry[];
  suggested: readonly string[];
  members: readonly string[];
  /** workspace files, completed after `kubectl apply -f` (a lab's) */
  files?: readonly string[];
  busy: boolean;
  /** the command line in flight (the shared sim state's), echoed while busy */
  pending?: string | undefined;
  onRun: (line: string) => void;
}

const NO_FILES: readonly string[] = [];

function TerminalImpl({ entries, suggested, members, files = NO_FILES, busy, pending, onRun }: TerminalProps) {
  const t = useTranslations('sim.terminal');
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const [line, setLine] = useState('');
  /** the length of a line refused for being too long (it stays in the input) */
  const [tooLong, setTooLong] = useState<number | undefined>(undefined);
  const [history, setHistory] = useState<string[]>([]);
  /** position in history while browsing with ↑/↓; history.length = the line being typed */
  const [cursor, setCursor] = useState(0);
  const [draft, setDraft] = useState('');
  const [candidates, setCandidates] = useState<string[]>([]);
  const lastTabLine = useRef<string | undefined>(undefined);
  const output = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = output.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries]);

  const run = (text: string) => {
    const checked = terminalLine(text);
    if (!checked.ok) {
      if (!checked.empty) setTooLong(checked.length);
      return;
    }
    const trimmed = checked.line;
    setTooLong(undefined);
    onRun(trimmed);
    const next = history.at(-1) === trimmed ? history : [...history, trimmed];
    setHistory(next);
    setCursor(next.length);
    setLine('');
    setDraft('');
    setCandidates([]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      if (history.length === 0) return;
      e.preventDefault();
      const from = cursor;
      const to = e.key === 'ArrowUp' ? Math.max(0, from - 1) : Math.min(history.length, from + 1);
      if (from === history.length) setDraft(line);
      setCursor(to);
      setLine(to === history.length ? draft : (history[to] ?? ''));
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
          return (
            <div key={e.id} className={e.origin === 'setup' ? styles.setupEntry : undefined}>
              <pre className={styles.terminalLine}>
                <span className={styles.prompt} aria-hidden="true">
                  ${' '}
                </span>
                {e.result.line}
                {e.origin !== 'learner' ? <span className={styles.origin}> # {t(e.origin)}</span> : null}
              </pre>
              {noteText !== undefined && noteOnStdout ? (
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
              {e.result.exitCode !== 0 ? <p className={styles.exitCode}>{t('exitCode', { code: e.result.exitCode })}</p> : null}
            </div>
          );
        })}
        {busy && pending !== undefined ? (
          <div data-testid="terminal-pending">
            <pre className={styles.terminalLine}>
              <span className={styles.prompt} aria-hidden="true">
                ${' '}
              </span>
              {pending}
            </pre>
          </div>
        ) : null}
      </div>
      <form
        className={styles.terminalForm}
        onSubmit={(e) => {
          e.preventDefault();
          run(line);
        }}
      >
        <span className={styles.prompt} aria-hidden="true">
          $
        </span>
        <input
          className={styles.terminalInput}
          aria-label={t('input')}
          aria-describedby={tooLong !== undefined ? `${errorId} ${hintId}` : hintId}
          aria-invalid={tooLong !== undefined ? true : undefined}
          value={line}
          onChange={(e) => {
            setLine(e.target.value);
            setTooLong(undefined);
            setCursor(history.length);
            setCandidates([]);
            lastTabLine.current = undefined;
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="submit" className={styles.button} disabled={line.trim() === ''}>
          {t('run')}
        </button>
      </form>
      {tooLong !== undefined ? (
        <p id={errorId} className={styles.stderr} role="alert">
          {t('tooLong', { length: tooLong, max: MAX_LINE_LENGTH })}
        </p>
      ) : line.length > MAX_LINE_LENGTH ? (
        <p className={styles.hint}>{t('length', { length: line.trim().length, max: MAX_LINE_LENGTH })}</p>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {t('hint')}
      </p>
      <p className={styles.hint} role="status">
        {busy ? t('running') : candidates.length > 0 ? t('candidates', { list: candidates.join('  ') }) : ''}
      </p>
      {suggested.length > 0 ? (
        <div role="group" aria-label={t('suggested')} className={styles.suggested}>
          <p className={styles.hint}>
            {t('suggested')} — {t('suggestedHint')}
          </p>
          <ul>
            {suggested.map((s) => (
              <li key={s}>
                <button type="button" className={styles.suggestion} onClick={() => run(s)}>
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
