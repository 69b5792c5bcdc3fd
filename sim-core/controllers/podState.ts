// Pod predicates the controllers share (pkg/api/v1/pod/util.go, pkg/controller/controller_utils.go).
import type { Pod } from '../apiserver';

/** Not finished and not being deleted: counts towards a ReplicaSet's replicas (controller.IsPodActive). */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata?.deletionTimestamp === undefined;
}

export function readyCondition(pod: Pod) {
  return (pod.status?.conditions ?? []).find((c) => c.type === 'Ready');
}

export function isPodReady(pod: Pod): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** Ready for at least minReadySeconds (podutil.IsPodAvailable). */
export function isPodAvailable(pod: Pod, minReadySeconds: number, secondsSince: (ts: string) => number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = readyCondition(pod)?.lastTransitionTime;
  return since !== undefined && secondsSince(since) >= minReadySeconds;
}
