// What kubectl prints after a change: cli-runtime's NamePrinter with an operation
// (`deployment.apps/web created`), `delete`'s own form (`deployment.apps "web" deleted`),
// drain's progress lines (pkg/drain/drain.go, pkg/cmd/drain/drain.go), and the rollout
// messages of pkg/polymorphichelpers (rollout_status.go, history.go, rollback.go) — all as
// in kubectl 1.32.
import { kindPrefix } from './get';
import { DESCRIBE_TABWRITER, tabwrite } from './tabwriter';
import type { Deployment } from '../../apiserver';

export type Operation =
  | 'created'
  | 'configured'
  | 'unchanged'
  | 'scaled'
  | 'labeled'
  | 'not labeled'
  | 'annotated'
  | 'cordoned'
  | 'uncordoned'
  | 'already cordoned'
  | 'already uncordoned'
  | 'drained'
  | 'evicted'
  | 'deleted'
  | 'rolled back'
  | 'restarted'
  | 'image updated'
  | 'patched'
  | 'replaced';

export type DryRun = 'none' | 'client' | 'server';

/** NamePrinter: `deployment.apps/web created`, with ` (dry run)` / ` (server dry run)`. */
export function operationResult(kind: string, name: string, operation: Operation | string, dryRun: DryRun = 'none'): string {
  const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
  return `${kindPrefix(kind)}/${name} ${operation}${suffix}\n`;
}

/** kubectl delete: `deployment.apps "web" deleted` (quoted name, not the slash form). */
export function deletedMessage(kind: string, name: string, dryRun: DryRun = 'none'): string {
  const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
  return `${kindPrefix(kind)} "${name}" deleted${suffix}\n`;
}

/** drain: the eviction of one Pod starts (pkg/drain/drain.go evictPods). */
export function evictingPodMessage(namespace: string, name: string): string {
  return `evicting pod ${namespace}/${name}\n`;
}

/** drain's warning about the Pods it leaves alone, e.g. DaemonSet-managed ones (filters.go). */
export function drainWarning(warning: 'ignoring DaemonSet-managed Pods' | 'deleting Pods with local storage' | 'deleting Pods that declare no controller', pods: { namespace: string; name: string }[]): string {
  return `Warning: ${warning}: ${pods.map((p) => `${p.namespace}/${p.name}`).join(', ')}\n`;
}

/**
 * `kubectl rollout status deployment/web`, one poll: the line kubectl prints and whether the
 * rollout is done (DeploymentStatusViewer.Status). A progress deadline exceeded is an error.
 */
export function rolloutStatus(d: Deployment): { ok: true; message: string; done: boolean } | { ok: false; error: string } {
  const name = d.metadata?.name ?? '';
  const status = d.status ?? {};
  if ((d.metadata?.generation ?? 0) <= (status.observedGeneration ?? 0)) {
    const progressing = (status.conditions ?? []).find((c) => c.type === 'Progressing');
    if (progressing?.reason === 'ProgressDeadlineExceeded') {
      return { ok: false, error: `deployment "${name}" exceeded its progress deadline` };
    }
    const replicas = d.spec?.replicas;
    const updated = status.updatedReplicas ?? 0;
    const total = status.replicas ?? 0;
    const available = status.availableReplicas ?? 0;
    const waiting = (text: string) => ({ ok: true as const, done: false, message: `Waiting for deployment "${name}" rollout to finish: ${text}\n` });
    if (replicas !== undefined && updated < replicas) return waiting(`${updated} out of ${replicas} new replicas have been updated...`);
    if (total > updated) return waiting(`${total - updated} old replicas are pending termination...`);
    if (available < updated) return waiting(`${available} of ${updated} updated replicas are available...`);
    return { ok: true, done: true, message: `deployment "${name}" successfully rolled out\n` };
  }
  return { ok: true, done: false, message: 'Waiting for deployment spec update to be observed...\n' };
}

/**
 * `kubectl rollout status` watches the Deployment and prints the status line on every ADDED
 * or MODIFIED event, repeats included (rollout_status.go), stopping when the rollout is done
 * or on an error. `events` are the Deployment as each watch event carried it.
 */
export function rolloutStatusTranscript(events: readonly Deployment[]): { stdout: string; stderr: string; done: boolean } {
  let stdout = '';
  for (const d of events) {
    const r = rolloutStatus(d);
    if (!r.ok) return { stdout, stderr: `error: ${r.error}\n`, done: false };
    stdout += r.message;
    if (r.done) return { stdout, stderr: '', done: true };
  }
  return { stdout, stderr: '', done: false };
}

export interface RevisionEntry {
  revision: number;
  /** the kubernetes.io/change-cause annotation of that revision's ReplicaSet */
  changeCause?: string;
}

/** `kubectl rollout history deployment/web` (history.go printHistory, printed after the name). */
export function rolloutHistory(kind: string, name: string, revisions: readonly RevisionEntry[]): string {
  if (revisions.length === 0) return `${kindPrefix(kind)}/${name} \nNo rollout history found.\n`;
  const rows = [...revisions].sort((a, b) => a.revision - b.revision);
  let table = 'REVISION\tCHANGE-CAUSE\n';
  for (const r of rows) table += `${r.revision}\t${r.changeCause || '<none>'}\n`;
  return `${kindPrefix(kind)}/${name} \n${tabwrite(table, DESCRIBE_TABWRITER)}\n`;
}

/** `kubectl rollout undo` when the target revision's template is the current one. */
export function rollbackSkipped(kind: string, name: string, toRevision: number): string {
  return operationResult(kind, name, `skipped rollback (current template already matches revision ${toRevision})`);
}
