'use client';
// "Mark lesson complete": a form posting to a server action, so it works before hydration.
import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { markLessonComplete, type MarkCompleteState } from '@/app/_lib/progress/actions';

export function MarkComplete({ courseId, lessonId, completed }: { courseId: string; lessonId: string; completed: boolean }) {
  const t = useTranslations('lesson');
  const [state, action, pending] = useActionState<MarkCompleteState, FormData>(markLessonComplete, {});
  if (completed || state.done) {
    return (
      <p className="lesson-complete" role="status">
        <span aria-hidden="true">✓</span> {t('completed')}
      </p>
    );
  }
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="courseId" value={courseId} />
      <input type="hidden" name="lessonId" value={lessonId} />
      <button type="submit" className="button secondary" disabled={pending}>
        {t('markComplete')}
      </button>
      {state.error ? (
        <p className="field-error" role="alert">
          {t('markFailed')}
        </p>
      ) : null}
    </form>
  );
}
