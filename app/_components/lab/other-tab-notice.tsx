'use client';
// The lab open in another tab has saved other work (other-tab.ts): said at once (an alert:
// this tab has stopped saving), with the two ways on — load that work here, saying what of
// this tab's it throws away, or keep this tab's, saved over the other's. The notice stays
// in view at the top of the window while the learner scrolls the workspace; it takes no
// focus (the learner may be typing), and after Keep the focus lands on what happened.
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { OtherTabWork } from './use-lab-session';
import styles from './lab.module.css';

interface OtherTabNoticeProps {
  otherTab: OtherTabWork | undefined;
  choice: 'loaded' | 'kept' | undefined;
  onLoad: () => void;
  onKeep: () => void;
}

export function OtherTabNotice({ otherTab, choice, onLoad, onKeep }: OtherTabNoticeProps) {
  const t = useTranslations('lab.otherTab');
  const loadId = useId();
  const keepId = useId();
  const done = useRef<HTMLParagraphElement>(null);
  const kept = useRef(false);
  useEffect(() => {
    if (choice !== 'kept' || !kept.current) return;
    kept.current = false;
    done.current?.focus();
  }, [choice]);

  const discarded = otherTab?.discarded;
  const loses = discarded !== undefined && (discarded.actions > 0 || discarded.edits.length > 0);
  return (
    <div className={`${styles.otherTab} ${otherTab !== undefined ? styles.otherTabAsking : ''}`} data-testid="other-tab">
      <div role="alert">
        {otherTab !== undefined ? (
          <p className={styles.otherTabTitle}>
            <strong>{t('title')}</strong> {t('notSaving')}
          </p>
        ) : null}
      </div>
      {discarded !== undefined ? (
        <div role="group" aria-label={t('choose')} className={styles.otherTabChoices}>
          <div className={styles.otherTabChoice}>
            <button type="button" className="button primary" onClick={onLoad} aria-describedby={loadId}>
              {t('load')}
            </button>
            <p id={loadId} className={styles.muted}>
              {loses ? (
                <>
                  {t('loadLoses')} {discarded.actions > 0 ? t('lostActions', { count: discarded.actions }) : null} {discarded.edits.length > 0 ? t('lostEdits', { files: discarded.edits.join(', ') }) : null}
                </>
              ) : (
                t('loadLosesNothing')
              )}
            </p>
          </div>
          <div className={styles.otherTabChoice}>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                kept.current = true;
                onKeep();
              }}
              aria-describedby={keepId}
            >
              {t('keep')}
            </button>
            <p id={keepId} className={styles.muted}>
              {t('keepExplain')}
            </p>
          </div>
        </div>
      ) : null}
      <p ref={done} role="status" tabIndex={-1} className={styles.otherTabDone}>
        {otherTab === undefined && choice !== undefined ? t(choice) : ''}
      </p>
    </div>
  );
}
