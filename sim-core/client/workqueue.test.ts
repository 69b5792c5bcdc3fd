import { describe, expect, it } from 'vitest';
import { WorkQueue, backoffTicks } from './workqueue';

describe('WorkQueue (client-go semantics)', () => {
  it('keeps a key once however often it is added, in FIFO order', () => {
    const q = new WorkQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    expect(q.len()).toBe(2);
    expect(q.get()).toBe('a');
    expect(q.get()).toBe('b');
    expect(q.get()).toBeUndefined();
  });

  it('does not hand out a key being processed; a re-add during processing is processed again after done', () => {
    const q = new WorkQueue();
    q.add('ns/web');
    const key = q.get();
    expect(key).toBe('ns/web');
    q.add('ns/web'); // the object changed while we reconciled it
    expect(q.get()).toBeUndefined(); // no second worker gets it
    q.done('ns/web');
    expect(q.get()).toBe('ns/web');
    q.done('ns/web');
    expect(q.get()).toBeUndefined(); // and only once
  });

  it('backs off per item exponentially from 5 ms to 1000 s, and forget resets it', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffTicks)).toEqual([1, 1, 2, 4, 8, 16]); // 5,10,20,40,80,160 ms
    expect(backoffTicks(30)).toBe(100000); // capped at 1000 s
    const q = new WorkQueue();
    q.advance(0);
    for (let i = 0; i < 4; i++) q.addRateLimited('k');
    expect(q.numRequeues('k')).toBe(4);
    q.advance(0);
    expect(q.get()).toBeUndefined(); // nothing due yet
    q.advance(1);
    expect(q.get()).toBe('k'); // the earliest of the pending delays wins
    q.done('k');
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
    q.addRateLimited('k');
    q.advance(2);
    expect(q.get()).toBe('k');
  });

  it('addAfter parks a key until its tick and releases due keys in tick order', () => {
    const q = new WorkQueue();
    q.advance(10);
    q.addAfter('late', 5);
    q.addAfter('soon', 2);
    expect(q.nextDueIn()).toBe(2);
    q.advance(14);
    expect(q.get()).toBe('soon');
    expect(q.get()).toBeUndefined();
    q.advance(15);
    expect(q.get()).toBe('late');
  });

  it('says a key waits out a failure’s back-off (pending work for sim settle), not a periodic addAfter', () => {
    const q = new WorkQueue();
    q.addAfter('resync', 500);
    expect(q.retrying()).toBe(false);
    q.addRateLimited('k');
    q.addRateLimited('k');
    expect(q.retrying()).toBe(true);
    q.advance(1);
    expect(q.get()).toBe('k');
    expect(q.retrying()).toBe(false);
    q.done('k');
    // succeeded: forgotten, and a later periodic requeue of it is no retry
    q.forget('k');
    q.addAfter('k', 300);
    expect(q.retrying()).toBe(false);
  });

  it('ignores adds after shutDown', () => {
    const q = new WorkQueue();
    q.add('a');
    q.shutDown();
    q.add('b');
    expect(q.isShuttingDown()).toBe(true);
    expect(q.get()).toBeUndefined();
  });
});
