'use client';
// Submit and the server's verdict. The verdict sits in a status region (announced when
// it arrives) with each goal's explanation and, for a signed-in learner, the link to
// replay the attempt; a refusal shows the server's message; any other failure keeps the
// work and says how to try again.
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/app/_lib/i18n/navigation';
import type { SimView } from '@/app/_lib/sim-worker/protocol';
import { MAX_SUBMIT_TRIES, type RetryWaiting, type SubmitOutcome } from './submission';
import { BudgetNotice } from './budget-notice';
import { InlineCode } from '../inline-code';
import styles from './lab.module.css';

interface SubmitPanelProps {
  labId: string;
  locale: 'ko' | 'en';
  /** the goals' descriptions in the page's language, shown for each goal of the verdict */
  goals: readonly { id: string; description: string }[];
  canSubmit: boolean;
  submitting: boolean;
  outcome: SubmitOutcome | undefined;
  onSubmit: () => void;
  /** the reset control sits with Submit: both act on the whole attempt */
  children?: React.ReactNode;
  /** grading's caps as the lab has used them: a used-up cap is explained here */
  budget?: SimView['budget'];
  /** the server was busy: Submit tries again by itself after this wait, unless stopped */
  waiting?: RetryWaiting | undefined;
  onStopWaiting?: () => void;
}

function Waiting({ waiting, onStop, onStopFocus }: { waiting: RetryWaiting; onStop: (() => void) | undefined; onStopFocus: () => void }) {
  const t = useTranslations('lab.submit.waiting');
  return (
    <div className={styles.row} data-testid="submit-waiting">
      <p className={styles.muted}>
        {/* the countdown is seen, not announced every second; where it sits in the sentence is the language's (Korean puts the time first) */}
        {t.rich(waiting.reason, { attempt: waiting.attempt, max: MAX_SUBMIT_TRIES, seconds: waiting.seconds, countdown: (chunks) => <span aria-hidden="true">{chunks}</span> })}
      </p>
      {onStop ? (
        <button type="button" className="button" onClick={onStop} onFocus={onStopFocus}>
          {t('stop')}
        </button>
      ) : null}
    </div>
  );
}

function Outcome({ outcome, labId, locale, goals }: { outcome: SubmitOutcome; labId: string; locale: 'ko' | 'en'; goals: SubmitPanelProps['goals'] }) {
  const t = useTranslations('lab.submit');
  if (outcome.kind === 'refused') return <p className={styles.error}>{t('refused', { message: outcome.message })}</p>;
  if (outcome.kind === 'retry') return <p className={styles.error}>{t(`retry.${outcome.reason}`)}</p>;
  const v = outcome.verdict;
  return (
    <div className={`${styles.verdict} ${v.passed ? styles.verdictPassed : ''}`} data-testid="verdict">
      <h3 className={styles.verdictTitle}>
        <span aria-hidden="true">{v.passed ? '✓ ' : '✗ '}</span>
        {v.passed ? t('passed') : t('notPassed')}
      </h3>
      <ul className={styles.verdictGoals}>
        {v.goals.map((g) => {
          const description = goals.find((d) => d.id === g.id)?.description;
          return (
            <li key={g.id}>
              <span aria-hidden="true">{g.passed ? '✓' : '✗'}</span> <strong className={g.passed ? styles.passText : undefined}>{g.passed ? t('goalPassed') : t('goalFailed')}</strong>{' '}
              {description !== undefined ? <InlineCode text={description} /> : <code>{g.id}</code>}
              <br />
              <span className={styles.muted}>
                <InlineCode text={g.explanation[locale]} />
              </span>
            </li>
          );
        })}
      </ul>
      {v.replayUrl !== null ? (
        <p>
          <a href={v.replayUrl}>{t('replay')}</a>
        </p>
      ) : v.attemptId === null ? (
        <p>
          <Link href={`/sign-in?next=${encodeURIComponent(`/${locale}/labs/${labId}`)}`}>{t('signIn')}</Link>
        </p>
      ) : null}
    </div>
  );
}

export function SubmitPanel({ labId, locale, goals, canSubmit, submitting, outcome, onSubmit, children, budget, waiting, onStopWaiting }: SubmitPanelProps) {
  const t = useTranslations('lab.submit');
  const titleId = useId();
  const submitButton = useRef<HTMLButtonElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const shownWaiting = submitting && waiting !== undefined;
  // Stop waiting leaves with the wait (pressed, or the answer came): the keyboard was on it,
  // and would drop to the page's start. It goes on from Submit, next to the answer the
  // status region reads out, or from the answer itself while Submit is off.
  const stopHadFocus = useRef(false);
  useEffect(() => {
    if (shownWaiting || !stopHadFocus.current) return;
    stopHadFocus.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return; // the learner went on elsewhere
    const button = submitButton.current;
    (button !== null && !button.disabled ? button : answer.current)?.focus();
  }, [shownWaiting]);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h2>
      <p className={styles.muted}>{canSubmit ? t('explain') : t('unavailable')}</p>
      <BudgetNotice budget={budget} onlyWhenFull />
      <div className={styles.row}>
        <button ref={submitButton} type="button" className="button primary" onClick={onSubmit} disabled={!canSubmit || submitting} aria-busy={submitting}>
          {submitting ? t('submitting') : t('button')}
        </button>
        {children}
      </div>
      <div ref={answer} role="status" aria-live="polite" tabIndex={-1} className={styles.answer}>
        {shownWaiting ? <Waiting waiting={waiting} onStop={onStopWaiting} onStopFocus={() => (stopHadFocus.current = true)} /> : null}
        {outcome !== undefined && !submitting ? <Outcome outcome={outcome} labId={labId} locale={locale} goals={goals} /> : null}
      </div>
    </section>
  );
}
