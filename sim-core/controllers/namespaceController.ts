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
// only when a pass succeeds. A pass whose answers never come (the API server died with
// the requests) is given up after 45 s — what client-go's HTTP/2 health check takes to
// call a silent connection lost (ReadIdleTimeout 30 s + PingTimeout 15 s) — and retried
// like any failed pass; a late answer to it is ignored.
import type { Namespace } from '../apiserver';
import { TICK_MS, type ApiClient, type EventHandlers, type KubeObject, type Lister } from '../client';
import { TICKS_PER_SECOND } from '../kernel/clock';
import type { ControllerContext, ReconcileResult } from './context';
import { NamespacedResourcesDeleter, type DeletionOutcome, type NamespacedResourcesDeleterDeps } from './namespaceDeleter';

/** namespaceDeletionGracePeriod: 5 s, in ticks of 10 ms */
export const NAMESPACE_DELETION_GRACE_PERIOD_TICKS = 500;
/** nsControllerRateLimiter's ItemExponentialFailureRateLimiter(5ms, 60s) */
export const NAMESPACE_BACKOFF_BASE_MS = 5;
export const NAMESPACE_BACKOFF_MAX_MS = 60_000;
/** how long a pass may wait for answers before it is given up (see above) */
export const NAMESPACE_PASS_TIMEOUT_TICKS = 4_500;
/** --concurrent-namespace-syncs' default */
export const NAMESPACE_CONTROLLER_WORKERS = 10;

/** The wait after a pass that left content: estimate/2 + 1 seconds (Go's integer division), in ticks. */
export function remainingContentDelayTicks(estimateSeconds: number): number {
  return (Math.floor(estimateSeconds / 2) + 1) * TICKS_PER_SECOND;
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
  /** namespaces whose pass is in flight: which pass, when it started, and whether it was asked for again meanwhile */
  private readonly inFlight = new Map<string, { pass: number; startedAt: number; again: boolean }>();
  private passes = 0;
  /** the rate limiter's failure count per namespace (reset when a pass succeeds) */
  private readonly failures = new Map<string, number>();

  constructor(private readonly deps: NamespaceControllerDeps) {
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
    const running = this.inFlight.get(name);
    if (running !== undefined) {
      running.again = true;
      return { ok: true };
    }
    const pass = ++this.passes;
    this.inFlight.set(name, { pass, startedAt: this.deps.ctx.clock.tick(), again: false });
    // the pass's own client: once the pass is given up, its answers go nowhere and it sends nothing more
    const { api } = this.deps.ctx;
    const current = (): boolean => this.inFlight.get(name)?.pass === pass;
    const passApi: ApiClient = {
      request: (req, done) => api.request(req, done === undefined ? undefined : (r) => (current() ? done(r) : undefined)),
      stop: (id) => api.stop(id),
    };
    new NamespacedResourcesDeleter({ api: passApi, clock: this.deps.ctx.clock, discoverResources: this.deps.discoverResources }).delete(name, (outcome) => this.passEnded(name, pass, outcome));
    return { ok: true };
  }

  /** Give up the passes whose answers have not come in time: each counts as a failed pass. */
  tick(now: number): void {
    if (this.inFlight.size === 0) return;
    for (const [name, running] of [...this.inFlight].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (now - running.startedAt >= NAMESPACE_PASS_TIMEOUT_TICKS) this.passEnded(name, running.pass, { kind: 'error', message: 'http2: client connection lost' });
    }
  }

  /** The worker's handling of Delete's result. */
  private passEnded(name: string, pass: number, outcome: DeletionOutcome): void {
    const { queue } = this.deps.ctx;
    const running = this.inFlight.get(name);
    if (running?.pass !== pass) return; // a pass given up already
    const again = running.again;
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
