// The informer's local cache (client-go tools/cache.Store): objects keyed `namespace/name`.
// Objects go in frozen, deeply, so a controller that edits a cached object throws
// in tests instead of silently corrupting what every other reader sees (STYLE.md:
// never modify an object from the cache: copy first).
//
// Ownership: `put` copies (the caller may keep and change its object). `adopt` takes the
// object itself and freezes it in place, without a copy: the informer adopts what a LIST
// or WATCH answer carries, because an answer message belongs to its receiver — the API
// server decodes a fresh object from etcd for every LIST, and builds one copy of each
// watch event that it shares only among watchers, all of whom store it read-only (the
// first to adopt it freezes it for all). Nothing else holds a reference to it, so the
// copy `put` would make protects nobody and cost a fifth of a large cluster's run.
//
// The namespace index (client-go's cache.NamespaceIndex) lets a lister read one
// namespace without scanning the others; the sorted key list is kept until a key is
// added or removed, so a list of an unchanged set of keys does not sort again.
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

/** What an index files an object under (client-go cache.IndexFunc): e.g. its controller's uid, its spec.nodeName. */
export type IndexFunc<T> = (obj: T) => readonly string[];

export class Store<T extends KubeObject> {
  private readonly items = new Map<string, T>();
  /** named indexes (client-go cache.Indexers): index value → keys */
  private readonly indexes = new Map<string, { fn: IndexFunc<T>; buckets: Map<string, Set<string>> }>();
  /** namespace → keys in it ('' for cluster-scoped objects) */
  private readonly byNamespace = new Map<string, Set<string>>();
  /** every key, sorted; undefined after a key was added or removed */
  private sorted: string[] | undefined = [];
  private readonly sortedIn = new Map<string, string[]>();

  /** Insert or replace a copy of `obj` (the caller keeps its own); returns the previous object, if any. */
  put(obj: T): T | undefined {
    return this.adopt(deepCopy(obj));
  }

  /** Insert or replace `obj` itself, frozen in place: only for an object nobody will change (see the ownership rule above). */
  adopt(obj: T): T | undefined {
    const key = objectKey(obj);
    const old = this.items.get(key);
    this.items.set(key, deepFreeze(obj));
    if (old === undefined) this.indexAdd(key, obj.metadata?.namespace ?? '');
    for (const index of this.indexes.values()) {
      if (old !== undefined) unfile(index, key, old);
      file(index, key, obj);
    }
    return old;
  }

  /**
   * Add a named index (client-go Indexer.AddIndexers), filled from what is cached now and
   * kept current on every change: `byIndex` then answers without scanning the cache —
   * the ReplicaSet controller's Pods by owner, for instance, instead of every Pod per sync.
   */
  addIndex(name: string, fn: IndexFunc<T>): void {
    const index = { fn, buckets: new Map<string, Set<string>>() };
    this.indexes.set(name, index);
    for (const [key, obj] of this.items) file(index, key, obj);
  }

  /** The objects an index files under `value`, in sorted key order (client-go Indexer.ByIndex). */
  byIndex(name: string, value: string): T[] {
    const index = this.indexes.get(name);
    if (index === undefined) throw new Error(`no index named ${name}`);
    return [...(index.buckets.get(value) ?? [])].sort().map((k) => this.items.get(k) as T);
  }

  remove(key: string): T | undefined {
    const old = this.items.get(key);
    if (old === undefined) return undefined;
    this.items.delete(key);
    for (const index of this.indexes.values()) unfile(index, key, old);
    const ns = old.metadata?.namespace ?? '';
    this.byNamespace.get(ns)?.delete(key);
    this.sorted = undefined;
    this.sortedIn.delete(ns);
    return old;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  /** Every object, in sorted key order (DESIGN.md §2: iterate maps in sorted order). */
  list(): T[] {
    return this.keys().map((k) => this.items.get(k) as T);
  }

  /** The objects of one namespace, in sorted key order (the namespace index: no scan of the others). */
  listIn(namespace: string): T[] {
    let keys = this.sortedIn.get(namespace);
    if (keys === undefined) {
      keys = [...(this.byNamespace.get(namespace) ?? [])].sort();
      this.sortedIn.set(namespace, keys);
    }
    return keys.map((k) => this.items.get(k) as T);
  }

  keys(): string[] {
    this.sorted ??= [...this.items.keys()].sort();
    return [...this.sorted];
  }

  /** Swap the whole content for a fresh list (a relist); returns the removed objects. */
  replace(objs: readonly T[]): { removed: T[] } {
    return this.swap(objs, (o) => this.put(o));
  }

  /** `replace`, adopting the listed objects instead of copying them (the informer's relist). */
  adoptAll(objs: readonly T[]): { removed: T[] } {
    return this.swap(objs, (o) => this.adopt(o));
  }

  get size(): number {
    return this.items.size;
  }

  private swap(objs: readonly T[], insert: (o: T) => void): { removed: T[] } {
    const next = new Set(objs.map(objectKey));
    const removed: T[] = [];
    for (const k of this.keys()) {
      if (!next.has(k)) removed.push(this.remove(k) as T);
    }
    for (const o of objs) insert(o);
    return { removed };
  }

  private indexAdd(key: string, namespace: string): void {
    let set = this.byNamespace.get(namespace);
    if (set === undefined) this.byNamespace.set(namespace, (set = new Set()));
    set.add(key);
    this.sorted = undefined;
    this.sortedIn.delete(namespace);
  }
}

function file<T>(index: { fn: IndexFunc<T>; buckets: Map<string, Set<string>> }, key: string, obj: T): void {
  for (const v of index.fn(obj)) {
    let set = index.buckets.get(v);
    if (set === undefined) index.buckets.set(v, (set = new Set()));
    set.add(key);
  }
}

function unfile<T>(index: { fn: IndexFunc<T>; buckets: Map<string, Set<string>> }, key: string, obj: T): void {
  for (const v of index.fn(obj)) {
    const set = index.buckets.get(v);
    set?.delete(key);
    if (set?.size === 0) index.buckets.delete(v);
  }
}
