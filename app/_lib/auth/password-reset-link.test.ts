import { describe, expect, it } from 'vitest';
import { hashResetToken, isWellFormedResetToken, newResetToken, passwordResetSchema, resetLinkExpiry, resetLinkPath, resetLinkState, RESET_LINK_LIFETIME_MS } from './password-reset-link';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('reset link tokens', () => {
  it('are 256 random bits in base64url, fit for a URL path, and stored only as a hash', () => {
    const token = newResetToken();
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(isWellFormedResetToken(token)).toBe(true);
    expect(encodeURIComponent(token)).toBe(token);
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(token)).not.toBe(hashResetToken(newResetToken()));
    expect(resetLinkPath('ko', token)).toBe(`/ko/reset-password/${token}`);
  });

  it('work for an hour after they are made, and once', () => {
    const link = { expiresAt: resetLinkExpiry(t0), usedAt: null };
    expect(RESET_LINK_LIFETIME_MS).toBe(60 * 60_000);
    expect(resetLinkState(link, at(RESET_LINK_LIFETIME_MS - 1))).toBe('usable');
    expect(resetLinkState(link, at(RESET_LINK_LIFETIME_MS))).toBe('expired');
    expect(resetLinkState({ ...link, usedAt: at(1000) }, at(2000))).toBe('used');
  });
});

describe('the new password', () => {
  it('follows the sign-up policy and must be typed the same twice', () => {
    const issues = (newPassword: string, confirmPassword: string) => passwordResetSchema.safeParse({ newPassword, confirmPassword }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues('a long new passphrase', 'a long new passphrase')).toBeUndefined();
    expect(issues('short', 'short')).toEqual([['newPassword', 'passwordTooShort']]);
    expect(issues('          ', '          ')).toEqual([['newPassword', 'passwordBlank']]);
    expect(issues('a long new passphrase', 'a long new passphrase!')).toEqual([['confirmPassword', 'passwordsDiffer']]);
  });
});
