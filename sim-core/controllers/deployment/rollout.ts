// The three ways a Deployment sync moves its ReplicaSets (pkg/controller/deployment):
// rolling.go (RollingUpdate), recreate.go (Recreate) and sync.go's scale (a replicas
// change, or a paused Deployment: proportional scaling across the active ReplicaSets).
import type { Deployment, Pod, ReplicaSet } from '../../apiserver';
import { controllerOf } from '../controllerRef';
import type { RolloutPlan } from './plan';
import {
  MAX_REPLICAS_ANNOTATION,
  byCreation,
  maxSurge,
  maxUnavailable,
  newRSNewReplicas,
  replicasOf,
  rsReplicas,
  sumSpecReplicas,
} from './util';

/** reconcileNewReplicaSet + reconcileOldReplicaSets: one RollingUpdate step. True if anything was scaled. */
export function rollingStep(d: Deployment, newRS: ReplicaSet, oldRSs: readonly ReplicaSet[], plan: RolloutPlan): boolean {
  const replicas = replicasOf(d);
  // Scale the new ReplicaSet up as far as maxSurge allows (or down, if it is too big).
  if (rsReplicas(newRS) !== replicas) {
    const target = rsReplicas(newRS) > replicas ? replicas : newRSNewReplicas(d, plan.replicaSets, newRS);
    if (plan.scale(newRS, target, d)) return true;
  }
  const oldCount = sumSpecReplicas(oldRSs);
  if (oldCount === 0) return false;
  const allCount = sumSpecReplicas(plan.replicaSets);
  const minAvailable = replicas - maxUnavailable(d);
  const newUnavailable = rsReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  // Old Pods we may remove without dropping below minAvailable, counting the new
  // ReplicaSet's not-yet-available Pods as unavailable.
  const maxScaledDown = allCount - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const cleaned = cleanupUnhealthyReplicas(d, oldRSs, maxScaledDown, plan);
  const scaledDown = scaleDownOldForRollingUpdate(d, oldRSs, plan, minAvailable);
  return cleaned + scaledDown > 0;
}

/** Scale away old Pods that are not available anyway, oldest ReplicaSet first. */
function cleanupUnhealthyReplicas(d: Deployment, oldRSs: readonly ReplicaSet[], maxCleanup: number, plan: RolloutPlan): number {
  let total = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (total >= maxCleanup) break;
    const unhealthy = rsReplicas(rs) - (rs.status?.availableReplicas ?? 0);
    if (rsReplicas(rs) === 0 || unhealthy <= 0) continue;
    const n = Math.min(maxCleanup - total, unhealthy);
    plan.scale(rs, rsReplicas(rs) - n, d);
    total += n;
  }
  return total;
}

/** Scale old ReplicaSets down by what available Pods exceed minAvailable, oldest first. */
function scaleDownOldForRollingUpdate(d: Deployment, oldRSs: readonly ReplicaSet[], plan: RolloutPlan, minAvailable: number): number {
  const available = plan.replicaSets.reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0);
  if (available <= minAvailable) return 0;
  const totalScaleDown = available - minAvailable;
  let done = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (done >= totalScaleDown) break;
    if (rsReplicas(rs) === 0) continue;
    const n = Math.min(rsReplicas(rs), totalScaleDown - done);
    plan.scale(rs, rsReplicas(rs) - n, d);
    done += n;
  }
  return done;
}

/** Recreate, first half: scale every old ReplicaSet to 0. True if one had replicas. */
export function scaleDownOldForRecreate(d: Deployment, oldRSs: readonly ReplicaSet[], plan: RolloutPlan): boolean {
  let scaled = false;
  for (const rs of oldRSs) if (rsReplicas(rs) > 0 && plan.scale(rs, 0, d)) scaled = true;
  return scaled;
}

/** oldPodsRunning: an old ReplicaSet still reports Pods, or one of its Pods has not finished. */
export function oldPodsRunning(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[], pods: readonly Pod[]): boolean {
  if (oldRSs.some((rs) => (rs.status?.replicas ?? 0) > 0)) return true;
  const oldUids = new Set(oldRSs.map((rs) => rs.metadata?.uid));
  return pods.some((p) => {
    const ref = controllerOf(p);
    if (!ref || !oldUids.has(ref.uid) || ref.uid === newRS?.metadata?.uid) return false;
    return p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded';
  });
}

/** getReplicaSetFraction: this ReplicaSet's share of a size change, by the max-replicas it was sized for. */
function fraction(rs: ReplicaSet, d: Deployment): number {
  if (replicasOf(d) === 0) return -rsReplicas(rs);
  const deploymentReplicas = replicasOf(d) + maxSurge(d);
  const annotated = Number(rs.metadata?.annotations?.[MAX_REPLICAS_ANNOTATION] ?? NaN);
  const base = Number.isInteger(annotated) && annotated > 0 ? annotated : (d.status?.replicas ?? 0);
  if (base === 0) return 0;
  // Go's math.Round: half away from zero.
  const exact = (rsReplicas(rs) * deploymentReplicas) / base;
  return Math.sign(exact) * Math.round(Math.abs(exact)) - rsReplicas(rs);
}

/**
 * scale (sync.go): a replicas change in the middle of a rollout is spread over the active
 * ReplicaSets in proportion to their sizes, so neither the old nor the new version
 * suddenly takes all of it; the rounding leftover goes to the largest.
 */
export function scaleProportionally(d: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[], plan: RolloutPlan): void {
  const all = newRS ? [newRS, ...oldRSs] : [...oldRSs];
  const active = all.filter((rs) => rsReplicas(rs) > 0);
  const replicas = replicasOf(d);
  // One active ReplicaSet (or none): it simply takes the Deployment's size.
  if (active.length <= 1) {
    const target = active[0] ?? newRS ?? [...oldRSs].sort(byCreation).pop();
    if (target && rsReplicas(target) !== replicas) plan.scale(target, replicas, d);
    return;
  }
  // The new ReplicaSet is saturated: the old ones can all go.
  if (
    newRS &&
    rsReplicas(newRS) === replicas &&
    (newRS.status?.availableReplicas ?? 0) === replicas &&
    newRS.metadata?.annotations?.['deployment.kubernetes.io/desired-replicas'] === String(replicas)
  ) {
    for (const rs of oldRSs) plan.scale(rs, 0, d);
    return;
  }
  if (d.spec?.strategy?.type !== 'RollingUpdate') return;
  const current = sumSpecReplicas(active);
  const allowed = replicas > 0 ? replicas + maxSurge(d) : 0;
  const toAdd = allowed - current;
  // Scaling up: bigger first, newer first on ties; scaling down: bigger first, older first.
  const sorted = [...active].sort((a, b) => {
    if (rsReplicas(a) !== rsReplicas(b)) return rsReplicas(b) - rsReplicas(a);
    return toAdd > 0 ? byCreation(b, a) : byCreation(a, b);
  });
  let added = 0;
  const sizes = new Map<ReplicaSet, number>();
  for (const rs of sorted) {
    let proportion = 0;
    if (toAdd !== 0 && toAdd !== added) {
      const f = fraction(rs, d);
      const allowedLeft = toAdd - added;
      proportion = toAdd > 0 ? Math.min(f, allowedLeft) : Math.max(f, allowedLeft);
    }
    sizes.set(rs, rsReplicas(rs) + proportion);
    added += proportion;
  }
  const first = sorted[0];
  if (first && toAdd !== 0) sizes.set(first, Math.max(0, (sizes.get(first) ?? 0) + toAdd - added));
  for (const rs of sorted) plan.scale(rs, Math.max(0, sizes.get(rs) ?? 0), d);
}
