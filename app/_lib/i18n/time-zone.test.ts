import { describe, expect, it } from 'vitest';
import { dateTimeFormats, TIME_ZONE_SCRIPT, timeZoneFor } from './time-zone';

describe('the reader’s time zone', () => {
  it('takes the browser’s zone from its cookie, and a locale’s fallback for none or a bad one', () => {
    expect(timeZoneFor('Asia/Seoul', 'en')).toBe('Asia/Seoul');
    expect(timeZoneFor('Europe/Paris', 'ko')).toBe('Europe/Paris');
    expect(timeZoneFor(undefined, 'ko')).toBe('Asia/Seoul');
    expect(timeZoneFor(undefined, 'en')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '', 'Asia/Seoul; path=/', '../../etc', 'x'.repeat(65)]) expect(timeZoneFor(bad, 'en')).toBe('UTC');
  });

  it('prints a time with its zone, Korean on a 24-hour clock', () => {
    const at = new Date('2026-11-27T10:42:00Z');
    const stamp = (locale: string, timeZone: string) => new Intl.DateTimeFormat(locale, { ...dateTimeFormats(locale).stamp, timeZone }).format(at);
    expect(stamp('ko', 'Asia/Seoul')).toBe('2026년 11월 27일 19:42 GMT+9');
    expect(stamp('en', 'UTC')).toBe('Nov 27, 2026, 10:42 AM UTC');
  });
});

describe('TIME_ZONE_SCRIPT', () => {
  /** Run the script with a document whose cookie is `cookie` and a browser in `zone`: the cookie it sets, if any. */
  function run(cookie: string, zone: string): string | undefined {
    let set: string | undefined;
    const document = {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        set = value;
      },
    };
    const Intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: zone }) }) };
    new Function('document', 'Intl', TIME_ZONE_SCRIPT)(document, Intl);
    return set;
  }

  it('stores the zone when the cookie lacks it or names another, comparing whole cookies', () => {
    expect(run('', 'Asia/Seoul')).toMatch(/^tz=Asia%2FSeoul;path=\/;max-age=31536000;samesite=lax$/);
    expect(run('tz=Asia%2FSeoul', 'Asia/Seoul')).toBeUndefined();
    expect(run('theme=dark; tz=Asia%2FSeoul; other=1', 'Asia/Seoul')).toBeUndefined();
    expect(run('tz=Europe%2FBerlin', 'Asia/Seoul')).toMatch(/^tz=Asia%2FSeoul;/);
    // a stored zone that merely starts with the browser's is another zone
    expect(run('tz=Etc%2FGMT%2B12', 'Etc/GMT+1')).toMatch(/^tz=Etc%2FGMT%2B1;/);
    expect(run('xtz=Asia%2FSeoul', 'Asia/Seoul')).toMatch(/^tz=Asia%2FSeoul;/);
  });
});
