// The scheduler's failure texts, as kube-scheduler v1.32 prints them in a Pod's
// PodScheduled condition and its FailedScheduling Event. Reason strings come from each
// filter plugin (pkg/scheduler/framework/plugins/*); the summary is FitError.Error() in
// pkg/scheduler/framework/types.go: "0/N nodes are available: <histogram>." followed by
// the PostFilter (preemption) summary built the same way.

export const REASON_NODE_UNSCHEDULABLE = 'node(s) were unschedulable';
export const REASON_NODE_NAME = "node(s) didn't match the requested node name";
export const REASON_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const REASON_TOO_MANY_PODS = 'Too many pods';
export const insufficient = (resource: string): string => `Insufficient ${resource}`;
export const untoleratedTaint = (key: string, value: string): string => `node(s) had untolerated taint {${key}: ${value}}`;

/** DefaultPreemption's per-node verdicts when it cannot help (no Pod has a lower priority to evict). */
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';

/** "3 Insufficient cpu, 1 node(s) were unschedulable" — counts per reason, sorted as strings (sort.Strings). */
export function reasonHistogram(reasonsPerNode: readonly (readonly string[])[]): string {
  const counts = new Map<string, number>();
  for (const reasons of reasonsPerNode) for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts = [...counts].map(([reason, n]) => `${n} ${reason}`);
  parts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return parts.join(', ');
}

/** FitError.Error(): the filter histogram, then preemption's own histogram. */
export function fitErrorMessage(
  numAllNodes: number,
  reasonsPerNode: readonly (readonly string[])[],
  preemptionPerNode: readonly string[],
): string {
  if (numAllNodes === 0) return 'no nodes available to schedule pods';
  let msg = `0/${numAllNodes} nodes are available:`;
  const filters = reasonHistogram(reasonsPerNode);
  if (filters !== '') msg += ` ${filters}.`;
  const preemption = reasonHistogram(preemptionPerNode.map((r) => [r]));
  if (preemption !== '') msg += ` preemption: 0/${numAllNodes} nodes are available: ${preemption}.`;
  return msg;
}
