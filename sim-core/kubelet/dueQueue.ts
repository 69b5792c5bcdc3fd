// The kubelet's pod work queue (pkg/kubelet/util/queue/work_queue.go): each Pod is
// enqueued with the time of its next sync, a later Enqueue replaces the earlier time, and
// GetWork hands out the Pods whose time has come. The real one is a map scanned once per
// sync period; here it is a binary min-heap, so a tick with nothing due costs one
// comparison instead of a scan of every Pod on the node. Stale heap entries (a Pod
// rescheduled or removed) are skipped when they surface.

interface Due {
  at: number;
  key: string;
}

export class DueQueue {
  /** min-heap on (at, key); may hold stale entries, see `current` */
  private readonly heap: Due[] = [];
  /** key → the tick it is due at: the one entry of the heap that counts for it */
  private readonly current = new Map<string, number>();

  /** How many keys are waiting. */
  get size(): number {
    return this.current.size;
  }

  /** The earliest tick anything is due (stale entries may make it earlier, never later). */
  peekAt(): number | undefined {
    return this.heap[0]?.at;
  }

  /** Due at `at`, replacing any earlier schedule of `key`. */
  schedule(key: string, at: number): void {
    if (this.current.get(key) === at) return;
    this.current.set(key, at);
    this.push({ at, key });
  }

  /** No longer due. */
  cancel(key: string): void {
    this.current.delete(key);
  }

  /** Take every key due at or before `now`, earliest first (ties by key); each leaves the queue. */
  popDue(now: number): string[] {
    const out: string[] = [];
    const heap = this.heap;
    while (heap.length > 0 && (heap[0] as Due).at <= now) {
      const top = this.pop();
      if (this.current.get(top.key) !== top.at) continue; // rescheduled or cancelled since
      this.current.delete(top.key);
      out.push(top.key);
    }
    return out;
  }

  private push(item: Due): void {
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(item, heap[parent] as Due)) break;
      heap[i] = heap[parent] as Due;
      i = parent;
    }
    heap[i] = item;
  }

  private pop(): Due {
    const heap = this.heap;
    const top = heap[0] as Due;
    const last = heap.pop() as Due;
    if (heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right] as Due, heap[left] as Due) ? right : left;
      if (!before(heap[child] as Due, last)) break;
      heap[i] = heap[child] as Due;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

function before(a: Due, b: Due): boolean {
  return a.at < b.at || (a.at === b.at && a.key < b.key);
}
