// A UI that keeps no ring and only listens for some kinds (a grading run's history
// watcher) must see the very events, numbered the same, as one that keeps everything:
// the kernel skips building the events nobody wants but still uses up their numbers.
import { describe, expect, it } from 'vitest';
import { Kernel } from './kernel';
import type { Envelope } from './network';
import type { Process, ProcessContext } from './process';
import type { TraceEvent } from './trace';

type Msg = { n: number };

class Pinger implements Process<Msg> {
  constructor(
    readonly address: string,
    private readonly peer: string,
  ) {}
  receive(msg: Envelope<Msg>, ctx: ProcessContext<Msg>): void {
    if (msg.payload.n < 40) ctx.send(this.peer, { n: msg.payload.n + 1 });
    if (msg.payload.n % 7 === 0) ctx.trace({ n: msg.payload.n });
  }
  tick(ctx: ProcessContext<Msg>): void {
    if (ctx.now % 5 === 0) ctx.send(this.peer, { n: 0 });
  }
}

function run(traceCapacity: number, listen: (k: Kernel<Msg>) => TraceEvent[]): { seen: TraceEvent[]; lastSeq: number } {
  const k = new Kernel<Msg>({ seed: 3, traceCapacity, network: { latency: { min: 0, max: 2 }, dropRate: 0.1 } });
  k.addProcess(new Pinger('a', 'b'));
  k.addProcess(new Pinger('b', 'a'));
  const seen = listen(k);
  k.runTicks(60);
  k.kill('b');
  k.runTicks(10);
  return { seen, lastSeq: k.trace.lastSeq };
}

function listenFor(kinds: TraceEvent['kind'][]) {
  return (k: Kernel<Msg>) => {
    const seen: TraceEvent[] = [];
    k.trace.subscribe((e) => seen.push(e), { kinds });
    return seen;
  };
}

describe('trace numbering with filtered listeners', () => {
  it('gives a listener of some kinds, with no ring, the same events and numbers as a full trace', () => {
    const kinds: TraceEvent['kind'][] = ['deliver', 'state', 'kill'];
    const full = run(10_000, listenFor(['send', 'deliver', 'drop', 'state', 'kill']));
    const partial = run(0, listenFor(kinds));
    const expected = full.seen.filter((e) => kinds.includes(e.kind));
    expect(expected.length).toBeGreaterThan(20);
    expect(full.seen.some((e) => e.kind === 'drop')).toBe(true);
    expect(partial.seen).toEqual(expected);
    expect(partial.lastSeq).toBe(full.lastSeq);
  });

  it('records nothing and numbers nothing when nobody listens and no ring is kept', () => {
    const quiet = run(0, () => []);
    expect(quiet.lastSeq).toBe(0);
  });
});
