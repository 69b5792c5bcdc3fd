import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { LearnerSync } from '@/app/_components/lesson';
import { ClientMessages } from '@/app/_components/client-messages';
import { TableScroll } from '@/app/_components/table-scroll';
import { requireUser } from '@/app/_lib/auth/guards';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getLearnerProgress } from '@/app/_lib/queries/progress';
import { getLearnerLabs } from '@/app/_lib/queries/labs';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('progress');
  return { title: t('title') };
}

export default async function ProgressPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireUser(locale, '/progress');
  const [t, tLabs, format, progress, labs] = await Promise.all([
    getTranslations('progress'),
    getTranslations('labAttempts.progress'),
    getFormatter(),
    getLearnerProgress(user.id, locale),
    getLearnerLabs(user.id, locale),
  ]);
  const { accuracy } = progress;
  return (
    <div className="container">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <ClientMessages namespaces={['progress']}>
        <LearnerSync signedIn />
      </ClientMessages>

      <section aria-labelledby="courses-title">
        <h2 id="courses-title">{t('coursesTitle')}</h2>
        {progress.courses.length === 0 ? (
          <div className="empty-state">
            <p>{t('empty')}</p>
            <p>
              <Link href="/courses">{t('browse')}</Link>
            </p>
          </div>
        ) : (
          <ul className="course-list">
            {progress.courses.map((c) => (
              <li key={c.id} className="card">
                <h3>
                  <Link href={`/courses/${c.id}`}>{c.title}</Link>
                </h3>
                <p>{t('lessonsCompleted', { completed: c.completed, total: c.lessonCount })}</p>
                <progress max={c.lessonCount} value={c.completed} aria-label={t('lessonsCompletedLabel', { title: c.title })} />
                <p className="muted">{t('questionsMastered', { correct: c.questionsCorrect, total: c.questionCount })}</p>
                {c.continueLessonId ? (
                  <p>
                    <Link href={`/courses/${c.id}/lessons/${c.continueLessonId}`}>{t('continue')}</Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="labs-title">
        <h2 id="labs-title">{tLabs('labsTitle')}</h2>
        {labs.length === 0 ? (
          <p className="empty-state">{tLabs('noLabs')}</p>
        ) : (
          <ul className="course-list">
            {labs.map((lab) => (
              <li key={lab.labId} className="card">
                <h3>
                  <Link href={`/labs/${lab.labId}`}>{lab.title}</Link>
                </h3>
                <p>
                  <span aria-hidden="true">{lab.passed ? '✓' : '◐'}</span> {lab.passed ? tLabs('passed') : tLabs('notPassed')} ·{' '}
                  {tLabs('attempts', { count: lab.attempts })} · {tLabs('best', { passed: lab.best.passedGoals, total: lab.best.totalGoals })}
                </p>
                <p className="muted">
                  {tLabs('lastAttempt', { date: format.dateTime(lab.lastAttemptAt, 'stamp') })}{' '}
                  <Link href={`/labs/${lab.labId}/attempts/${lab.lastAttemptId}`}>{tLabs('replayLast')}</Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="accuracy-title">
        <h2 id="accuracy-title">{t('accuracyTitle')}</h2>
        <dl className="facts">
          <dt>{t('answers')}</dt>
          <dd>{format.number(accuracy.attempts)}</dd>
          <dt>{t('correctAnswers')}</dt>
          <dd>{format.number(accuracy.correct)}</dd>
          <dt>{t('accuracy')}</dt>
          <dd>{accuracy.attempts === 0 ? '—' : format.number(accuracy.ratio, { style: 'percent', maximumFractionDigits: 0 })}</dd>
        </dl>
      </section>

      <section aria-labelledby="misconceptions-title">
        <h2 id="misconceptions-title">{t('misconceptionsTitle')}</h2>
        {progress.misconceptions.length === 0 ? (
          <p className="muted">{t('noMisconceptions')}</p>
        ) : (
          <ol className="misconception-list">
            {progress.misconceptions.map((m) => (
              <li key={m.tag}>
                {m.description} <span className="muted">({t('times', { count: m.count })})</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t('recentTitle')}</h2>
        {progress.recent.length === 0 ? (
          <p className="muted">{t('noAnswers')}</p>
        ) : (
          <TableScroll label={t('recentTable')}>
            <table className="table">
              <caption className="visually-hidden">{t('recentTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('question')}</th>
                  <th scope="col">{t('lesson')}</th>
                  <th scope="col">{t('result')}</th>
                  <th scope="col">{t('when')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.recent.map((a) => (
                  <tr key={a.id}>
                    <td>{a.questionText}</td>
                    <td>
                      <Link href={`/courses/${a.courseId}/lessons/${a.lessonId}`}>{a.lessonTitle}</Link>
                    </td>
                    <td>
                      <span aria-hidden="true">{a.correct ? '✓' : '✗'}</span> {a.correct ? t('correct') : t('incorrect')}
                    </td>
                    <td>{format.dateTime(a.createdAt, 'stamp')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
