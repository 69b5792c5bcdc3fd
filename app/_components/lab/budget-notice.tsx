'use client';
// How much of grading's caps the learner's lab has left (the worker runs the lab under
// the same caps the server replays it with): the simulated time left, and — once a cap is
// used up — what stopped, that the work can still be submitted, and that Reset is only
// for needing more.
import { useTranslations } from 'next-intl';
import type { SimView } from '@/app/_lib/sim-worker/protocol';
import { DEFAULT_GRADE_CAPS } from '@/sim-core/grading/caps';
import styles from './lab.module.css';

/** 1 tick = 10 ms */
function minutesAndSeconds(ticks: number): { minutes: number; seconds: number } {
  const seconds = Math.floor(ticks / 100);
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}

interface BudgetNoticeProps {
  budget: SimView['budget'];
  /** show nothing until a cap is used up (the Submit panel) */
  onlyWhenFull?: boolean;
}

export function BudgetNotice({ budget, onlyWhenFull = false }: BudgetNoticeProps) {
  const t = useTranslations('lab.limits');
  if (budget === undefined) return null;
  const total = t('time', minutesAndSeconds(budget.maxTicks));
  const values = {
    total,
    maxActions: DEFAULT_GRADE_CAPS.maxActions,
    maxCommands: DEFAULT_GRADE_CAPS.maxCommands,
    megabytes: Math.floor(DEFAULT_GRADE_CAPS.maxOutputBytes / (1024 * 1024)),
  };
  return (
    <div data-testid={onlyWhenFull ? 'budget-full' : 'budget'}>
      {onlyWhenFull ? null : <p className={styles.muted}>{t('left', { left: t('time', minutesAndSeconds(budget.ticksLeft)), total })}</p>}
      {/* announced once, where Play stops; the Submit panel repeats it silently */}
      <div role={onlyWhenFull ? undefined : 'status'}>{budget.full !== undefined ? <p className={styles.error}>{t(`full.${budget.full}`, values)}</p> : null}</div>
    </div>
  );
}
