'use client';
// Reset lab, with a confirmation in place (no modal to trap focus): the first press asks,
// the second resets. Focus moves to the safe choice, Cancel (so Enter pressed twice never
// wipes the lab), and Escape cancels; either way focus returns to Reset lab. "The lab was
// reset" stays until the learner does something in the fresh lab.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import styles from './lab.module.css';

export function ResetControl({ disabled, onReset, activity }: { disabled: boolean; onReset: () => void; /** how many times the lab's action log has grown (0 in a fresh or reset lab; undefined before the cluster runs) */ activity?: number | undefined }) {
  const t = useTranslations('lab.reset');
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  // an action in the reset lab retires the message (state adjusted while rendering, not in an effect)
  const [seenActivity, setSeenActivity] = useState(activity);
  if (activity !== seenActivity) {
    setSeenActivity(activity);
    if (done && activity !== undefined && activity > 0) setDone(false);
  }
  const cancelButton = useRef<HTMLButtonElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (asking) cancelButton.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [asking]);

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (asking) {
    return (
      <div
        className={styles.confirm}
        role="group"
        aria-label={t('button')}
        aria-describedby={questionId}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          cancel();
        }}
      >
        <p id={questionId}>{t('confirm')}</p>
        <div className={styles.row}>
          <button
            type="button"
            className="button danger"
            onClick={() => {
              onReset();
              setDone(true);
              returnFocus.current = true;
              setAsking(false);
            }}
          >
            {t('yes')}
          </button>
          <button ref={cancelButton} type="button" className="button secondary" onClick={cancel}>
            {t('cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button secondary"
        disabled={disabled}
        onClick={() => {
          setDone(false);
          setAsking(true);
        }}
      >
        {t('button')}
      </button>
      <p className={styles.muted} aria-live="polite">
        {done ? t('done') : ''}
      </p>
    </>
  );
}
