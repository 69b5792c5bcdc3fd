// The kernel's event queue, ordered by (tick, insertion sequence), so two events due at
// the same tick fire in the order they were scheduled. That tie-break is what makes a run
// reproducible (DESIGN.md §2: "time, then insertion order").
// Ticks are integers and nearly every event lands a few ticks ahead, so events wait in
// one FIFO bucket per tick (insertion order within a tick is the bucket's order) and only
// the distinct pending ticks sit in a small binary min-heap: push and pop are O(1) for the
// millions of messages the benchmark sends, instead of a sift through every queued event.

interface Bucket<T> {
  tick: number;
  items: Array<T | undefined>;
  /** index of the next item to pop */
  head: number;
}

export class EventQueue<T> {
  private readonly buckets = new Map<number, Bucket<T>>();
  /** min-heap of the ticks that have a bucket */
  private ticks: number[] = [];
  /** the bucket pushed to last: consecutive pushes usually share a tick */
  private lastPushed: Bucket<T> | undefined;
  private count = 0;
  private nextSeq = 0;

  get size(): number {
    return this.count;
  }

  /** Schedule `item` at `tick`; returns its insertion sequence number. */
  push(tick: number, item: T): number {
    let b = this.lastPushed;
    if (b === undefined || b.tick !== tick || this.buckets.get(tick) !== b) {
      b = this.buckets.get(tick);
      if (b === undefined) {
        b = { tick, items: [], head: 0 };
        this.buckets.set(tick, b);
        heapPush(this.ticks, tick);
      }
      this.lastPushed = b;
    }
    b.items.push(item);
    this.count++;
    return this.nextSeq++;
  }

  /** The tick of the earliest event, or undefined when empty. */
  peekTick(): number | undefined {
    return this.ticks.length > 0 ? this.ticks[0] : undefined;
  }

  peek(): T | undefined {
    const b = this.first();
    return b === undefined ? undefined : b.items[b.head];
  }

  /** Remove and return the earliest event. */
  pop(): T | undefined {
    const b = this.first();
    if (b === undefined) return undefined;
    const item = b.items[b.head];
    b.items[b.head] = undefined; // let the event go before the whole bucket does
    b.head++;
    this.count--;
    if (b.head === b.items.length) {
      this.buckets.delete(b.tick);
      heapPop(this.ticks);
      if (this.lastPushed === b) this.lastPushed = undefined;
    }
    return item;
  }

  /** Every queued item, in firing order (a copy; for inspection, not the hot path). */
  toArray(): T[] {
    const out: T[] = [];
    for (const b of this.sortedBuckets()) for (let i = b.head; i < b.items.length; i++) out.push(b.items[i] as T);
    return out;
  }

  /** Drop every item for which `keep` is false. */
  filter(keep: (item: T) => boolean): void {
    const kept: Array<Bucket<T>> = [];
    let count = 0;
    for (const b of this.sortedBuckets()) {
      const items: T[] = [];
      for (let i = b.head; i < b.items.length; i++) {
        const it = b.items[i] as T;
        if (keep(it)) items.push(it);
      }
      if (items.length > 0) kept.push({ tick: b.tick, items, head: 0 });
      count += items.length;
    }
    this.buckets.clear();
    for (const b of kept) this.buckets.set(b.tick, b);
    // a sorted array is a valid min-heap
    this.ticks = kept.map((b) => b.tick);
    this.lastPushed = undefined;
    this.count = count;
  }

  clear(): void {
    this.buckets.clear();
    this.ticks = [];
    this.lastPushed = undefined;
    this.count = 0;
  }

  private first(): Bucket<T> | undefined {
    const t = this.ticks[0];
    return t === undefined ? undefined : this.buckets.get(t);
  }

  private sortedBuckets(): Array<Bucket<T>> {
    return [...this.buckets.values()].sort((a, b) => a.tick - b.tick);
  }
}

function heapPush(h: number[], v: number): void {
  let i = h.length;
  h.push(v);
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p]! <= v) break;
    h[i] = h[p]!;
    i = p;
  }
  h[i] = v;
}

function heapPop(h: number[]): void {
  const last = h.pop();
  if (last === undefined || h.length === 0) return;
  let i = 0;
  const n = h.length;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const m = r < n && h[r]! < h[l]! ? r : l;
    if (h[m]! >= last) break;
    h[i] = h[m]!;
    i = m;
  }
  h[i] = last;
}
