// Index functions controllers file their caches by (client-go cache.Indexers), so a sync
// reads the few objects it is about instead of scanning the whole cache: the ReplicaSet
// controller's Pods by their controller's uid (replica_set.go's controllerUIDIndex), the
// garbage collector's dependents by any owner's uid (graph_builder.go's owner edges).
import type { KubeObject } from './api';
import type { IndexFunc } from './store';

export const CONTROLLER_UID_INDEX = 'controllerUID';
export const OWNER_UID_INDEX = 'ownerUID';

/** What `byControllerUid` files an object without a controller under: the orphans a controller may adopt. */
export const NO_CONTROLLER = '';

// Both index functions run twice on every informer event of every indexed store (the old
// object's values and the new one's): plain loops, no closures or intermediate arrays.

/** The uid of the object's controller (the ownerReference with controller: true), or NO_CONTROLLER. */
export const byControllerUid: IndexFunc<KubeObject> = (obj) => {
  const refs = obj.metadata?.ownerReferences;
  if (refs !== undefined) {
    for (const ref of refs) if (ref.controller === true) return [ref.uid ? ref.uid : NO_CONTROLLER];
  }
  return [NO_CONTROLLER];
};

/** The uid of every owner the object names, each once, in the order they are named. */
export const byOwnerUid: IndexFunc<KubeObject> = (obj) => {
  const uids: string[] = [];
  for (const ref of obj.metadata?.ownerReferences ?? []) {
    if (ref.uid && !uids.includes(ref.uid)) uids.push(ref.uid);
  }
  return uids;
};
