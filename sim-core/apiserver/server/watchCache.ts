// The watch cache of one resource (k8s.io/apiserver storage/cacher): ONE etcd watch on the
// resource's key prefix feeds a store of current objects and a window of recent events;
// every client watch of that resource is served from here, never from etcd directly.
// ADDED/MODIFIED/DELETED are computed from etcd's PUT/DELETE with prev_kv (a PUT whose
// create_revision equals its mod_revision is a creation). A watch from a resourceVersion
// older than the window gets 410 Expired `too old resource version: X (Y)`, Y the oldest
// it could start from — right after a (re)list, the list's revision: so after an API server
// restart, whose caches list etcd's current revision, an informer resuming from what it saw
// before relists, unless nothing happened in between.
// A watcher with a label/field selector sees what the cacher's filtering shows
// (cacher.go's watchCacheEvent with PrevObject): an object that starts matching arrives
// as ADDED, one that stops matching as DELETED, one that never matched not at all.
import { deepCopy, freezeCached, type KubeObject, type Status, type WatchEvent as ApiWatchEvent } from '../../client';
import type { KindDefinition } from '../kinds';
import type { WatchEvent as EtcdEvent, WatchResponse } from '../../etcd/types';
import { decodeAt, decodeKv } from './objectCodec';
import type { WrittenObjects } from './writtenObjects';
import { badRequest, tooOldResourceVersion } from './statuses';

export interface CachedEvent {
  revision: number;
  key: string;
  namespace: string;
  event: ApiWatchEvent;
  /** the object before this event (MODIFIED and DELETED), for selector transitions */
  prev?: KubeObject;
}

/** What GuaranteedUpdate needs of a stored key: its bytes and the revision they were written at. */
export interface CachedKv {
  value: string;
  mod_revision: number;
  /** the cache's decoding of `value` (frozen: read it, or copy it) */
  object?: Readonly<KubeObject>;
}

/** A cached key: its object always there. */
type CachedEntry = CachedKv & { object: Readonly<KubeObject> };

interface WatcherEntry {
  id: number;
  w: CacheWatcher;
  from: number;
}

/**
 * The fields a resource's watchers are indexed by (the cacher's triggers): Pods by
 * spec.nodeName (pkg/registry/core/pod/storage: NodeNameTriggerFunc), which every kubelet
 * selects its Pods by.
 */
const TRIGGERS: Readonly<Record<string, { field: string; get: (obj: KubeObject) => string }>> = {
  pods: { field: 'spec.nodeName', get: (o) => ((o.spec as { nodeName?: unknown } | undefined)?.nodeName as string | undefined) ?? '' },
};

export interface CacheWatcher {
  namespace: string | undefined;
  /** the watch's label and field selectors; absent = everything */
  matches?: (obj: KubeObject) => boolean;
  /** the value the watch's field selector pins the cache's trigger field to (see TRIGGERS), if it does */
  trigger?: string;
  /** deliver one event (or the ERROR that ends the watch) */
  send: (event: ApiWatchEvent) => void;
}

export class WatchCache {
  /**
   * by etcd key, as of `revision`: each object (frozen while the mutation detector is on;
   * read-only always) with the stored bytes and revision behind it, which GuaranteedUpdate's
   * cached first try takes as they are
   */
  private readonly store = new Map<string, CachedEntry>();
  /** events with revision > `oldest - 1`, in revision order */
  private events: CachedEvent[] = [];
  /** every event after this revision is in `events` */
  private since = 0;
  /** whether events were dropped from the window (capacity, compaction) since the last list */
  private trimmed = false;
  /** the last revision the cache has seen (its resourceVersion) */
  revision = 0;
  ready = false;
  /** client watchers and the revision each one has seen up to (events after it are sent) */
  private readonly watchers = new Map<number, WatcherEntry>();
  /** the resource's trigger field, if it has one (the cacher's IndexerFuncs) */
  private readonly triggerOf: ((obj: KubeObject) => string) | undefined;
  /** watchers whose selector pins the trigger field, by the value it pins */
  private readonly triggered = new Map<string, Map<number, WatcherEntry>>();
  /** every other watcher: sent every event, and filtered one by one */
  private readonly untriggered = new Map<number, WatcherEntry>();
  /** `watchers` and `untriggered` as arrays in id order, made once per change of watchers, not once per event */
  private watcherList: WatcherEntry[] | undefined;
  private untriggeredList: WatcherEntry[] | undefined;

