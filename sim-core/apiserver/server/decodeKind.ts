// What the request body's kind and apiVersion make of a create or an update
// (apimachinery's json serializer Decode, then the codec's conversion to the resource's
// internal type; handlers/rest.go transformDecodeError words the failure): a missing kind
// or apiVersion is the URL's (gvkWithDefaults); a kind the scheme does not register for
// that version cannot be created; a registered kind of another resource cannot be
// converted into this one. Both answer 400 BadRequest.
import type { KubeObject, Status } from '../../client';
import { kindFor } from '../kinds';
import { badRequest } from './statuses';

/** The type a request's body must decode to: the resource's kind, or autoscaling/v1 Scale for the scale subresource. */
export interface DecodeTarget {
  kind: string;
  group: string;
  apiVersion: string;
}

/** legacyscheme.Scheme's name, which runtime.NewScheme takes from the line that makes it. */
const SCHEME = 'pkg/api/legacyscheme/scheme.go:30';

/** The refusal the decoder gives the body's kind, or undefined when it is the target's. */
export function decodeKindRefusal(target: DecodeTarget, body: KubeObject): Status | undefined {
  const kind = typeof body.kind === 'string' && body.kind !== '' ? body.kind : target.kind;
  const apiVersion = typeof body.apiVersion === 'string' && body.apiVersion !== '' ? body.apiVersion : target.apiVersion;
  const slash = apiVersion.indexOf('/');
  const group = slash === -1 ? '' : apiVersion.slice(0, slash);
  const version = slash === -1 ? apiVersion : apiVersion.slice(slash + 1);
  const registered = (apiVersion === 'autoscaling/v1' && kind === 'Scale') || kindFor(apiVersion, kind) !== undefined;
  if (registered && kind === target.kind && group === target.group) return undefined;
  const cause = registered
    ? `converting (${version}.${kind}) to (${internalPackage(target.group)}.${target.kind}): unknown conversion`
    : `no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)} in scheme ${JSON.stringify(SCHEME)}`;
  return badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${target.kind}: ${cause}`);
}

/** The Go package of a group's internal types: core for the legacy group, else the group's first label (apps, coordination, rbac). */
function internalPackage(group: string): string {
  return group === '' ? 'core' : group.split('.')[0]!;
}
