// Lab results per lab (../shared/DESIGN.md §4): attempts, learners who tried and passed,
// the median number of hints, and which goals attempts fail — where a lab's brief or
// hints may need work. Labs come in the course's order; each goal's failure figure opens
// the attempts that failed it (labs/<lab>/goals/<goal>), with their learners and replays.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getLabReport } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../gate';
import { DashboardHeader } from '../dashboard-header';
import { InlineCode } from '@/app/_components/inline-code';
import { Link } from '@/app/_lib/i18n/navigation';
import { DataTable, NumHeader, Section, Share } from '../figures';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.nav');
  return dashboardMetadata(t('labs'));
}

export default async function LabsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await gateDashboard(locale, '/instructor/labs');
  const [t, tn, format, labs] = await Promise.all([getTranslations('instructor.labs'), getTranslations('instructor.nav'), getFormatter(), getLabReport(locale)]);
  const median = (m: number | null) => (m === null ? '—' : format.number(m, { maximumFractionDigits: 1 }));
  return (
    <div className="container">
      <DashboardHeader title={tn('labs')} lead={t('lead')} current="labs" isAdmin={user.role === 'admin'} exports={['labs', 'goals']} locale={locale} />
      {labs.length === 0 ? (
        <p className="empty-state">{t('noLabs')}</p>
      ) : (
        <>
          <Section id="labs-summary" title={t('summaryTitle')} note={t('summaryNote')}>
            <DataTable
              caption={t('summaryCaption', { count: labs.length })}
              label={t('summaryTitle')}
              head={
                <>
                  <th scope="col">{t('lab')}</th>
                  <NumHeader>{t('attempts')}</NumHeader>
                  <NumHeader>{t('learners')}</NumHeader>
                  <th scope="col">{t('learnersPassed')}</th>
                  <th scope="col">{t('attemptsPassed')}</th>
                  <NumHeader>{t('medianHints')}</NumHeader>
                </>
              }
            >
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
            </DataTable>
          </Section>

          {labs.map((lab) => (
            <section key={lab.id} id={`lab-${lab.id}`} className={styles.section} aria-labelledby={`lab-${lab.id}-title`}>
              <h2 id={`lab-${lab.id}-title`}>
                {lab.title} <code className="muted">{lab.id}</code>
              </h2>
              {lab.attempts === 0 ? (
                <p className="muted">{t('noAttempts')}</p>
              ) : (
                <>
                  <DataTable
                    caption={t('goalsCaption', { lab: lab.title })}
                    head={
                      <>
                        <th scope="col">{t('goal')}</th>
                        <th scope="col">{t('failedIn')}</th>
                      </>
                    }
                  >
                    {lab.goals.map((g) => (
                      <tr key={g.id}>
                        <th scope="row">
                          <InlineCode text={g.description} /> {g.known ? null : <span className="muted">({t('goalRemoved')})</span>}
                        </th>
                        <td>
                          {g.failed === 0 ? (
                            <Share format={format} part={g.failed} whole={g.evaluated} />
                          ) : (
                            <Link className={styles.figureLink} href={`/instructor/labs/${encodeURIComponent(lab.id)}/goals/${encodeURIComponent(g.id)}`}>
                              <Share format={format} part={g.failed} whole={g.evaluated} />
                              <span className="visually-hidden"> — {t('failedLink')}</span>
                            </Link>
                          )}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
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
