// The set of keys ever written, in byte order, for range scans: etcd's treeIndex
// (server/mvcc/index.go) keeps a B-tree. Here a Map gives O(1) point lookups and a sorted
// array serves ranges; keys created since the last range wait in a pending list and are
// merged in one sort when a range needs them, so a burst of puts of new keys costs
// O(n log n) instead of O(n²) array insertions.
// Keys compare as JavaScript strings (UTF-16 code units), which equals etcd's byte order
// for every key made of characters below U+E000.
import { KeyHistory } from './key-history';

export class KeyIndex {
  private readonly byKey = new Map<string, KeyHistory>();
  private sorted: string[] = [];
  private pending: string[] = [];
  private removed = false;

  get(key: string): KeyHistory | undefined {
    return this.byKey.get(key);
  }

  getOrCreate(key: string): KeyHistory {
    let h = this.byKey.get(key);
    if (h === undefined) {
      h = new KeyHistory();
      this.byKey.set(key, h);
      this.pending.push(key);
    }
    return h;
  }

  remove(key: string): void {
    if (this.byKey.delete(key)) this.removed = true;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** All keys in byte order. */
  keys(): string[] {
    this.settle();
    return this.sorted;
  }

  /**
   * Keys in [key, end): end undefined = just `key`; end '' = every key >= key
   * (etcd's "\0" range end, already translated by the caller).
   */
  range(key: string, end: string | undefined): string[] {
    if (end === undefined) return this.byKey.has(key) ? [key] : [];
    this.settle();
    const keys = this.sorted;
    let i = lowerBound(keys, key);
    const out: string[] = [];
    for (; i < keys.length; i++) {
      const k = keys[i]!;
      if (end !== '' && k >= end) break;
      out.push(k);
    }
    return out;
  }

  private settle(): void {
    if (this.removed) {
      this.sorted = this.sorted.filter((k) => this.byKey.has(k));
      this.removed = false;
    }
    if (this.pending.length === 0) return;
    const fresh = [...new Set(this.pending)].filter((k) => this.byKey.has(k)).sort(compareKeys);
    this.pending = [];
    this.sorted = mergeSorted(this.sorted, fresh);
  }
}

export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mergeSorted(a: string[], b: string[]): string[] {
  if (a.length === 0) return b;
  const out: string[] = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    // a key deleted by compaction and written again may sit in both lists: keep one
    if (a[i] === b[j]) j++;
    else out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  out.length = k;
  return out;
}
