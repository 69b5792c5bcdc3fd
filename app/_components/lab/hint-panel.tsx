'use client';
// Progressive hints: each press reveals the next one, from a nudge to nearly the answer.
// The workspace records each use (HintUse for a signed-in learner, the saved work for a
// guest); a revealed hint stays revealed.
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import styles from './lab.module.css';

interface HintPanelProps {
  /** each hint as sanitised HTML */
  hints: readonly string[];
  shown: number;
  onShowNext: () => void;
}

export function HintPanel({ hints, shown, onShowNext }: HintPanelProps) {
  const t = useTranslations('lab.hints');
  const titleId = useId();
  const visible = hints.slice(0, shown);
  const allShown = shown >= hints.length;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.row}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t('title')}
        </h2>
        <p className={styles.muted}>{t('count', { shown: visible.length, total: hints.length })}</p>
      </div>
      {visible.length === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
      <ol className={styles.hintList} aria-live="polite">
        {visible.map((h, i) => (
          <li key={i} className={styles.hint} data-testid="hint">
            <strong>{t('hint', { number: i + 1 })}</strong>
            {/* rendered and sanitised on the server by the content renderer, like the brief */}
            <div dangerouslySetInnerHTML={{ __html: h }} />
          </li>
        ))}
      </ol>
      {allShown ? (
        <p className={styles.muted}>{t('allShown')}</p>
      ) : (
        <div>
          <button type="button" className="button secondary" onClick={onShowNext}>
            {t('show')}
          </button>
        </div>
      )}
    </section>
  );
}
