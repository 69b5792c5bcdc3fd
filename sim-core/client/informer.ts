// A shared informer (client-go tools/cache: Reflector + DeltaFIFO + Indexer, folded into
// one small class): LIST, then WATCH from the list's resourceVersion, keeping a local
// cache that listers read. Event handlers only enqueue keys (STYLE.md). When a watch
// ends with 410 Gone (the resourceVersion was compacted away in etcd, or the API server
// restarted and its watch cache begins later), the reflector relists and reconciles its
// cache against the fresh list, firing add/update/delete for what changed while it was
// blind. A resync period re-delivers every cached object as an update so level-triggered
// controllers get a periodic second look.
// When the API server is gone (reflector.go's paths, with its back-off: reflectorBackoff.ts):
// - a watch whose connection closed under it is started again at once, from the last
//   resourceVersion (the stream just ended: handleWatch returns and watch() loops);
// - a watch refused at the dial (connection refused) waits the back-off and watches again
//   (isWatchErrorRetriable), still from the last resourceVersion;
// - a failed LIST, or a watch that failed otherwise (no route to host), waits the back-off
//   and lists again (ListAndWatch returns its error to BackoffUntil).
import { isNotFound, objectKey, type ApiClient, type KubeObject, type RequestId, type Status, type WatchEvent } from './api';
import { listerFor, type Lister } from './lister';
import { ReflectorBackoff } from './reflectorBackoff';
import { Store } from './store';
import { isTransportError } from './transport';

export interface EventHandlers<T extends KubeObject> {
  onAdd?(obj: T): void;
  onUpdate?(oldObj: T, newObj: T): void;
  onDelete?(obj: T): void;
}

export interface InformerOptions {
  resource: string;
  /** watch one namespace; all namespaces when undefined */
  namespace?: string;
  /** ticks between resyncs; 0 or undefined = never (client-go's default for most controllers) */
  resyncTicks?: number;
  /**
   * Only objects whose fields match, on the LIST, the WATCH and every relist
   * (client-go's ListOptions.FieldSelector through a tweakListOptions func): the kubelet
   * watches `spec.nodeName=<its node>` (pkg/kubelet/config/apiserver.go), so it never
   * receives the rest of the cluster's Pods. An object that stops matching arrives as DELETED.
   */
  fieldSelector?: string;
  /** likewise for labels (`app=web,tier!=db`) */
  labelSelector?: string;
}

type Phase = 'idle' | 'listing' | 'watching' | 'waiting' | 'stopped';

