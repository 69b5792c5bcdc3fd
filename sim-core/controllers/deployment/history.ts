// Revision history: cleanupDeployment (sync.go) deletes the oldest idle ReplicaSets beyond
// spec.revisionHistoryLimit, and rollbackTemplate is what `kubectl rollout undo` does
// since apps/v1 (kubectl's polymorphichelpers/rollback.go): copy an old ReplicaSet's
// template back into the Deployment; the controller then finds that ReplicaSet as the
// "new" one and gives it the next revision number.
import type { Deployment, ReplicaSet } from '../../apiserver';
import { deepCopy } from '../../client';
import type { RolloutPlan } from './plan';
import {
  NOT_COPIED_ANNOTATIONS,
  POD_TEMPLATE_HASH_LABEL,
  equalIgnoreHash,
  revisionOf,
  rsReplicas,
} from './util';

/** Delete old ReplicaSets past the history limit, lowest revision first, skipping any that still has Pods. */
export function cleanupHistory(d: Deployment, oldRSs: readonly ReplicaSet[], plan: RolloutPlan): void {
  const limit = d.spec?.revisionHistoryLimit;
  if (limit === undefined) return;
  const cleanable = oldRSs.filter((rs) => rs.metadata?.deletionTimestamp === undefined);
  const diff = cleanable.length - limit;
  if (diff <= 0) return;
  const byRevision = [...cleanable].sort((a, b) => revisionOf(a) - revisionOf(b) || ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  for (const rs of byRevision.slice(0, diff)) {
    // Avoid deleting a ReplicaSet with Pods, or one whose status is not up to date.
    if ((rs.status?.replicas ?? 0) !== 0 || rsReplicas(rs) !== 0) continue;
    if ((rs.metadata?.generation ?? 0) > (rs.status?.observedGeneration ?? 0)) continue;
    plan.remove(rs);
  }
}

export type RollbackResult =
  | { ok: true; deployment: Deployment; revision: number }
  | { ok: true; skipped: string }
  | { ok: false; error: string };

/** The Deployment to write for `kubectl rollout undo [--to-revision=N]` (0 = the previous revision). */
export function rollbackTemplate(d: Deployment, replicaSets: readonly ReplicaSet[], toRevision = 0): RollbackResult {
  const name = d.metadata?.name ?? '';
  if (d.spec?.paused) {
    return { ok: false, error: "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again" };
  }
  let target: ReplicaSet | undefined;
  if (toRevision === 0) {
    const sorted = [...replicaSets].filter((rs) => revisionOf(rs) > 0).sort((a, b) => revisionOf(b) - revisionOf(a));
    target = sorted[1];
    if (!target) return { ok: false, error: `no rollout history found for deployment "${name}"` };
  } else {
    target = replicaSets.find((rs) => revisionOf(rs) === toRevision);
    if (!target) return { ok: false, error: `unable to find specified revision ${toRevision} in history` };
  }
  const revision = revisionOf(target);
  if (equalIgnoreHash(d.spec?.template, target.spec?.template)) {
    return { ok: true, skipped: `skipped rollback (current template already matches revision ${revision})` };
  }
  const next = deepCopy(d);
  const template = deepCopy(target.spec?.template ?? {});
  if (template.metadata?.labels) delete template.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  next.spec = { ...(next.spec ?? {}), template };
  const annotations: Record<string, string> = { ...(next.metadata?.annotations ?? {}) };
  for (const [k, v] of Object.entries(target.metadata?.annotations ?? {})) if (!NOT_COPIED_ANNOTATIONS.has(k)) annotations[k] = v;
  next.metadata = { ...(next.metadata ?? {}), annotations };
  return { ok: true, deployment: next, revision };
}
