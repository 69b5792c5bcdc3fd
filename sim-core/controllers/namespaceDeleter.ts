// The namespaced resources deleter (kubernetes/kubernetes pkg/controller/namespace/deletion/
// namespaced_resources_deleter.go, Kubernetes 1.32): what the namespace controller does for
// one terminating namespace, in its order —
//   1. GET the namespace (gone, or not being deleted: nothing to do);
//   2. make sure its status.phase is Terminating (UpdateStatus, retried on Conflict);
//   3. nothing more if its spec.finalizers are already empty (finalized);
//   4. deleteAllContent: for every namespaced resource discovery lists with the delete verb,
//      estimate the graceful termination left (Pods: the longest terminationGracePeriodSeconds
//      of the non-terminal ones, or 0 once that long has passed since the namespace's
//      deletion), delete every item (propagationPolicy Background) and list again: what is
//      left, and which finalizers hold it, feeds the status conditions, written when they
//      change (namespaceConditions.ts);
//   5. content left: the caller waits `estimate` (ResourcesRemainingError); an error: the
//      caller retries with back-off; else
//   6. remove the `kubernetes` token from spec.finalizers through the finalize subresource
//      (retried on Conflict) — the API server then deletes the namespace.
// The real one's calls block and follow one another, each answered in milliseconds; here
// each is a request whose answer continues the pass, and the simulated API server answers a
// write in a few hundred milliseconds of simulated time (a raft commit): done one after
// another, the ~30 requests of a pass would take seconds the real pass does not. So the
// resources are worked on side by side (their order is a Go map's, random, in the real one),
// and the items of one resource are deleted side by side; each resource's own steps keep
// their order (estimate, delete, list again), and the results are added up in discovery
// order (group, then resource). The simulated API server serves no `deletecollection`
// verb (discovery says so), so every resource takes the deleter's fallback, deleteEachItem:
// list, then delete each item by name. Discovery here is the API server's own static list
// (apiserver/discovery.ts), read in-process rather than over the network: it cannot fail, so
// NamespaceDeletionDiscoveryFailure and NamespaceDeletionGroupVersionParsingFailure are
// always False.
import { namespaceSpecFinalizers, type ApiResource } from '../apiserver';
import { deepCopy, isNotFound, statusError, type ApiClient, type ApiResult, type KubeObject } from '../client';
import { parseTimestamp, tickToMillis } from '../cli/kubectl/clock';
import type { ControllerClock } from './context';
import { NamespaceConditionUpdater, type NamespaceCondition } from './namespaceConditions';

/** api.FinalizerKubernetes: the token this controller owns. */
export const NAMESPACE_FINALIZER = 'kubernetes';
/** finalizerEstimateSeconds: the wait assumed for content held only by finalizers. */
export const FINALIZER_ESTIMATE_SECONDS = 15;

export interface NamespaceShape extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: NamespaceCondition[] };
}

/** How one pass ended: the namespace is done with (or never needed us), content remains for `estimate` seconds, or something failed. */
export type DeletionOutcome = { kind: 'done' } | { kind: 'remaining'; estimate: number } | { kind: 'error'; message: string };

export interface NamespacedResourcesDeleterDeps {
  api: ApiClient;
  clock: ControllerClock;
  /** discoverResourcesFn: the namespaced resources the API server serves */
  discoverResources: () => readonly ApiResource[];
}

interface ResourceResult {
  estimate: number;
  remaining: number;
  finalizers: Map<string, number>;
  error?: string;
}

/** schema.GroupVersionResource's String(): `apps/v1, Resource=replicasets`, `/v1, Resource=pods`. */
function gvrText(r: ApiResource): string {
  return `${r.group}/${r.version}, Resource=${r.name}`;
}

/** Start `step` on every item at once; `done` gets their results, in the items' order, when the last one ends. */
function allTogether<T, R>(items: readonly T[], step: (item: T, finish: (result: R) => void) => void, done: (results: R[]) => void): void {
  const results: R[] = new Array<R>(items.length);
  let left = items.length;
  if (left === 0) return done(results);
  items.forEach((item, i) =>
    step(item, (result) => {
      results[i] = result;
      if (--left === 0) done(results);
    }),
  );
}

export class NamespacedResourcesDeleter {
  constructor(private readonly deps: NamespacedResourcesDeleterDeps) {}

