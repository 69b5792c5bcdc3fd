// What the sign-up and sign-in forms accept. Error messages are i18n keys under
// `auth.errors` so the form can show them in the learner's language.
import { z } from 'zod';
import { passwordSchema } from './password';

/** Trim and lower-case: `Ada@Example.COM ` and `ada@example.com` are one account. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const emailSchema = z
  .string()
  .transform(normaliseEmail)
  .pipe(z.email({ message: 'invalidEmail' }).max(254, { message: 'emailTooLong' }));

/**
 * Control characters and invisible formatting marks: a name is shown to instructors (the
 * learners' table, a replay's title, CSV exports), where a right-to-left override turns
 * "‮nimda" into "admin" and zero-width or direction marks make two names look alike.
 * Refused: control and format characters (direction marks, zero-width spaces, soft hyphens,
 * tags), line and paragraph separators, and the Hangul fillers that draw as a blank name.
 * ZWNJ and ZWJ (U+200C, U+200D) stay: scripts and emoji sequences need them.
 */
const UNPRINTABLE_IN_NAME = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z
    .string()
    .trim()
    .max(80, { message: 'nameTooLong' })
    .refine((v) => !UNPRINTABLE_IN_NAME.test(v), { message: 'nameUnprintable' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const signInSchema = z.object({
  email: emailSchema,
  // sign-in never explains password rules: any non-empty string is checked
  password: z.string().min(1, { message: 'wrongCredentials' }).max(1024, { message: 'wrongCredentials' }),
});

export type FieldErrors = Partial<Record<'email' | 'password' | 'name' | 'form', string[]>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = (issue.path[0] ?? 'form') as keyof FieldErrors;
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
