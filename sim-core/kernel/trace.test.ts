import { describe, expect, it } from 'vitest';
import { Trace, type TraceEvent } from './trace';

describe('Trace', () => {
  it('keeps only the newest `capacity` events, oldest first, with increasing sequence numbers', () => {
    const t = new Trace(3);
    for (let i = 0; i < 5; i++) t.record({ tick: i, kind: 'state', address: 'p', detail: i });
    const evs = t.events();
    expect(evs.map((e) => e.detail)).toEqual([2, 3, 4]);
    expect(evs.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(t.lastSeq).toBe(5);
    expect(t.since(4).map((e) => e.detail)).toEqual([4]);
  });

  it('delivers events to subscribers by filter until they unsubscribe', () => {
    const t = new Trace(0); // nothing retained, subscribers still see everything
    const seen: TraceEvent[] = [];
    const off = t.subscribe((e) => seen.push(e), { kinds: ['drop'] });
    t.record({ tick: 1, kind: 'send', address: 'a' });
    t.record({ tick: 1, kind: 'drop', address: 'a', reason: 'partition' });
    off();
    t.record({ tick: 2, kind: 'drop', address: 'a' });
    expect(seen.map((e) => [e.kind, e.tick])).toEqual([['drop', 1]]);
    expect(t.events()).toEqual([]);
    expect(t.active).toBe(false);
  });

  it('filters retained events by kind and address', () => {
    const t = new Trace(10);
    t.record({ tick: 1, kind: 'send', address: 'a', peer: 'b' });
    t.record({ tick: 1, kind: 'kill', address: 'c' });
    expect(t.events({ kinds: ['kill'] }).map((e) => e.address)).toEqual(['c']);
    expect(t.events({ address: 'b' }).map((e) => e.kind)).toEqual(['send']);
  });
});
