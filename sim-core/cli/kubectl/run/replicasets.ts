// A Deployment's ReplicaSets as kubectl finds them (pkg/util/deployment, as kubectl's
// describe and rollout use it): those the Deployment controls (controller ownerReference
// with its uid); the new one is the one whose Pod template equals the Deployment's,
// ignoring the pod-template-hash label (EqualIgnoreHash); the revision is the
// `deployment.kubernetes.io/revision` annotation.
import { kindForResource, type Deployment, type PodTemplateSpec, type ReplicaSet } from '../../../apiserver';
import { canonicalJson } from '../../../kernel';
import type { DeploymentReplicaSets } from '../describe';
import { listObjects } from './api';
import type { RunEnv } from './env';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
const HASH_LABEL = 'pod-template-hash';

export function ownedReplicaSets(env: RunEnv, d: Deployment): ReplicaSet[] {
  const r = listObjects(env, kindForResource('replicasets')!, { namespace: d.metadata?.namespace ?? 'default' });
  if (!r.ok) return [];
  return (r.value.items as ReplicaSet[]).filter((rs) => (rs.metadata?.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === d.metadata?.uid));
}

function withoutHash(t: PodTemplateSpec | undefined): string {
  const copy = JSON.parse(JSON.stringify(t ?? {})) as PodTemplateSpec;
  if (copy.metadata?.labels) {
    delete copy.metadata.labels[HASH_LABEL];
  }
  return canonicalJson(copy);
}

export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return withoutHash(a) === withoutHash(b);
}

export function revisionOf(rs: ReplicaSet): number {
  const v = Number(rs.metadata?.annotations?.[REVISION_ANNOTATION] ?? '');
  return Number.isInteger(v) && v > 0 ? v : 0;
}

export function newAndOldReplicaSets(env: RunEnv, d: Deployment): DeploymentReplicaSets {
  const all = ownedReplicaSets(env, d).sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
  const newRs = all.find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
  return { ...(newRs ? { newReplicaSet: newRs } : {}), oldReplicaSets: all.filter((rs) => rs !== newRs) };
}
