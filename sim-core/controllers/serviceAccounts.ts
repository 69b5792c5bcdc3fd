// The ServiceAccounts controller (pkg/controller/serviceaccount/serviceaccounts_controller.go):
// every active namespace has a `default` ServiceAccount. It is created when the namespace
// appears and again whenever someone deletes it; a terminating namespace gets none. Since
// Kubernetes 1.24 no token Secret comes with it. kube-controller-manager runs it with one
// worker.
import type { Namespace, ServiceAccount } from '../apiserver';
import type { EventHandlers, KubeObject, Lister } from '../client';
import { enqueueNamespace, namespaceQueueHandlers, requeueUnlessSettled, type ControllerContext, type ReconcileResult } from './context';

/** ServiceAccountsControllerOptions.ServiceAccounts' default: the accounts every namespace gets. */
export const DEFAULT_SERVICE_ACCOUNTS: readonly string[] = ['default'];

export interface ServiceAccountsControllerDeps {
  namespaces: Lister<Namespace & KubeObject>;
  serviceAccounts: Lister<ServiceAccount & KubeObject>;
  ctx: ControllerContext;
}

/** A ServiceAccount as the controller creates it (and the cluster's bootstrap, for the system namespaces). */
export function serviceAccountObject(name: string, namespace?: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, ...(namespace !== undefined ? { namespace } : {}) } };
}

export class ServiceAccountsController {
  /** namespaceAdded / namespaceUpdated: look at the namespace's accounts. */
  readonly namespaceHandlers: EventHandlers<Namespace & KubeObject>;
  /** serviceAccountDeleted: a deleted default account is made again. */
  readonly serviceAccountHandlers: EventHandlers<ServiceAccount & KubeObject>;

  constructor(private readonly deps: ServiceAccountsControllerDeps) {
    this.namespaceHandlers = namespaceQueueHandlers(deps.ctx.queue);
    this.serviceAccountHandlers = { onDelete: (sa) => enqueueNamespace(deps.ctx.queue, sa.metadata?.namespace) };
  }

  /** syncNamespace: create whichever default account the namespace lacks. */
  reconcile(namespace: string): ReconcileResult {
    const ns = this.deps.namespaces.get(namespace);
    if (ns === undefined) return { ok: true };
    if ((ns.status?.phase ?? 'Active') !== 'Active' || ns.metadata?.deletionTimestamp !== undefined) return { ok: true };
    for (const name of DEFAULT_SERVICE_ACCOUNTS) {
      if (this.deps.serviceAccounts.get(`${namespace}/${name}`) !== undefined) continue;
      this.deps.ctx.api.request({ verb: 'create', resource: 'serviceaccounts', namespace, body: serviceAccountObject(name, namespace) }, requeueUnlessSettled(this.deps.ctx, namespace));
    }
    return { ok: true };
  }
}
