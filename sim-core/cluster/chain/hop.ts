// One hop of the watch chain, as `sim trace` and `sim events` print it: who sent what to
// whom, at which tick, about which object, at which etcd revision. Hops are distilled from
// the kernel's trace (journal.ts): the API server's request records (apiserver/server/
// requestTrace.ts), its etcd writes, the watch events it delivers, and what the
// scheduler, the kubelets and the controllers report.

export type HopKind =
  /** a client's write request as the API server handled it (create/update/bind/delete …) */
  | 'request'
  /** the API server's write to etcd (txn put / delete) and the revision it produced */
  | 'etcd'
  /** a watch event the API server delivered to an informer */
  | 'watch'
  /** an object in a LIST answer an informer received (its first sync, or a relist after 410 Gone) */
  | 'list'
  /** a controller's, the scheduler's or a kubelet's own step (reconcile, schedule, container started), or a process's own exit */
  | 'step'
  /** kill / restart / partition / heal */
  | 'fault';

/** The object a hop is about. `resource` is the API's plural (`deployments`). */
export interface HopObject {
  resource: string;
  namespace?: string;
  name: string;
  uid?: string;
  /** ownerReferences' uids, when the hop carried the object */
  owners?: string[];
}

export interface ChainHop {
  /** the kernel trace's sequence number (total order) */
  seq: number;
  tick: number;
  kind: HopKind;
  from: string;
  to: string;
  /** the hop in words, e.g. `create deployments default/web` */
  what: string;
  object?: HopObject;
  /** the etcd revision written or carried (resourceVersion = mod_revision) */
  revision?: number;
  /** the HTTP status of a request */
  code?: number;
}

export function objectRef(o: HopObject): string {
  return o.namespace !== undefined && o.namespace !== '' ? `${o.namespace}/${o.name}` : o.name;
}
