import { describe, expect, it } from 'vitest';
import { Network } from './network';
import { Prng } from './prng';

describe('Network', () => {
  it('draws latency inside the configured range and keeps each link FIFO', () => {
    const net = new Network<number>(new Prng(1), { latency: { min: 1, max: 10 } });
    let last = 0;
    for (let i = 0; i < 200; i++) {
      const r = net.send('a', 'b', i, 100);
      expect(r.ok).toBe(true);
      const d = r.envelope.deliverAt;
      expect(d).toBeGreaterThanOrEqual(101);
      expect(d).toBeLessThanOrEqual(110);
      expect(d).toBeGreaterThanOrEqual(last); // never overtakes an earlier message on a→b
      last = d;
    }
    expect(net.inFlight().map((e) => e.payload)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('partitions into groups: only same-group messages pass; heal restores everything', () => {
    const net = new Network<string>(new Prng(2));
    net.partition([['a', 'b'], ['c']]);
    expect(net.send('a', 'b', 'x', 0).ok).toBe(true);
    const cut = net.send('a', 'c', 'y', 0);
    expect(cut.ok ? undefined : cut.reason).toBe('partition');
    expect(net.partitionGroups()).toEqual([['a', 'b'], ['c']]);
    net.heal();
    expect(net.send('a', 'c', 'z', 0).ok).toBe(true);
  });

  it('drops a message already on the wire when a partition starts before it arrives', () => {
    const net = new Network<string>(new Prng(3));
    const r = net.send('a', 'b', 'x', 0);
    expect(r.ok).toBe(true);
    net.isolate('b');
    expect(net.arrive(r.envelope)).toBe('partition');
    expect(net.inFlightCount).toBe(0);
  });

  it('isolates one address while the rest still talk, and blocks single link directions', () => {
    const net = new Network<string>(new Prng(4));
    net.isolate('c');
    expect(net.canReach('a', 'b')).toBeUndefined();
    expect(net.canReach('a', 'c')).toBe('partition');
    expect(net.canReach('c', 'b')).toBe('partition');
    net.heal();
    net.blockLink('a', 'b');
    expect(net.canReach('a', 'b')).toBe('link-blocked');
    expect(net.canReach('b', 'a')).toBeUndefined();
  });

  it('drops at the configured rate', () => {
    const net = new Network<number>(new Prng(5), { dropRate: 0.25 });
    let dropped = 0;
    for (let i = 0; i < 4_000; i++) if (!net.send('a', 'b', i, 0).ok) dropped++;
    expect(dropped).toBeGreaterThan(800);
    expect(dropped).toBeLessThan(1_200);
    net.setDropRate(1);
    expect(net.send('a', 'b', 0, 0).ok).toBe(false);
    expect(() => net.setDropRate(2)).toThrow();
  });
});