  /** Delete(nsName): one pass; `done` gets its outcome when the last answer arrives. */
  delete(name: string, done: (outcome: DeletionOutcome) => void): void {
    this.deps.api.request({ verb: 'get', resource: 'namespaces', namespace: '', name }, (r) => {
      if (!r.ok) return done(isNotFound(r.error) ? { kind: 'done' } : { kind: 'error', message: r.error.message });
      const ns = r.value as NamespaceShape;
      if (ns.metadata?.deletionTimestamp === undefined) return done({ kind: 'done' });
      this.retryOnConflict(ns, (n, cb) => this.updateNamespaceStatus(n, cb), (updated) => {
        if (!updated.ok) return done(isNotFound(updated.error) ? { kind: 'done' } : { kind: 'error', message: updated.error.message });
        const current = updated.value;
        if (current.metadata?.deletionTimestamp === undefined) return done({ kind: 'done' });
        if (namespaceSpecFinalizers(current).length === 0) return done({ kind: 'done' }); // finalized already
        this.deleteAllContent(current, (estimate, errors) => {
          if (errors.length > 0) return done({ kind: 'error', message: errors.join(', ') });
          if (estimate > 0) return done({ kind: 'remaining', estimate });
          this.retryOnConflict(current, (n, cb) => this.finalizeNamespace(n, cb), (finalized) => {
            if (!finalized.ok && !isNotFound(finalized.error)) return done({ kind: 'error', message: finalized.error.message });
            done({ kind: 'done' });
          });
        });
      });
    });
  }

  /** retryOnConflictError: on 409 read the namespace again and retry, unless it is another namespace by now (a new uid). */
  private retryOnConflict(ns: NamespaceShape, fn: (ns: NamespaceShape, cb: (r: ApiResult<NamespaceShape>) => void) => void, done: (r: ApiResult<NamespaceShape>) => void): void {
    fn(ns, (r) => {
      if (r.ok || r.error.reason !== 'Conflict') return done(r);
      this.deps.api.request({ verb: 'get', resource: 'namespaces', namespace: '', name: ns.metadata?.name ?? '' }, (latest) => {
        if (!latest.ok) return done(latest);
        const next = latest.value as NamespaceShape;
        if (next.metadata?.uid !== ns.metadata?.uid) return done({ ok: false, error: statusError('InternalError', 'namespace uid has changed across retries') });
        this.retryOnConflict(next, fn, done);
      });
    });
  }

  /** updateNamespaceStatusFunc: phase Terminating, if it is not yet. */
  private updateNamespaceStatus(ns: NamespaceShape, cb: (r: ApiResult<NamespaceShape>) => void): void {
    if (ns.metadata?.deletionTimestamp === undefined || ns.status?.phase === 'Terminating') return cb({ ok: true, value: ns });
    const next = deepCopy(ns);
    next.status = { ...(next.status ?? {}), phase: 'Terminating' };
    this.deps.api.request({ verb: 'updateStatus', resource: 'namespaces', namespace: '', body: next }, (r) => cb(r as ApiResult<NamespaceShape>));
  }

  /** finalizeNamespace: spec.finalizers without this controller's token (a sorted set; omitted when empty, as Go's omitempty does). */
  private finalizeNamespace(ns: NamespaceShape, cb: (r: ApiResult<NamespaceShape>) => void): void {
    const left = [...new Set(namespaceSpecFinalizers(ns).filter((f) => f !== NAMESPACE_FINALIZER))].sort();
    const { status: _status, ...rest } = deepCopy(ns);
    const body: NamespaceShape = { ...rest, spec: { ...(ns.spec ?? {}), ...(left.length > 0 ? { finalizers: left } : {}) } };
    if (left.length === 0) delete body.spec?.finalizers;
    this.deps.api.request({ verb: 'update', resource: 'namespaces', namespace: '', body, subresource: 'finalize' }, (r) => cb(r as ApiResult<NamespaceShape>));
  }

