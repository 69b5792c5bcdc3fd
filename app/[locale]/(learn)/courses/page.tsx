import { InlineCode } from '@/app/_components/inline-code';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import { listCourses } from '@/app/_lib/queries/catalog';
import type { Locale } from '@/app/_lib/i18n/routing';
import { LearnerSync } from '@/app/_components/lesson';
import { ClientMessages } from '@/app/_components/client-messages';
import { getCurrentUser } from '@/app/_lib/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('catalog');
  return { title: t('title') };
}

export default async function CatalogPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('catalog');
  const courses = await listCourses();
  const user = await getCurrentUser();
  return (
    <div className="container">
      {/* sign-up lands here: answers given as a guest are saved now */}
      <ClientMessages namespaces={['progress']}>
        <LearnerSync signedIn={user !== null} />
      </ClientMessages>
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {courses.length === 0 ? (
        <div className="empty-state" role="status">
          <p>
            <strong>{t('empty')}</strong>
          </p>
          <p className="muted">{t('emptyHint')}</p>
        </div>
      ) : (
        <ul className="course-list">
          {courses.map((course) =>
            course.ok ? (
              <li key={course.id} className="card course-card">
                <h2>
                  <Link href={`/courses/${course.id}`}>{course.title[locale]}</Link>
                </h2>
                <p>
                  <InlineCode text={course.summary[locale]} />
                </p>
                <p className="muted">
                  {t('lessons', { count: course.lessonCount })} · {t('labs', { count: course.labCount })}
                </p>
              </li>
            ) : (
              <li key={course.id} className="card course-card error-card" role="alert">
                <h2>{course.id}</h2>
                <p>{t('error', { message: course.error })}</p>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
