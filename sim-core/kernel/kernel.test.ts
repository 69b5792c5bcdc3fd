import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Kernel } from './kernel';
import type { Envelope } from './network';
import type { Process, ProcessContext } from './process';

type Msg = { kind: 'ping' | 'beat' | 'echo'; n: number };

class Recorder implements Process<Msg> {
  received: Array<{ tick: number; from: string; n: number }> = [];
  ticks: number[] = [];
  crashed = 0;
  restarted = 0;
  pending = false;
  constructor(
    readonly address: string,
    private readonly log: string[],
  ) {}
  receive(msg: Envelope<Msg>, ctx: ProcessContext<Msg>): void {
    this.received.push({ tick: ctx.now, from: msg.from, n: msg.payload.n });
    if (msg.payload.kind === 'ping') ctx.send(msg.from, { kind: 'echo', n: msg.payload.n });
  }
  tick(ctx: ProcessContext<Msg>): void {
    this.ticks.push(ctx.now);
    this.log.push(`${ctx.now}:${this.address}`);
  }
  crash(): void {
    this.crashed++;
  }
  restart(): void {
    this.restarted++;
  }
  hasPendingWork(): boolean {
    return this.pending;
  }
}

function setup(seed = 1) {
  const log: string[] = [];
  const k = new Kernel<Msg>({ seed, network: { latency: { min: 1, max: 3 } }, isBackground: (m) => m.kind === 'beat' });
  const b = new Recorder('b', log);
  const a = new Recorder('a', log);
  k.addProcess(b);
  k.addProcess(a);
  return { k, a, b, log };
}

