import { describe, expect, it } from 'vitest';
import { GUEST_HISTORY_FLOOR_MS, syncedAnswerTime } from './guest-times';

const now = Date.parse('2026-11-27T10:00:00Z');

describe('a synced guest answer’s time', () => {
  it('keeps an honest claimed time', () => {
    expect(syncedAnswerTime(now - 60_000, undefined, now)).toBe(now - 60_000);
  });

  it('is never in the future, nor older than a year (a claimed 1970 is not shown as 1970)', () => {
    expect(syncedAnswerTime(now + 60_000, undefined, now)).toBe(now);
    expect(syncedAnswerTime(1, undefined, now)).toBe(now - GUEST_HISTORY_FLOOR_MS);
  });

  it('never comes before an answer to the same question already on the account', () => {
    const onRecord = now - 10_000;
    expect(syncedAnswerTime(1, onRecord, now)).toBe(onRecord + 1);
    expect(syncedAnswerTime(now - 5_000, onRecord, now)).toBe(now - 5_000);
  });
});