export class Informer<T extends KubeObject> {
  readonly store = new Store<T>();
  readonly lister: Lister<T>;
  private readonly handlers: EventHandlers<T>[] = [];
  private phase: Phase = 'idle';
  private synced = false;
  /** the newest resourceVersion seen: where a restarted watch resumes */
  private lastResourceVersion = '';
  private watchId: RequestId | undefined;
  private now = 0;
  private nextResyncAt: number | undefined;
  /** while waiting: the tick to list (relist) or re-watch again, and which */
  private retryAt = 0;
  private retryWith: 'list' | 'watch' = 'list';
  private readonly backoff = new ReflectorBackoff();
  /** how many times the informer has listed (1 + relists): tests and the trace read it */
  listCount = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly options: InformerOptions,
  ) {
    this.lister = listerFor(this.store);
  }

  addEventHandlers(handlers: EventHandlers<T>): void {
    this.handlers.push(handlers);
  }

  /** Start: the first LIST goes out now. */
  run(now: number): void {
    this.now = now;
    if (this.options.resyncTicks) this.nextResyncAt = now + this.options.resyncTicks;
    this.list();
  }

  /** True once the first LIST has filled the cache (controllers wait for it before working). */
  hasSynced(): boolean {
    return this.synced;
  }

  /**
   * Whether the informer is not following a watch: listing, or waiting to list or watch
   * again. Its owner counts that as pending work (`sim settle` waits for it), since the
   * cache may be missing changes until the watch runs — also while the back-off waits out
   * a dead API server.
   */
  hasPendingWork(): boolean {
    return this.phase === 'listing' || this.phase === 'waiting';
  }

  /** Called every tick by the owner process: retries and resyncs are due by the clock. */
  tick(now: number): void {
    this.now = now;
    if (this.phase === 'waiting' && now >= this.retryAt) {
      if (this.retryWith === 'list') this.list();
      else this.watch();
    }
    if (this.nextResyncAt !== undefined && now >= this.nextResyncAt && this.synced) {
      this.nextResyncAt = now + (this.options.resyncTicks ?? 0);
      for (const obj of this.store.list()) for (const h of this.handlers) h.onUpdate?.(obj, obj);
    }
  }

  stop(): void {
    if (this.watchId !== undefined) this.api.stop(this.watchId);
    this.watchId = undefined;
    this.phase = 'stopped';
  }

  private list(): void {
    this.phase = 'listing';
    this.listCount++;
    this.api.request({ verb: 'list', resource: this.options.resource, namespace: this.options.namespace, ...this.selectors() }, (res) => {
      if (this.phase !== 'listing') return;
      if (!res.ok) {
        // reflector.go: a failed list is retried with back-off.
        this.waitThen('list', this.backoff.next(this.now));
        return;
      }
      this.replace(res.value.items as T[]);
      this.lastResourceVersion = res.value.resourceVersion;
      this.synced = true;
      this.watch();
    });
  }

  private selectors(): { fieldSelector?: string; labelSelector?: string } {
    const { fieldSelector, labelSelector } = this.options;
    return { ...(fieldSelector ? { fieldSelector } : {}), ...(labelSelector ? { labelSelector } : {}) };
  }

  private replace(items: readonly T[]): void {
    const before = new Map(this.store.keys().map((k) => [k, this.store.get(k) as T]));
    const { removed } = this.store.adoptAll(items);
    for (const obj of this.store.list()) {
      const old = before.get(objectKey(obj));
      if (old === undefined) for (const h of this.handlers) h.onAdd?.(obj);
      else if (old.metadata?.resourceVersion !== obj.metadata?.resourceVersion) {
        for (const h of this.handlers) h.onUpdate?.(old, obj);
      }
    }
    for (const obj of removed) for (const h of this.handlers) h.onDelete?.(obj);
  }

  private watch(): void {
    this.phase = 'watching';
    const id = this.api.request(
      {
        verb: 'watch',
        resource: this.options.resource,
        namespace: this.options.namespace,
        resourceVersion: this.lastResourceVersion,
        ...this.selectors(),
      },
      (res) => {
        if (this.watchId !== id || this.phase !== 'watching') return;
        if (!res.ok) return isTransportError(res.error) ? this.watchBroken(res.error) : this.watchEnded(isExpired(res.error) || isNotFound(res.error));
        this.onEvent(res.value as WatchEvent<T>);
      },
    );
    this.watchId = id;
  }

  private onEvent(ev: WatchEvent<T>): void {
    if (ev.type === 'ERROR') {
      this.watchEnded(isExpired(ev.status));
      return;
    }
    const rv = ev.object.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '') this.lastResourceVersion = rv;
    if (ev.type === 'BOOKMARK') return;
    if (ev.type === 'DELETED') {
      const old = this.store.remove(objectKey(ev.object));
      const gone = old ?? ev.object;
      for (const h of this.handlers) h.onDelete?.(gone);
      return;
    }
    // the event's object belongs to us (store.ts: the ownership rule): frozen in place, not copied
    const old = this.store.adopt(ev.object);
    const cached = ev.object;
    if (old === undefined) for (const h of this.handlers) h.onAdd?.(cached);
    else for (const h of this.handlers) h.onUpdate?.(old, cached);
  }

  /** 410 Gone: our resourceVersion is compacted, so only a fresh LIST can catch up. Otherwise resume the watch. */
  private watchEnded(gone: boolean): void {
    if (this.watchId !== undefined) this.api.stop(this.watchId);
    this.watchId = undefined;
    this.waitThen(gone ? 'list' : 'watch', 1);
  }

  /** No HTTP answer: the connection closed under the watch, or the dial failed (see the file comment). */
  private watchBroken(error: Status): void {
    this.watchId = undefined;
    if (error.reason === 'UnexpectedEOF') this.waitThen('watch', 1);
    else this.waitThen(error.reason === 'ConnectionRefused' ? 'watch' : 'list', this.backoff.next(this.now));
  }

  private waitThen(what: 'list' | 'watch', ticks: number): void {
    this.phase = 'waiting';
    this.retryWith = what;
    this.retryAt = this.now + ticks;
  }
}

/** client-go reflector's isExpiredError: a watch that ended because its resourceVersion is too old (Expired, or Gone from older servers). */
function isExpired(status: Status): boolean {
  return status.reason === 'Expired' || status.reason === 'Gone';
}
