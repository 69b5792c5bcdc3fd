// What `forbidden()` renders (a 403): a signed-in visitor whose role does not open the
// page, such as a learner in the instructor area (../(instructor)/instructor/gate.ts).
// Next enables `forbidden()` with `experimental.authInterrupts` in next.config.js.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';

export default async function Forbidden() {
  const t = await getTranslations('errors');
  return (
    <div className="container page-narrow status-page" role="alert">
      <p className="status-code" aria-hidden="true">403</p>
      <h1>{t('forbiddenTitle')}</h1>
      <p>{t('forbiddenBody')}</p>
      <Link href="/" className="button primary">
        {t('backHome')}
      </Link>
    </div>
  );
}
