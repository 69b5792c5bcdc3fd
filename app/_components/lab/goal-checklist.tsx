'use client';
// The lab's goals, updating live as the worker evaluates them on the learner's cluster:
// each with an icon and a word (never colour alone) and grading's own explanation of
// what was expected and what was found.
import { memo, useId } from 'react';
import { useTranslations } from 'next-intl';
import type { GoalView } from '@/app/_lib/sim-worker/protocol';
import type { LabClientView } from './types';
import { InlineCode } from '../inline-code';
import styles from './lab.module.css';

interface GoalChecklistProps {
  goals: LabClientView['goals'];
  /** false: a goal's state only, until Submit explains it (the explanation would give the task away) */
  explain: boolean;
  live: readonly GoalView[] | undefined;
  locale: 'ko' | 'en';
}

function GoalChecklistImpl({ goals, live, locale, explain }: GoalChecklistProps) {
  const t = useTranslations('lab.goals');
  const titleId = useId();
  const byId = new Map((live ?? []).map((g) => [g.id, g]));
  const done = goals.filter((g) => byId.get(g.id)?.passed === true).length;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.row}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t('title')}
        </h2>
        <p className={styles.muted} role="status" data-testid="goal-progress">
          {t('progress', { done, total: goals.length })}
        </p>
      </div>
      <ul className={styles.goalList}>
        {goals.map((g) => {
          const v = byId.get(g.id);
          const passed = v?.passed === true;
          return (
            <li key={g.id} className={`${styles.goal} ${passed ? styles.goalDone : ''}`} data-goal={g.id} data-passed={passed}>
              <span className={styles.goalIcon} aria-hidden="true">
                {passed ? '✓' : '○'}
              </span>
              <span>
                <span className={styles.goalState}>{v === undefined ? t('checking') : passed ? t('done') : t('notYet')}</span>
                {': '}
                <InlineCode text={g.description} />
              </span>
              {v !== undefined && explain ? (
                <p className={styles.explanation}>
                  <InlineCode text={v.explanation[locale]} />
                </p>
              ) : null}
              {v !== undefined && v.kind !== 'state' ? <p className={styles.explanation}>{t(v.kind)}</p> : null}
            </li>
          );
        })}
      </ul>
      <p className={styles.muted}>{explain ? t('live') : t('liveWithoutExplanations')}</p>
    </section>
  );
}

export const GoalChecklist = memo(GoalChecklistImpl);
