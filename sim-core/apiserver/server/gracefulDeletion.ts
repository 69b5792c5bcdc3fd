// Graceful deletion (k8s.io/apiserver registry/rest/delete.go BeforeDelete, and the Pod
// strategy's CheckGracefulDelete in pkg/registry/core/pod/strategy.go). A Pod bound to a
// node is not removed when deleted: the API server sets metadata.deletionTimestamp to
// now + the grace period and metadata.deletionGracePeriodSeconds, and keeps the object.
// The kubelet of that node sees it, stops the containers (SIGTERM, SIGKILL when the grace
// period ends) and deletes the Pod again with gracePeriodSeconds 0, which removes it.
//   grace period = DeleteOptions.gracePeriodSeconds, else spec.terminationGracePeriodSeconds
//                  (defaulted to 30); 0 for a Pod no node has (nobody would stop it) and for
//                  a Pod that already finished (Succeeded/Failed)
//   a second delete may only SHORTEN the grace period: deletionTimestamp moves earlier
// Other kinds are never graceful: they go at once (or wait for their finalizers).
import type { KubeObject } from '../../client';
import { millisToTimestamp, parseTimestamp, tickToMillis } from '../../cli/kubectl/clock';
import { namespaceSpecFinalizers, type KindDefinition } from '../kinds';
import { meta } from './handlerEnv';

/** The Pod default when spec.terminationGracePeriodSeconds is absent (DefaultTerminationGracePeriodSeconds). */
export const DEFAULT_TERMINATION_GRACE_SECONDS = 30;

/** CheckGracefulDelete: the grace period this delete asks for (0 = delete at once). */
export function gracePeriodFor(def: KindDefinition, obj: KubeObject, requested: number | undefined): number {
  if (def.resource !== 'pods') return 0;
  const spec = (obj.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = (obj.status as { phase?: string } | undefined)?.phase;
  if (spec.nodeName === undefined || spec.nodeName === '') return 0;
  if (phase === 'Succeeded' || phase === 'Failed') return 0;
  const period = requested ?? spec.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_SECONDS;
  return Math.max(0, Math.floor(period));
}

/**
 * BeforeDelete's graceful part, applied to `obj` in place. Returns whether the object
 * must stay (a grace period is running) — the caller then writes it instead of removing it.
 */
export function beginGracefulDeletion(def: KindDefinition, obj: KubeObject, requested: number | undefined, now: number): boolean {
  const m = meta(obj);
  const period = gracePeriodFor(def, obj, requested);
  if (m.deletionTimestamp !== undefined) {
    const current = m.deletionGracePeriodSeconds;
    // already terminating: only a shorter grace period changes anything
    if (current !== undefined && current !== null && period < current) {
      const at = parseTimestamp(m.deletionTimestamp);
      if (at !== undefined) m.deletionTimestamp = millisToTimestamp(at - current * 1000 + period * 1000);
      m.deletionGracePeriodSeconds = period;
    }
    return awaitsKubelet(def, obj);
  }
  if (period === 0) return false;
  m.deletionTimestamp = millisToTimestamp(tickToMillis(now) + period * 1000);
  m.deletionGracePeriodSeconds = period;
  // rest.BeforeDelete: marking for deletion is a change controllers must observe
  if ((m.generation ?? 0) > 0) m.generation = (m.generation ?? 0) + 1;
  return true;
}

/**
 * store.go ShouldDeleteDuringUpdate / deleteImmediately: an object being deleted is removed
 * only once its grace period is 0 (and its finalizers are gone) — a terminating Pod waits
 * for its kubelet.
 */
export function awaitsKubelet(def: KindDefinition, obj: KubeObject): boolean {
  const m = obj.metadata;
  return def.resource === 'pods' && m?.deletionTimestamp !== undefined && (m.deletionGracePeriodSeconds ?? 0) > 0;
}

/**
 * The store's ShouldDeleteDuringUpdate for the object an update is about to write: it has a
 * deletionTimestamp, no finalizers are left, and no grace period is running (awaitsKubelet);
 * a Namespace also needs its spec.finalizers gone (namespace storage.go
 * ShouldDeleteNamespaceDuringUpdate).
 */
export function shouldDeleteDuringUpdate(def: KindDefinition, next: KubeObject): boolean {
  const m = next.metadata;
  if (m?.deletionTimestamp === undefined || (m.finalizers ?? []).length > 0 || awaitsKubelet(def, next)) return false;
  if (def.resource === 'namespaces') return namespaceSpecFinalizers(next).length === 0;
  return true;
}
