// The bind (pkg/scheduler/framework/plugins/defaultbinder): kube-scheduler POSTs a
// core/v1 Binding to pods/<name>/binding, and the API server sets spec.nodeName and
// PodScheduled=True only if the Pod is still unbound (apiserver/server/update.ts
// handleBind): a Pod bound by someone else meanwhile answers 409 Conflict, so no Pod is
// ever bound twice. The scheduler needs no right to update Pods for it.
import type { Pod } from '../apiserver';
import type { ApiRequest } from '../client';

export function bindingRequest(pod: Pod, node: string): Extract<ApiRequest, { verb: 'create' }> {
  return {
    verb: 'create',
    resource: 'bindings',
    namespace: pod.metadata?.namespace ?? 'default',
    body: {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: pod.metadata?.name ?? '' },
      target: { kind: 'Node', name: node },
    },
  };
}
