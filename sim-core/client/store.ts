// The informer's local cache (client-go tools/cache.Store): objects keyed `namespace/name`.
// Objects go in frozen, deeply, so a controller that edits a cached object throws
// in tests instead of silently corrupting what every other reader sees (STYLE.md:
// never modify an object from the cache: copy first).
import { objectKey, type KubeObject } from './api';

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** A mutable deep copy of a (frozen) cached object: the first step of every write. */
export function deepCopy<T>(value: T): T {
  // Stored objects are JSON (they come from etcd as JSON), so a JSON round trip is a full copy.
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export class Store<T extends KubeObject> {
  private readonly items = new Map<string, T>();

  /** Insert or replace; returns the previous object, if any. */
  put(obj: T): T | undefined {
    const key = objectKey(obj);
    const old = this.items.get(key);
    this.items.set(key, deepFreeze(deepCopy(obj)));
    return old;
  }

  remove(key: string): T | undefined {
    const old = this.items.get(key);
    this.items.delete(key);
    return old;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  /** Every object, in sorted key order (DESIGN.md §2: iterate maps in sorted order). */
  list(): T[] {
    return [...this.items.keys()].sort().map((k) => this.items.get(k) as T);
  }

  keys(): string[] {
    return [...this.items.keys()].sort();
  }

  /** Swap the whole content for a fresh list (a relist); returns the removed objects. */
  replace(objs: readonly T[]): { removed: T[] } {
    const next = new Set(objs.map(objectKey));
    const removed: T[] = [];
    for (const k of this.keys()) {
      if (!next.has(k)) {
        removed.push(this.items.get(k) as T);
        this.items.delete(k);
      }
    }
    for (const o of objs) this.put(o);
    return { removed };
  }

  get size(): number {
    return this.items.size;
  }
}
