'use client';
// Runs on learning pages once they are interactive: records the visit of a lesson for a
// signed-in learner (the first visit starts it), and sends the answers the learner gave as
// a guest, which the server regrades and stores (app/_lib/progress/actions).
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/app/_lib/i18n/navigation';
import { recordLessonVisit, syncGuestAttempts } from '@/app/_lib/progress/actions';
import { forgetSyncedAttempts, loadGuestAttempts, withGuestSyncLock } from '@/app/_components/quiz/guest-store';

interface Props {
  signedIn: boolean;
  visit?: { courseId: string; lessonId: string };
}

export function LearnerSync({ signedIn, visit }: Props) {
  const t = useTranslations('progress');
  const router = useRouter();
  const [synced, setSynced] = useState(0);
  const courseId = visit?.courseId;
  const lessonId = visit?.lessonId;

  useEffect(() => {
    if (!signedIn || !courseId || !lessonId) return;
    void recordLessonVisit({ courseId, lessonId });
  }, [signedIn, courseId, lessonId]);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void withGuestSyncLock(async () => {
      const pending = loadGuestAttempts();
      if (pending.length === 0) return;
      const result = await syncGuestAttempts(pending);
      if (!result.ok) return;
      // refused entries (unknown questions) are dropped too: they can never be stored
      forgetSyncedAttempts(pending);
      if (!cancelled && result.stored > 0) {
        setSynced(result.stored);
        router.refresh();
      }
    }).catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [signedIn, router]);

  return (
    <p role="status" className={synced > 0 ? 'sync-note' : 'visually-hidden'}>
      {synced > 0 ? t('synced', { count: synced }) : ''}
    </p>
  );
}
