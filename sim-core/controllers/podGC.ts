// The Pod garbage collector (pkg/controller/podgc/gc_controller.go, Kubernetes 1.32). Every
// 20 s (gcCheckPeriod) it force-deletes (grace period 0) the Pods nobody else will finish:
// - terminated Pods (Succeeded/Failed) beyond --terminated-pod-gc-threshold (12,500 by
//   default, kept here), the oldest first (gcTerminated);
// - terminating Pods on a node that is not Ready and carries the
//   `node.kubernetes.io/out-of-service` taint: the administrator said the node is gone
//   for good (gcTerminating, NodeOutOfServiceVolumeDetach, GA in 1.28);
// - orphaned Pods bound to a Node that no longer exists, after that Node has been absent
//   for a 40 s quarantine and a live GET confirms it (gcOrphaned); they are first marked
//   Failed with the DisruptionTarget condition "DeletionByPodGC" (PodDisruptionConditions,
//   GA in 1.31);
// - terminating Pods that were never scheduled (gcUnscheduledTerminating).
// A Pod not yet in a terminal phase is marked Failed before it is deleted
// (markFailedAndDeletePod). The real controller patches the status with server-side
// apply as field manager "PodGC"; here an updateStatus of a copy does the same.
import type { Node, Pod } from '../apiserver';
import { deepCopy, isNotFound, objectKey, type Lister } from '../client';
import type { ControllerContext, ReconcileResult } from './context';
import { readyCondition } from './nodeLifecycleTaints';

/** gcCheckPeriod: 20 s, in ticks of 10 ms */
export const POD_GC_CHECK_PERIOD_TICKS = 2_000;
/** quarantineTime: how long a Node must be missing before its Pods count as orphans (40 s) */
export const POD_GC_QUARANTINE_TICKS = 4_000;
/** --terminated-pod-gc-threshold's default */
export const TERMINATED_POD_GC_THRESHOLD = 12_500;
export const TAINT_NODE_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

export interface PodGCControllerDeps {
  pods: Lister<Pod>;
  nodes: Lister<Node>;
  /** its queue holds node names waiting out the quarantine */
  ctx: ControllerContext;
  terminatedPodThreshold?: number;
}

type Condition = NonNullable<NonNullable<Pod['status']>['conditions']>[number];

const isTerminated = (p: Pod) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
const isTerminating = (p: Pod) => p.metadata?.deletionTimestamp !== undefined;

export class PodGCController {
  private lastGC: number | undefined;
  /** node names in quarantine (queued with a delay) so one is not queued twice */
  private readonly quarantined = new Set<string>();

  constructor(private readonly deps: PodGCControllerDeps) {}

  /** Every 20 s: one gc pass over the caches. */
  tick(now: number): void {
    if (this.lastGC !== undefined && now - this.lastGC < POD_GC_CHECK_PERIOD_TICKS) return;
    this.lastGC = now;
    this.gc();
  }

  gc(): void {
    const pods = this.deps.pods.list();
    const threshold = this.deps.terminatedPodThreshold ?? TERMINATED_POD_GC_THRESHOLD;
    if (threshold > 0) this.gcTerminated(pods, threshold);
    this.gcTerminating(pods);
    this.gcOrphaned(pods);
    this.gcUnscheduledTerminating(pods);
  }

  private gcTerminated(pods: readonly Pod[], threshold: number): void {
    const terminated = pods.filter(isTerminated);
    const excess = terminated.length - threshold;
    if (excess <= 0) return;
    const oldestFirst = [...terminated].sort((a, b) => {
      const ta = a.metadata?.creationTimestamp ?? '';
      const tb = b.metadata?.creationTimestamp ?? '';
      return ta !== tb ? (ta < tb ? -1 : 1) : objectKey(a) < objectKey(b) ? -1 : 1;
    });
    for (const pod of oldestFirst.slice(0, excess)) this.markFailedAndDelete(pod);
  }

  private gcTerminating(pods: readonly Pod[]): void {
    const outOfService = new Set(
      this.deps.nodes
        .list()
        .filter((n) => readyCondition(n)?.status !== 'True' && (n.spec?.taints ?? []).some((t) => t.key === TAINT_NODE_OUT_OF_SERVICE))
        .map((n) => n.metadata?.name ?? ''),
    );
    for (const pod of pods) {
      if (isTerminating(pod) && outOfService.has(pod.spec?.nodeName ?? '')) this.markFailedAndDelete(pod);
    }
  }

  /** Nodes the Pods name but the cache lacks go into quarantine; their Pods wait for reconcile(node). */
  private gcOrphaned(pods: readonly Pod[]): void {
    for (const name of new Set(pods.map((p) => p.spec?.nodeName ?? ''))) {
      if (name === '' || this.deps.nodes.get(name) !== undefined || this.quarantined.has(name)) continue;
      this.quarantined.add(name);
      this.deps.ctx.queue.addAfter(name, POD_GC_QUARANTINE_TICKS);
    }
  }

  /** A node out of quarantine: if the cache still lacks it, confirm with a live GET, then collect its Pods. */
  reconcile(nodeName: string): ReconcileResult {
    this.quarantined.delete(nodeName);
    if (this.deps.nodes.get(nodeName) !== undefined) return { ok: true };
    this.deps.ctx.api.request({ verb: 'get', resource: 'nodes', namespace: '', name: nodeName }, (r) => {
      if (r.ok || !isNotFound(r.error)) return; // it exists after all, or we cannot tell: the next pass looks again
      const orphans = this.deps.pods.list().filter((p) => p.spec?.nodeName === nodeName);
      for (const pod of orphans) {
        this.markFailedAndDelete(pod, {
          type: 'DisruptionTarget',
          status: 'True',
          reason: 'DeletionByPodGC',
          message: 'PodGC: node no longer exists',
          lastTransitionTime: this.deps.ctx.clock.timestamp(),
        });
      }
    });
    return { ok: true };
  }

  private gcUnscheduledTerminating(pods: readonly Pod[]): void {
    for (const pod of pods) {
      if (isTerminating(pod) && (pod.spec?.nodeName ?? '') === '') this.markFailedAndDelete(pod);
    }
  }

  private markFailedAndDelete(pod: Pod, condition?: Condition): void {
    const { api } = this.deps.ctx;
    const namespace = pod.metadata?.namespace ?? '';
    const name = pod.metadata?.name ?? '';
    const forceDelete = (): void => {
      api.request({ verb: 'delete', resource: 'pods', namespace, name, uid: pod.metadata?.uid, gracePeriodSeconds: 0 });
    };
    if (isTerminated(pod)) return forceDelete();
    const copy = deepCopy(pod);
    const conditions = (copy.status?.conditions ?? []).filter((c) => c.type !== condition?.type);
    copy.status = { ...(copy.status ?? {}), phase: 'Failed', ...(condition ? { conditions: [...conditions, condition] } : {}) };
    // A failed status write (the Pod changed or went) leaves the Pod for the next pass, as the real one returns the error.
    api.request({ verb: 'updateStatus', resource: 'pods', namespace, body: copy }, (r) => {
      if (r.ok) forceDelete();
    });
  }
}
