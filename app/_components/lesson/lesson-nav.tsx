// Previous / next lesson at the end of a lesson.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { LessonPageView } from '@/app/_lib/queries/lesson';

export async function LessonNav({ view }: { view: LessonPageView }) {
  const t = await getTranslations('lesson');
  const href = (id: string) => `/courses/${view.course.id}/lessons/${id}`;
  return (
    <nav aria-label={t('pagination')} className="lesson-nav">
      {view.prev ? (
        <Link href={href(view.prev.id)} rel="prev" className="lesson-nav-link prev">
          <span className="muted">← {t('previous')}</span>
          <span>{view.prev.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {view.next ? (
        <Link href={href(view.next.id)} rel="next" className="lesson-nav-link next">
          <span className="muted">{t('next')} →</span>
          <span>{view.next.title}</span>
        </Link>
      ) : (
        <Link href={`/courses/${view.course.id}`} className="lesson-nav-link next">
          <span className="muted">{t('backToCourse')}</span>
          <span>{view.course.title}</span>
        </Link>
      )}
    </nav>
  );
}
