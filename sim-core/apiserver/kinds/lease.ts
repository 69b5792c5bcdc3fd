// coordination.k8s.io/v1 Lease: node heartbeats (kube-node-lease/<node>) and leader
// election for the controller-manager and the scheduler (kube-system).
import type { z } from 'zod';
import { int32, microTime, str, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { invalid, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const leaseSpecSchema = struct('LeaseSpec', {
  holderIdentity: str(),
  leaseDurationSeconds: int32(),
  acquireTime: microTime(),
  renewTime: microTime(),
  leaseTransitions: int32(),
  strategy: str(),
  preferredHolder: str(),
});

export const leaseSchema = struct('Lease', { ...typeAndObjectMeta, spec: leaseSpecSchema });

export type Lease = z.infer<typeof leaseSchema>;
export type LeaseSpec = z.infer<typeof leaseSpecSchema>;

export const leaseKind: KindDefinition = {
  apiVersion: 'coordination.k8s.io/v1',
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  resource: 'leases',
  singular: 'lease',
  shortNames: [],
  namespaced: true,
  etcdPrefix: '/registry/leases',
  schema: leaseSchema,
  nameRule: nameIsDNSSubdomain,
  defaults: (obj) => ({ ...obj }),
  validate(obj) {
    const lease = obj as Lease;
    const spec = lease.spec ?? {};
    const errs: FieldError[] = validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain);
    if (spec.leaseDurationSeconds !== undefined && spec.leaseDurationSeconds <= 0) {
      errs.push(invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
    }
    if (spec.leaseTransitions !== undefined && spec.leaseTransitions < 0) {
      errs.push(invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
    }
    return errs;
  },
};