  /** deleteAllContent: every deletable namespaced resource, then the conditions; `done(estimate, errors)`. */
  private deleteAllContent(ns: NamespaceShape, done: (estimate: number, errors: string[]) => void): void {
    const namespace = ns.metadata?.name ?? '';
    const deletedAt = parseTimestamp(ns.metadata?.deletionTimestamp ?? '') ?? tickToMillis(this.deps.clock.tick());
    const updater = new NamespaceConditionUpdater(() => this.deps.clock.timestamp());
    const resources = this.deps
      .discoverResources()
      .filter((r) => r.namespaced && r.verbs.includes('delete'))
      .sort((a, b) => (a.group !== b.group ? (a.group < b.group ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    allTogether<ApiResource, ResourceResult>(
      resources,
      (resource, finish) => this.deleteAllContentFor(resource, namespace, deletedAt, finish),
      (results) => {
        const errors: string[] = [];
        let estimate = 0;
        const remainingByResource = new Map<string, number>();
        const remainingByFinalizer = new Map<string, number>();
        results.forEach((result, i) => {
          const resource = resources[i] as ApiResource;
          if (result.error !== undefined) {
            errors.push(result.error);
            updater.deleteContentFailed(result.error);
          }
          estimate = Math.max(estimate, result.estimate);
          if (result.remaining > 0) {
            // keyed as gvr.GroupResource() prints: the API server serves one version of each resource
            remainingByResource.set(`${resource.name}.${resource.group}`, result.remaining);
            for (const [f, n] of result.finalizers) if (n > 0) remainingByFinalizer.set(f, (remainingByFinalizer.get(f) ?? 0) + n);
          }
        });
        updater.contentTotals({ remainingByResource, remainingByFinalizer });
        const conditions = [...(ns.status?.conditions ?? [])].map((c) => ({ ...c }));
        if (!updater.update(conditions)) return done(estimate, errors);
        // a failed condition write is only logged (HandleError): it does not fail the pass
        const body: NamespaceShape = { ...ns, status: { ...(ns.status ?? {}), conditions } };
        this.deps.api.request({ verb: 'updateStatus', resource: 'namespaces', namespace: '', body }, () => done(estimate, errors));
      },
    );
  }

  /** deleteAllContentForGroupVersionResource */
  private deleteAllContentFor(resource: ApiResource, namespace: string, deletedAt: number, done: (r: ResourceResult) => void): void {
    const nothing = (estimate: number, error?: string): ResourceResult => ({ estimate, remaining: 0, finalizers: new Map(), ...(error !== undefined ? { error } : {}) });
    this.estimateGracefulTermination(resource, namespace, deletedAt, (estimated) => {
      if (!estimated.ok) return done(nothing(0, estimated.error));
      const estimate = estimated.value;
      // deleteCollection is not served: deleteEachItem
      this.deleteEachItem(resource, namespace, (deleteError) => {
        if (deleteError !== undefined) return done(nothing(estimate, deleteError));
        // verify there are no more remaining items
        this.list(resource, namespace, (listed) => {
          if (!listed.ok) return done(nothing(estimate, listed.error));
          const items = listed.value;
          // list not served: nothing to verify, the estimate stands; an empty list: all gone
          if (items === undefined) return done(nothing(estimate));
          if (items.length === 0) return done(nothing(0));
          const finalizers = new Map<string, number>();
          for (const item of items) for (const f of item.metadata?.finalizers ?? []) finalizers.set(f, (finalizers.get(f) ?? 0) + 1);
          if (estimate !== 0) return done({ estimate, remaining: items.length, finalizers });
          // an item held by a finalizer is normal: allow the default estimate for it to finish
          if (finalizers.size > 0) return done({ estimate: FINALIZER_ESTIMATE_SECONDS, remaining: items.length, finalizers });
          // nothing reported a finalizer, so something unexpected kept it
          done({ estimate, remaining: items.length, finalizers, error: `unexpected items still remain in namespace: ${namespace} for gvr: ${gvrText(resource)}` });
        });
      });
    });
  }

  /** listCollection: the namespace's items (undefined when list is not served: nothing to check). */
  private list(resource: ApiResource, namespace: string, done: (r: { ok: true; value: KubeObject[] | undefined } | { ok: false; error: string }) => void): void {
    if (!resource.verbs.includes('list')) return done({ ok: true, value: undefined });
    this.deps.api.request({ verb: 'list', resource: resource.name, namespace }, (r) => {
      if (r.ok) return done({ ok: true, value: r.value.items });
      // a resource that answers NotFound or MethodNotAllowed does not support list
      if (isNotFound(r.error) || r.error.reason === 'MethodNotAllowed') return done({ ok: true, value: undefined });
      done({ ok: false, error: r.error.message });
    });
  }

  /** deleteEachItem: list, then delete each item by name with Background propagation; `done(error?)`. */
  private deleteEachItem(resource: ApiResource, namespace: string, done: (error?: string) => void): void {
    this.list(resource, namespace, (listed) => {
      if (!listed.ok) return done(listed.error);
      allTogether<KubeObject, string | undefined>(
        listed.value ?? [],
        (item, finish) => {
          const name = item.metadata?.name ?? '';
          this.deps.api.request({ verb: 'delete', resource: resource.name, namespace, name, propagationPolicy: 'Background' }, (r) => {
            finish(!r.ok && !isNotFound(r.error) && r.error.reason !== 'MethodNotAllowed' ? r.error.message : undefined);
          });
        },
        // the real loop stops at the first failure: the first one in list order is reported
        (failures) => done(failures.find((f) => f !== undefined)),
      );
    });
  }

  /**
   * estimateGracefulTermination: for Pods, the longest terminationGracePeriodSeconds of those
   * not yet Succeeded or Failed; 0 for any other resource, and 0 once that long has passed
   * since the namespace was deleted.
   */
  private estimateGracefulTermination(resource: ApiResource, namespace: string, deletedAt: number, done: (r: { ok: true; value: number } | { ok: false; error: string }) => void): void {
    if (resource.group !== '' || resource.name !== 'pods') return done({ ok: true, value: 0 });
    this.deps.api.request({ verb: 'list', resource: 'pods', namespace }, (r) => {
      if (!r.ok) return done({ ok: false, error: r.error.message });
      let estimate = 0;
      for (const pod of r.value.items) {
        const phase = (pod.status as { phase?: string } | undefined)?.phase;
        if (phase === 'Succeeded' || phase === 'Failed') continue;
        const grace = (pod.spec as { terminationGracePeriodSeconds?: number } | undefined)?.terminationGracePeriodSeconds;
        if (grace !== undefined && grace > estimate) estimate = grace;
      }
      const elapsedMs = tickToMillis(this.deps.clock.tick()) - deletedAt;
      done({ ok: true, value: elapsedMs >= estimate * 1000 ? 0 : estimate });
    });
  }
}
