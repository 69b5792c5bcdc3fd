'use client';
// The scenario's terminal: etcdctl and the sim commands, run by sim-core in the worker.
// History with ↑/↓ as in a shell, Tab completion of command words (never a keyboard
// trap: a Tab that completes nothing new moves focus on), the output as a log region,
// and the scenario's suggested commands as one-click buttons.
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { completeLine } from './completion';
import type { TerminalEntry } from './sim-state';
import styles from './sim.module.css';

interface TerminalProps {
  entries: readonly TerminalEntry[];
  suggested: readonly string[];
  members: readonly string[];
  /** workspace files, completed after `kubectl apply -f` (a lab's) */
  files?: readonly string[];
  busy: boolean;
  onRun: (line: string) => void;
}

const NO_FILES: readonly string[] = [];

function TerminalImpl({ entries, suggested, members, files = NO_FILES, busy, onRun }: TerminalProps) {
  const t = useTranslations('sim.terminal');
  const titleId = useId();
  const hintId = useId();
  const [line, setLine] = useState('');
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
    const trimmed = text.trim();
    if (trimmed === '') return;
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
        {entries.map((e) => (
          <div key={e.id} className={e.origin === 'setup' ? styles.setupEntry : undefined}>
            <pre className={styles.terminalLine}>
              <span className={styles.prompt} aria-hidden="true">
                ${' '}
              </span>
              {e.result.line}
              {e.origin !== 'learner' ? <span className={styles.origin}> # {t(e.origin)}</span> : null}
            </pre>
            {e.result.stdout !== '' ? <pre className={styles.stdout}>{e.result.stdout.replace(/\n$/, '')}</pre> : null}
            {e.result.stderr !== '' ? <pre className={styles.stderr}>{e.result.stderr.replace(/\n$/, '')}</pre> : null}
            {e.result.exitCode !== 0 ? <p className={styles.exitCode}>{t('exitCode', { code: e.result.exitCode })}</p> : null}
          </div>
        ))}
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
          aria-describedby={hintId}
          value={line}
          onChange={(e) => {
            setLine(e.target.value);
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
