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

/** The uid of the object's controller (the ownerReference with controller: true), or NO_CONTROLLER. */
export const byControllerUid: IndexFunc<KubeObject> = (obj) => {
  const ref = obj.metadata?.ownerReferences?.find((r) => r.controller === true);
  return [ref?.uid ? ref.uid : NO_CONTROLLER];
};

/** The uid of every owner the object names. */
export const byOwnerUid: IndexFunc<KubeObject> = (obj) => [...new Set((obj.metadata?.ownerReferences ?? []).map((r) => r.uid).filter((u): u is string => !!u))];
