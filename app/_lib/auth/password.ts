// Password hashing with argon2id (OWASP's first choice). Parameters follow OWASP's
// Password Storage Cheat Sheet minimum for argon2id: m = 19 MiB, t = 2, p = 1.
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';

const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the const enum cannot be imported under isolatedModules
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The password policy (NIST SP 800-63B: length over composition rules). The messages
 * are i18n keys under `auth.errors`, translated where they are shown.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'passwordTooShort' })
  .max(PASSWORD_MAX_LENGTH, { message: 'passwordTooLong' })
  .refine((p) => p.trim().length > 0, { message: 'passwordBlank' });

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    // A malformed stored hash is treated as a mismatch, never as a crash of sign-in.
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so that
 * sign-in takes as long for unknown accounts as for known ones (no user enumeration). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('reconcile-timing-equaliser-' + PASSWORD_MIN_LENGTH);
  return dummyHash;
}
