// Lab results per lab (../shared/DESIGN.md §4): attempts, learners who tried and passed,
// the median number of hints, and which goals attempts fail — where a lab's brief or
// hints may need work.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getLabReport } from '@/app/_lib/queries/instructor';
import { Forbidden } from '../forbidden';
import { gateDashboard } from '../gate';
import { DashboardNav } from '../dashboard-nav';
import { ExportLinks } from '../export-links';
import { Share, TableScroll } from '../figures';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.nav');
  return { title: t('labs') };
}

export default async function LabsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const gate = await gateDashboard(locale, '/instructor/labs');
  if (!gate.ok) return <Forbidden />;
  const [t, tn, format, labs] = await Promise.all([getTranslations('instructor.labs'), getTranslations('instructor.nav'), getFormatter(), getLabReport(locale)]);
  const median = (m: number | null) => (m === null ? '—' : format.number(m, { maximumFractionDigits: 1 }));
  return (
    <div className="container">
      <h1>{tn('labs')}</h1>
      <p className="lead">{t('lead')}</p>
      <DashboardNav current="labs" isAdmin={gate.user.role === 'admin'} />
      <ExportLinks datasets={['labs', 'goals']} locale={locale} />
      {labs.length === 0 ? (
        <p className="empty-state">{t('noLabs')}</p>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="labs-summary">
            <h2 id="labs-summary">{t('summaryTitle')}</h2>
            <p className={styles.note}>{t('summaryNote')}</p>
            <TableScroll label={t('summaryTitle')}>
              <table className="table">
                <caption className={styles.caption}>{t('summaryCaption', { count: labs.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('lab')}</th>
                    <th scope="col" className={styles.num}>
                      {t('attempts')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('learners')}
                    </th>
                    <th scope="col">{t('learnersPassed')}</th>
                    <th scope="col">{t('attemptsPassed')}</th>
                    <th scope="col" className={styles.num}>
                      {t('medianHints')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {labs.map((lab) => (
                    <tr key={lab.id} data-lab-id={lab.id}>
                      <th scope="row">
                        <a href={`#lab-${lab.id}`}>{lab.title}</a>
                      </th>
                      <td className={styles.num}>{format.number(lab.attempts)}</td>
                      <td className={styles.num}>{format.number(lab.learners)}</td>
                      <td>
                        <Share format={format} part={lab.learnersPassed} whole={lab.learners} />
                      </td>
                      <td>
                        <Share format={format} part={lab.passedAttempts} whole={lab.attempts} />
                      </td>
                      <td className={styles.num}>{median(lab.medianHints)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>

          {labs.map((lab) => (
            <section key={lab.id} id={`lab-${lab.id}`} className={styles.section} aria-labelledby={`lab-${lab.id}-title`}>
              <h2 id={`lab-${lab.id}-title`}>
                {lab.title} <code className="muted">{lab.id}</code>
              </h2>
              {lab.attempts === 0 ? (
                <p className="muted">{t('noAttempts')}</p>
              ) : (
                <>
                  <TableScroll label={t('goalsCaption', { lab: lab.title })}>
                    <table className="table">
                      <caption className={styles.caption}>{t('goalsCaption', { lab: lab.title })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('goal')}</th>
                          <th scope="col">{t('failedIn')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {lab.goals.map((g) => (
                          <tr key={g.id}>
                            <th scope="row">
                              {g.description} {g.known ? null : <span className="muted">({t('goalRemoved')})</span>}
                            </th>
                            <td>
                              <Share format={format} part={g.failed} whole={g.evaluated} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                  {lab.goalsUnreadable > 0 ? <p className={styles.note}>{t('unreadable', { count: lab.goalsUnreadable })}</p> : null}
                </>
              )}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
