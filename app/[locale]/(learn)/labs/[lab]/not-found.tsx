import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';

export default async function LabNotFound() {
  const t = await getTranslations('lab.notFound');
  return (
    <div className="container page-narrow status-page">
      <title>{`${t('title')} · Reconcile`}</title>
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <Link href="/courses" className="button primary">
        {t('back')}
      </Link>
    </div>
  );
}
