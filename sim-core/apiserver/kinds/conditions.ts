// Status condition shapes shared by several kinds.
import { list, str, struct, time } from './goTypes';

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
