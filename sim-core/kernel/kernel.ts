// The kernel: owns the clock, the event queue, the network and the trace, and runs
// processes. One tick of simulated time:
//   1. now += 1
//   2. every event due at or before now fires in (tick, insertion) order: message
//      deliveries and timers (events scheduled for `now` while firing also fire)
//   3. every live process's tick() runs, in sorted address order
// Messages sent during step 3 with latency >= 1 are delivered in a later tick.
import { EventQueue } from './queue';
import { Network, type Envelope, type NetworkConfig } from './network';
import { Prng } from './prng';
import type { Process, ProcessContext } from './process';
import { Trace } from './trace';

export interface KernelConfig<P = unknown> {
  seed: number;
  network?: Partial<NetworkConfig>;
  /** events kept by the trace ring; 0 records nothing (benchmarks). Default 10,000. */
  traceCapacity?: number;
  /**
   * Messages for which this returns true are background traffic (Raft heartbeats) and do
   * not count as pending work in `isIdle`. Default: every message is work.
   */
  isBackground?: (payload: P) => boolean;
}

export type KernelResult = { ok: true } | { ok: false; error: string };

/** A timer waiting in the queue; messages wait there as their bare envelopes (no wrapper per message). */
class TimerEvent<P> {
  constructor(
    readonly id: number,
    readonly address: string,
    readonly incarnation: number,
    readonly background: boolean,
    /** let go of when the timer is cancelled (see forgetTimer) */
    public fire: (ctx: ProcessContext<P>) => void,
  ) {}
}

const CANCELLED = (): void => {};

type Event<P> = Envelope<P> | TimerEvent<P>;

interface Slot<P> {
  process: Process<P>;
  alive: boolean;
  /** bumps on every kill, so timers from a previous life never fire */
  incarnation: number;
  /** the tick its current (or last) life began: when it was added or last restarted */
  startedAt: number;
  /** the tick the life before that one began */
  startedBefore: number | undefined;
  /** the tick it was last killed, or exited */
  killedAt: number | undefined;
  /** how its last life ended: 137 for a kill (SIGKILL), else the code it exited with */
  exitCode: number | undefined;
  /** its last life ended by its own exit, not a kill */
  exited: boolean;
  /** the code it asked to exit with in the callback now running (see ProcessContext.exit) */
  exitRequested: number | undefined;
  ctx: ProcessContext<P>;
}

/** What a host's runtime knows of one of its processes: up or down, how many times it was killed, and when its lives began and ended. */
export interface ProcessLife {
  alive: boolean;
  /** lives ended so far, by kills or exits (a process that is up again after k has restarted k times) */
  kills: number;
  /** the tick its current (or, while down, its last) life began */
  startedAt: number;
  /** the tick the life before that one began (undefined in its first life) */
  startedBefore: number | undefined;
  /** the tick its last life ended, killed or exited (undefined if never) */
  killedAt: number | undefined;
  /** the exit code that life ended with: 137 when killed (SIGKILL), else its own (undefined if none ended) */
  exitCode: number | undefined;
  /** whether that life ended by its own exit (ProcessContext.exit) rather than a kill */
  exited: boolean;
}

export class Kernel<P = unknown> {
  readonly rng: Prng;
  readonly network: Network<P>;
  readonly trace: Trace;
  private clock = 0;
  private readonly queue = new EventQueue<Event<P>>();
  private readonly slots = new Map<string, Slot<P>>();
  private sortedAddresses: string[] = [];
  /** the slots in sortedAddresses order (each tick walks them: no lookup per process) */
  private sortedSlots: Array<Slot<P>> = [];
  private readonly isBackground: (payload: P) => boolean;
  private nextTimerId = 1;
  /** timers scheduled and not yet fired or cancelled */
  private readonly pendingTimers = new Map<number, TimerEvent<P>>();
  /** pending (not yet fired/cancelled) non-background timers */
  private workTimers = 0;
  private workMessages = 0;
  /**
   * What the host of a process that is down does with a message that arrives for it, after
   * the drop is traced (undefined: nothing, the message is simply lost). The default
   * topology answers an API request with the refusal a host gives a port nobody listens
   * on (cluster/default-topology.ts).
   */
  onReceiverDown: ((envelope: Envelope<P>) => void) | undefined;

