// The cache indexes the controllers read through (client-go cache.Indexers registered on
// the shared informers): a sync then reads the few objects it is about instead of
// scanning a whole cache on every reconcile.
// - CONTROLLER_UID_INDEX: a ReplicaSet's Pods, and the orphans it may adopt
//   (replica_set.go's controllerUIDIndex).
// - OWNER_UID_INDEX: the garbage collector's dependents of an owner (graph_builder.go's
//   owner → dependents edges).
// - UID_INDEX: the garbage collector's uid → object nodes (graph_builder.go's uidToNode),
//   kept current by the informer's events as the store applies them.
import { CONTROLLER_UID_INDEX, OWNER_UID_INDEX, byControllerUid, byOwnerUid, type IndexFunc, type KubeObject, type Store } from '../client';

export const UID_INDEX = 'uid';

/** The object's own uid (none for an object the API server never stored). */
export const byObjectUid: IndexFunc<KubeObject> = (obj) => (obj.metadata?.uid ? [obj.metadata.uid] : []);

/** Register every index the controllers read on an informer's store; call before the informer runs. */
export function addControllerIndexes<T extends KubeObject>(store: Store<T>): void {
  store.addIndex(CONTROLLER_UID_INDEX, byControllerUid);
  store.addIndex(OWNER_UID_INDEX, byOwnerUid);
  store.addIndex(UID_INDEX, byObjectUid);
}
