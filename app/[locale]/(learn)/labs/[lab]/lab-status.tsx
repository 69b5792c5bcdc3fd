// What the signed-in learner already did in this lab, under its title: passed (since
// when) or not yet, how many attempts, the replay of the attempt that counts, and the
// newest attempts behind a disclosure. The page renders it only when there is an attempt;
// a guest's attempts are graded but never kept (submit.ts), so a guest sees nothing here.
import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { LabStatus } from '@/app/_lib/queries/labs';
import styles from './lab-page.module.css';

export async function LabStatusSummary({ labId, status }: { labId: string; status: LabStatus }) {
  const [t, format] = await Promise.all([getTranslations('labAttempts.labPage'), getFormatter()]);
  const replayOf = (id: string) => `/labs/${labId}/attempts/${id}`;
  const { firstPassed, last, best, attempts, recent } = status;
  return (
    <section aria-labelledby="lab-status-title" className={`${styles.column} ${styles.status}`} data-testid="lab-status">
      <h2 id="lab-status-title" className="visually-hidden">
        {t('title')}
      </h2>
      <p className={styles.statusLine}>
        {firstPassed ? (
          <>
            <strong className={styles.statusPassed}>
              <span aria-hidden="true">✓ </span>
              {t('passedOn', { date: format.dateTime(firstPassed.at, 'stamp') })}
            </strong>
            <span>{t('attempts', { count: attempts })}</span>
            <Link href={replayOf(firstPassed.id)}>{t('replayPassed')}</Link>
          </>
        ) : (
          <>
            <strong>
              <span aria-hidden="true">◐ </span>
              {t('notPassed', { count: attempts })}
            </strong>
            <span>{t('best', { passed: best.passedGoals, total: best.totalGoals })}</span>
            <Link href={replayOf(last.id)}>{t('replayLast')}</Link>
          </>
        )}
      </p>
      {/* one attempt is already linked above; a list of one would say it twice */}
      {attempts > 1 ? (
        <details className={styles.statusList}>
          <summary>{t('all', { count: attempts })}</summary>
          <ol>
            {recent.map((a) => (
              <li key={a.id}>
                <Link href={replayOf(a.id)}>
                  {t('line', { date: format.dateTime(a.at, 'stamp'), passed: String(a.passed), goals: a.passedGoals, total: a.totalGoals })}
                </Link>
              </li>
            ))}
          </ol>
          {recent.length < attempts ? <p className="muted">{t('more', { listed: recent.length, count: attempts })}</p> : null}
        </details>
      ) : null}
    </section>
  );
}
