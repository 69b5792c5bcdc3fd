import { InlineCode, plainInlineCode } from '@/app/_components/inline-code';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LearnerSync, LessonBody, LessonNav, MarkComplete } from '@/app/_components/lesson';
import { ClientMessages } from '@/app/_components/client-messages';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getLessonPage } from '@/app/_lib/queries/lesson';
import { getCourseProgress } from '@/app/_lib/queries/progress';

type Params = Promise<{ locale: Locale; course: string; lesson: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, course, lesson } = await params;
  const view = await getLessonPage(course, lesson, locale);
  return view ? { title: `${view.frontMatter.title} · ${view.course.title}`, description: plainInlineCode(view.frontMatter.summary) } : {};
}

export default async function LessonPage({ params }: { params: Params }) {
  const { locale, course, lesson } = await params;
  setRequestLocale(locale);
  const view = await getLessonPage(course, lesson, locale);
  if (!view) notFound();
  const [t, user] = await Promise.all([getTranslations('lesson'), getCurrentUser()]);
  const progress = user
    ? await getCourseProgress(user.id, view.course.id, [{ id: view.id, questionIds: view.quiz?.questions.map((q) => q.id) ?? [] }])
    : undefined;
  const status = progress?.lessons.get(view.id)?.status ?? 'not-started';
  const front = view.frontMatter;
  return (
    <div className="container lesson-page">
      <nav aria-label={t('breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link href="/courses">{t('courses')}</Link>
          </li>
          <li>
            <Link href={`/courses/${view.course.id}`}>{view.course.title}</Link>
          </li>
          <li aria-current="page">{front.title}</li>
        </ol>
      </nav>
      <article className="lesson" aria-labelledby="lesson-title">
        <header className="lesson-header">
          <p className="eyebrow">{t('lessonOf', { number: view.number, total: view.total })}</p>
          <h1 id="lesson-title">{front.title}</h1>
          <p className="lead">
            <InlineCode text={front.summary} />
          </p>
          <p className="muted lesson-meta">
            {t('minutes', { minutes: front.minutes })}
            {status === 'completed' ? (
              <>
                {' · '}
                <span aria-hidden="true">✓</span> {t('completed')}
              </>
            ) : null}
          </p>
          <section className="lesson-objectives" aria-labelledby="objectives-title">
            <h2 id="objectives-title">{t('objectives')}</h2>
            <ul>
              {front.objectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </section>
        </header>
        <ClientMessages namespaces={['quiz', 'sim', 'cluster']}>
          <LessonBody view={view} locale={locale} signedIn={user !== null} />
        </ClientMessages>
        <footer className="lesson-footer">
          {user ? (
            <ClientMessages namespaces={['lesson']}>
              <MarkComplete courseId={view.course.id} lessonId={view.id} completed={status === 'completed'} />
            </ClientMessages>
          ) : (
            <p className="muted">
              {t.rich('guestNote', { link: (chunks) => <Link href={`/sign-in?next=${encodeURIComponent(`/${locale}/courses/${view.course.id}/lessons/${view.id}`)}`}>{chunks}</Link> })}
            </p>
          )}
          <LessonNav view={view} />
        </footer>
      </article>
      <ClientMessages namespaces={['progress']}>
        <LearnerSync signedIn={user !== null} visit={{ courseId: view.course.id, lessonId: view.id }} />
      </ClientMessages>
    </div>
  );
}
