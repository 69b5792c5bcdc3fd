// client-go's controller test fixture (pkg/controller/*/…_test.go `newFixture`): preload
// objects into the fake API server and the listers, call `reconcile(key)`, and compare
// the exact writes it made, ignoring get/list/watch noise. `settle` answers the writes
// and copies the server's state back into the caches, as the informers would.
import { FakeApiServer, type RecordedAction } from '../../client/testing/fakeApiServer';
import { Store, WorkQueue, listerFor, type KubeObject, type Lister } from '../../client';
import { Prng } from '../../kernel';
import { parseTimestamp, tickToMillis, tickToTimestamp } from '../../cli/kubectl/clock';
import type { ControllerClock, ControllerContext } from '../context';
import { addControllerIndexes } from '../indexes';

export class Fixture {
  readonly api = new FakeApiServer();
  readonly queue = new WorkQueue();
  readonly prng: Prng;
  readonly clock: ControllerClock;
  readonly ctx: ControllerContext;
  tick = 0;
  private readonly stores = new Map<string, Store<KubeObject>>();

  constructor(seed = 1) {
    this.prng = new Prng(seed);
    this.clock = {
      tick: () => this.tick,
      timestamp: () => tickToTimestamp(this.tick),
      secondsSince: (ts) => {
        const ms = parseTimestamp(ts);
        return ms === undefined ? Infinity : Math.floor((tickToMillis(this.tick) - ms) / 1000);
      },
    };
    this.ctx = { api: this.api, queue: this.queue, prng: this.prng, clock: this.clock };
  }

  private store(resource: string): Store<KubeObject> {
    let s = this.stores.get(resource);
    if (!s) {
      this.stores.set(resource, (s = new Store()));
      addControllerIndexes(s); // as controller-manager/informers.ts files every shared cache
    }
    return s;
  }

  lister<T extends KubeObject>(resource: string): Lister<T> {
    return listerFor(this.store(resource)) as unknown as Lister<T>;
  }

  /** Objects that exist on the server and in the caches before the test's reconcile. */
  preload(resource: string, ...objs: KubeObject[]): void {
    this.api.seed(resource, ...objs);
    this.refresh(resource);
  }

  /** Objects the controller's cache has but the server does not (a stale cache). */
  cacheOnly(resource: string, ...objs: KubeObject[]): void {
    for (const o of objs) this.store(resource).put(o);
  }

  private refresh(resource: string): void {
    this.store(resource).replace(this.api.all(resource));
  }

  /** Answer every pending request, then make the caches match the server again. */
  settle(): void {
    this.api.flush();
    for (const resource of [...this.stores.keys()].sort()) this.refresh(resource);
  }

  /** The writes so far, as `verb resource name`, e.g. `create pods web-abc12`. */
  writeLines(): string[] {
    return this.api.writes().map((a) => `${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''} ${a.name ?? ''}${a.propagationPolicy ? ` (${a.propagationPolicy})` : ''}`);
  }

  writes(): RecordedAction[] {
    return this.api.writes();
  }

  clearWrites(): void {
    this.api.clearActions();
  }

  /** Drain the work queue through a reconcile function (keys only, as a worker would). */
  drain(reconcile: (key: string) => unknown, limit = 1000): string[] {
    const seen: string[] = [];
    for (let key = this.queue.get(); key !== undefined; key = this.queue.get()) {
      if (seen.length >= limit) throw new Error('Fixture.drain: queue never empties');
      seen.push(key);
      reconcile(key);
      this.queue.done(key);
    }
    return seen;
  }
}
