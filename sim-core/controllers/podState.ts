// Pod predicates the controllers share (pkg/api/v1/pod/util.go, pkg/controller/controller_utils.go).
import type { Pod } from '../apiserver';

export type PodCondition = NonNullable<NonNullable<Pod['status']>['conditions']>[number];

/** Not finished and not being deleted: counts towards a ReplicaSet's replicas (controller.IsPodActive). */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata?.deletionTimestamp === undefined;
}

// A loop, not Array.find with a closure: asked of every Pod version the ReplicaSet
// controller reads (calculateStatus through podutil.IsPodReady) and of every Pod the
// endpoint controllers and the scale-down ranking look at.
export function readyCondition(pod: Pod) {
  const conditions = pod.status?.conditions;
  if (conditions === undefined) return undefined;
  for (const c of conditions) if (c.type === 'Ready') return c;
  return undefined;
}

export function isPodReady(pod: Pod): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** Ready for at least minReadySeconds (podutil.IsPodAvailable). */
export function isPodAvailable(pod: Pod, minReadySeconds: number, secondsSince: (ts: string) => number): boolean {
  return isReadyAvailable(readyCondition(pod), minReadySeconds, secondsSince);
}

/** isPodAvailable, given the Pod's Ready condition already found (a caller that also counts ready Pods looks once). */
export function isReadyAvailable(ready: PodCondition | undefined, minReadySeconds: number, secondsSince: (ts: string) => number): boolean {
  if (ready?.status !== 'True') return false;
  if (minReadySeconds <= 0) return true;
  const since = ready.lastTransitionTime;
  return since !== undefined && secondsSince(since) >= minReadySeconds;
}
