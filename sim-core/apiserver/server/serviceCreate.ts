// A Service's allocations on create (the service REST's beginCreate: normalizeClusterIPs,
// initIPFamilyFields, then allocateCreate with its ipallocator and portallocator), as pure
// steps over what the stored Services hold. The create handler (create.ts) runs them around
// its read of the stored Services; the lab editor runs them on the committed keyspace to
// list a node port or an address another Service already has before the learner applies.
import type { Prng } from '../../kernel';
import { badValueOf, invalidFieldError, requestedClusterIPs, type KindDefinition } from '../kinds';
import { allocateClusterIP, allocateNodePorts, canonicalClusterIP, needsNodePorts, requestedClusterIPRefusal } from './identity';
import { invalidService, type ServiceRefusal } from './serviceUpdate';
import { statusWithCode } from './statuses';

type ServiceSpec = Parameters<typeof allocateNodePorts>[1] & { type?: string; clusterIP?: string; clusterIPs?: string[]; ipFamilies?: string[] };

type ServiceObject = { metadata?: { name?: string }; spec?: unknown };

/** What a create takes from the allocators (`claimedIP`: the address it took, if any). */
export type ServiceClaims = { ok: true; claimedIP: string | undefined } | ({ ok: false } & ServiceRefusal);

/**
 * Before anything stored is read: a create names its address with clusterIP, and clusterIPs
 * repeats it (normalizeClusterIPs); this cluster allocates IPv4 only (initIPFamilyFields).
 * Fills clusterIPs in place from a requested clusterIP. Undefined when the create may go on;
 * `allocates` then says whether it takes anything from the allocators.
 */
export function prepareServiceCreate(def: KindDefinition, obj: ServiceObject): { refusal: ServiceRefusal } | { refusal: undefined; allocates: boolean } {
  const spec = (obj.spec ??= {}) as ServiceSpec;
  const name = obj.metadata?.name ?? '';
  if ((spec.clusterIPs ?? []).length > 0 && (spec.clusterIP ?? '') === '') {
    return { refusal: invalidService(def, name, { type: 'Invalid value', field: 'spec.clusterIPs', badValue: badValueOf(spec.clusterIPs), detail: 'must be empty when `clusterIP` is not specified' }) };
  }
  if (spec.clusterIP !== undefined && spec.clusterIP !== '') spec.clusterIPs = requestedClusterIPs(spec);
  const family = wantsClusterIP(spec) ? (spec.ipFamilies ?? []).findIndex((f) => f !== 'IPv4') : -1;
  if (family >= 0) {
    return { refusal: invalidService(def, name, { type: 'Invalid value', field: `spec.ipFamilies[${family}]`, badValue: badValueOf(spec.ipFamilies?.[family]), detail: 'not configured on this cluster' }) };
  }
  return { refusal: undefined, allocates: wantsClusterIP(spec) || needsNodePorts(spec) };
}

function wantsClusterIP(spec: ServiceSpec): boolean {
  return spec.type !== 'ExternalName' && spec.clusterIP !== 'None';
}

/**
 * allocateCreate on a prepared Service: the clusterIP it asks for must be in the service
 * CIDR and free, one it does not ask for is a free one drawn from `rng`; then a NodePort or
 * LoadBalancer Service takes its node ports (allocateNodePorts). Fills `obj` in place; the
 * node ports it took are added to `usedPorts`.
 */
export function allocateServiceCreate(def: KindDefinition, obj: ServiceObject, rng: Prng, usedIPs: Set<string>, usedPorts: Set<number>): ServiceClaims {
  const spec = (obj.spec ??= {}) as ServiceSpec;
  const name = obj.metadata?.name ?? '';
  let claimedIP: string | undefined;
  if (wantsClusterIP(spec)) {
    const requested = spec.clusterIP !== undefined && spec.clusterIP !== '' ? spec.clusterIP : undefined;
    if (requested !== undefined) {
      const refusal = requestedClusterIPRefusal(requested, usedIPs);
      if (refusal !== undefined) return { ok: false, ...invalidService(def, name, { type: 'Invalid value', field: 'spec.clusterIPs', badValue: badValueOf(spec.clusterIPs), detail: `failed to allocate IP ${requested}: ${refusal}` }) };
      claimedIP = canonicalClusterIP(requested);
    } else {
      claimedIP = allocateClusterIP(rng, usedIPs);
      if (claimedIP === undefined) return { ok: false, error: statusWithCode('InternalError', 500, 'Internal error occurred: failed to allocate a serviceIP: range is full'), errors: [] };
      spec.clusterIP = claimedIP;
      spec.clusterIPs = [claimedIP];
    }
  }
  const refused = needsNodePorts(spec) ? allocateNodePorts(rng, spec, usedPorts) : undefined;
  if (refused?.internal) return { ok: false, error: statusWithCode('InternalError', 500, `Internal error occurred: ${refused.detail}`), errors: [] };
  if (refused) return { ok: false, ...invalidService(def, name, invalidFieldError(refused.field, refused.port, refused.detail)) };
  return { ok: true, claimedIP };
}
