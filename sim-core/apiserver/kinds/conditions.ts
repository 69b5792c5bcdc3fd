// Status condition shapes shared by several kinds. PodCondition and NodeCondition are
// declared in pod.ts and node.ts: their extra timestamp (lastProbeTime, lastHeartbeatTime)
// sits between status and lastTransitionTime in Go, so they cannot extend these fields.
import { list, str, struct, time } from './goTypes';

/** Namespace and ReplicaSet conditions: type, status, lastTransitionTime, reason, message. */
export const conditionFields = {
  type: str(),
  status: str(),
  lastTransitionTime: time(),
  reason: str(),
  message: str(),
};

/** Deployment/ReplicaSet conditions also carry lastUpdateTime. */
export const workloadConditionSchema = struct('DeploymentCondition', {
  type: str(),
  status: str(),
  lastUpdateTime: time(),
  lastTransitionTime: time(),
  reason: str(),
  message: str(),
});

export const workloadConditions = () => list(workloadConditionSchema, '[]v1.DeploymentCondition');
