import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('footer');
  return (
    <footer className="site-footer">
      <div className="container">
        <p>{t('tagline')}</p>
      </div>
    </footer>
  );
}
