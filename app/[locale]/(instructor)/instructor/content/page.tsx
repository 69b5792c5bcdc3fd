// The content validation report (../shared/DESIGN.md §4): what the app's content loader
// and cross-file rules find, with the course's figures. Lab proofs and predict-then-run
// checks replay sim-core and take minutes; `npm run content:check` runs them in CI, so this
// page says they are not re-run here instead of implying they passed.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { formatProblem, QUESTION_TYPES } from '@/app/_lib/content';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getContentValidation } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../gate';
import { DashboardHeader } from '../dashboard-header';
import { TableScroll } from '../figures';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.nav');
  return dashboardMetadata(t('content'));
}

export default async function ContentPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await gateDashboard(locale, '/instructor/content');
  const [t, tn, tq, format] = await Promise.all([
    getTranslations('instructor.content'),
    getTranslations('instructor.nav'),
    getTranslations('instructor.questions'),
    getFormatter(),
  ]);
  const { problems, counts } = getContentValidation();
  return (
    <div className="container">
      <DashboardHeader title={tn('content')} lead={t('lead')} current="content" isAdmin={user.role === 'admin'} locale={locale} />

      <section className={styles.section} aria-labelledby="problems-title">
        <h2 id="problems-title">{t('problemsTitle')}</h2>
        <p role="status">
          <span aria-hidden="true">{problems.length === 0 ? '✓ ' : '⚠ '}</span>
          {t('problemCount', { count: problems.length })}
        </p>
        {problems.length > 0 ? (
          <ol className={styles.problems}>
            {problems.map((p) => {
              const text = formatProblem(p);
              return <li key={text}>{text}</li>;
            })}
          </ol>
        ) : null}
        <p className={styles.note}>{t('notProven')}</p>
      </section>

      <section className={styles.section} aria-labelledby="figures-title">
        <h2 id="figures-title">{t('figuresTitle')}</h2>
        <dl className="facts">
          <div className="fact-row">
            <dt>{t('courses')}</dt>
            <dd>{format.number(counts.courses)}</dd>
          </div>
          <div className="fact-row">
            <dt>{t('lessonsKo')}</dt>
            <dd>{format.number(counts.lessons.ko)}</dd>
          </div>
          <div className="fact-row">
            <dt>{t('lessonsEn')}</dt>
            <dd>{format.number(counts.lessons.en)}</dd>
          </div>
          <div className="fact-row">
            <dt>{t('labs')}</dt>
            <dd>{format.number(counts.labs)}</dd>
          </div>
          <div className="fact-row">
            <dt>{t('scenarios')}</dt>
            <dd>{format.number(counts.scenarios)}</dd>
          </div>
        </dl>
        <TableScroll label={t('byTypeCaption', { total: counts.questions.total })}>
          <table className="table">
            <caption className={styles.caption}>{t('byTypeCaption', { total: counts.questions.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('type')}</th>
                <th scope="col" className={styles.num}>
                  {t('questions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {QUESTION_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">{tq(`types.${type}`)}</th>
                  <td className={styles.num}>{format.number(counts.questions[type])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}
