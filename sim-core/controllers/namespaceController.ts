// The namespace controller (kubernetes/kubernetes pkg/controller/namespace/
// namespace_controller.go, Kubernetes 1.32): it empties a namespace being deleted and then
// releases it. Its informer handlers queue only namespaces with a deletionTimestamp, and
// only after namespaceDeletionGracePeriod (5 s), so that every API server's NamespaceLifecycle
// admission has seen the deletion and refuses new content before the cleanup starts. Each
// sync is one pass of the deleter (namespaceDeleter.ts); content still going (terminating
// Pods) brings the namespace back after estimate/2 + 1 seconds, an error after the queue's
// back-off — nsControllerRateLimiter: 5 ms doubling up to 60 s (its overall 10 qps bucket
// is not modelled). kube-controller-manager runs it with --concurrent-namespace-syncs=10.
//
// A pass here is a chain of requests that ends ticks after reconcile returns, where the
// real worker blocks until it ends: the controller keeps the pass in flight itself, so one
// namespace is never worked on twice at once (a key handed out meanwhile is synced again
// when the pass ends), and keeps its own failure count, as the real worker Forgets a key
// only when a pass succeeds.
import type { Namespace } from '../apiserver';
import { TICK_MS, type EventHandlers, type KubeObject, type Lister } from '../client';
import type { ControllerContext, ReconcileResult } from './context';
import { NamespacedResourcesDeleter, type DeletionOutcome, type NamespacedResourcesDeleterDeps } from './namespaceDeleter';

/** namespaceDeletionGracePeriod: 5 s, in ticks of 10 ms */
export const NAMESPACE_DELETION_GRACE_PERIOD_TICKS = 500;
/** nsControllerRateLimiter's ItemExponentialFailureRateLimiter(5ms, 60s) */
export const NAMESPACE_BACKOFF_BASE_MS = 5;
export const NAMESPACE_BACKOFF_MAX_MS = 60_000;
/** --concurrent-namespace-syncs' default */
export const NAMESPACE_CONTROLLER_WORKERS = 10;

/** The wait after a pass that left content: estimate/2 + 1 seconds (Go's integer division), in ticks. */
export function remainingContentDelayTicks(estimateSeconds: number): number {
  return (Math.floor(estimateSeconds / 2) + 1) * (1000 / TICK_MS);
}

export function namespaceBackoffTicks(failures: number): number {
  const ms = Math.min(NAMESPACE_BACKOFF_BASE_MS * 2 ** Math.min(failures, 40), NAMESPACE_BACKOFF_MAX_MS);
  return Math.max(1, Math.ceil(ms / TICK_MS));
}

export interface NamespaceControllerDeps {
  namespaces: Lister<Namespace & KubeObject>;
  ctx: ControllerContext;
  discoverResources: NamespacedResourcesDeleterDeps['discoverResources'];
}

export class NamespaceController {
  readonly namespaceHandlers: EventHandlers<Namespace & KubeObject>;
  private readonly deleter: NamespacedResourcesDeleter;
  /** namespaces whose pass is in flight → whether it was asked for again meanwhile */
  private readonly inFlight = new Map<string, boolean>();
  /** the rate limiter's failure count per namespace (reset when a pass succeeds) */
  private readonly failures = new Map<string, number>();

  constructor(private readonly deps: NamespaceControllerDeps) {
    this.deleter = new NamespacedResourcesDeleter({ api: deps.ctx.api, clock: deps.ctx.clock, discoverResources: deps.discoverResources });
    const enqueue = (ns: KubeObject): void => {
      // don't queue a namespace that is not being deleted
      if (ns.metadata?.deletionTimestamp === undefined) return;
      deps.ctx.queue.addAfter(ns.metadata.name ?? '', NAMESPACE_DELETION_GRACE_PERIOD_TICKS);
    };
    this.namespaceHandlers = { onAdd: enqueue, onUpdate: (_old, ns) => enqueue(ns) };
  }

  /** syncNamespaceFromKey: a namespace the cache no longer has has been deleted. */
  reconcile(name: string): ReconcileResult {
    if (this.deps.namespaces.get(name) === undefined) return { ok: true };
    if (this.inFlight.has(name)) {
      this.inFlight.set(name, true);
      return { ok: true };
    }
    this.inFlight.set(name, false);
    this.deleter.delete(name, (outcome) => this.passEnded(name, outcome));
    return { ok: true };
  }

  /** The worker's handling of Delete's result. */
  private passEnded(name: string, outcome: DeletionOutcome): void {
    const { queue } = this.deps.ctx;
    const again = this.inFlight.get(name) === true;
    this.inFlight.delete(name);
    if (outcome.kind === 'done') this.failures.delete(name);
    else if (outcome.kind === 'remaining') queue.addAfter(name, remainingContentDelayTicks(outcome.estimate));
    else {
      const n = this.failures.get(name) ?? 0;
      this.failures.set(name, n + 1);
      queue.addAfter(name, namespaceBackoffTicks(n));
    }
    if (again) queue.add(name);
  }

  /** Whether a pass over this namespace is in flight (tests). */
  syncing(name: string): boolean {
    return this.inFlight.has(name);
  }
}
