// What runs while this kube-controller-manager leads: the shared informers and the
// controllers over them. Each tick: informers first (retries, resyncs), then — once every
// cache has synced (WaitForCacheSync) — each controller's clock-driven work and up to its
// number of workers of queued keys. Every reconcile leaves a trace event
// `{ controller, key }`, so the UI can draw "watch event → reconcile".
import { processNextWorkItem, type ReconcileResult } from '../controllers';
import type { ApiClient } from '../client';
import type { Prng } from '../kernel';
import { SharedInformerFactory } from './informers';
import { buildControllers, type RunningController } from './controllers';

/** The trace detail of one reconcile. */
export interface ReconcileTrace {
  controller: string;
  key: string;
}

export class ControllerHost {
  readonly informers: SharedInformerFactory;
  readonly controllers: readonly RunningController[];
  private now = 0;

  constructor(api: ApiClient, rng: Prng, private readonly trace: (detail: ReconcileTrace) => void) {
    this.informers = new SharedInformerFactory(api);
    this.controllers = buildControllers(this.informers, api, rng, () => this.now);
  }

  start(now: number): void {
    this.now = now;
    this.informers.start(now);
  }

  tick(now: number): void {
    this.now = now;
    this.informers.tick(now);
    if (!this.informers.hasSynced()) return;
    for (const c of this.controllers) {
      c.queue.advance(now);
      c.tick?.(now);
      for (let i = 0; i < c.workers; i++) {
        const worked = processNextWorkItem(c.queue, (key): ReconcileResult => {
          this.trace({ controller: c.name, key });
          return c.reconcile(key);
        });
        if (!worked) break;
      }
    }
  }

  /** Leadership lost: watches are cancelled and the queues refuse new work. */
  shutdown(): void {
    this.informers.shutdown();
    for (const c of this.controllers) c.queue.shutDown();
  }

  hasPendingWork(): boolean {
    // a key waiting out a failed reconcile's back-off is work too: `sim settle` after a short outage waits for its retry
    return !this.informers.hasSynced() || this.informers.hasPendingWork() || this.controllers.some((c) => c.queue.len() > 0 || c.queue.retrying());
  }

  controller(name: string): RunningController | undefined {
    return this.controllers.find((c) => c.name === name);
  }
}