  /**
   * Called just before a process that exits on its own is stopped, while it still counts
   * as alive: the topology closes its connections, as its host's kernel would.
   */
  onExit: ((address: string) => void) | undefined;

  constructor(config: KernelConfig<P>) {
    this.rng = new Prng(config.seed);
    this.network = new Network<P>(this.rng.child('network'), config.network);
    this.trace = new Trace(config.traceCapacity ?? 10_000);
    this.isBackground = config.isBackground ?? (() => false);
  }

  get now(): number {
    return this.clock;
  }

  // ---- processes ----

  addProcess(process: Process<P>): void {
    const address = process.address;
    if (this.slots.has(address)) throw new Error(`Kernel: a process named ${address} already exists`);
    const rng = this.rng.child('process:' + address);
    const slot: Slot<P> = {
      process,
      alive: true,
      incarnation: 0,
      startedAt: this.clock,
      startedBefore: undefined,
      killedAt: undefined,
      exitCode: undefined,
      exited: false,
      exitRequested: undefined,
      ctx: undefined as unknown as ProcessContext<P>,
    };
    slot.ctx = this.makeContext(slot, rng);
    this.slots.set(address, slot);
    this.sortedAddresses = [...this.slots.keys()].sort();
    this.sortedSlots = this.sortedAddresses.map((a) => this.slots.get(a) as Slot<P>);
  }

  process(address: string): Process<P> | undefined {
    return this.slots.get(address)?.process;
  }

  /** All process addresses, sorted. */
  addresses(): string[] {
    return this.sortedAddresses.slice();
  }

  isAlive(address: string): boolean {
    return this.slots.get(address)?.alive === true;
  }

  /** Up or down, how many lives ended (killed or exited) and how, and when they began and ended: what the static Pods' runtime reports (undefined for an unknown address). */
  lifeOf(address: string): ProcessLife | undefined {
    const slot = this.slots.get(address);
    return slot === undefined
      ? undefined
      : { alive: slot.alive, kills: slot.incarnation, startedAt: slot.startedAt, startedBefore: slot.startedBefore, killedAt: slot.killedAt, exitCode: slot.exitCode, exited: slot.exited };
  }

  /** The context a process uses outside a kernel callback (e.g. a client call from the CLI). */
  contextOf(address: string): ProcessContext<P> | undefined {
    return this.slots.get(address)?.ctx;
  }

  /** Stop a process: it receives nothing more, its timers die, it gets crash(). */
  kill(address: string): KernelResult {
    const slot = this.slots.get(address);
    if (!slot) return { ok: false, error: `no process named ${address}` };
    if (!slot.alive) return { ok: false, error: `${address} is already down` };
    this.end(slot, 137, false);
    this.trace.record({ tick: this.clock, kind: 'kill', address });
    slot.process.crash?.();
    return { ok: true };
  }

  private end(slot: Slot<P>, exitCode: number, exited: boolean): void {
    const address = slot.process.address;
    slot.alive = false;
    slot.incarnation++;
    slot.killedAt = this.clock;
    slot.exitCode = exitCode;
    slot.exited = exited;
    slot.exitRequested = undefined;
    for (const [id, t] of this.pendingTimers) if (t.address === address) this.forgetTimer(id);
  }

  /** After a callback into `slot`'s process: stop it if it asked to exit. */
  private exitIfAsked(slot: Slot<P>): void {
    const code = slot.exitRequested;
    if (code === undefined || !slot.alive) return;
    this.onExit?.(slot.process.address);
    if (!slot.alive) return; // the hook stopped it some other way
    this.end(slot, code, true);
    this.trace.record({ tick: this.clock, kind: 'exit', address: slot.process.address, detail: { exitCode: code } });
    slot.process.crash?.();
  }

