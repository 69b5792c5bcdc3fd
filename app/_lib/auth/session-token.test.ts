import { describe, expect, it } from 'vitest';
import {
  cookieExpiry,
  hashSessionToken,
  isWellFormedToken,
  newSessionTimes,
  newSessionToken,
  sessionCookieOptions,
  sessionState,
  shouldTouch,
} from './session-token';

const policy = { idleTimeoutMs: 60 * 60_000, absoluteTimeoutMs: 24 * 60 * 60_000 };
const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('session tokens', () => {
  it('carries at least 128 bits of randomness and never repeats', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newSessionToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it('stores only a hash that differs from the token and is stable', () => {
    const token = newSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashSessionToken(token)).toBe(hash);
    expect(hashSessionToken(newSessionToken())).not.toBe(hash);
  });

  it('rejects malformed cookies before touching the database', () => {
    for (const bad of [undefined, null, '', 'abc', 'x'.repeat(43) + '=', "' OR 1=1 --".padEnd(43, 'a'), 'a'.repeat(44)]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });
});

describe('session timeouts', () => {
  const fresh = newSessionTimes(t0, policy);

  it('is valid while used within the idle timeout', () => {
    expect(sessionState(fresh, at(59 * 60_000), policy)).toBe('valid');
  });

  it('expires after the idle timeout without use', () => {
    expect(sessionState(fresh, at(60 * 60_000), policy)).toBe('idle-expired');
  });

  it('expires at the absolute timeout however active', () => {
    const active = { ...fresh, lastSeenAt: at(24 * 60 * 60_000 - 1000) };
    expect(sessionState(active, at(24 * 60 * 60_000 - 500), policy)).toBe('valid');
    expect(sessionState(active, at(24 * 60 * 60_000), policy)).toBe('expired');
  });

  it('touches lastSeenAt at most once a minute', () => {
    expect(shouldTouch(t0, at(30_000))).toBe(false);
    expect(shouldTouch(t0, at(60_000))).toBe(true);
  });

  it('lets the cookie last to the absolute deadline: the idle one slides in the database, which the cookie cannot follow', () => {
    expect(cookieExpiry(fresh).getTime()).toBe(fresh.expiresAt.getTime());
    expect(cookieExpiry(fresh).getTime()).toBeGreaterThan(at(policy.idleTimeoutMs).getTime());
  });

  it('sets HttpOnly, SameSite=Lax and Secure only when asked', () => {
    expect(sessionCookieOptions(t0, true)).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(sessionCookieOptions(t0, false).secure).toBe(false);
  });
});
