import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import { getCourse } from '@/app/_lib/queries/course';
import type { Locale } from '@/app/_lib/i18n/routing';

type Params = Promise<{ locale: Locale; course: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, course } = await params;
  const view = await getCourse(course, locale);
  return { title: view?.title ?? course };
}

export default async function CoursePage({ params }: { params: Params }) {
  const { locale, course } = await params;
  setRequestLocale(locale);
  const view = await getCourse(course, locale);
  if (!view) notFound();
  const t = await getTranslations('course');
  return (
    <div className="container">
      <p>
        <Link href="/courses">← {t('backToCatalog')}</Link>
      </p>
      <h1>{view.title}</h1>
      <p className="lead">{view.summary}</p>
      <h2>{t('lessonsTitle')}</h2>
      {view.lessons.length === 0 ? (
        <p className="empty-state">{t('noLessons')}</p>
      ) : (
        <ol className="syllabus">
          {view.lessons.map((lesson) => (
            <li key={lesson.id} className="card">
              <p className="eyebrow">{t('lessonNumber', { number: lesson.number })}</p>
              <h3>{lesson.title}</h3>
              <p>{lesson.summary}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
