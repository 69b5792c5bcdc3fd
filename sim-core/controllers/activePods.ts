// Which Pods a ReplicaSet deletes first when scaling down: controller.ActivePodsWithRanks
// (pkg/controller/controller_utils.go, 1.32). Earlier in the order = deleted first:
//  1. unscheduled before scheduled
//  2. Pending before Unknown before Running
//  3. not ready before ready
//  4. more Pods of the same owner on its node ("doubled up") before fewer
//  5. lower controller.kubernetes.io/pod-deletion-cost before higher
//  6. ready for a shorter time before longer
//  7. more container restarts before fewer
//  8. newer before older (creationTimestamp; the real one compares log2 buckets of the
//     age when LogarithmicScaleDown is on — we compare the timestamps exactly)
// Ties fall back to the name so the order is total and deterministic.
import type { Pod } from '../apiserver';
import { isPodReady, readyCondition } from './podState';

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
export const DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

function restarts(pod: Pod): number {
  return (pod.status?.containerStatuses ?? []).reduce((n, c) => Math.max(n, c.restartCount ?? 0), 0);
}

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cmpText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort the Pods to delete first to the front. `rank` = the Pod's count of related Pods on its node. */
export function comparePodsForDeletion(a: Pod, b: Pod, rankA = 0, rankB = 0): number {
  const nodeA = a.spec?.nodeName ?? '';
  const nodeB = b.spec?.nodeName ?? '';
  if ((nodeA === '') !== (nodeB === '')) return nodeA === '' ? -1 : 1;
  const phase = cmp(PHASE_ORDER[a.status?.phase ?? 'Pending'] ?? 0, PHASE_ORDER[b.status?.phase ?? 'Pending'] ?? 0);
  if (phase !== 0) return phase;
  if (isPodReady(a) !== isPodReady(b)) return isPodReady(a) ? 1 : -1;
  if (rankA !== rankB) return rankA > rankB ? -1 : 1;
  const costA = Number(a.metadata?.annotations?.[DELETION_COST_ANNOTATION] ?? 0) || 0;
  const costB = Number(b.metadata?.annotations?.[DELETION_COST_ANNOTATION] ?? 0) || 0;
  if (costA !== costB) return cmp(costA, costB);
  if (isPodReady(a) && isPodReady(b)) {
    const ra = readyCondition(a)?.lastTransitionTime ?? '';
    const rb = readyCondition(b)?.lastTransitionTime ?? '';
    if (ra !== rb) return -cmpText(ra, rb); // RFC 3339 UTC text sorts as time; newer first
  }
  if (restarts(a) !== restarts(b)) return restarts(a) > restarts(b) ? -1 : 1;
  const ca = a.metadata?.creationTimestamp ?? '';
  const cb = b.metadata?.creationTimestamp ?? '';
  if (ca !== cb) return -cmpText(ca, cb);
  return cmpText(a.metadata?.name ?? '', b.metadata?.name ?? '');
}

/**
 * getPodsToDelete: the first `count` of `pods` in deletion order, ranking each by how many
 * of `related` (the owner's Pods, and its siblings') share its node.
 */
export function podsToDelete(pods: readonly Pod[], related: readonly Pod[], count: number): Pod[] {
  const perNode = new Map<string, number>();
  for (const p of related) {
    const n = p.spec?.nodeName ?? '';
    if (n !== '') perNode.set(n, (perNode.get(n) ?? 0) + 1);
  }
  const rank = (p: Pod) => perNode.get(p.spec?.nodeName ?? '') ?? 0;
  return [...pods].sort((a, b) => comparePodsForDeletion(a, b, rank(a), rank(b))).slice(0, count);
}
