// Deployment status and conditions (pkg/controller/deployment/sync.go calculateStatus,
// progress.go syncRolloutStatus, util/deployment_util.go), with the real reasons and
// messages so `kubectl describe` and `rollout status` read like a real cluster's.
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../apiserver';
import { deploymentComplete, maxUnavailable, replicasOf, sumStatus } from './util';

type Condition = NonNullable<DeploymentStatus['conditions']>[number];

export const REASON = {
  minimumReplicasAvailable: 'MinimumReplicasAvailable',
  minimumReplicasUnavailable: 'MinimumReplicasUnavailable',
  newRSAvailable: 'NewReplicaSetAvailable',
  replicaSetUpdated: 'ReplicaSetUpdated',
  newReplicaSetCreated: 'NewReplicaSetCreated',
  foundNewReplicaSet: 'FoundNewReplicaSet',
  timedOut: 'ProgressDeadlineExceeded',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
} as const;

export function getCondition(status: DeploymentStatus | undefined, type: string): Condition | undefined {
  return (status?.conditions ?? []).find((c) => c.type === type);
}

/** SetDeploymentCondition: same status and reason = no change; same status = keep lastTransitionTime. */
export function setCondition(status: DeploymentStatus, cond: Condition): void {
  const conds = status.conditions ?? [];
  const cur = conds.find((c) => c.type === cond.type);
  if (cur && cur.status === cond.status && cur.reason === cond.reason) return;
  const next = cur && cur.status === cond.status ? { ...cond, lastTransitionTime: cur.lastTransitionTime } : cond;
  status.conditions = [...conds.filter((c) => c.type !== cond.type), next];
}

function removeCondition(status: DeploymentStatus, type: string): void {
  if (status.conditions) status.conditions = status.conditions.filter((c) => c.type !== type);
}

export function newCondition(type: string, status: string, reason: string, message: string, now: string): Condition {
  return { type, status, lastUpdateTime: now, lastTransitionTime: now, reason, message };
}

/** calculateStatus: counts summed over every ReplicaSet, and the Available condition. */
export function calculateStatus(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet | undefined, now: string): DeploymentStatus {
  const available = sumStatus(allRSs, 'availableReplicas');
  const total = sumStatus(allRSs, 'replicas');
  const status: DeploymentStatus = {
    observedGeneration: d.metadata?.generation ?? 0,
    replicas: total,
    updatedReplicas: newRS?.status?.replicas ?? 0,
    readyReplicas: sumStatus(allRSs, 'readyReplicas'),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, replicasOf(d) - available),
  };
  if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
  if (d.status?.conditions) status.conditions = d.status.conditions.map((c) => ({ ...c }));
  if (available >= replicasOf(d) - maxUnavailable(d)) {
    setCondition(status, newCondition('Available', 'True', REASON.minimumReplicasAvailable, 'Deployment has minimum availability.', now));
  } else {
    setCondition(status, newCondition('Available', 'False', REASON.minimumReplicasUnavailable, 'Deployment does not have minimum availability.', now));
  }
  return status;
}

/** DeploymentProgressing: more updated, fewer old, or more ready/available than the last status. */
function progressing(d: Deployment, next: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (next.replicas ?? 0) - (next.updatedReplicas ?? 0);
  return (
    (next.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (next.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (next.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

export interface ProgressInput {
  now: string;
  secondsSince(ts: string): number;
  /** set when this sync created (true) or first found (false) the new ReplicaSet */
  newRSEvent?: 'created' | 'found';
}

/** syncRolloutStatus's condition logic: Progressing True/False with the real reasons. */
export function applyProgress(d: Deployment, status: DeploymentStatus, newRS: ReplicaSet | undefined, input: ProgressInput): void {
  const { now } = input;
  const name = newRS?.metadata?.name ?? '';
  if (input.newRSEvent === 'created' && newRS) {
    setCondition(status, newCondition('Progressing', 'True', REASON.newReplicaSetCreated, `Created new replica set "${name}"`, now));
    return;
  }
  if (input.newRSEvent === 'found' && newRS && !getCondition(status, 'Progressing')) {
    setCondition(status, newCondition('Progressing', 'True', REASON.foundNewReplicaSet, `Found new replica set "${name}"`, now));
  }
  const current = getCondition(status, 'Progressing');
  const complete = status.replicas === status.updatedReplicas && current?.reason === REASON.newRSAvailable;
  if (complete || d.spec?.progressDeadlineSeconds === undefined) return;
  if (deploymentComplete(d, status)) {
    const msg = newRS ? `ReplicaSet "${name}" has successfully progressed.` : 'Deployment has successfully progressed.';
    setCondition(status, newCondition('Progressing', 'True', REASON.newRSAvailable, msg, now));
  } else if (progressing(d, status)) {
    const msg = newRS ? `ReplicaSet "${name}" is progressing.` : 'Deployment is progressing.';
    const cond = newCondition('Progressing', 'True', REASON.replicaSetUpdated, msg, now);
    // Progress refreshes lastUpdateTime even when the reason is unchanged (progress.go).
    if (current?.status === 'True' && current.lastTransitionTime) cond.lastTransitionTime = current.lastTransitionTime;
    removeCondition(status, 'Progressing');
    setCondition(status, cond);
  } else if (timedOut(d, status, input)) {
    const msg = newRS ? `ReplicaSet "${name}" has timed out progressing.` : `Deployment "${d.metadata?.name ?? ''}" has timed out progressing.`;
    setCondition(status, newCondition('Progressing', 'False', REASON.timedOut, msg, now));
  }
}

/** DeploymentTimedOut: no progress for progressDeadlineSeconds since the condition's lastUpdateTime. */
export function timedOut(d: Deployment, status: DeploymentStatus, input: Pick<ProgressInput, 'secondsSince'>): boolean {
  const cond = getCondition(status, 'Progressing');
  if (!cond || cond.reason === REASON.newRSAvailable || cond.reason === REASON.timedOut || !cond.lastUpdateTime) return false;
  return input.secondsSince(cond.lastUpdateTime) > (d.spec?.progressDeadlineSeconds ?? 600);
}

/** checkPausedConditions: Progressing Unknown while paused, "resumed" once unpaused. */
export function applyPaused(d: Deployment, status: DeploymentStatus, now: string): void {
  const cur = getCondition(status, 'Progressing');
  if (cur?.reason === REASON.timedOut) return;
  if (d.spec?.paused && cur?.reason !== REASON.paused) {
    setCondition(status, newCondition('Progressing', 'Unknown', REASON.paused, 'Deployment is paused', now));
  } else if (!d.spec?.paused && cur?.reason === REASON.paused) {
    setCondition(status, newCondition('Progressing', 'Unknown', REASON.resumed, 'Deployment is resumed', now));
  }
}
