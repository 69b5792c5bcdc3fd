// apps/v1 Deployment: schema, defaults (pkg/apis/apps/v1/defaults.go SetDefaults_Deployment)
// and validation (pkg/apis/apps/validation ValidateDeployment).
import type { z } from 'zod';
import { int32, int64, intOrString, bool, str, struct } from './goTypes';
import { workloadConditions } from './conditions';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { defaultPodTemplateSpec } from './podDefaults';
import { podTemplateSpecSchema } from './podSpec';
import { labelSelectorSchema } from './labelSelector';
import { typeAndObjectMeta } from './typeMeta';
import { validateReplicatedSpec, validateIntOrPercent } from './workloadValidation';
import { forbidden, notSupported, invalid, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const deploymentStrategySchema = struct('DeploymentStrategy', {
  type: str(),
  rollingUpdate: struct('RollingUpdateDeployment', { maxUnavailable: intOrString(), maxSurge: intOrString() }),
});

export const deploymentSpecSchema = struct('DeploymentSpec', {
  replicas: int32(),
  selector: labelSelectorSchema,
  template: podTemplateSpecSchema,
  strategy: deploymentStrategySchema,
  minReadySeconds: int32(),
  revisionHistoryLimit: int32(),
  paused: bool(),
  progressDeadlineSeconds: int32(),
});

export const deploymentStatusSchema = struct('DeploymentStatus', {
  observedGeneration: int64(),
  replicas: int32(),
  updatedReplicas: int32(),
  readyReplicas: int32(),
  availableReplicas: int32(),
  unavailableReplicas: int32(),
  conditions: workloadConditions(),
  collisionCount: int32(),
});

export const deploymentSchema = struct('Deployment', {
  ...typeAndObjectMeta,
  spec: deploymentSpecSchema,
  status: deploymentStatusSchema,
});

export type Deployment = z.infer<typeof deploymentSchema>;
export type DeploymentSpec = z.infer<typeof deploymentSpecSchema>;
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>;

function defaults(obj: Record<string, unknown>): Record<string, unknown> {
  const d = obj as Deployment;
  const spec: DeploymentSpec = { ...(d.spec ?? {}) };
  spec.replicas ??= 1;
  const strategy = { ...(spec.strategy ?? {}) };
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate = {
      maxUnavailable: strategy.rollingUpdate?.maxUnavailable ?? '25%',
      maxSurge: strategy.rollingUpdate?.maxSurge ?? '25%',
    };
  }
  spec.strategy = strategy;
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.template = defaultPodTemplateSpec(spec.template);
  return { ...d, spec, status: d.status ?? {} };
}

function validateStrategy(spec: DeploymentSpec): FieldError[] {
  const errs: FieldError[] = [];
  const strategy = spec.strategy ?? {};
  const field = 'spec.strategy';
  if (strategy.type === 'Recreate') {
    if (strategy.rollingUpdate) {
      errs.push(forbidden(`${field}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'"));
    }
  } else if (strategy.type === 'RollingUpdate') {
    const ru = strategy.rollingUpdate ?? {};
    errs.push(...validateIntOrPercent(ru.maxUnavailable, `${field}.rollingUpdate.maxUnavailable`, true));
    errs.push(...validateIntOrPercent(ru.maxSurge, `${field}.rollingUpdate.maxSurge`, false));
    const isZero = (v: number | string | undefined) => v === 0 || v === '0%';
    if (isZero(ru.maxUnavailable) && isZero(ru.maxSurge)) {
      errs.push(invalid(`${field}.rollingUpdate.maxUnavailable`, ru.maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
    }
  } else {
    errs.push(notSupported(`${field}.type`, strategy.type ?? '', ['Recreate', 'RollingUpdate']));
  }
  return errs;
}

function validate(obj: Record<string, unknown>): FieldError[] {
  const d = obj as Deployment;
  const spec = d.spec ?? {};
  const errs = [...validateObjectMeta(d.metadata, true, nameIsDNSSubdomain), ...validateReplicatedSpec(spec, 'spec')];
  errs.push(...validateStrategy(spec));
  for (const f of ['minReadySeconds', 'revisionHistoryLimit', 'progressDeadlineSeconds'] as const) {
    const v = spec[f];
    if (v !== undefined && v < 0) errs.push(invalid(`spec.${f}`, v, 'must be greater than or equal to 0'));
  }
  if (
    spec.progressDeadlineSeconds !== undefined &&
    spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)
  ) {
    errs.push(
      invalid(
        'spec.progressDeadlineSeconds',
        spec.progressDeadlineSeconds,
        'must be greater than minReadySeconds',
      ),
    );
  }
  return errs;
}

export const deploymentKind: KindDefinition = {
  apiVersion: 'apps/v1',
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  resource: 'deployments',
  singular: 'deployment',
  shortNames: ['deploy'],
  namespaced: true,
  etcdPrefix: '/registry/deployments',
  tracksGeneration: true,
  schema: deploymentSchema,
  nameRule: nameIsDNSSubdomain,
  defaults,
  validate,
};
