import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <div className="container page-narrow status-page">
      {/* not-found has no metadata export: React puts this title in the head */}
      <title>{`${t('notFoundTitle')} · Reconcile`}</title>
      <p className="status-code" aria-hidden="true">404</p>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
      <Link href="/" className="button primary">
        {t('backHome')}
      </Link>
    </div>
  );
}
