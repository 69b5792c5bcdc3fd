import { describe, expect, it } from 'vitest';
import { foreignLocaleRedirect } from './foreign-locale';

describe('foreignLocaleRedirect', () => {
  it('drops a language the site does not have, keeping the rest of the path', () => {
    expect(foreignLocaleRedirect('/fr/courses')).toBe('/courses');
    expect(foreignLocaleRedirect('/de/labs/first-deployment')).toBe('/labs/first-deployment');
    expect(foreignLocaleRedirect('/ja')).toBe('/');
    expect(foreignLocaleRedirect('/fr/')).toBe('/');
    expect(foreignLocaleRedirect('/zh-Hant/courses')).toBe('/courses');
    expect(foreignLocaleRedirect('/es-419/courses')).toBe('/courses');
  });

  it('sends a regional or differently cased tag of a language the site has to that locale', () => {
    expect(foreignLocaleRedirect('/en-US/courses')).toBe('/en/courses');
    expect(foreignLocaleRedirect('/ko-KR')).toBe('/ko');
    expect(foreignLocaleRedirect('/ko_kr/labs/x')).toBe('/ko/labs/x');
    expect(foreignLocaleRedirect('/EN/courses')).toBe('/en/courses');
  });

  it('leaves locales, pages and anything else alone', () => {
    for (const path of ['/', '/en', '/ko/courses', '/en/fr', '/courses', '/labs/x', '/api/health', '/sign-in', '/e', '/abc/courses', '/en-USA/x', '/12/x']) {
      expect(foreignLocaleRedirect(path), path).toBeUndefined();
    }
  });
});
