// apps/v1 ReplicaSet: replicas defaults to 1 (SetDefaults_ReplicaSet); the template gets
// PodSpec defaults; validation shares Deployment's replicated-spec rules.
import type { z } from 'zod';
import { int32, int64, struct, list } from './goTypes';
import { conditionFields } from './conditions';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { defaultPodTemplateSpec } from './podDefaults';
import { podTemplateSpecSchema } from './podSpec';
import { labelSelectorSchema } from './labelSelector';
import { typeAndObjectMeta } from './typeMeta';
import { validateReplicatedSpec } from './workloadValidation';
import { invalid } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const replicaSetSpecSchema = struct('ReplicaSetSpec', {
  replicas: int32(),
  minReadySeconds: int32(),
  selector: labelSelectorSchema,
  template: podTemplateSpecSchema,
});

export const replicaSetStatusSchema = struct('ReplicaSetStatus', {
  replicas: int32(),
  fullyLabeledReplicas: int32(),
  readyReplicas: int32(),
  availableReplicas: int32(),
  observedGeneration: int64(),
  conditions: list(struct('ReplicaSetCondition', conditionFields), '[]v1.ReplicaSetCondition'),
});

export const replicaSetSchema = struct('ReplicaSet', {
  ...typeAndObjectMeta,
  spec: replicaSetSpecSchema,
  status: replicaSetStatusSchema,
});

export type ReplicaSet = z.infer<typeof replicaSetSchema>;
export type ReplicaSetStatus = z.infer<typeof replicaSetStatusSchema>;

export const replicaSetKind: KindDefinition = {
  apiVersion: 'apps/v1',
  group: 'apps',
  version: 'v1',
  kind: 'ReplicaSet',
  resource: 'replicasets',
  singular: 'replicaset',
  shortNames: ['rs'],
  namespaced: true,
  etcdPrefix: '/registry/replicasets',
  tracksGeneration: true,
  schema: replicaSetSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const rs = obj as ReplicaSet;
    const spec = { ...(rs.spec ?? {}) };
    spec.replicas ??= 1;
    spec.template = defaultPodTemplateSpec(spec.template);
    return { ...rs, spec, status: { replicas: 0, ...(rs.status ?? {}) } };
  },
  validate(obj) {
    const rs = obj as ReplicaSet;
    const spec = rs.spec ?? {};
    const errs = [...validateObjectMeta(rs.metadata, true, nameIsDNSSubdomain), ...validateReplicatedSpec(spec, 'spec')];
    if (spec.minReadySeconds !== undefined && spec.minReadySeconds < 0) {
      errs.push(invalid('spec.minReadySeconds', spec.minReadySeconds, 'must be greater than or equal to 0'));
    }
    return errs;
  },
};
