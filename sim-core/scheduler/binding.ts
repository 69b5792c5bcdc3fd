// The bind. kube-scheduler POSTs a Binding to pods/<name>/binding, and the API server
// sets spec.nodeName (only if it is still empty). The ApiClient has no binding verb
// yet, so the bind travels as an `update` of the Pod with spec.nodeName set and the
// cached resourceVersion: a Pod that changed (or was bound by someone else) since the
// cache saw it fails with 409 Conflict instead of being bound twice.
import type { Pod } from '../apiserver';
import { deepCopy, type ApiRequest } from '../client';

export function bindingRequest(pod: Pod, node: string): Extract<ApiRequest, { verb: 'update' }> {
  const body = deepCopy(pod);
  body.spec = { ...(body.spec ?? {}), nodeName: node };
  return { verb: 'update', resource: 'pods', namespace: pod.metadata?.namespace ?? 'default', body: { ...body, kind: 'Pod', apiVersion: 'v1' } };
}
