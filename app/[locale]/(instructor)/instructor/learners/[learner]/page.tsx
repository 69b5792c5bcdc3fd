// One learner (/[locale]/instructor/learners/<id>): where they are in each lesson, each
// quiz question they answered (latest and first answer right or wrong, tries), and every
// lab attempt, newest first, with the goals it failed and a link to its replay
// (app/[locale]/(learn)/labs/[lab]/attempts/[attempt], which instructors may open). The
// learners table links here; a staff account or an unknown id is a 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { InlineCode } from '@/app/_components/inline-code';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getLearnerDetail } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../../gate';
import { DashboardHeader } from '../../dashboard-header';
import { DataTable, NumHeader, Section, Share } from '../../figures';
import { Verdict } from '../../verdict';
import styles from '../../dashboard.module.css';
import { learnerLabel } from '@/app/_lib/i18n/bidi';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.learnerPage');
  return dashboardMetadata(t('metaTitle'));
}

export default async function LearnerPage({ params }: { params: Promise<{ locale: Locale; learner: string }> }) {
  const { locale, learner } = await params;
  setRequestLocale(locale);
  const user = await gateDashboard(locale, `/instructor/learners/${learner}`);
  const [t, format, detail] = await Promise.all([getTranslations('instructor.learnerPage'), getFormatter(), getLearnerDetail(locale, learner)]);
  if (!detail) notFound();
  const date = (d: Date) => format.dateTime(d, 'stamp');
  const answered = detail.lessons.filter((l) => l.answers.length > 0);
  return (
    <div className="container">
      <p>
        <Link href="/instructor/learners">{t('back')}</Link>
      </p>
      <DashboardHeader title={learnerLabel(detail)} lead={t('lead')} current="learners" isAdmin={user.role === 'admin'} locale={locale} />
      <p className={styles.note}>{t('joined', { date: date(detail.joinedAt) })}</p>

      <Section id="lessons-title" title={t('lessonsTitle')} note={t('lessonsNote')}>
        <DataTable
          caption={t('lessonsCaption', { email: detail.email })}
          head={
            <>
              <th scope="col">{t('lesson')}</th>
              <th scope="col">{t('status')}</th>
              <NumHeader>{t('answered')}</NumHeader>
              <th scope="col">{t('latestCorrect')}</th>
            </>
          }
        >
          {detail.lessons.map((l) => (
            <tr key={`${l.courseId}/${l.lessonId}`} data-lesson-id={l.lessonId}>
              <th scope="row">
                {l.answered === 0 ? (
                  `${format.number(l.number)}. ${l.title}`
                ) : (
                  <a href={`#answers-${l.lessonId}`}>
                    {format.number(l.number)}. {l.title}
                  </a>
                )}
              </th>
              <td>{t(l.status)}</td>
              <td className={styles.num}>
                {format.number(l.answered)}/{format.number(l.questions)}
              </td>
              <td>
                <Share format={format} part={l.latestCorrect} whole={l.answered} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section id="answers-title" title={t('answersTitle')} note={answered.length === 0 ? undefined : t('answersNote')}>
        {answered.length === 0 ? (
          <p className="empty-state">{t('noAnswers')}</p>
        ) : (
          answered.map((l) => {
            const wrong = l.answered - l.latestCorrect;
            return (
              <details key={`${l.courseId}/${l.lessonId}`} id={`answers-${l.lessonId}`} className={styles.disclosure} open={wrong > 0} data-answers-lesson={l.lessonId}>
                <summary>
                  <span className={styles.summaryTitle}>
                    {format.number(l.number)}. {l.title}
                  </span>{' '}
                  <span className="muted">{t('answersSummary', { answered: l.answered, questions: l.questions, wrong })}</span>
                </summary>
                <DataTable
                  caption={t('answersCaption', { email: detail.email, lesson: l.title })}
                  head={
                    <>
                      <th scope="col">{t('question')}</th>
                      <th scope="col">{t('latestAnswer')}</th>
                      <NumHeader>{t('tries')}</NumHeader>
                      <th scope="col">{t('firstAnswer')}</th>
                    </>
                  }
                >
                  {l.answers.map((a) => (
                    <tr key={a.questionId} data-question-id={a.questionId}>
                      <th scope="row">
                        <Link href={`/instructor/questions?lesson=${encodeURIComponent(l.lessonId)}#q-${l.lessonId}-${a.questionId}`}>{t('number', { number: a.number })}</Link>
                        <span className={`${styles.prompt} ${styles.clamp}`} title={a.prompt}>
                          {a.prompt}
                        </span>
                      </th>
                      <td>
                        <Verdict correct={a.latestCorrect} />
                      </td>
                      <td className={styles.num}>{format.number(a.tries)}</td>
                      <td>
                        <Verdict correct={a.firstCorrect} />
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </details>
            );
          })
        )}
      </Section>

      <Section id="attempts-title" title={t('attemptsTitle')} note={detail.attemptsTotal === 0 ? undefined : t('attemptsNote')}>
        {detail.attemptsTotal === 0 ? (
          <p className="empty-state">{t('noAttempts')}</p>
        ) : (
          <DataTable
            caption={t('attemptsCaption', { email: detail.email, shown: detail.attempts.length, total: detail.attemptsTotal, shownAll: String(detail.attempts.length === detail.attemptsTotal) })}
            head={
              <>
                <th scope="col">{t('lab')}</th>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('result')}</th>
                <th scope="col">{t('goalsFailed')}</th>
                <NumHeader>{t('hints')}</NumHeader>
                <th scope="col">
                  <span className="visually-hidden">{t('replay')}</span>
                </th>
              </>
            }
          >
            {detail.attempts.map((a) => (
              <tr key={a.id} data-attempt-id={a.id}>
                <th scope="row">{a.labTitle}</th>
                <td>{date(a.createdAt)}</td>
                <td>
                  <span className={styles.verdict}>
                    <span aria-hidden="true">{a.passed ? '✓ ' : '✗ '}</span>
                    {a.passed ? t('passed') : t('failed')}
                  </span>
                </td>
                <td>
                  {a.goals === null ? (
                    t('unreadable')
                  ) : a.failedGoals.length === 0 ? (
                    t('allGoalsPassed')
                  ) : (
                    <ul className={styles.goalList}>
                      {a.failedGoals.map((g, i) => (
                        <li key={i}>
                          <InlineCode text={g} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className={styles.num}>{format.number(a.hintsUsed)}</td>
                <td>
                  <Link href={`/labs/${a.labId}/attempts/${a.id}`} aria-label={t('replayLabel', { lab: a.labTitle, date: date(a.createdAt) })}>
                    {t('replay')}
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
    </div>
  );
}
