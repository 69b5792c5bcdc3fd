// A path that starts with a language tag the site does not have (/fr/courses, /en-US/labs/x):
// next-intl would treat the tag as a page and prefix a locale (/en/fr/courses, a 404). A
// tag whose language the site has goes to it (/en-US/… → /en/…); another language loses the
// tag, and the usual negotiation (cookie, Accept-Language) picks the locale of the rest.
import { isLocale } from './routing';

/** a language tag as URLs carry it: a two-letter language, perhaps a region or script (fr, en-US, zh-Hant, pt_BR) */
const LANGUAGE_TAG = /^([a-z]{2})(?:[-_](?:[a-z]{2}|[0-9]{3}|[a-z]{4}))?$/i;

/**
 * Where to send a path whose first segment is a language tag the site does not carry as
 * it is; undefined for every other path (a locale, a page, an API route). No page of the
 * site starts with a two-letter segment, which is what makes the tag unambiguous.
 */
export function foreignLocaleRedirect(pathname: string): string | undefined {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return undefined;
  const [, segment = '', rest = ''] = match;
  if (isLocale(segment)) return undefined;
  const tag = LANGUAGE_TAG.exec(segment);
  if (!tag) return undefined;
  const language = (tag[1] ?? '').toLowerCase();
  if (isLocale(language)) return `/${language}${rest}`;
  return rest === '' ? '/' : rest;
}
