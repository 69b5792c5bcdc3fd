// The garbage collector (pkg/controller/garbagecollector): cascading deletion through
// ownerReferences. Its work items are object uids.
// - An owner is gone (Background propagation, or it never existed): each dependent whose
//   owners are all gone is deleted; one that still has a live owner only loses the
//   dangling reference (attemptToDeleteItem).
// - An owner is being deleted with the `foregroundDeletion` finalizer (Foreground): its
//   dependents are deleted first (with Foreground themselves); once none that blocks
//   (blockOwnerDeletion=true) is left, the finalizer is removed and the API server
//   finishes deleting the owner (processDeletingDependentsItem).
// - An owner is being deleted with the `orphan` finalizer (Orphan): the dependents lose
//   their reference to it, then the finalizer is removed (orphanDependents).
// Deviation: the real GC confirms an absent owner with a live GET before deleting
// (a "virtual node"); we trust the synced caches, so callers must wait for hasSynced — and
// an owner of a kind the collector does not watch (a Namespace, a ClusterRole…) counts as
// alive, as the live GET would find it.
import { kindOfResource, type OwnerReference } from '../apiserver';
import { OWNER_UID_INDEX, deepCopy, sameJson, type EventHandlers, type KubeObject, type Lister, type PropagationPolicy } from '../client';
import { UID_INDEX } from './indexes';
import { withoutOwner } from './controllerRef';
import { requeueOnError, type ControllerContext, type ReconcileResult } from './context';

export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

export interface GarbageCollectorDeps {
  /** a lister per resource the collector watches (`pods`, `replicasets`, `deployments`, …), each with addControllerIndexes' indexes */
  listers: Readonly<Record<string, Lister<KubeObject>>>;
  ctx: ControllerContext;
}

interface Node {
  resource: string;
  obj: KubeObject;
}

function hasFinalizer(obj: KubeObject, f: string): boolean {
  return (obj.metadata?.finalizers ?? []).includes(f);
}

/** Two lists of JSON values with the same items in the same order (both absent counts as equal). */
function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  return sameJson(a ?? [], b ?? []);
}

function deleting(obj: KubeObject): boolean {
  return obj.metadata?.deletionTimestamp !== undefined;
}

export class GarbageCollector {
  private readonly resources: readonly string[];
  /** `group/Kind` of every watched resource: an owner of another kind is never seen, so never known gone */
  private readonly watchedKinds: ReadonlySet<string>;

  constructor(private readonly deps: GarbageCollectorDeps) {
    this.resources = Object.keys(deps.listers).sort();
    this.watchedKinds = new Set(this.resources.map((r) => kindOfResource(r)).flatMap((d) => (d === undefined ? [] : [`${d.group}/${d.kind}`])));
  }

  private watches(ref: OwnerReference): boolean {
    const apiVersion = ref.apiVersion ?? '';
    const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    return this.watchedKinds.has(`${group}/${ref.kind ?? ''}`);
  }

  /** Handlers for one resource's informer: enqueue the uids whose situation may have changed. */
  handlersFor(_resource: string): EventHandlers<KubeObject> {
    const q = this.deps.ctx.queue;
    const enqueueOwners = (o: KubeObject) => {
      for (const r of o.metadata?.ownerReferences ?? []) q.add(r.uid ?? '');
    };
    return {
      onAdd: (o) => {
        if ((o.metadata?.ownerReferences ?? []).length > 0 || deleting(o)) q.add(o.metadata?.uid ?? '');
      },
      onUpdate: (old, o) => {
        if (old.metadata?.resourceVersion === o.metadata?.resourceVersion) return;
        // graph_builder.go processGraphChanges: only a change to the object's owners or a
        // deletion transition (deletionTimestamp, finalizers) is work for the collector; a
        // status write — most of a cluster's updates — is not
        const ownersChanged = !sameList(old.metadata?.ownerReferences, o.metadata?.ownerReferences);
        if (!ownersChanged && deleting(old) === deleting(o) && sameList(old.metadata?.finalizers, o.metadata?.finalizers)) return;
        q.add(o.metadata?.uid ?? '');
        enqueueOwners(o); // a foreground owner may be waiting on this dependent
        if (ownersChanged) enqueueOwners(old); // …or on one that no longer names it (addUnblockedOwnersToDeleteQueue)
      },
      onDelete: (o) => {
        q.add(o.metadata?.uid ?? ''); // its dependents may now be orphans
        enqueueOwners(o);
      },
    };
  }

  /**
   * graph_builder.go's uidToNode, read through each cache's uid index (kept current by the
   * informers' events as their stores apply them) instead of a map rebuilt from every
   * cache on every sync. Resources in sorted order; the last one holding the uid wins.
   */
  private nodeOf(uid: string): Node | undefined {
    let node: Node | undefined;
    for (const resource of this.resources) {
      const found = (this.deps.listers[resource] as Lister<KubeObject>).byIndex(UID_INDEX, uid);
      const obj = found[found.length - 1];
      if (obj !== undefined) node = { resource, obj };
    }
    return node;
  }

