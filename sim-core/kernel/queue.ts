// The kernel's event queue: a binary min-heap ordered by (tick, insertion sequence), so
// two events due at the same tick fire in the order they were scheduled. That tie-break
// is what makes a run reproducible (DESIGN.md §2: "time, then insertion order").
// Kept as parallel arrays of numbers plus an item array: no per-event wrapper objects,
// because every simulated message passes through here (the benchmark pushes millions).

export class EventQueue<T> {
  private ticks: number[] = [];
  private seqs: number[] = [];
  private items: T[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.items.length;
  }

  /** Schedule `item` at `tick`; returns its insertion sequence number. */
  push(tick: number, item: T): number {
    const seq = this.nextSeq++;
    let i = this.items.length;
    this.ticks.push(tick);
    this.seqs.push(seq);
    this.items.push(item);
    // sift up
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
    return seq;
  }

  /** The tick of the earliest event, or undefined when empty. */
  peekTick(): number | undefined {
    return this.items.length > 0 ? this.ticks[0] : undefined;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  /** Remove and return the earliest event. */
  pop(): T | undefined {
    const n = this.items.length;
    if (n === 0) return undefined;
    const top = this.items[0];
    const last = n - 1;
    if (last > 0) this.swap(0, last);
    this.ticks.pop();
    this.seqs.pop();
    this.items.pop();
    // sift down
    let i = 0;
    const len = last;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= len) break;
      const r = l + 1;
      const m = r < len && this.less(r, l) ? r : l;
      if (!this.less(m, i)) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }

  /** Every queued item, in firing order (a copy; for inspection, not the hot path). */
  toArray(): T[] {
    const idx = this.items.map((_, i) => i);
    idx.sort((x, y) => (this.ticks[x] as number) - (this.ticks[y] as number) || (this.seqs[x] as number) - (this.seqs[y] as number));
    return idx.map((i) => this.items[i] as T);
  }

  /** Drop every item for which `keep` is false (rebuilds the heap). */
  filter(keep: (item: T) => boolean): void {
    const entries: Array<[number, number, T]> = [];
    for (let i = 0; i < this.items.length; i++) {
      const it = this.items[i] as T;
      if (keep(it)) entries.push([this.ticks[i] as number, this.seqs[i] as number, it]);
    }
    entries.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    // a sorted array is a valid min-heap
    this.ticks = entries.map((e) => e[0]);
    this.seqs = entries.map((e) => e[1]);
    this.items = entries.map((e) => e[2]);
  }

  clear(): void {
    this.ticks = [];
    this.seqs = [];
    this.items = [];
  }

  private less(i: number, j: number): boolean {
    const ti = this.ticks[i] as number;
    const tj = this.ticks[j] as number;
    return ti < tj || (ti === tj && (this.seqs[i] as number) < (this.seqs[j] as number));
  }

  private swap(i: number, j: number): void {
    const t = this.ticks[i] as number;
    this.ticks[i] = this.ticks[j] as number;
    this.ticks[j] = t;
    const s = this.seqs[i] as number;
    this.seqs[i] = this.seqs[j] as number;
    this.seqs[j] = s;
    const it = this.items[i] as T;
    this.items[i] = this.items[j] as T;
    this.items[j] = it;
  }
}