  /**
   * Start a killed (or exited) process again: it gets restart(ctx) to rebuild from what it
   * persisted. `by` names who started it when it was not the learner (the kubelet that
   * restarts a static Pod's container): the trace says so.
   */
  restart(address: string, by?: string): KernelResult {
    const slot = this.slots.get(address);
    if (!slot) return { ok: false, error: `no process named ${address}` };
    if (slot.alive) return { ok: false, error: `${address} is already running` };
    slot.alive = true;
    slot.exitRequested = undefined;
    slot.startedBefore = slot.startedAt;
    slot.startedAt = this.clock;
    this.trace.record({ tick: this.clock, kind: 'restart', address, ...(by !== undefined ? { detail: { by } } : {}) });
    slot.process.restart?.(slot.ctx);
    if (slot.exitRequested !== undefined) this.exitIfAsked(slot);
    return { ok: true };
  }

  /** Send a message from outside any process callback (from `from`'s context). */
  send(from: string, to: string, payload: P): void {
    this.doSend(from, to, payload);
  }

  /**
   * A message the host of `from` sends, up or down as the process may be: a dead process
   * says nothing, but its operating system still does (the FIN of the sockets it closes,
   * the RST that refuses a connection). `delayTicks` come before the network's latency
   * (the time the host takes to decide). Faults apply as to any message.
   */
  sendFromHost(from: string, to: string, payload: P, delayTicks = 0): void {
    if (!Number.isInteger(delayTicks) || delayTicks < 0) throw new Error(`sendFromHost: bad delay ${delayTicks}`);
    this.doSend(from, to, payload, true, delayTicks);
  }

  // ---- time ----

