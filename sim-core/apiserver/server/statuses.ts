// The API server's refusals, in metav1.Status shape with the real texts
// (k8s.io/apimachinery/pkg/api/errors/errors.go and the registry's own messages).
import { statusError, type Status, type StatusReason } from '../../client';
import { invalidMessage, KINDS, statusCauses, type AdmitResult, type FieldError, type KindDefinition } from '../kinds';

/** `deployments.apps`, `pods`: how errors.go names a resource (GroupResource.String()). */
export function groupResource(def: KindDefinition): string {
  return def.group === '' ? def.resource : `${def.resource}.${def.group}`;
}

function details(def: KindDefinition, name: string): Status['details'] {
  return { name, group: def.group, kind: def.resource };
}

export function notFound(def: KindDefinition, name: string): Status {
  return statusError('NotFound', `${groupResource(def)} "${name}" not found`, details(def, name));
}

export function alreadyExists(def: KindDefinition, name: string): Status {
  return statusError('AlreadyExists', `${groupResource(def)} "${name}" already exists`, details(def, name));
}

/** errors.NewConflict + registry.OptimisticLockErrorMsg */
export function conflict(def: KindDefinition, name: string): Status {
  return statusError(
    'Conflict',
    `Operation cannot be fulfilled on ${groupResource(def)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    details(def, name),
  );
}

/** pkg/registry/core/pod/storage: assignPod's refusal, wrapped in errors.NewConflict on pods/binding. */
export function alreadyBound(podName: string, nodeName: string): Status {
  return statusError(
    'Conflict',
    `Operation cannot be fulfilled on pods/binding "${podName}": pod ${podName} is already assigned to node "${nodeName}"`,
    { name: podName, group: '', kind: 'pods/binding' },
  );
}

export function uidPreconditionFailed(def: KindDefinition, name: string, want: string, have: string): Status {
  return statusError(
    'Conflict',
    `Operation cannot be fulfilled on ${groupResource(def)} "${name}": Precondition failed: UID in precondition: ${want}, UID in object meta: ${have}`,
    details(def, name),
  );
}

/** The watch cache's "too old" (watch_cache.go: errors.NewResourceExpired, 410 with reason Expired). */
export function tooOldResourceVersion(requested: number, oldest: number): Status {
  return statusError('Expired', `too old resource version: ${requested} (${oldest})`);
}

/** NamespaceLifecycle admission: creating in a namespace that does not exist. */
export function namespaceNotFound(namespace: string): Status {
  return statusError('NotFound', `namespaces "${namespace}" not found`, { name: namespace, group: '', kind: 'namespaces' });
}

export function namespaceTerminating(def: KindDefinition, name: string, namespace: string): Status {
  return statusError(
    'Forbidden',
    `${groupResource(def)} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
    details(def, name),
  );
}

/** admission.NewForbidden: `pods "web-" is forbidden: <why>` (a generateName'd object is named by its prefix: no name is generated yet). */
export function admissionForbidden(def: KindDefinition, name: string, why: string): Status {
  return statusError('Forbidden', `${groupResource(def)} "${name}" is forbidden: ${why}`, details(def, name));
}

/** `the server could not find the requested resource` — an unknown resource in the URL. */
export function unknownResource(resource: string): Status {
  return statusError('NotFound', `the server could not find the requested resource (${resource})`);
}

/**
 * A refusal with an explicit code: also for the few the client's StatusReason does not list
 * (UnsupportedMediaType 415, and code 0 for kubectl's own transport errors). The shape is
 * metav1.Status all the same.
 */
export function statusWithCode(reason: string, code: number, message: string): Status {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: reason as StatusReason, code, message };
}

/**
 * 422 Invalid about one object, as errors.NewInvalid builds it: the message is Go's
 * (`Deployment.apps "web" is invalid: …`, what a client wrapping the error quotes), and
 * the details name the object and carry each field error as a cause — from which kubectl
 * prints its own `The Deployment "web" is invalid: …` (checkErr).
 */
export function invalidObject(kind: string, group: string, name: string, errors: readonly FieldError[]): Status {
  const details = { ...(group !== '' ? { group } : {}), kind, name, causes: statusCauses(errors) };
  return { ...statusWithCode('Invalid', 422, invalidMessage(kind, group, name, errors)), details };
}

/** What admission refused, as a Status: an Invalid one names the object it was about. */
export function admissionStatus(refusal: AdmitResult & { ok: false }, obj: { kind?: unknown; metadata?: { name?: unknown } }): Status {
  if (refusal.reason !== 'Invalid') return statusWithCode(refusal.reason, refusal.code, refusal.message);
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const group = KINDS.find((k) => k.kind === kind)?.group ?? '';
  return invalidObject(kind, group, typeof obj.metadata?.name === 'string' ? obj.metadata.name : '', refusal.errors);
}

export function badRequest(message: string): Status {
  return statusWithCode('BadRequest', 400, message);
}

/** What the API server answers when etcd did not answer in time (storage's ErrCodeTimeout → 504). */
export function etcdTimeout(): Status {
  return statusWithCode('Timeout', 504, 'Timeout: request did not complete within requested timeout - context deadline exceeded');
}

export function internalError(message: string): Status {
  return statusError('InternalError', `Internal error occurred: ${message}`);
}
