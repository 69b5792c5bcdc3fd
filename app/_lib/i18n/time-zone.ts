// Times are shown in the reader's time zone. The server cannot know it, so the layout's
// first script stores the browser's zone in a cookie (TIME_ZONE_SCRIPT) and every render
// after that reads it; until then (the very first page) a Korean page is shown in Korea's
// time and an English one in UTC. Every time printed names its zone (the `stamp` format).
import type { DateTimeFormatOptions } from 'next-intl';

export const TIME_ZONE_COOKIE = 'tz';

/** Runs before first paint: remembers the browser's time zone for the server's renders (a year; refreshed when it changes: the whole cookie compared, so Etc/GMT+1 is not taken for a stored Etc/GMT+12). */
export const TIME_ZONE_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&('; '+document.cookie+';').indexOf('; ${TIME_ZONE_COOKIE}='+encodeURIComponent(z)+';')<0)document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax';}catch(e){}})();`;

const FALLBACK: Record<string, string> = { ko: 'Asia/Seoul', en: 'UTC' };

/** The zone a render uses: the cookie's when it names a real IANA zone, else the locale's fallback. */
export function timeZoneFor(cookie: string | undefined, locale: string): string {
  if (cookie !== undefined && cookie.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(cookie)) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: cookie }).resolvedOptions().timeZone;
    } catch {
      // not a zone this runtime knows
    }
  }
  return FALLBACK[locale] ?? 'UTC';
}

/**
 * `format.dateTime(d, 'stamp')`: a date and time that names its zone — "Nov 27, 2026,
 * 7:41 PM GMT+9", "2026년 11월 27일 19:41 GMT+9". Korean on a 24-hour clock: the ICU data
 * Node ships (CLDR 48) prints a Korean 12-hour time as "PM 7:41", not 오후.
 */
export function dateTimeFormats(locale: string): { stamp: DateTimeFormatOptions } {
  return {
    stamp: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...(locale === 'ko' ? { hourCycle: 'h23' } : {}) },
  };
}
