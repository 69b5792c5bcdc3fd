// A request as the authorizer sees it (k8s.io/apiserver endpoints/request/requestinfo.go):
// the verb (updateStatus is `update` on the `status` subresource; the binding verb is
// `create` on `pods/binding`), the API group of the resource, the namespace, and the
// name the URL carries (none for create, list and watch). Requests on a Namespace carry
// that namespace as their namespace too, as RequestInfo's special case does.
import { kindOfResource } from '../../kinds';
import type { ServerRequest } from '../wire';
import type { RequestAttributes } from './rules';

export interface AuthorizationRequest {
  attrs: RequestAttributes;
  /** the object the request is about, including a create's body name (NodeRestriction reads it) */
  objectName: string;
}

function bodyMeta(body: unknown): { name: string; namespace: string } {
  const m = (typeof body === 'object' && body !== null ? (body as { metadata?: { name?: unknown; namespace?: unknown } }).metadata : undefined) ?? {};
  return { name: typeof m.name === 'string' ? m.name : '', namespace: typeof m.namespace === 'string' ? m.namespace : '' };
}

export function attributesOf(req: ServerRequest): AuthorizationRequest {
  const def = kindOfResource(req.resource);
  // a review is no stored kind: authorization.k8s.io's selfsubjectaccessreviews and selfsubjectrulesreviews, cluster-wide
  const review = req.resource === 'selfsubjectaccessreviews' || req.resource === 'selfsubjectrulesreviews';
  const apiGroup = def?.group ?? (review ? 'authorization.k8s.io' : '');
  const namespaced = def?.namespaced ?? !review;
  let verb: string = req.verb;
  let resource: string = req.resource;
  let subresource = '';
  let name = '';
  let objectName = '';
  let namespace = 'namespace' in req && req.namespace !== undefined ? req.namespace : '';
  switch (req.verb) {
    case 'get':
      name = objectName = req.name;
      subresource = req.subresource ?? '';
      break;
    case 'delete':
      name = objectName = req.name;
      break;
    case 'patch':
      name = objectName = req.name;
      subresource = req.subresource ?? '';
      break;
    case 'update':
    case 'updateStatus': {
      const b = bodyMeta(req.body);
      name = objectName = b.name;
      if (namespace === '') namespace = b.namespace;
      if (req.verb === 'updateStatus') {
        verb = 'update';
        subresource = 'status';
      } else subresource = req.subresource ?? '';
      break;
    }
    case 'create': {
      const b = bodyMeta(req.body);
      objectName = b.name;
      if (namespace === '') namespace = b.namespace || 'default';
      if (req.resource === 'pods/binding') {
        resource = 'pods';
        subresource = 'binding';
        name = objectName;
      }
      break;
    }
    case 'bind':
      verb = 'create';
      subresource = 'binding';
      name = objectName = req.name;
      break;
    default:
      break;
  }
  if (!namespaced) namespace = req.resource === 'namespaces' ? name : '';
  return { attrs: { verb, apiGroup, resource, subresource, namespace, name }, objectName };
}
