'use client';
// Work of this lab saved under an earlier version of the simulator (local-save.ts
// findOlderWork): this version does not replay it by itself, since the same commands may
// end elsewhere now. Said when the workspace opens, as an alert: a status already on the
// page when it appears is not read out, and the learner's work looks lost until they
// choose. Two ways on — load it (the page reloads and replays it) or start fresh (it is
// removed). It takes no focus; after Start fresh, whose button goes, the focus lands on
// what happened.
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { OlderVersionWork } from './use-lab-session';
import styles from './lab.module.css';

interface OlderWorkNoticeProps {
  older: OlderVersionWork | undefined;
  choice: 'loaded' | 'fresh' | undefined;
  onLoad: () => void;
  onFresh: () => void;
}

export function OlderWorkNotice({ older, choice, onLoad, onFresh }: OlderWorkNoticeProps) {
  const t = useTranslations('lab.olderWork');
  const loadId = useId();
  const freshId = useId();
  const done = useRef<HTMLParagraphElement>(null);
  const chose = useRef(false);
  useEffect(() => {
    if (choice !== 'fresh' || !chose.current) return;
    chose.current = false;
    done.current?.focus();
  }, [choice]);

  return (
    <div className={`${styles.olderWork} ${older !== undefined ? styles.olderWorkAsking : ''}`} data-testid="older-work">
      <div role="alert">
        {older !== undefined ? (
          <p className={styles.otherTabTitle}>
            <strong>{t('title')}</strong> {t('explain')}
          </p>
        ) : null}
      </div>
      {older !== undefined ? (
        <div role="group" aria-label={t('choose')} className={styles.otherTabChoices}>
          <div className={styles.otherTabChoice}>
            <button type="button" className="button primary" onClick={onLoad} aria-describedby={loadId}>
              {t('load')}
            </button>
            <p id={loadId} className={styles.muted}>
              {t('loadExplain')} {older.replaces ? t('loadReplaces') : null}
            </p>
          </div>
          <div className={styles.otherTabChoice}>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                chose.current = true;
                onFresh();
              }}
              aria-describedby={freshId}
            >
              {t('fresh')}
            </button>
            <p id={freshId} className={styles.muted}>
              {t('freshExplain')}
            </p>
          </div>
        </div>
      ) : null}
      <p ref={done} role="status" tabIndex={-1} className={styles.otherTabDone}>
        {older === undefined && choice !== undefined ? t(choice === 'loaded' ? 'loaded' : 'startedFresh') : ''}
      </p>
    </div>
  );
}
