// The attempts that failed one goal of a lab (/[locale]/instructor/labs/<lab>/goals/<goal>),
// opened from the goal's "failed in attempts" figure on the labs page: newest first, fifty
// a page (`?page=2`), each with its learner (a link to their page) and a link to its replay
// (app/[locale]/(learn)/labs/[lab]/attempts/[attempt], which instructors may open). A lab
// or goal that neither the content nor any attempt has is a 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { pageNumber } from '@/app/_lib/instructor/paging';
import { getGoalFailures } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../../../../gate';
import { DashboardHeader } from '../../../../dashboard-header';
import { DataTable, Name, NumHeader, Section } from '../../../../figures';
import { Pager } from '../../../../pager';
import styles from '../../../../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.goalFailures');
  return dashboardMetadata(t('metaTitle'));
}

export default async function GoalFailuresPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; lab: string; goal: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, lab: labId, goal: goalId } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const path = `/instructor/labs/${encodeURIComponent(labId)}/goals/${encodeURIComponent(goalId)}`;
  const user = await gateDashboard(locale, path, 'instructor', query);
  const [t, format, report] = await Promise.all([getTranslations('instructor.goalFailures'), getFormatter(), getGoalFailures(locale, labId, goalId, pageNumber(query.page))]);
  if (!report) notFound();
  const date = (d: Date) => format.dateTime(d, 'stamp');
  return (
    <div className="container">
      <p>
        <Link href={`/instructor/labs#lab-${report.labId}`}>{t('back')}</Link>
      </p>
      <DashboardHeader title={report.description} lead={t('lead', { lab: report.labTitle })} current="labs" isAdmin={user.role === 'admin'} locale={locale} />
      {report.known ? null : <p className={styles.note}>{t('removed')}</p>}
      <Section id="failures-title" title={t('title')} note={t('summary', { failed: report.failed, evaluated: report.evaluated, learners: report.learners })}>
        {report.failed === 0 ? (
          <p className="empty-state">{t('none')}</p>
        ) : (
          <>
            <DataTable
              caption={t('caption', { page: report.page, pages: report.pages })}
              head={
                <>
                  <th scope="col">{t('learner')}</th>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('goalsFailed')}</th>
                  <NumHeader>{t('hints')}</NumHeader>
                  <th scope="col">{t('replay')}</th>
                </>
              }
            >
              {report.attempts.map((a) => (
                <tr key={a.id} data-attempt-id={a.id}>
                  <th scope="row">
                    <Link className={styles.identity} href={`/instructor/learners/${a.userId}`}>
                      {a.email}
                    </Link>
                    {a.name === null ? null : <Name name={a.name} />}
                  </th>
                  <td>{date(a.createdAt)}</td>
                  <td>{t('goalsFailedOf', { failed: a.goalsFailed, goals: a.goals })}</td>
                  <td className={styles.num}>{format.number(a.hintsUsed)}</td>
                  <td>
                    <Link href={`/labs/${a.labId}/attempts/${a.id}`} aria-label={t('replayLabel', { learner: a.email, date: date(a.createdAt) })}>
                      {t('replay')}
                    </Link>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager label={t('pages')} page={report.page} pages={report.pages} pathname={path} />
          </>
        )}
      </Section>
      <p className={styles.note}>
        {t('goalId')} <code>{report.goalId}</code>
      </p>
    </div>
  );
}
