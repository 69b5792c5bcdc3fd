// An attempt that does not exist, or is not yours: the same answer, so ids leak nothing.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';

export default async function AttemptNotFound() {
  const t = await getTranslations('labAttempts.replay');
  return (
    <div className="container page-narrow">
      <title>{`${t('notFoundTitle')} · Reconcile`}</title>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
      <p>
        <Link href="/progress">{t('toProgress')}</Link>
      </p>
    </div>
  );
}
