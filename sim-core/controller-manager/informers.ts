// client-go's SharedInformerFactory: one informer per resource, however many controllers
// read it — one LIST and one WATCH per resource for the whole controller-manager, each
// controller adding its own event handlers and reading through the shared lister.
import { Informer, type ApiClient, type KubeObject, type Lister } from '../client';
import { addControllerIndexes } from '../controllers';

export class SharedInformerFactory {
  private readonly informers = new Map<string, Informer<KubeObject>>();
  /** the informers in resource order (ticked every tick); fixed once started, as no informer is added after */
  private ordered: Informer<KubeObject>[] | undefined;
  private started = false;

  constructor(private readonly api: ApiClient) {}

  /** The informer of a resource (`pods`, `replicasets`, …), created on first use. */
  informerFor<T extends KubeObject>(resource: string): Informer<T> {
    let inf = this.informers.get(resource);
    if (!inf) {
      if (this.started) throw new Error(`SharedInformerFactory: ${resource} requested after start`);
      inf = new Informer<KubeObject>(this.api, { resource });
      addControllerIndexes(inf.store); // the indexes the controllers read instead of scanning a cache
      this.informers.set(resource, inf);
      this.ordered = undefined;
    }
    return inf as unknown as Informer<T>;
  }

  listerFor<T extends KubeObject>(resource: string): Lister<T> {
    return this.informerFor<T>(resource).lister;
  }

  /** factory.Start: every informer lists, then watches (in resource order, for determinism). */
  start(now: number): void {
    this.started = true;
    for (const r of this.resources()) (this.informers.get(r) as Informer<KubeObject>).run(now);
  }

  tick(now: number): void {
    this.ordered ??= this.resources().map((r) => this.informers.get(r) as Informer<KubeObject>);
    for (const inf of this.ordered) inf.tick(now);
  }

  /** WaitForCacheSync: true once every informer has filled its cache. */
  hasSynced(): boolean {
    for (const inf of this.informers.values()) if (!inf.hasSynced()) return false;
    return this.informers.size > 0;
  }

  /** Whether an informer is not following its watch (listing, or waiting to list or watch again). */
  hasPendingWork(): boolean {
    for (const inf of this.informers.values()) if (inf.hasPendingWork()) return true;
    return false;
  }

  /** Stop every watch (the process stops leading). */
  shutdown(): void {
    for (const r of this.resources()) (this.informers.get(r) as Informer<KubeObject>).stop();
  }

  resources(): string[] {
    return [...this.informers.keys()].sort();
  }
}
