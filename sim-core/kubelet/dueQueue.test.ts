// The kubelet's due queue: Pods come out when their tick has come, earliest first, and a
// new schedule replaces the old one.
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { DueQueue } from './dueQueue';

describe('DueQueue', () => {
  it('hands out the keys whose tick has come, earliest first, ties by key', () => {
    const q = new DueQueue();
    q.schedule('c', 30);
    q.schedule('a', 10);
    q.schedule('b', 30);
    q.schedule('d', 50);
    expect(q.peekAt()).toBe(10);
    expect(q.popDue(9)).toEqual([]);
    expect(q.popDue(30)).toEqual(['a', 'b', 'c']);
    expect(q.size).toBe(1);
    expect(q.popDue(100)).toEqual(['d']);
    expect(q.popDue(1000)).toEqual([]);
  });

  it('a later schedule replaces the earlier one; a cancelled key never comes out', () => {
    const q = new DueQueue();
    q.schedule('web', 10);
    q.schedule('web', 40);
    q.schedule('db', 20);
    q.cancel('db');
    expect(q.popDue(39)).toEqual([]);
    expect(q.popDue(40)).toEqual(['web']);
    // scheduled back to a time it had before: it comes out once
    q.schedule('web', 60);
    q.schedule('web', 70);
    q.schedule('web', 60);
    expect(q.popDue(80)).toEqual(['web']);
    expect(q.size).toBe(0);
  });

  it('agrees with a scan of every key for random schedules', () => {
    const rng = new Prng(7);
    const q = new DueQueue();
    const due = new Map<string, number>();
    for (let now = 0; now < 2000; now++) {
      for (let i = rng.int(0, 3); i > 0; i--) {
        const key = `pod-${rng.int(0, 40)}`;
        if (rng.int(0, 5) === 0) {
          q.cancel(key);
          due.delete(key);
        } else {
          const at = now + rng.int(0, 60);
          q.schedule(key, at);
          due.set(key, at);
        }
      }
      const expected = [...due].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
      for (const k of expected) due.delete(k);
      expect(q.popDue(now)).toEqual(expected);
      expect(q.size).toBe(due.size);
    }
  });
});
