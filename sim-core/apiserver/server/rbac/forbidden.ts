// The 403 texts (k8s.io/apiserver endpoints/handlers/responsewriters/errors.go
// forbiddenMessage + errors.NewForbidden): `<group resource> ["<name>"] is forbidden:
// User "<user>" cannot <verb> resource "<resource>[/<subresource>]" in API group "<group>"
// in the namespace "<ns>"` (or `at the cluster scope`), then `: <reason>` when an
// authorizer gave one.
import { statusError, type Status } from '../../../client';
import type { RequestAttributes } from './rules';

function groupResource(group: string, resource: string): string {
  return group === '' ? resource : `${resource}.${group}`;
}

function forbiddenStatus(group: string, resource: string, name: string, detail: string): Status {
  const gr = groupResource(group, resource);
  const subject = name === '' ? gr : `${gr} "${name}"`;
  return statusError('Forbidden', `${subject} is forbidden: ${detail}`, { ...(name !== '' ? { name } : {}), group, kind: resource });
}

export function forbidden(user: string, attrs: RequestAttributes, reason = ''): Status {
  const resource = attrs.subresource === '' ? attrs.resource : `${attrs.resource}/${attrs.subresource}`;
  const where = attrs.namespace !== '' ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  const msg = `User "${user}" cannot ${attrs.verb} resource "${resource}" in API group "${attrs.apiGroup}" ${where}`;
  return forbiddenStatus(attrs.apiGroup, attrs.resource, attrs.name, reason === '' ? msg : `${msg}: ${reason}`);
}

/** admission.NewForbidden: an admission plugin's refusal (NodeRestriction). */
export function admissionForbidden(attrs: RequestAttributes, objectName: string, message: string): Status {
  return forbiddenStatus(attrs.apiGroup, attrs.resource, objectName, message);
}
