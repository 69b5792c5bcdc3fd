'use client';
// Switch between Korean and English on the same page; next-intl's Link remembers the
// choice in its locale cookie. The texts come translated from the server header, so
// this leaf needs no translator on the client.
import { Link, usePathname } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';

export function LocaleSwitcher({ other, text, label }: { other: Locale; text: string; label: string }) {
  const pathname = usePathname();
  return (
    <Link href={pathname} locale={other} className="nav-link" hrefLang={other} lang={other} aria-label={label}>
      {text}
    </Link>
  );
}
