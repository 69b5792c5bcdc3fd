// Each text is in the language it claims: a Korean lesson's title is Korean, an English
// text has no Hangul. This catches swapped files and a ko/en pair pasted the wrong way.
import type { ParsedLesson } from '../markdown/parse';
import type { Locale } from '../schemas';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/;

export function hasHangul(text: string): boolean {
  return HANGUL.test(text);
}

/** Problems with the front matter's language; empty when it reads right. */
export function checkLessonLanguage(lesson: ParsedLesson, locale: Locale): string[] {
  const fm = lesson.frontMatter;
  if (!fm) return [];
  const out: string[] = [];
  for (const field of ['title', 'summary'] as const) {
    if (locale === 'ko' && !hasHangul(fm[field])) {
      out.push(`the ${field} of the Korean version has no Korean text; write it in Korean (or were index.ko.md and index.en.md swapped?)`);
    }
    if (locale === 'en' && hasHangul(fm[field])) {
      out.push(`the ${field} of the English version contains Korean; write it in English (or were index.ko.md and index.en.md swapped?)`);
    }
  }
  return out;
}
