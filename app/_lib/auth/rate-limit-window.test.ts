import { describe, expect, it } from 'vitest';
import { nextWindow, peekWindow, RATE_LIMIT_ROW_TTL_MS } from './rate-limit-window';

const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('fixed-window rate limit', () => {
  it('allows up to the limit, then refuses with the time left', () => {
    let w = nextWindow(undefined, t0, rule);
    expect(w.verdict).toEqual({ allowed: true });
    w = nextWindow(w.window, at(1000), rule);
    w = nextWindow(w.window, at(2000), rule);
    expect(w.verdict).toEqual({ allowed: true });
    w = nextWindow(w.window, at(10_000), rule);
    expect(w.verdict).toEqual({ allowed: false, retryAfterMs: 50_000 });
  });

  it('starts a new window once the old one has passed', () => {
    const full = { count: 10, windowStart: t0 };
    const w = nextWindow(full, at(60_000), rule);
    expect(w.verdict).toEqual({ allowed: true });
    expect(w.window).toEqual({ count: 1, windowStart: at(60_000) });
  });

  it('refuses a rule whose window would outlive the row sign-in keeps for it', () => {
    expect(() => nextWindow(undefined, t0, { limit: 1, windowMs: RATE_LIMIT_ROW_TTL_MS + 1 })).toThrow(/outlives its row/);
    expect(nextWindow(undefined, t0, { limit: 1, windowMs: RATE_LIMIT_ROW_TTL_MS }).verdict).toEqual({ allowed: true });
  });

  it('peeks without counting: allowed below the limit, refused at it until the window passes', () => {
    expect(peekWindow(undefined, t0, rule)).toEqual({ allowed: true });
    expect(peekWindow({ count: 2, windowStart: t0 }, at(1000), rule)).toEqual({ allowed: true });
    expect(peekWindow({ count: 3, windowStart: t0 }, at(10_000), rule)).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect(peekWindow({ count: 3, windowStart: t0 }, at(60_000), rule)).toEqual({ allowed: true });
  });
});
