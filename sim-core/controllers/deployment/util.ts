// Deployment helpers in the words of pkg/controller/deployment/util/deployment_util.go.
import type { Deployment, PodTemplateSpec, ReplicaSet } from '../../apiserver';
import { canonicalJson } from '../../kernel';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/**
 * Annotations a Deployment never copies onto its ReplicaSets, nor a rollback back onto the
 * Deployment (annotationsToSkip / skipCopyAnnotation).
 */
export const NOT_COPIED_ANNOTATIONS: ReadonlySet<string> = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

export function replicasOf(d: Deployment): number {
  return d.spec?.replicas ?? 1;
}

export function rsReplicas(rs: ReplicaSet): number {
  return rs.spec?.replicas ?? 0;
}

export function revisionOf(obj: { metadata?: { annotations?: Record<string, string> } }): number {
  const v = Number(obj.metadata?.annotations?.[REVISION_ANNOTATION] ?? '');
  return Number.isInteger(v) && v > 0 ? v : 0;
}

export function maxRevision(rss: readonly ReplicaSet[]): number {
  return rss.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
}

/**
 * intstr.GetScaledValueFromIntOrPercent: an absolute number, or a percentage of `total`
 * rounded up (maxSurge) or down (maxUnavailable).
 */
export function scaledValue(value: number | string | undefined, total: number, roundUp: boolean): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const m = /^(\d+)%$/.exec(value);
  if (!m) return Number(value) || 0;
  const exact = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

/**
 * ResolveFenceposts: (maxSurge, maxUnavailable) for a RollingUpdate Deployment. If both
 * resolve to 0 (e.g. 25% of 1 rounded down, and 0 surge) unavailable becomes 1, or the
 * rollout could never move.
 */
export function resolveFenceposts(d: Deployment): { maxSurge: number; maxUnavailable: number } {
  if (d.spec?.strategy?.type !== 'RollingUpdate') return { maxSurge: 0, maxUnavailable: 0 };
  const ru = d.spec.strategy.rollingUpdate ?? {};
  const replicas = replicasOf(d);
  const maxSurge = scaledValue(ru.maxSurge ?? '25%', replicas, true);
  let maxUnavailable = scaledValue(ru.maxUnavailable ?? '25%', replicas, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** MaxUnavailable: never more than replicas (and 0 for Recreate or 0 replicas). */
export function maxUnavailable(d: Deployment): number {
  const replicas = replicasOf(d);
  if (d.spec?.strategy?.type !== 'RollingUpdate' || replicas === 0) return 0;
  return Math.min(resolveFenceposts(d).maxUnavailable, replicas);
}

export function maxSurge(d: Deployment): number {
  return d.spec?.strategy?.type === 'RollingUpdate' ? resolveFenceposts(d).maxSurge : 0;
}

export function sumSpecReplicas(rss: readonly ReplicaSet[]): number {
  return rss.reduce((n, rs) => n + rsReplicas(rs), 0);
}

export function sumStatus(rss: readonly ReplicaSet[], field: 'replicas' | 'readyReplicas' | 'availableReplicas'): number {
  return rss.reduce((n, rs) => n + (rs.status?.[field] ?? 0), 0);
}

function withoutHash(t: PodTemplateSpec | undefined): unknown {
  const copy = JSON.parse(JSON.stringify(t ?? {})) as PodTemplateSpec;
  if (copy.metadata?.labels) {
    delete copy.metadata.labels[POD_TEMPLATE_HASH_LABEL];
    if (Object.keys(copy.metadata.labels).length === 0) delete copy.metadata.labels;
  }
  return copy;
}

/** EqualIgnoreHash: the templates are equal once pod-template-hash is ignored. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return canonicalJson(withoutHash(a)) === canonicalJson(withoutHash(b));
}

/** ReplicaSetsByCreationTimestamp: oldest first, then by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const ca = a.metadata?.creationTimestamp ?? '';
  const cb = b.metadata?.creationTimestamp ?? '';
  if (ca !== cb) return ca < cb ? -1 : 1;
  const na = a.metadata?.name ?? '';
  const nb = b.metadata?.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's. */
export function findNewReplicaSet(d: Deployment, rss: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rss].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/**
 * NewRSNewReplicas: how big the new ReplicaSet may be now. RollingUpdate: grow by what
 * maxSurge leaves free above replicas, never past replicas. Recreate: all at once.
 */
export function newRSNewReplicas(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const replicas = replicasOf(d);
  if (d.spec?.strategy?.type !== 'RollingUpdate') return replicas;
  const current = sumSpecReplicas(allRSs);
  const maxTotal = replicas + maxSurge(d);
  if (current >= maxTotal) return rsReplicas(newRS);
  const scaleUp = Math.min(maxTotal - current, replicas - rsReplicas(newRS));
  return rsReplicas(newRS) + scaleUp;
}

/** DeploymentComplete: every replica updated and available, nothing old left, and this generation observed. */
export function deploymentComplete(d: Deployment, status: NonNullable<Deployment['status']>): boolean {
  const replicas = replicasOf(d);
  return (
    (status.updatedReplicas ?? 0) === replicas &&
    (status.replicas ?? 0) === replicas &&
    (status.availableReplicas ?? 0) === replicas &&
    (status.observedGeneration ?? 0) >= (d.metadata?.generation ?? 0)
  );
}

/** Annotations copied from the Deployment onto its ReplicaSets. */
export function copiedAnnotations(d: Deployment): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata?.annotations ?? {})) if (!NOT_COPIED_ANNOTATIONS.has(k)) out[k] = v;
  return out;
}