  /** graph_builder.go's owner → dependents edges: every object naming `uid` as an owner, by resource, then key. */
  private dependentsOf(uid: string): Node[] {
    const dependents: Node[] = [];
    for (const resource of this.resources) {
      for (const obj of (this.deps.listers[resource] as Lister<KubeObject>).byIndex(OWNER_UID_INDEX, uid)) {
        if (obj.metadata?.uid) dependents.push({ resource, obj });
      }
    }
    return dependents;
  }

  reconcile(uid: string): ReconcileResult {
    if (uid === '') return { ok: true };
    const node = this.nodeOf(uid);
    if (!node) {
      for (const dep of this.dependentsOf(uid)) this.attemptToDelete(uid, dep);
      return { ok: true };
    }
    if (deleting(node.obj) && hasFinalizer(node.obj, ORPHAN_FINALIZER)) this.orphanDependents(uid, node);
    else if (deleting(node.obj) && hasFinalizer(node.obj, FOREGROUND_FINALIZER)) this.deleteDependentsFirst(uid, node);
    else this.attemptToDelete(uid, node);
    return { ok: true };
  }

  private write(key: string, req: Parameters<ControllerContext['api']['request']>[0], after?: (ok: boolean) => void): void {
    const { ctx } = this.deps;
    ctx.api.request(req, requeueOnError(ctx, key, (r) => after?.(r.ok)));
  }

  private namespaceOf(obj: KubeObject): string {
    return obj.metadata?.namespace ?? '';
  }

  /** attemptToDeleteItem: delete a dependent whose owners are all gone; drop dangling references otherwise. */
  private attemptToDelete(key: string, dep: Node): void {
    const refs = dep.obj.metadata?.ownerReferences ?? [];
    if (refs.length === 0 || deleting(dep.obj)) return;
    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of refs) {
      const owner = this.nodeOf(ref.uid ?? '');
      if (!owner) (this.watches(ref) ? dangling : solid).push(ref);
      else if (deleting(owner.obj) && hasFinalizer(owner.obj, FOREGROUND_FINALIZER)) waiting.push(ref);
      else solid.push(ref);
    }
    const ns = this.namespaceOf(dep.obj);
    if (solid.length > 0) {
      if (dangling.length === 0 && waiting.length === 0) return;
      // A live owner keeps the dependent alive; only the references to gone owners go.
      let body = deepCopy(dep.obj);
      for (const r of [...dangling, ...waiting]) body = withoutOwner(body, r.uid ?? '');
      this.write(key, { verb: 'update', resource: dep.resource, namespace: ns, body });
      return;
    }
    // An owner waits for us and we have dependents ourselves: delete in the foreground too,
    // so the wait covers the whole tree. Otherwise the dependent's own finalizers decide.
    let policy: PropagationPolicy = 'Background';
    const hasDependents = this.dependentsOf(dep.obj.metadata?.uid ?? '').length > 0;
    if ((waiting.length > 0 && hasDependents) || hasFinalizer(dep.obj, FOREGROUND_FINALIZER)) policy = 'Foreground';
    else if (hasFinalizer(dep.obj, ORPHAN_FINALIZER)) policy = 'Orphan';
    this.write(key, {
      verb: 'delete',
      resource: dep.resource,
      namespace: ns,
      name: dep.obj.metadata?.name ?? '',
      uid: dep.obj.metadata?.uid,
      propagationPolicy: policy,
    });
  }

  /** Foreground: delete the dependents; when no blocking one is left, release the owner. */
  private deleteDependentsFirst(uid: string, owner: Node): void {
    const dependents = this.dependentsOf(uid);
    const blocking = dependents.filter((d) =>
      (d.obj.metadata?.ownerReferences ?? []).some((r) => r.uid === uid && r.blockOwnerDeletion === true),
    );
    if (blocking.length === 0) {
      this.removeFinalizer(uid, owner, FOREGROUND_FINALIZER);
      return;
    }
    for (const dep of dependents) this.attemptToDelete(uid, dep);
  }

  /** Orphan: strip the owner's reference from every dependent, then release the owner. */
  private orphanDependents(uid: string, owner: Node): void {
    const dependents = this.dependentsOf(uid);
    if (dependents.length === 0) {
      this.removeFinalizer(uid, owner, ORPHAN_FINALIZER);
      return;
    }
    let left = dependents.length;
    let allOk = true;
    for (const dep of dependents) {
      const body = withoutOwner(deepCopy(dep.obj), uid);
      this.write(uid, { verb: 'update', resource: dep.resource, namespace: this.namespaceOf(dep.obj), body }, (ok) => {
        allOk &&= ok;
        // Only when every dependent is orphaned may the owner go (the real GC waits the same way).
        if (--left === 0 && allOk) this.removeFinalizer(uid, owner, ORPHAN_FINALIZER);
      });
    }
  }

  private removeFinalizer(key: string, owner: Node, finalizer: string): void {
    const body = deepCopy(owner.obj);
    const finalizers = (body.metadata?.finalizers ?? []).filter((f) => f !== finalizer);
    body.metadata = { ...(body.metadata ?? {}), finalizers };
    this.write(key, { verb: 'update', resource: owner.resource, namespace: this.namespaceOf(owner.obj), body });
  }
}
