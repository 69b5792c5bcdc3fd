// next-intl's per-request configuration: which messages a server render uses, and the time zone.
import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { dateTimeFormats, TIME_ZONE_COOKIE, timeZoneFor } from './time-zone';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../../../messages/${locale}.json`)).default,
    // the reader's zone (time-zone.ts), and formats that name it
    timeZone: timeZoneFor((await cookies()).get(TIME_ZONE_COOKIE)?.value, locale),
    formats: { dateTime: dateTimeFormats(locale) },
  };
});
