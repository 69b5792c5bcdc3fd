// The trace: a bounded ring buffer of everything that happened — every message sent,
// delivered or dropped, every process killed, exited or restarted, every state change a process
// reports — each stamped with the tick and a monotonically increasing sequence number.
// The UI draws from it and tests assert on it. Subscribers see every event as it is
// recorded, even after the ring has overwritten it.

export type TraceKind = 'send' | 'deliver' | 'drop' | 'kill' | 'exit' | 'restart' | 'state' | 'fault';

export interface TraceEvent {
  /** strictly increasing over the life of the trace (never reused, even after wrap) */
  seq: number;
  tick: number;
  kind: TraceKind;
  /** the process the event is about (the sender for send/drop, the receiver for deliver) */
  address: string;
  /** network events: the message's id, its other end and its payload */
  messageId?: number;
  peer?: string;
  payload?: unknown;
  /** drop: why ('partition' | 'link-blocked' | 'random-drop' | 'receiver-down' | 'unknown-receiver') */
  reason?: string;
  /** state / fault events: what changed, as plain data */
  detail?: unknown;
}

export type TraceInput = Omit<TraceEvent, 'seq'>;

/** An `exit` event's code (the kernel records `{ exitCode }`); undefined for any other event. */
export function traceExitCode(e: TraceEvent): number | undefined {
  const code = e.kind === 'exit' && typeof e.detail === 'object' && e.detail !== null ? (e.detail as { exitCode?: unknown }).exitCode : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** Who started a process again, for a `restart` that was not the learner's (`{ by: 'kubelet@<node>' }`); undefined otherwise. */
export function traceRestartedBy(e: TraceEvent): string | undefined {
  const by = e.kind === 'restart' && typeof e.detail === 'object' && e.detail !== null ? (e.detail as { by?: unknown }).by : undefined;
  return typeof by === 'string' ? by : undefined;
}
export type TraceListener = (event: TraceEvent) => void;
export interface TraceFilter {
  kinds?: readonly TraceKind[];
  address?: string;
}

function matches(e: TraceEvent, f: TraceFilter | undefined): boolean {
  if (!f) return true;
  if (f.kinds && !f.kinds.includes(e.kind)) return false;
  if (f.address !== undefined && e.address !== f.address && e.peer !== f.address) return false;
  return true;
}

export class Trace {
  /** how many events the ring keeps; 0 keeps none (subscribers still see everything) */
  readonly capacity: number;
  private ring: TraceEvent[] = [];
  private head = 0; // next slot to overwrite once the ring is full
  private nextSeq = 1;
  private listeners: Array<{ fn: TraceListener; filter: TraceFilter | undefined }> = [];

  constructor(capacity = 10_000) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`Trace: bad capacity ${capacity}`);
    this.capacity = capacity;
  }

  /**
   * Whether recording does anything. Hot paths check this first so a benchmark run with
   * capacity 0 and no subscribers does not build event objects at all.
   */
  get active(): boolean {
    return this.capacity > 0 || this.listeners.length > 0;
  }

  /** the sequence number the next event will get */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  record(input: TraceInput): void {
    if (!this.active) return;
    this.emit({ seq: 0, ...input });
  }

  /**
   * Whether an event of `kind` would be kept or seen by anyone. The kernel asks before it
   * builds an event (once per simulated message); when nobody wants it, it calls skip()
   * instead so that sequence numbers stay exactly what recording every event gives.
   */
  wants(kind: TraceKind): boolean {
    if (this.capacity > 0) return true;
    for (const l of this.listeners) if (l.filter === undefined || l.filter.kinds === undefined || l.filter.kinds.includes(kind)) return true;
    return false;
  }

  /** Count an event nobody wants (see wants()): its sequence number is used up. */
  skip(): void {
    if (this.active) this.nextSeq++;
  }

  /**
   * Record an event the caller built whole (its seq is assigned here): record() without
   * copying the input, for the kernel's per-message events.
   */
  emit(e: TraceEvent): void {
    if (!this.active) return;
    e.seq = this.nextSeq++;
    if (this.capacity > 0) {
      if (this.ring.length < this.capacity) this.ring.push(e);
      else {
        this.ring[this.head] = e;
        this.head = (this.head + 1) % this.capacity;
      }
    }
    for (const l of this.listeners) if (matches(e, l.filter)) l.fn(e);
  }

  /** The retained events, oldest first, optionally filtered. */
  events(filter?: TraceFilter): TraceEvent[] {
    const ordered = this.ring.length < this.capacity ? this.ring.slice() : [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
    return filter ? ordered.filter((e) => matches(e, filter)) : ordered;
  }

  /** Retained events with seq > afterSeq (for a UI polling incrementally). */
  since(afterSeq: number, filter?: TraceFilter): TraceEvent[] {
    return this.events(filter).filter((e) => e.seq > afterSeq);
  }

  /** Call `fn` for every future event matching `filter`; returns the unsubscribe. */
  subscribe(fn: TraceListener, filter?: TraceFilter): () => void {
    const entry = { fn, filter };
    this.listeners.push(entry);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== entry);
    };
  }

  clear(): void {
    this.ring = [];
    this.head = 0;
  }
}