describe('Kernel', () => {
  it('ticks every live process once per tick in sorted address order', () => {
    const { k, log } = setup();
    k.runTicks(2);
    expect(log).toEqual(['1:a', '1:b', '2:a', '2:b']);
    expect(k.now).toBe(2);
    expect(k.addresses()).toEqual(['a', 'b']);
  });

  it('delivers messages after their latency, in send order per link, and traces send and deliver', () => {
    const { k, a, b } = setup();
    for (let i = 0; i < 20; i++) k.send('a', 'b', { kind: 'ping', n: i });
    k.runTicks(10);
    expect(b.received.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const r of b.received) expect(r.tick >= 1 && r.tick <= 3).toBe(true);
    expect(a.received.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i)); // the echoes
    const kinds = k.trace.events().map((e) => e.kind);
    expect(kinds.filter((x) => x === 'send')).toHaveLength(40);
    expect(kinds.filter((x) => x === 'deliver')).toHaveLength(40);
  });

  it('a killed process receives nothing (messages to it are dropped on delivery) until restarted', () => {
    const { k, b } = setup();
    k.send('a', 'b', { kind: 'ping', n: 1 });
    expect(k.kill('b')).toEqual({ ok: true });
    expect(b.crashed).toBe(1);
    expect(k.kill('b').ok).toBe(false);
    k.runTicks(5);
    expect(b.received).toEqual([]);
    expect(b.ticks).toEqual([]);
    const drop = k.trace.events({ kinds: ['drop'] });
    expect(drop.map((e) => e.reason)).toEqual(['receiver-down']);
    expect(k.restart('b')).toEqual({ ok: true });
    expect(b.restarted).toBe(1);
    k.send('a', 'b', { kind: 'ping', n: 2 });
    k.runTicks(5);
    expect(b.received.map((r) => r.n)).toEqual([2]);
    expect(k.kill('nobody').ok).toBe(false);
  });

  it('a message for a killed process goes to onReceiverDown; its host still speaks with sendFromHost, after its delay', () => {
    const { k, a } = setup();
    k.kill('b');
    const refused: number[] = [];
    k.onReceiverDown = (env) => {
      refused.push(env.payload.n);
      k.sendFromHost('b', env.from, { kind: 'echo', n: env.payload.n + 100 });
    };
    k.send('a', 'b', { kind: 'ping', n: 1 });
    k.send('b', 'a', { kind: 'echo', n: 2 }); // the process itself says nothing
    k.runTicks(10);
    expect(refused).toEqual([1]);
    expect(a.received.map((r) => r.n)).toEqual([101]);
    k.sendFromHost('a', 'a', { kind: 'echo', n: 3 }, 50);
    k.runTicks(50);
    expect(a.received.map((r) => r.n)).toEqual([101]);
    k.runTicks(3);
    expect(a.received.map((r) => r.n)).toEqual([101, 3]);
    expect(() => k.sendFromHost('a', 'b', { kind: 'echo', n: 4 }, -1)).toThrow(/bad delay/);
  });

  it('a process that exits ends once its callback returns: onExit first, then as a kill, its life an exit; a kill says 137', () => {
    const { k, a, b } = setup();
    const order: string[] = [];
    k.onExit = (address) => order.push(`onExit ${address} alive=${k.isAlive(address)}`);
    const ctx = k.contextOf('b')!;
    const fired: number[] = [];
    ctx.setTimer(5, (c) => fired.push(c.now));
    // b exits from its tick at tick 2; what it sends in that callback still goes out
    const tick = b.tick.bind(b);
    b.tick = (c) => {
      tick(c);
      if (c.now === 2) {
        c.exit(1);
        c.exit(2); // os.Exit does not return: the first code stands
        order.push(`after exit alive=${k.isAlive('b')}`);
        c.send('a', { kind: 'echo', n: 7 });
      }
    };
    k.runTicks(10);
    expect(order).toEqual(['after exit alive=true', 'onExit b alive=true']);
    expect(b.crashed).toBe(1);
    expect(b.ticks).toEqual([1, 2]);
    expect(fired).toEqual([]);
    expect(a.received.map((r) => r.n)).toEqual([7]);
    expect(k.lifeOf('b')).toEqual({ alive: false, kills: 1, startedAt: 0, startedBefore: undefined, killedAt: 2, exitCode: 1, exited: true });
    expect(k.trace.events({ kinds: ['exit'] }).map((e) => [e.tick, e.address, e.detail])).toEqual([[2, 'b', { exitCode: 1 }]]);
    expect(k.restart('b').ok).toBe(true);
    expect(k.lifeOf('b')).toMatchObject({ alive: true, kills: 1, startedAt: 10, startedBefore: 0, exitCode: 1, exited: true });
    expect(k.kill('b').ok).toBe(true);
    expect(k.lifeOf('b')).toMatchObject({ alive: false, kills: 2, killedAt: 10, exitCode: 137, exited: false });
    expect(() => k.contextOf('a')!.exit(256)).toThrow(/bad code/);
  });

  it('an exit asked for while receiving a message or in a timer ends the process there too', () => {
    const { k, a, b } = setup();
    b.receive = (_msg, c) => c.exit(3);
    k.contextOf('a')!.setTimer(2, (c) => c.exit(4));
    k.send('a', 'b', { kind: 'ping', n: 1 });
    k.runTicks(6);
    expect(k.lifeOf('a')).toMatchObject({ alive: false, killedAt: 2, exitCode: 4, exited: true });
    expect(k.lifeOf('b')).toMatchObject({ alive: false, exitCode: 3, exited: true });
    expect(a.crashed + b.crashed).toBe(2);
  });

  it('timers fire at their tick, can be cancelled, and die with their process', () => {
    const { k } = setup();
    const ctx = k.contextOf('a')!;
    const fired: number[] = [];
    ctx.setTimer(3, (c) => fired.push(c.now));
    const cancelled = ctx.setTimer(4, (c) => fired.push(-c.now));
    ctx.cancelTimer(cancelled);
    ctx.setTimer(5, (c) => fired.push(c.now * 100));
    k.runTicks(4);
    k.kill('a');
    k.restart('a');
    k.runTicks(5);
    expect(fired).toEqual([3]);
  });

  // a request's timeout is cancelled when its answer comes: the cancelled timer waits in
  // the queue until its tick, and must not keep the request (its callback's world) alive
  it('a cancelled timer lets go of its callback at once, not at its tick', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { k } = setup();
    const ctx = k.contextOf('a')!;
    const held: { ref?: WeakRef<object> } = {};
    const fired: number[] = [];
    (() => {
      const request = { body: new Array<number>(1000).fill(1) };
      held.ref = new WeakRef(request);
      ctx.cancelTimer(ctx.setTimer(100, () => fired.push(request.body.length)));
    })();
    // a WeakRef's target lives to the end of the job that made it
    await new Promise((r) => setImmediate(r));
    gc();
    expect(held.ref?.deref()).toBeUndefined();
    // and the queue runs past the cancelled timer's tick without calling it
    k.runTicks(101);
    expect(fired).toEqual([]);
  });

  it('is idle only when no work message, work timer or process work is pending; heartbeats do not count', () => {
    const { k, b } = setup();
    expect(k.isIdle()).toBe(true);
    k.send('a', 'b', { kind: 'beat', n: 0 });
    expect(k.isIdle()).toBe(true);
    k.send('a', 'b', { kind: 'echo', n: 0 });
    expect(k.isIdle()).toBe(false);
    expect(k.settle(100)).toBeLessThanOrEqual(3);
    expect(k.isIdle()).toBe(true);
    k.contextOf('a')!.setTimer(7, () => {});
    expect(k.isIdle()).toBe(false);
    expect(k.settle(100)).toBe(7);
    b.pending = true;
    expect(k.settle(20)).toBe(20); // capped
    k.kill('b'); // a dead process's work cannot progress: it does not count
    expect(k.isIdle()).toBe(true);
  });

  it('runUntil stops when the predicate holds or at the cap', () => {
    const { k } = setup();
    expect(k.runUntil(() => k.now >= 5, 100)).toEqual({ ok: true, ticks: 5 });
    expect(k.runUntil(() => false, 10)).toEqual({ ok: false, ticks: 10 });
  });

  it('partitions cut traffic and record drops with the reason', () => {
    const { k, b } = setup();
    k.network.partition([['a'], ['b']]);
    k.send('a', 'b', { kind: 'ping', n: 1 });
    k.runTicks(5);
    expect(b.received).toEqual([]);
    expect(k.trace.events({ kinds: ['drop'] }).map((e) => e.reason)).toEqual(['partition']);
    k.network.heal();
    k.send('a', 'b', { kind: 'ping', n: 2 });
    k.runTicks(5);
    expect(b.received.map((r) => r.n)).toEqual([2]);
  });

  it('is deterministic: the same seed gives the same delivery schedule, another seed a different one', () => {
    const schedule = (seed: number) => {
      const { k, b } = setup(seed);
      for (let i = 0; i < 30; i++) {
        k.send('a', 'b', { kind: 'echo', n: i });
        k.step();
      }
      k.runTicks(5);
      return b.received.map((r) => r.tick);
    };
    expect(schedule(7)).toEqual(schedule(7));
    expect(schedule(7)).not.toEqual(schedule(8));
  });
});
