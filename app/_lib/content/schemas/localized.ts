// Every learner-visible text exists in Korean and English (../shared/DESIGN.md §4). A text
// that only one language has is a bug the checker must catch, so both keys are required.
import { z } from 'zod';

export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const nonEmpty = (what: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `add ${what}` : `${what} must be text (put it in quotes)`) })
    .trim()
    .min(1, `${what} is empty; write the text`);

/** `{ ko, en }`: the same text in both languages. Markdown (inline code, emphasis) is allowed. */
export const localizedText = z
  .strictObject({
    ko: nonEmpty('the Korean text (ko)'),
    en: nonEmpty('the English text (en)'),
  })
  .meta({ description: 'The same text in Korean (ko) and English (en). Inline Markdown is allowed.' });

export type LocalizedText = z.infer<typeof localizedText>;

/** Ids used in URLs and in answer keys: lower-case letters, digits and single hyphens. */
export const kebabId = z
  .string()
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'use lower-case letters, digits and single hyphens (kebab-case), e.g. "quorum-of-five"',
  )
  .max(80, 'an id is at most 80 characters');

/** A terminal line a scenario or lab plays: `etcdctl …`, `sim …` or `kubectl …`. */
export const terminalLine = z
  .string()
  .trim()
  .min(1, 'an empty terminal line')
  .max(4096)
  .regex(/^(etcdctl|sim|kubectl)(\s|$)/, 'a terminal line starts with etcdctl, sim or kubectl');
