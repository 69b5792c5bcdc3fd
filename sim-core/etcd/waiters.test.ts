// The member's table of requests waiting for their entry to apply: what `tick` answers
// with "request timed out", and when.
import { describe, expect, it } from 'vitest';
import { Waiters, type Waiter } from './waiters';

const w = (cid: number, deadline: number): Waiter => ({ client: 'c', cid, deadline, op: 'put' });

describe('Waiters', () => {
  it('expires each waiter at its deadline, in the order they were added', () => {
    const ws = new Waiters<string>();
    ws.add('a', w(1, 10));
    ws.add('b', w(2, 5));
    ws.add('c', w(3, 10));
    ws.add('d', w(4, 20));
    expect(ws.expire(4)).toEqual([]);
    expect(ws.expire(5).map((x) => x.cid)).toEqual([2]);
    expect(ws.expire(9)).toEqual([]);
    expect(ws.expire(10).map((x) => x.cid)).toEqual([1, 3]);
    expect(ws.size).toBe(1);
    expect(ws.expire(25).map((x) => x.cid)).toEqual([4]);
    expect(ws.size).toBe(0);
  });

  it('does not expire a waiter that was answered, and still expires the ones added later', () => {
    const ws = new Waiters<string>();
    ws.add('a', w(1, 3));
    ws.add('b', w(2, 8));
    expect(ws.take('a')?.cid).toBe(1);
    expect(ws.take('a')).toBeUndefined();
    expect(ws.expire(5)).toEqual([]);
    ws.add('c', w(3, 6));
    expect(ws.expire(6).map((x) => x.cid)).toEqual([3]);
    expect(ws.expire(8).map((x) => x.cid)).toEqual([2]);
  });

  it('forgets everything on clear', () => {
    const ws = new Waiters<number>();
    ws.add(1, w(1, 1));
    ws.clear();
    expect(ws.expire(100)).toEqual([]);
    ws.add(2, w(2, 50));
    expect(ws.expire(49)).toEqual([]);
    expect(ws.expire(50).map((x) => x.cid)).toEqual([2]);
  });
});