  constructor(
    readonly def: KindDefinition,
    private readonly capacity: number,
    /** what the API server wrote: a PUT of exactly those bytes is not decoded again (writtenObjects.ts) */
    private readonly written?: WrittenObjects,
  ) {
    this.triggerOf = TRIGGERS[def.resource]?.get;
  }

  /** The field a watcher's `trigger` names for this resource (spec.nodeName for Pods), if any. */
  get triggerField(): string | undefined {
    return TRIGGERS[this.def.resource]?.field;
  }

  get prefix(): string {
    return `${this.def.etcdPrefix}/`;
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  /** The cached object at an etcd key (a copy), if the cache has it. */
  get(key: string): KubeObject | undefined {
    const e = this.store.get(key);
    return e === undefined ? undefined : deepCopy(e.object);
  }

  /**
   * The key's value and mod_revision as the cache last saw them: what the cacher hands the
   * storage layer's GuaranteedUpdate and Delete as `cachedExistingObject` (cacher.go), so
   * that a write need not read etcd first. It may be stale; the write's compare on
   * mod_revision finds out.
   */
  getKv(key: string): Readonly<CachedKv> | undefined {
    return this.store.get(key);
  }

  /** The cached object itself, for a reader that only looks (admission's namespace check): never mutate it. */
  peek(key: string): Readonly<KubeObject> | undefined {
    return this.store.get(key)?.object;
  }

  /** The cached objects under an etcd key prefix, in key order (read-only: never mutate them). */
  listUnder(prefix: string): KubeObject[] {
    return [...this.store.keys()].filter((k) => k.startsWith(prefix)).sort().map((k) => this.store.get(k)!.object);
  }

  /** The initial LIST: the store as of `revision`; the window starts there. */
  initialize(kvs: readonly { key: string; value: string; mod_revision: number }[], revision: number): void {
    this.store.clear();
    for (const kv of kvs) {
      const obj = decodeAt(kv.value, kv.mod_revision);
      if (obj === undefined) continue;
      this.store.set(kv.key, { value: kv.value, mod_revision: kv.mod_revision, object: freezeCached(obj) });
    }
    this.events = [];
    this.since = revision;
    this.trimmed = false;
    this.revision = revision;
    this.ready = true;
  }

  /** One etcd watch response. Returns false when etcd canceled the stream (compaction): relist. */
  apply(resp: WatchResponse): boolean {
    if (resp.canceled) return false;
    for (const ev of resp.events) this.applyOne(ev);
    return true;
  }

  /** The API server compacted etcd to `rev`: events at or below it can no longer be replayed. */
  compactTo(rev: number): void {
    if (rev <= this.since) return;
    this.events = this.events.filter((e) => e.revision > rev);
    this.since = Math.min(rev, this.revision);
    this.trimmed = true;
  }

  /**
   * Start a client watch from `resourceVersion` ('' or '0': the current state as ADDED
   * events first, as the cacher does). Returns an error Status for a too-old version.
   */
  addWatcher(id: number, resourceVersion: string, watcher: CacheWatcher): Status | undefined {
    // a cluster-scoped resource ignores the namespace, as the REST path has none
    const w: CacheWatcher = this.def.namespaced ? watcher : { ...watcher, namespace: undefined };
    const rv = parseWatchResourceVersion(resourceVersion);
    if (typeof rv !== 'number') return rv;
    if (rv === 0) {
      for (const key of [...this.store.keys()].sort()) {
        const obj = this.store.get(key)!.object;
        if (matches(w, this.namespaceOfKey(key)) && (w.matches?.(obj) ?? true)) w.send({ type: 'ADDED', object: obj });
      }
    } else {
      const oldest = this.oldestWatchable();
      if (rv < oldest) return tooOldResourceVersion(rv, oldest);
      for (const e of this.events) {
        if (e.revision <= rv || !matches(w, e.namespace)) continue;
        const filtered = filterEvent(w.matches, e.event, e.prev);
        if (filtered !== undefined) w.send(filtered);
      }
    }
    const entry: WatcherEntry = { id, w, from: rv === 0 ? this.revision : rv };
    this.watchers.set(id, entry);
    this.watchersChanged();
    if (w.trigger !== undefined && this.triggerOf !== undefined) {
      let bucket = this.triggered.get(w.trigger);
      if (bucket === undefined) this.triggered.set(w.trigger, (bucket = new Map()));
      bucket.set(id, entry);
    } else this.untriggered.set(id, entry);
    return undefined;
  }

  removeWatcher(id: number): boolean {
    const entry = this.watchers.get(id);
    if (entry === undefined) return false;
    this.watchers.delete(id);
    this.untriggered.delete(id);
    this.watchersChanged();
    const t = entry.w.trigger;
    if (t !== undefined) {
      const bucket = this.triggered.get(t);
      bucket?.delete(id);
      if (bucket?.size === 0) this.triggered.delete(t);
    }
    return true;
  }

  /**
   * The oldest resourceVersion a watch may start from (watch_cache.go getAllEventsSinceLocked's
   * `oldest - 1`): the list's revision while no event has left the window since, else the
   * revision before the first event still in it — a little stricter than `since`, as the
   * real cache is, which does not know that nothing of this resource happened in between.
   */
  private oldestWatchable(): number {
    const first = this.events[0];
    return this.trimmed && first !== undefined ? first.revision - 1 : this.since;
  }

  /** End every client watch with 410 Gone (the cache had to relist). */
  expireWatchers(): void {
    for (const id of [...this.watchers.keys()].sort((a, b) => a - b)) {
      this.watchers.get(id)!.w.send({ type: 'ERROR', status: tooOldResourceVersion(this.since, this.revision) });
    }
    this.watchers.clear();
    this.triggered.clear();
    this.untriggered.clear();
    this.watchersChanged();
  }

  private watchersChanged(): void {
    this.watcherList = undefined;
    this.untriggeredList = undefined;
  }

  /** `/registry/pods/<ns>/<name>` → `<ns>`: the key, not the JSON, says where an object lives */
  private namespaceOfKey(key: string): string {
    if (!this.def.namespaced) return '';
    const rest = key.slice(this.prefix.length);
    const slash = rest.indexOf('/');
    return slash < 0 ? '' : rest.slice(0, slash);
  }

  private applyOne(ev: EtcdEvent): void {
    const rev = ev.kv.mod_revision;
    if (rev <= this.revision) return; // a resumed stream repeating what we saw
    this.revision = rev;
    let event: ApiWatchEvent | undefined;
    let prev: KubeObject | undefined;
    if (ev.type === 'PUT') {
      const obj = this.written?.take(ev.kv.key, ev.kv.value, rev) ?? decodeKv(ev.kv);
      if (obj === undefined) return;
      freezeCached(obj);
      prev = this.store.get(ev.kv.key)?.object;
      this.store.set(ev.kv.key, { value: ev.kv.value, mod_revision: rev, object: obj });
      event = { type: ev.kv.create_revision === ev.kv.mod_revision ? 'ADDED' : 'MODIFIED', object: obj };
    } else {
      const prevKv = ev.prev_kv;
      const last = prevKv !== undefined ? decodeAt(prevKv.value, rev) : this.store.get(ev.kv.key)?.object;
      this.store.delete(ev.kv.key);
      if (last === undefined) return;
      prev = last;
      // a DELETED event carries the object's last state at the delete's revision
      event = { type: 'DELETED', object: freezeCached({ ...last, metadata: { ...(last.metadata ?? {}), resourceVersion: String(rev) } }) };
    }
    const cached: CachedEvent = { revision: rev, key: ev.kv.key, namespace: this.namespaceOfKey(ev.kv.key), event, ...(prev !== undefined ? { prev } : {}) };
    this.events.push(cached);
    if (this.events.length > this.capacity) {
      const dropped = this.events.shift()!;
      this.since = dropped.revision;
      this.trimmed = true;
    }
    // ONE object for the cache and every watcher (the cacher serialises an event once for
    // all its watchers), deeply frozen: receivers only read it — an informer stores it as it
    // is, a controller copies before it writes — and nobody can change what the others see
    for (const { w, from } of this.recipients(event.object, prev)) {
      // a watch from a version the cache has not reached yet skips what it already listed
      if (rev <= from || !matches(w, cached.namespace)) continue;
      const filtered = filterEvent(w.matches, event, prev);
      if (filtered !== undefined) w.send(filtered);
    }
  }

  /**
   * The watchers an event may concern, in id order (ids only grow and a watcher is inserted
   * once, so each map's order is already id order). With a trigger field, as the cacher's
   * dispatch does: the watchers that pin it to the object's value now or before, and those
   * that do not pin it — a kubelet's watch of its own Pods never even looks at another
   * node's Pod.
   */
  private recipients(obj: KubeObject, prev: KubeObject | undefined): readonly WatcherEntry[] {
    if (this.triggerOf === undefined || this.triggered.size === 0) return (this.watcherList ??= [...this.watchers.values()]);
    const now = this.triggered.get(this.triggerOf(obj));
    const before = prev === undefined ? undefined : this.triggered.get(this.triggerOf(prev));
    const untriggered = (this.untriggeredList ??= [...this.untriggered.values()]);
    if (now === undefined && (before === undefined || before === now)) return untriggered;
    const out = [...untriggered];
    if (now !== undefined) out.push(...now.values());
    if (before !== undefined && before !== now) out.push(...before.values());
    return out.length > 1 && out.length !== this.untriggered.size ? out.sort((a, b) => a.id - b.id) : out;
  }
}


function matches(w: CacheWatcher, namespace: string): boolean {
  return w.namespace === undefined || w.namespace === '' || w.namespace === namespace;
}

/**
 * The event as a watcher with selectors `pred` sees it, given the object before the event
 * (cacher.go's watchCacheEvent with PrevObject, and etcd3/watcher.go alike: ADDED/DELETED
 * on a selector transition).
 */
export function filterEvent(pred: ((obj: KubeObject) => boolean) | undefined, event: ApiWatchEvent, prev: KubeObject | undefined): ApiWatchEvent | undefined {
  if (pred === undefined || event.type === 'ERROR' || event.type === 'BOOKMARK') return event;
  const now = pred(event.object);
  const before = prev !== undefined && pred(prev);
  switch (event.type) {
    case 'ADDED':
      return now ? event : undefined;
    case 'DELETED':
      return before ? event : undefined;
    case 'MODIFIED':
      if (now && before) return event;
      if (now) return { type: 'ADDED', object: event.object };
      if (before) return { type: 'DELETED', object: event.object };
      return undefined;
  }
}


/** A watch's resourceVersion as a revision ('' is 0: the current state first), or the 400 a malformed one gets. */
export function parseWatchResourceVersion(resourceVersion: string): number | Status {
  const rv = resourceVersion === '' ? 0 : Number(resourceVersion);
  return Number.isSafeInteger(rv) && rv >= 0 ? rv : badRequest(`resourceVersion: Invalid value: "${resourceVersion}": must be a non-negative integer`);
}
