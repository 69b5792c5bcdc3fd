// Taints and tolerations (k8s.io/api/core/v1 toleration.go ToleratesTaint; the scheduler's
// TaintToleration plugin). The scheduler only cares about NoSchedule and NoExecute;
// PreferNoSchedule is a scoring hint.
import type { Taint, Toleration } from '../apiserver';

export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  // An empty key with operator Exists tolerates every taint.
  switch (t.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
    case '':
      return (t.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

/** The first NoSchedule/NoExecute taint no toleration covers (FindMatchingUntoleratedTaint). */
export function firstUntoleratedTaint(taints: readonly Taint[] | undefined, tolerations: readonly Toleration[] | undefined): Taint | undefined {
  for (const taint of taints ?? []) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!(tolerations ?? []).some((t) => toleratesTaint(t, taint))) return taint;
  }
  return undefined;
}
