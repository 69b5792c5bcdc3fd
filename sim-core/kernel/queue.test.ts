import { describe, expect, it } from 'vitest';
import { Prng } from './prng';
import { EventQueue } from './queue';

describe('EventQueue', () => {
  it('pops by tick, then by insertion order, matching a sorted reference on random input', () => {
    const rng = new Prng(5);
    const q = new EventQueue<string>();
    const ref: Array<{ tick: number; seq: number; v: string }> = [];
    for (let i = 0; i < 2_000; i++) {
      const tick = rng.int(0, 50);
      q.push(tick, `e${i}`);
      ref.push({ tick, seq: i, v: `e${i}` });
    }
    ref.sort((a, b) => a.tick - b.tick || a.seq - b.seq);
    const out: string[] = [];
    while (q.size > 0) out.push(q.pop()!);
    expect(out).toEqual(ref.map((r) => r.v));
    expect(q.pop()).toBeUndefined();
    expect(q.peekTick()).toBeUndefined();
  });

  it('interleaves pushes and pops correctly and filters', () => {
    const q = new EventQueue<number>();
    q.push(5, 1);
    q.push(3, 2);
    q.push(3, 3);
    expect(q.peekTick()).toBe(3);
    expect(q.pop()).toBe(2);
    q.push(1, 4);
    expect(q.toArray()).toEqual([4, 3, 1]);
    q.filter((v) => v !== 3);
    expect([q.pop(), q.pop(), q.pop()]).toEqual([4, 1, undefined]);
  });
});
