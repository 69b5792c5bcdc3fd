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

  add(key: K, w: Waiter): void {
    this.byKey.set(key, w);
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
  expire(now: number): Waiter[] {
    const out: Waiter[] = [];
    for (const [k, w] of this.byKey) {
      if (w.deadline > now) continue;
      this.byKey.delete(k);
      out.push(w);
    }
    return out;
  }

  clear(): void {
    this.byKey.clear();
  }
}
