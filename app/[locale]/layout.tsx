import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/app/_lib/i18n/routing';
import { SiteHeader } from '@/app/_components/site-header';
import { SiteFooter } from '@/app/_components/site-footer';
import { THEME_SCRIPT } from '@/app/_components/theme-toggle';
import { TIME_ZONE_SCRIPT } from '@/app/_lib/i18n/time-zone';
import { ClientMessages } from '@/app/_components/client-messages';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: { default: t('title'), template: `%s · Reconcile` }, description: t('description') };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'nav' });
  // the CSP nonce of this request (proxy.ts); reading it renders every page per request, which a nonce needs
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }} />
        {/* zod 4 probes for eval (new Function) the first time it parses an object, which the CSP
            blocks and Chromium reports as a violation; jitless parsing never probes. zod reads its
            config from globalThis.__zod_globalConfig (zod/v4/core/core.js), so setting it here,
            before any bundle runs, is z.config({ jitless: true }) for every page. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true};' }} />
      </head>
      <body>
        {/* Only error.tsx translates on the client everywhere; pages that hold client
            components give them their own namespaces (ClientMessages). */}
        <ClientMessages namespaces={['errors']}>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <SiteHeader locale={locale} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
        </ClientMessages>
      </body>
    </html>
  );
}
