'use client';
// Step through a replayed attempt: the list of actions (a listbox: arrow keys, Home, End),
// previous/next buttons, the current step announced in a status region, the command's
// output, and the workspace files as they were after that step.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { TranscriptStep } from '@/app/_lib/grading/protocol';
import { heredocOf } from '@/sim-core/cli/shell/heredoc';
import { FirstIcon, LastIcon } from '@/app/_components/sim/icons';
import styles from './replay.module.css';

function filesAfter(starter: Readonly<Record<string, string>>, steps: readonly TranscriptStep[], upTo: number): [string, string][] {
  const files = new Map(Object.entries(starter));
  for (const s of steps.slice(0, upTo + 1)) if (s.action.type === 'writeFile') files.set(s.action.path, s.action.content);
  return [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function ReplaySteps({ steps, starterFiles }: { steps: TranscriptStep[]; starterFiles: Record<string, string> }) {
  const t = useTranslations('labAttempts.replay');
  const [current, setCurrent] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const last = steps.length - 1;
  const go = (i: number) => setCurrent(Math.max(0, Math.min(last, i)));
  const step = steps[current];
  const files = useMemo(() => filesAfter(starterFiles, steps, current), [starterFiles, steps, current]);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const summary = (s: TranscriptStep): string =>
    s.action.type === 'command'
      ? `$ ${s.action.line}`
      : s.action.type === 'writeFile'
        ? t('wroteFile', { path: s.action.path })
        : s.action.type === 'tick'
          ? t('ticked', { ticks: s.action.ticks })
          : t('interrupted');

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowRight: current + 1, ArrowUp: current - 1, ArrowLeft: current - 1, Home: 0, End: last };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  if (step === undefined) return <p className="empty-state">{t('empty')}</p>;
  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby={`${listId}-title`}>
        <h2 id={`${listId}-title`}>{t('steps')}</h2>
        <p role="status" aria-live="polite" aria-atomic="true">
          <strong>{t('stepOf', { current: current + 1, total: steps.length })}</strong>: {summary(step)}
        </p>
        <div className={styles.controls}>
          <button type="button" className="button" onClick={() => go(0)} disabled={current === 0}>
            <FirstIcon /> {t('first')}
          </button>
          <button type="button" className="button" onClick={() => go(current - 1)} disabled={current === 0}>
            <span aria-hidden="true">← </span>
            {t('previous')}
          </button>
          <button type="button" className="button primary" onClick={() => go(current + 1)} disabled={current === last}>
            {t('next')}
            <span aria-hidden="true"> →</span>
          </button>
          <button type="button" className="button" onClick={() => go(last)} disabled={current === last}>
            {t('last')} <LastIcon />
          </button>
        </div>
        <p className={styles.muted}>{t('keyboardHint')}</p>
        <ol
          ref={listRef}
          className={styles.steps}
          role="listbox"
          aria-label={t('stepList')}
          tabIndex={0}
          aria-activedescendant={`${listId}-step-${current}`}
          onKeyDown={onKeyDown}
        >
          {steps.map((s, i) => (
            <li key={s.index} id={`${listId}-step-${i}`} role="option" aria-selected={i === current} className={styles.step} onClick={() => go(i)}>
              <span className={styles.stepNumber}>{s.index}</span>
              <span>{summary(s)}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className={styles.layout} style={{ margin: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <section className={styles.panel} aria-labelledby={`${listId}-output`}>
          <h3 id={`${listId}-output`}>
            {step.action.type === 'command' ? t('output') : summary(step)} <span className={styles.muted}>· {t('atTick', { tick: step.tick })}</span>
          </h3>
          {step.action.type === 'command' ? (
            <>
              <pre className={styles.output}>
                <code>
                  $ {step.action.line}
                  {step.action.stdin !== undefined ? ` ${heredocOf(step.action.stdin, step.action.heredoc).operator}` : null}
                </code>
              </pre>
              {step.action.stdin !== undefined ? (
                <>
                  <p className={styles.muted}>{t('stdin')}</p>
                  <pre className={styles.output}>{step.action.stdin}</pre>
                </>
              ) : null}
              {step.stdout || step.stderr ? (
                <>
                  {step.stdout ? <pre className={styles.output}>{step.stdout}</pre> : null}
                  {step.stderr ? <pre className={`${styles.output} ${styles.stderr}`}>{step.stderr}</pre> : null}
                </>
              ) : (
                <p className={styles.muted}>{t('noOutput')}</p>
              )}
              {step.exitCode !== undefined && step.exitCode !== 0 ? <p className={styles.muted}>{t('exitCode', { code: step.exitCode })}</p> : null}
              {step.truncated ? <p className={styles.muted}>{t('truncated')}</p> : null}
              {step.live ? <p className={styles.muted}>{t('leftRunning')}</p> : null}
            </>
          ) : step.action.type === 'writeFile' ? (
            <pre className={styles.output}>{step.action.content}</pre>
          ) : null}
          {step.watched !== undefined ? (
            <>
              <p className={styles.muted}>{t('watched', { line: step.watched.line })}</p>
              {step.watched.stdout ? <pre className={styles.output}>{step.watched.stdout}</pre> : null}
              {step.watched.stderr ? <pre className={`${styles.output} ${styles.stderr}`}>{step.watched.stderr}</pre> : null}
              {step.watched.exitCode !== undefined && step.watched.exitCode !== 0 ? <p className={styles.muted}>{t('exitCode', { code: step.watched.exitCode })}</p> : null}
              {step.watched.truncated ? <p className={styles.muted}>{t('truncated')}</p> : null}
            </>
          ) : null}
        </section>

        <section className={styles.panel} aria-labelledby={`${listId}-files`}>
          <h3 id={`${listId}-files`}>{t('files')}</h3>
          {files.length === 0 ? (
            <p className={styles.muted}>{t('noFiles')}</p>
          ) : (
            files.map(([path, content]) => (
              <details key={path} open={step.action.type === 'writeFile' && step.action.path === path}>
                <summary>
                  <code>{path}</code>
                </summary>
                <pre className={styles.output}>{content}</pre>
              </details>
            ))
          )}
        </section>
      </div>
    </div>
  );
}
