'use client';
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="container page-narrow status-page" role="alert">
      <h1>{t('errorTitle')}</h1>
      <p>{t('errorBody')}</p>
      {error.digest ? <p className="muted">ref: {error.digest}</p> : null}
      <button type="button" className="button primary" onClick={reset}>
        {t('retry')}
      </button>
    </div>
  );
}
