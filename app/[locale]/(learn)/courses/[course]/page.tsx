import { InlineCode } from '@/app/_components/inline-code';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LearnerSync } from '@/app/_components/lesson';
import { ClientMessages } from '@/app/_components/client-messages';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getCourse } from '@/app/_lib/queries/course';
import { getCourseProgress } from '@/app/_lib/queries/progress';
import { getCourseLessonLabs, getLabProgress, type LabProgress, type LessonLab } from '@/app/_lib/queries/labs';
import type { LessonStatus } from '@/app/_lib/progress/rules';

type Params = Promise<{ locale: Locale; course: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, course } = await params;
  const view = await getCourse(course, locale);
  return { title: view?.title ?? course };
}

const STATUS_ICON: Record<LessonStatus, string> = { 'not-started': '○', started: '◐', completed: '✓' };

type LabAttemptsT = Awaited<ReturnType<typeof getTranslations<'labAttempts.progress'>>>;

/** A lesson's labs on the syllabus; for a signed-in learner, each with its attempts and best result. */
function SyllabusLabs({ labs, progress, t }: { labs: LessonLab[]; progress: Map<string, LabProgress> | undefined; t: LabAttemptsT }) {
  if (labs.length === 0) return null;
  return (
    <ul className="syllabus-labs" aria-label={t('labsTitle')}>
      {labs.map((lab) => {
        const p = progress?.get(lab.id);
        return (
          <li key={lab.id}>
            {t('labsTitle')}: <Link href={`/labs/${lab.id}`}>{lab.title}</Link>
            {progress ? (
              <span className="muted">
                {' · '}
                <span aria-hidden="true">{p?.passed ? '✓' : p ? '◐' : '○'}</span>{' '}
                {p ? `${p.passed ? t('passed') : t('notPassed')} · ${t('attempts', { count: p.attempts })} · ${t('best', { passed: p.best.passedGoals, total: p.best.totalGoals })}` : t('notAttempted')}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export default async function CoursePage({ params }: { params: Params }) {
  const { locale, course } = await params;
  setRequestLocale(locale);
  const view = await getCourse(course, locale);
  if (!view) notFound();
  const [t, tLabs, user] = await Promise.all([getTranslations('course'), getTranslations('labAttempts.progress'), getCurrentUser()]);
  const progress = user ? await getCourseProgress(user.id, view.id, view.lessons) : undefined;
  const lessonLabs = getCourseLessonLabs(view.id, locale);
  const labProgress = user ? await getLabProgress(user.id, [...lessonLabs.values()].flat().map((l) => l.id)) : undefined;
  const continueId = progress ? progress.continueLessonId : view.lessons[0]?.id;
  const continueLesson = view.lessons.find((l) => l.id === continueId);
  const lessonHref = (id: string) => `/courses/${view.id}/lessons/${id}`;
  return (
    <div className="container">
      <p>
        <Link href="/courses">← {t('backToCatalog')}</Link>
      </p>
      <h1>{view.title}</h1>
      <p className="lead">
        <InlineCode text={view.summary} />
      </p>
      <section className="card course-progress" aria-labelledby="course-progress-title">
        <h2 id="course-progress-title">{t('progressTitle')}</h2>
        {progress ? (
          <p>
            {t('completedCount', { completed: progress.completed, total: view.lessons.length })}{' '}
            <Link href="/progress">{t('allProgress')}</Link>
          </p>
        ) : (
          <p className="muted">
            {t.rich('guestProgress', { link: (chunks) => <Link href={`/sign-in?next=${encodeURIComponent(`/${locale}/courses/${view.id}`)}`}>{chunks}</Link> })}
          </p>
        )}
        {continueLesson ? (
          <p>
            <Link href={lessonHref(continueLesson.id)} className="button primary">
              {progress?.started ? t('continue', { title: continueLesson.title }) : t('start', { title: continueLesson.title })}
            </Link>
          </p>
        ) : progress ? (
          <p>
            <span aria-hidden="true">✓</span> {t('allDone')}
          </p>
        ) : null}
      </section>
      <h2>{t('lessonsTitle')}</h2>
      {view.lessons.length === 0 ? (
        <p className="empty-state">{t('noLessons')}</p>
      ) : (
        <ol className="syllabus">
          {view.lessons.map((lesson) => {
            const summary = progress?.lessons.get(lesson.id);
            const status: LessonStatus = summary?.status ?? 'not-started';
            return (
              <li key={lesson.id} className={`card syllabus-lesson status-${status}`}>
                <p className="eyebrow">{t('lessonNumber', { number: lesson.number })}</p>
                <h3>
                  <Link href={lessonHref(lesson.id)}>{lesson.title}</Link>
                </h3>
                <p>
                  <InlineCode text={lesson.summary} />
                </p>
                <p className="muted syllabus-meta">
                  {t('minutes', { minutes: lesson.minutes })}
                  {lesson.questionIds.length > 0 ? ` · ${t('questions', { count: lesson.questionIds.length })}` : ''}
                </p>
                {progress ? (
                  <p className="syllabus-status">
                    <span aria-hidden="true" className="status-icon">
                      {STATUS_ICON[status]}
                    </span>{' '}
                    {t(`status.${status}`)}
                    {summary && summary.questionCount > 0 ? ` · ${t('quizScore', { correct: summary.questionsCorrect, total: summary.questionCount })}` : ''}
                  </p>
                ) : null}
                <SyllabusLabs labs={lessonLabs.get(lesson.id) ?? []} progress={labProgress} t={tLabs} />
              </li>
            );
          })}
        </ol>
      )}
      <p className="muted">{t('completionRule')}</p>
      <ClientMessages namespaces={['progress']}>
        <LearnerSync signedIn={user !== null} />
      </ClientMessages>
    </div>
  );
}
