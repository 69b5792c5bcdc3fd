import { describe, expect, it } from 'vitest';
import { dateTimeFormats, timeZoneFor } from './time-zone';

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
