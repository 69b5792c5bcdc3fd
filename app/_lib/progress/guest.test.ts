import { describe, expect, it } from 'vitest';
import { guestAttemptBatchSchema, guestAttemptSchema } from './guest';
import { appendGuestAttempt, MAX_GUEST_ATTEMPTS, readGuestList, withoutSynced, type GuestAttempt } from './guest-list';

const attempt = (n: number, questionId = 'quorum-of-three'): GuestAttempt => ({
  courseId: 'mini',
  questionId,
  response: { type: 'numeric', value: n },
  answeredAt: 1_700_000_000_000 + n,
});

describe('the guest list in localStorage', () => {
  it('reads back what was stored, and nothing from garbage', () => {
    const list = [attempt(1), attempt(2)];
    expect(readGuestList(JSON.stringify(list))).toEqual(list);
    expect(readGuestList(null)).toEqual([]);
    expect(readGuestList('{not json')).toEqual([]);
    expect(readGuestList('{"a":1}')).toEqual([]);
    expect(readGuestList(JSON.stringify([attempt(1), { courseId: 'mini' }, 42]))).toEqual([attempt(1)]);
  });

  it('keeps at most MAX answers, dropping the oldest', () => {
    let list: GuestAttempt[] = [];
    for (let i = 0; i < MAX_GUEST_ATTEMPTS + 5; i++) list = appendGuestAttempt(list, attempt(i));
    expect(list).toHaveLength(MAX_GUEST_ATTEMPTS);
    expect(list[0]).toEqual(attempt(5));
  });

  it('after a sync removes exactly the synced answers, keeping any added meanwhile', () => {
    const synced = [attempt(1), attempt(2)];
    expect(withoutSynced([...synced, attempt(3)], synced)).toEqual([attempt(3)]);
  });
});

describe('what the server accepts from a guest', () => {
  it('accepts a response and refuses an entry that claims a grade or has a malformed response', () => {
    expect(guestAttemptSchema.safeParse(attempt(2)).success).toBe(true);
    expect(guestAttemptSchema.safeParse({ ...attempt(2), correct: true }).success).toBe(false);
    expect(guestAttemptSchema.safeParse({ ...attempt(2), response: { type: 'numeric', value: '2' } }).success).toBe(false);
    expect(guestAttemptSchema.safeParse({ ...attempt(2), courseId: '../etc' }).success).toBe(false);
    expect(guestAttemptSchema.safeParse({ ...attempt(2), answeredAt: -1 }).success).toBe(false);
  });
  it('bounds the batch', () => {
    expect(guestAttemptBatchSchema.safeParse(Array.from({ length: MAX_GUEST_ATTEMPTS }, (_, i) => attempt(i))).success).toBe(true);
    expect(guestAttemptBatchSchema.safeParse(Array.from({ length: MAX_GUEST_ATTEMPTS + 1 }, (_, i) => attempt(i))).success).toBe(false);
    expect(guestAttemptBatchSchema.safeParse({ 0: attempt(1) }).success).toBe(false);
  });
});
