// Requests a member has accepted and not yet answered (etcd's wait.Wait keyed by request
// id), each with the deadline after which etcd gives up with "request timed out"
// (etcdserver's ReqTimeout) or after which the client has given up.
export interface Waiter {
  client: string;
  cid: number;
  deadline: number;
  /** what the answer is for, so the member can shape it (e.g. member add) */
  op: string;
}

export class Waiters<K> {
  private readonly byKey = new Map<K, Waiter>();
  /**
   * No waiter's deadline is below this (a lower bound: answered waiters are not taken
   * out of it), so expire() need not walk thousands of waiters every tick under load.
   */
  private earliest = Infinity;

  add(key: K, w: Waiter): void {
    this.byKey.set(key, w);
    if (w.deadline < this.earliest) this.earliest = w.deadline;
  }

  has(key: K): boolean {
    return this.byKey.has(key);
  }

  take(key: K): Waiter | undefined {
    const w = this.byKey.get(key);
    if (w !== undefined) this.byKey.delete(key);
    return w;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Remove and return every waiter whose deadline has passed. */
  expire(now: number): readonly Waiter[] {
    if (this.earliest > now) return NONE;
    const out: Waiter[] = [];
    let earliest = Infinity;
    for (const [k, w] of this.byKey) {
      if (w.deadline > now) {
        if (w.deadline < earliest) earliest = w.deadline;
        continue;
      }
      this.byKey.delete(k);
      out.push(w);
    }
    this.earliest = earliest;
    return out;
  }

  clear(): void {
    this.byKey.clear();
    this.earliest = Infinity;
  }
}

const NONE: readonly Waiter[] = Object.freeze([]);
