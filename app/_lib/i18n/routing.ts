// The two languages of Reconcile and how the URL carries them (/ko/…, /en/…).
// next-intl's proxy picks the locale from the URL, else the remembered cookie, else
// Accept-Language, else English; the cookie remembers an explicit switch.
import { defineRouting } from 'next-intl/routing';

export const locales = ['ko', 'en'] as const;
export type Locale = (typeof locales)[number];

export const routing = defineRouting({
  locales,
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: {
    name: 'RECONCILE_LOCALE',
    // a year: the choice is remembered across visits
    maxAge: 60 * 60 * 24 * 365,
    sameSite: 'lax',
  },
});

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}