  /** Advance one tick (see the file comment for the order of work within it). */
  step(): void {
    this.clock++;
    this.fireDue();
    const slots = this.sortedSlots;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot.alive && slot.process.tick) {
        slot.process.tick(slot.ctx);
        if (slot.exitRequested !== undefined) this.exitIfAsked(slot);
      }
    }
    // messages with latency 0 sent from tick() are delivered within this tick too
    this.fireDue();
  }

  runTicks(n: number): void {
    for (let i = 0; i < n; i++) this.step();
  }

  /**
   * Step until `predicate()` holds (checked before each step) or `capTicks` ticks have
   * run. Returns whether it held and how many ticks ran.
   */
  runUntil(predicate: () => boolean, capTicks: number): { ok: boolean; ticks: number } {
    let ticks = 0;
    for (;;) {
      if (predicate()) return { ok: true, ticks };
      if (ticks >= capTicks) return { ok: false, ticks };
      this.step();
      ticks++;
    }
  }

  /**
   * Idle means no client-visible work is pending anywhere:
   *   - no message in flight except background traffic (see KernelConfig.isBackground),
   *   - no timer pending except background timers,
   *   - no live process reports hasPendingWork().
   * Killed processes' state does not count (they cannot make progress).
   */
  isIdle(): boolean {
    if (this.workMessages > 0 || this.workTimers > 0) return false;
    for (const slot of this.sortedSlots) {
      if (slot.alive && slot.process.hasPendingWork?.()) return false;
    }
    return true;
  }

  /** `sim settle`: run until idle, at most capTicks; returns the ticks run. */
  settle(capTicks: number): number {
    return this.runUntil(() => this.isIdle(), capTicks).ticks;
  }

  // ---- internals ----

  private makeContext(slot: Slot<P>, rng: Prng): ProcessContext<P> {
    const address = slot.process.address;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context's `now` getter reads the clock field directly (every process reads it on every message)
    const kernel = this;
    const send = (to: string, payload: P): void => this.doSend(address, to, payload);
    const schedule = (delayTicks: number, fire: (ctx: ProcessContext<P>) => void, background: boolean): number => {
      if (!Number.isInteger(delayTicks) || delayTicks < 0) throw new Error(`setTimer: bad delay ${delayTicks}`);
      const id = this.nextTimerId++;
      if (!background) this.workTimers++;
      const timer = new TimerEvent<P>(id, address, slot.incarnation, background, fire);
      this.pendingTimers.set(id, timer);
      this.queue.push(this.clock + delayTicks, timer);
      return id;
    };
    const cancel = (id: number): void => {
      this.forgetTimer(id);
    };
    const trace = (detail: unknown): void => {
      const t = this.trace;
      if (!t.active) return;
      if (t.wants('state')) t.emit({ seq: 0, tick: this.clock, kind: 'state', address, detail });
      else t.skip();
    };
    return {
      get now() {
        return kernel.clock;
      },
      address,
      rng,
      send,
      setTimer: (delayTicks, fire, background = false) => schedule(delayTicks, fire, background),
      cancelTimer: cancel,
      trace,
      get tracing() {
        return kernel.trace.active;
      },
      exit: (code) => {
        if (!Number.isInteger(code) || code < 0 || code > 255) throw new Error(`exit: bad code ${code}`);
        // the first code asked for in a callback stands (os.Exit does not return)
        if (slot.alive) slot.exitRequested ??= code;
      },
    };
  }

  private doSend(from: string, to: string, payload: P, fromHost = false, delayTicks = 0): void {
    if (!fromHost) {
      const sender = this.slots.get(from);
      if (sender && !sender.alive) return; // a dead process says nothing
    }
    const network = this.network;
    const envelope = network.transmit(from, to, payload, this.clock, delayTicks);
    const trace = this.trace;
    if (envelope === undefined) {
      if (trace.active) {
        if (trace.wants('drop')) trace.emit({ seq: 0, tick: this.clock, kind: 'drop', address: from, peer: to, messageId: network.lastDropped!.id, payload, reason: network.lastDropReason! });
        else trace.skip();
      }
      return;
    }
    if (trace.active) {
      if (trace.wants('send')) trace.emit({ seq: 0, tick: this.clock, kind: 'send', address: from, peer: to, messageId: envelope.id, payload });
      else trace.skip();
    }
    if (!this.isBackground(payload)) this.workMessages++;
    this.queue.push(envelope.deliverAt, envelope);
  }

  private fireDue(): void {
    const q = this.queue;
    for (;;) {
      const t = q.peekTick();
      if (t === undefined || t > this.clock) return;
      const ev = q.pop() as Event<P>;
      if (ev instanceof TimerEvent) this.fireTimer(ev);
      else this.deliver(ev);
    }
  }

  private deliver(envelope: Envelope<P>): void {
    if (!this.isBackground(envelope.payload)) this.workMessages--;
    const cut = this.network.arrive(envelope);
    const slot = this.slots.get(envelope.to);
    const reason = cut ?? (slot === undefined ? 'unknown-receiver' : slot.alive ? undefined : 'receiver-down');
    if (reason !== undefined) {
      const t = this.trace;
      if (t.active) {
        if (t.wants('drop')) t.emit({ seq: 0, tick: this.clock, kind: 'drop', address: envelope.from, peer: envelope.to, messageId: envelope.id, payload: envelope.payload, reason });
        else t.skip();
      }
      if (reason === 'receiver-down') this.onReceiverDown?.(envelope);
      return;
    }
    const t = this.trace;
    if (t.active) {
      if (t.wants('deliver')) t.emit({ seq: 0, tick: this.clock, kind: 'deliver', address: envelope.to, peer: envelope.from, messageId: envelope.id, payload: envelope.payload });
      else t.skip();
    }
    const s = slot as Slot<P>;
    s.process.receive(envelope, s.ctx);
    if (s.exitRequested !== undefined) this.exitIfAsked(s);
  }

  /**
   * The timer will not fire. It stays in the queue until its tick (a heap has no cheap
   * removal), but lets go of its callback now: a request's timeout, cancelled when the
   * answer comes, would otherwise keep the request and everything its callback holds
   * alive for the whole timeout — in a busy cluster, seconds' worth of every request.
   */
  private forgetTimer(id: number): boolean {
    const t = this.pendingTimers.get(id);
    if (!t) return false;
    this.pendingTimers.delete(id);
    if (!t.background) this.workTimers--;
    t.fire = CANCELLED;
    return true;
  }

  private fireTimer(ev: TimerEvent<P>): void {
    const fire = ev.fire;
    if (!this.forgetTimer(ev.id)) return; // cancelled, or its process was killed
    const slot = this.slots.get(ev.address);
    if (!slot || !slot.alive || slot.incarnation !== ev.incarnation) return;
    fire(slot.ctx);
    if (slot.exitRequested !== undefined) this.exitIfAsked(slot);
  }
}
