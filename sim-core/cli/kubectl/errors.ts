// Errors as kubectl 1.32 prints them. A failed API request is printed by cmdutil.CheckErr as
// `Error from server (<Reason>): <message>`, the message being the API server's
// (apimachinery/pkg/api/errors: NewNotFound, NewAlreadyExists, NewConflict, NewForbidden;
// RBAC's reason text from plugin/pkg/auth/authorizer/rbac). Client-side failures print
// `error: <message>`. Every text ends with a newline and goes to stderr, exit code 1.
import { kindForResource, type KindDefinition } from '../../apiserver';

/** `deployments.apps`, `pods`: the group-qualified resource the API server names. */
export function qualifiedResource(def: KindDefinition): string {
  return def.group === '' ? def.resource : `${def.resource}.${def.group}`;
}

export type ServerError =
  | { reason: 'NotFound'; resource: string; name: string }
  | { reason: 'AlreadyExists'; resource: string; name: string }
  | { reason: 'Conflict'; resource: string; name: string }
  | {
      reason: 'Forbidden';
      resource: string;
      name?: string;
      user: string;
      verb: string;
      /** the API group of the resource, '' for the core group */
      group: string;
      /** undefined for cluster-scoped requests */
      namespace?: string;
    }
  | { reason: 'Expired'; message: string }
  | { reason: 'BadRequest'; message: string }
  | { reason: 'InternalError'; message: string };

/** The API server's Status.message for an error. */
export function serverErrorMessage(e: ServerError): string {
  switch (e.reason) {
    case 'NotFound':
      return `${e.resource} "${e.name}" not found`;
    case 'AlreadyExists':
      return `${e.resource} "${e.name}" already exists`;
    case 'Conflict':
      return `Operation cannot be fulfilled on ${e.resource} "${e.name}": the object has been modified; please apply your changes to the latest version and try again`;
    case 'Forbidden': {
      const base = e.resource.split('.')[0] as string;
      const scope = e.namespace === undefined ? 'at the cluster scope' : `in the namespace "${e.namespace}"`;
      const why = `User "${e.user}" cannot ${e.verb} resource "${base}" in API group "${e.group}" ${scope}`;
      return e.name ? `${e.resource} "${e.name}" is forbidden: ${why}` : `${e.resource} is forbidden: ${why}`;
    }
    case 'Expired':
    case 'BadRequest':
    case 'InternalError':
      return e.message;
  }
}

/** `Error from server (NotFound): deployments.apps "web" not found` */
export function serverErrorText(e: ServerError): string {
  return `Error from server (${e.reason}): ${serverErrorMessage(e)}\n`;
}

/** The same error met while applying or creating from a file: `error when creating "web.yaml": …` */
export function serverErrorFromFile(e: ServerError, verb: 'creating' | 'applying' | 'replacing' | 'retrieving current configuration of', source: string): string {
  return `Error from server (${e.reason}): error when ${verb} "${source}": ${serverErrorMessage(e)}\n`;
}

/** NotFound for a kind by name, e.g. `notFound('Deployment', 'web')`. */
export function notFound(def: KindDefinition, name: string): ServerError {
  return { reason: 'NotFound', resource: qualifiedResource(def), name };
}

/** kubectl's discovery has no such resource (`kubectl get deploymentz`). */
export function unknownResourceType(word: string): string {
  return `error: the server doesn't have a resource type "${word}"\n`;
}

/** `kubectl delete deployment` / `kubectl describe`-style calls with a type but no name where one is needed. */
export const NO_NAME_ERROR = 'error: resource(s) were provided, but no name was specified\n';

/** Resolves a resource word as kubectl's RESTMapper would, or the discovery error. */
export function resolveResource(word: string): { ok: true; def: KindDefinition } | { ok: false; error: string } {
  const def = kindForResource(word);
  return def ? { ok: true, def } : { ok: false, error: unknownResourceType(word) };
}
