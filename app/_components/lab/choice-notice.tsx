'use client';
// A notice at the top of the lab that asks the learner to choose between two ways on (the
// other tab's work, an earlier version's work): its sentence said at once as an alert, the
// two buttons each described by what it does, and — after the second choice, whose button
// goes — the focus on the status that says what happened. It takes no focus while asking
// (the learner may be typing). other-tab-notice.tsx and older-work-notice.tsx word it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './lab.module.css';

export interface NoticeChoice {
  label: string;
  /** what choosing it does, as the button's description */
  explain: ReactNode;
  onChoose: () => void;
}

interface ChoiceNoticeProps {
  /** the notice's own class (its colours: --choice-border) and, while it asks, one added to the asking look (lab.module.css .choiceAsking) */
  className: string | undefined;
  askingClassName?: string;
  testId: string;
  /** what is asked, while it is: the bold title, the sentence after it, the group's name and the two choices */
  asking: { title: string; sentence: string; choose: string; first: NoticeChoice; second: NoticeChoice } | undefined;
  /** what happened, once the learner chose ('' until then) */
  done: string;
  /** the second choice has been made (its button is gone): the focus goes to `done` */
  secondChosen: boolean;
}

export function ChoiceNotice({ className, askingClassName, testId, asking, done, secondChosen }: ChoiceNoticeProps) {
  const firstId = useId();
  const secondId = useId();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!secondChosen || !pressed.current) return;
    pressed.current = false;
    doneRef.current?.focus();
  }, [secondChosen]);

  return (
    <div className={`${className ?? ''} ${asking !== undefined ? `${styles.choiceAsking} ${askingClassName ?? ''}` : ''}`} data-testid={testId}>
      <div role="alert">
        {asking !== undefined ? (
          <p className={styles.otherTabTitle}>
            <strong>{asking.title}</strong> {asking.sentence}
          </p>
        ) : null}
      </div>
      {asking !== undefined ? (
        <div role="group" aria-label={asking.choose} className={styles.otherTabChoices}>
          <div className={styles.otherTabChoice}>
            <button type="button" className="button primary" onClick={asking.first.onChoose} aria-describedby={firstId}>
              {asking.first.label}
            </button>
            <p id={firstId} className={styles.muted}>
              {asking.first.explain}
            </p>
          </div>
          <div className={styles.otherTabChoice}>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                pressed.current = true;
                asking.second.onChoose();
              }}
              aria-describedby={secondId}
            >
              {asking.second.label}
            </button>
            <p id={secondId} className={styles.muted}>
              {asking.second.explain}
            </p>
          </div>
        </div>
      ) : null}
      <p ref={doneRef} role="status" tabIndex={-1} className={styles.otherTabDone}>
        {done}
      </p>
    </div>
  );
}
