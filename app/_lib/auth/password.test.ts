import { describe, expect, it } from 'vitest';
import { hashPassword, passwordSchema, verifyPassword, PASSWORD_MIN_LENGTH } from './password';

describe('password policy', () => {
  it('accepts long passphrases, including non-ASCII ones', () => {
    expect(passwordSchema.safeParse('correct horse battery').success).toBe(true);
    expect(passwordSchema.safeParse('쿠버네티스컨트롤플레인공부').success).toBe(true);
  });

  it('refuses short, huge and blank passwords with i18n keys', () => {
    const short = passwordSchema.safeParse('x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('passwordTooShort');
    expect(passwordSchema.safeParse('x'.repeat(257)).error?.issues[0]?.message).toBe('passwordTooLong');
    expect(passwordSchema.safeParse(' '.repeat(12)).error?.issues[0]?.message).toBe('passwordBlank');
  });
});

describe('argon2id hashing', () => {
  it('hashes with argon2id and a salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterY')).toBe(false);
  });

  it('treats a corrupt stored hash as a mismatch, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
