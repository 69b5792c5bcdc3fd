// The ServiceAccounts controller (pkg/controller/serviceaccount/serviceaccounts_controller.go):
// every active namespace has a `default` ServiceAccount. It is created when the namespace
// appears and again whenever someone deletes it; a terminating namespace gets none. Since
// Kubernetes 1.24 no token Secret comes with it. kube-controller-manager runs it with one
// worker.
import type { Namespace, ServiceAccount } from '../apiserver';
import { isNotFound, type ApiResult, type EventHandlers, type KubeObject, type Lister, type Status } from '../client';
import { requeueOnError, type ControllerContext, type ReconcileResult } from './context';

/** ServiceAccountsControllerOptions.ServiceAccounts' default: the accounts every namespace gets. */
export const DEFAULT_SERVICE_ACCOUNTS: readonly string[] = ['default'];

export interface ServiceAccountsControllerDeps {
  namespaces: Lister<Namespace & KubeObject>;
  serviceAccounts: Lister<ServiceAccount & KubeObject>;
  ctx: ControllerContext;
}

/** A create the controller does not retry: the account is there already, or the namespace is gone or going. */
function settled(error: Status): boolean {
  return error.reason === 'AlreadyExists' || isNotFound(error) || /because it is being terminated/.test(error.message);
}

export class ServiceAccountsController {
  constructor(private readonly deps: ServiceAccountsControllerDeps) {}

  /** namespaceAdded / namespaceUpdated: look at the namespace's accounts. */
  readonly namespaceHandlers: EventHandlers<Namespace & KubeObject> = {
    onAdd: (ns) => this.enqueue(ns.metadata?.name),
    onUpdate: (_old, ns) => this.enqueue(ns.metadata?.name),
  };

  /** serviceAccountDeleted: a deleted default account is made again. */
  readonly serviceAccountHandlers: EventHandlers<ServiceAccount & KubeObject> = {
    onDelete: (sa) => this.enqueue(sa.metadata?.namespace),
  };

  private enqueue(namespace: string | undefined): void {
    if (namespace !== undefined && namespace !== '') this.deps.ctx.queue.add(namespace);
  }

  /** syncNamespace: create whichever default account the namespace lacks. */
  reconcile(namespace: string): ReconcileResult {
    const ns = this.deps.namespaces.get(namespace);
    if (ns === undefined) return { ok: true };
    if ((ns.status?.phase ?? 'Active') !== 'Active' || ns.metadata?.deletionTimestamp !== undefined) return { ok: true };
    for (const name of DEFAULT_SERVICE_ACCOUNTS) {
      if (this.deps.serviceAccounts.get(`${namespace}/${name}`) !== undefined) continue;
      const body: KubeObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } };
      const requeue = requeueOnError(this.deps.ctx, namespace);
      this.deps.ctx.api.request({ verb: 'create', resource: 'serviceaccounts', namespace, body }, (r: ApiResult<unknown>) => {
        if (!r.ok && settled(r.error)) return;
        requeue(r);
      });
    }
    return { ok: true };
  }
}
