// The instructor dashboard's overview (../shared/DESIGN.md §4): who is here, how far
// learners got in each lesson, the content's health, and the way to every other page.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { countUsersByRole } from '@/app/_lib/queries/users';
import { getContentValidation, getLessonCompletion } from '@/app/_lib/queries/instructor';
import { EXPORT_DATASETS } from '@/app/_lib/instructor/exports';
import { dashboardMetadata, gateDashboard } from './gate';
import { DashboardHeader } from './dashboard-header';
import { ExportLinks } from './export-links';
import { Share, TableScroll } from './figures';
import styles from './dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor');
  return dashboardMetadata(t('title'));
}

export default async function InstructorHome({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await gateDashboard(locale, '/instructor');
  const [t, tr, format, counts, completion] = await Promise.all([
    getTranslations('instructor'),
    getTranslations('account.roles'),
    getFormatter(),
    countUsersByRole(),
    getLessonCompletion(locale),
  ]);
  const validation = getContentValidation();
  const isAdmin = user.role === 'admin';
  return (
    <div className="container">
      <DashboardHeader title={t('title')} lead={t('lead')} current="overview" isAdmin={isAdmin} locale={locale} />

      <div className={styles.grid}>
        <section className="card" aria-labelledby="learners-title">
          <h2 id="learners-title">{t('learners')}</h2>
          <dl className="facts">
            {(['learner', 'instructor', 'admin'] as const).map((role) => (
              <div key={role} className="fact-row">
                <dt>{tr(role)}</dt>
                <dd>{format.number(counts[role])}</dd>
              </div>
            ))}
          </dl>
          {isAdmin ? (
            <p>
              <Link href="/instructor/users">{t('users')}</Link>
            </p>
          ) : null}
        </section>
        <section className="card" aria-labelledby="content-title">
          <h2 id="content-title">{t('overview.contentTitle')}</h2>
          <p>
            <span aria-hidden="true">{validation.problems.length === 0 ? '✓ ' : '⚠ '}</span>
            {t('content.problemCount', { count: validation.problems.length })}
          </p>
          <p className="muted">
            {t('overview.contentFigures', {
              lessons: validation.counts.lessons.en,
              questions: validation.counts.questions.total,
              labs: validation.counts.labs,
            })}
          </p>
          <p>
            <Link href="/instructor/content">{t('overview.contentLink')}</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="pages-title">
          <h2 id="pages-title">{t('overview.pagesTitle')}</h2>
          <ul>
            <li>
              <Link href="/instructor/questions">{t('nav.questions')}</Link> — {t('overview.questionsBlurb')}
            </li>
            <li>
              <Link href="/instructor/labs">{t('nav.labs')}</Link> — {t('overview.labsBlurb')}
            </li>
            <li>
              <Link href="/instructor/learners">{t('nav.learners')}</Link> — {t('overview.learnersBlurb')}
            </li>
          </ul>
        </section>
      </div>

      <section className={styles.section} aria-labelledby="completion-title">
        <h2 id="completion-title">{t('overview.completionTitle')}</h2>
        <p className={styles.note}>{t('overview.completionNote')}</p>
        {completion.learners === 0 ? (
          <p className="empty-state">{t('overview.noLearners')}</p>
        ) : completion.lessons.length === 0 ? (
          <p className="empty-state">{t('overview.noLessons')}</p>
        ) : (
          <TableScroll label={t('overview.completionTitle')}>
            <table className="table">
              <caption className={styles.caption}>{t('overview.completionCaption', { learners: completion.learners })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('overview.lesson')}</th>
                  <th scope="col" className={styles.num}>
                    {t('overview.inProgress')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('overview.completed')}
                  </th>
                  <th scope="col">{t('overview.completion')}</th>
                </tr>
              </thead>
              <tbody>
                {completion.lessons.map((l) => (
                  <tr key={`${l.courseId}/${l.lessonId}`}>
                    <th scope="row">
                      {l.number}. {l.title}
                    </th>
                    <td className={styles.num}>{format.number(l.inProgress)}</td>
                    <td className={styles.num}>{format.number(l.completed)}</td>
                    <td>
                      <Share format={format} part={l.completed} whole={completion.learners} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title">{t('export.title')}</h2>
        <p className={styles.note}>{t('export.note')}</p>
        <ExportLinks datasets={EXPORT_DATASETS} locale={locale} />
      </section>
    </div>
  );
}
