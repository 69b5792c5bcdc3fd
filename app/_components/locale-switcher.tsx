'use client';
// Switch between Korean and English on the same page; next-intl remembers the choice
// in its locale cookie.
import { useTranslations, useLocale } from 'next-intl';
import { Link, usePathname } from '@/app/_lib/i18n/navigation';

export function LocaleSwitcher() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'ko' ? 'en' : 'ko';
  return (
    <Link href={pathname} locale={other} className="nav-link" hrefLang={other} lang={other} aria-label={t('switchToLabel')}>
      {t('switchTo')}
    </Link>
  );
}
