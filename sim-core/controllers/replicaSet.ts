// The ReplicaSet controller (pkg/controller/replicaset/replica_set.go, syncReplicaSet):
// claim the Pods (adopt matching orphans, release owned Pods that stopped matching),
// create or delete Pods until the active count equals spec.replicas — at most 500 per
// sync (BurstReplicas), creations in slow-start batches — and write the status.
import type { Pod, PodTemplateSpec, ReplicaSet, ReplicaSetStatus } from '../apiserver';
import { CONTROLLER_UID_INDEX, NO_CONTROLLER, deepCopy, isNotFound, sameJson, objectKey, splitKey, type EventHandlers, type KubeObject, type Lister } from '../client';
import { TICKS_PER_SECOND } from '../kernel/clock';
import { ClaimMemo, type ClaimOwner, type ClaimedPods } from './claimMemo';
import { controllerOf, newControllerRef, withControllerRef, withoutOwner } from './controllerRef';
import { labelMatcher } from './labelMatcher';
import { podFacts } from './podFacts';
import { namespaceTerminating, requeueOnError, type ControllerContext, type ReconcileResult } from './context';
import { ControllerExpectations } from './expectations';
import { isPodActive, isReadyAvailable } from './podState';
import { podsToDelete } from './activePods';
import { generatedName } from './podNames';
import { slowStartBatch } from './slowStart';
import { selectorMatches } from '../apiserver';
import type { EventRecorder } from './events';

// pkg/controller/controller_utils.go's event reasons for Pod creation and deletion.
export const SUCCESSFUL_CREATE_POD_REASON = 'SuccessfulCreate';
export const FAILED_CREATE_POD_REASON = 'FailedCreate';
export const SUCCESSFUL_DELETE_POD_REASON = 'SuccessfulDelete';
export const FAILED_DELETE_POD_REASON = 'FailedDelete';

/** BurstReplicas: the most Pods one sync creates or deletes (kube-controller-manager's --replicaset-burst… default 500). */
export const BURST_REPLICAS = 500;
const RS_API_VERSION = 'apps/v1';

export interface ReplicaSetControllerDeps {
  replicaSets: Lister<ReplicaSet>;
  /** indexed by CONTROLLER_UID_INDEX (addControllerIndexes) */
  pods: Lister<Pod>;
  ctx: ControllerContext;
  /** the "replicaset-controller" recorder; without one no Events are written (unit tests of the writes alone) */
  recorder?: EventRecorder;
}

export class ReplicaSetController {
  readonly expectations: ControllerExpectations;
  /** each ReplicaSet's last claim of its Pods, reused for the Pods that did not change */
  private readonly claims = new ClaimMemo();

  constructor(private readonly deps: ReplicaSetControllerDeps) {
    this.expectations = new ControllerExpectations(() => deps.ctx.clock.tick());
  }

  /** Handlers for the ReplicaSet informer: enqueue the ReplicaSet. */
  readonly replicaSetHandlers: EventHandlers<ReplicaSet> = {
    onAdd: (rs) => this.deps.ctx.queue.add(objectKey(rs)),
    onUpdate: (_old, rs) => this.deps.ctx.queue.add(objectKey(rs)),
    onDelete: (rs) => {
      this.expectations.delete(objectKey(rs));
      this.deps.ctx.queue.add(objectKey(rs));
    },
  };

  /** Handlers for the Pod informer: observe expectations and enqueue the owning (or matching) ReplicaSets. */
  readonly podHandlers: EventHandlers<Pod> = {
    onAdd: (pod) => {
      const owner = this.ownerKey(pod);
      if (owner) {
        this.expectations.creationObserved(owner);
        this.deps.ctx.queue.add(owner);
      } else this.enqueueMatching(pod);
    },
    onUpdate: (old, pod) => {
      if (old.metadata?.resourceVersion === pod.metadata?.resourceVersion) return; // a resync
      const oldOwner = this.ownerKey(old);
      const owner = this.ownerKey(pod);
      if (oldOwner && oldOwner !== owner) this.deps.ctx.queue.add(oldOwner);
      if (owner) this.deps.ctx.queue.add(owner);
      else this.enqueueMatching(pod);
      if (pod.metadata?.deletionTimestamp !== undefined && old.metadata?.deletionTimestamp === undefined && owner) {
        this.expectations.deletionObserved(owner);
      }
    },
    onDelete: (pod) => {
      const owner = this.ownerKey(pod);
      if (!owner) return;
      if (pod.metadata?.deletionTimestamp === undefined) this.expectations.deletionObserved(owner);
      this.deps.ctx.queue.add(owner);
    },
  };

  private ownerKey(pod: Pod): string | undefined {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'ReplicaSet') return undefined;
    const key = `${pod.metadata?.namespace ?? ''}/${ref.name}`;
    const rs = this.deps.replicaSets.get(key);
    return rs && rs.metadata?.uid === ref.uid ? key : undefined;
  }

  private enqueueMatching(pod: Pod): void {
    for (const rs of this.deps.replicaSets.list(pod.metadata?.namespace ?? '')) {
      if (selectorMatches(rs.spec?.selector, pod.metadata?.labels)) this.deps.ctx.queue.add(objectKey(rs));
    }
  }

  reconcile(key: string): ReconcileResult {
    const { ctx } = this.deps;
    const rs = this.deps.replicaSets.get(key);
    if (!rs) {
      this.expectations.delete(key);
      this.claims.forget(key);
      this.claims.forget(orphansKey(key));
      return { ok: true };
    }
    const { namespace } = splitKey(key);
    const needsSync = this.expectations.satisfied(key) && rs.metadata?.deletionTimestamp === undefined;
    const claimed = this.claimPods(key, namespace, rs);
    const ref = newControllerRef(rs, RS_API_VERSION, 'ReplicaSet');
    for (const pod of claimed.adopt) {
      ctx.api.request({ verb: 'update', resource: 'pods', namespace, body: withControllerRef(deepCopy(pod), ref) }, requeueOnError(ctx, key));
    }
    for (const pod of claimed.release) {
      ctx.api.request({ verb: 'update', resource: 'pods', namespace, body: withoutOwner(deepCopy(pod), rs.metadata?.uid ?? '') }, requeueOnError(ctx, key));
    }
    const owned = claimed.owned;
    if (needsSync) this.manageReplicas(key, rs, owned);

    const status = this.calculateStatus(rs, claimed);
    if (!sameJson(status, rs.status ?? {})) {
      const copy = deepCopy(rs);
      copy.status = status;
      ctx.api.request({ verb: 'updateStatus', resource: 'replicasets', namespace, body: copy }, requeueOnError(ctx, key));
    }
    // Pods that are ready but not yet available become available with time alone: look again then.
    const minReady = rs.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && status.readyReplicas !== status.availableReplicas) ctx.queue.addAfter(key, minReady * TICKS_PER_SECOND);
    return { ok: true };
  }

  /**
   * Claim the active Pods of the namespace: those the ReplicaSet controls and the orphans
   * it may adopt — what claiming every active Pod of the namespace would decide, read
   * through the controller-uid index (replica_set.go's getRSPods + controllerUIDIndex)
   * instead of a scan of every Pod on every sync; Pods of other controllers are left out,
   * as a claim skips them anyway. Each list is claimed through the memo (claimMemo.ts).
   * `owned` holds the controlled Pods, then the adopted ones: its order does not matter
   * (a count, and podsToDelete's total order).
   */
  private claimPods(key: string, namespace: string, rs: ReplicaSet): ClaimedPods {
    const uid = rs.metadata?.uid ?? '';
    const owner: ClaimOwner = {
      uid: rs.metadata?.uid,
      deleting: rs.metadata?.deletionTimestamp !== undefined,
      namespace,
      selector: labelMatcher(rs.spec?.selector),
      // replica_set_utils.go's calculateStatus: "fully labeled" = selected by the template's labels
      templateLabels: labelMatcher({ matchLabels: rs.spec?.template?.metadata?.labels ?? {} }),
    };
    // an owner without a uid controls nothing (a controllerRef always names a uid)
    const controlled = this.claims.claim(key, owner, uid === NO_CONTROLLER ? [] : this.deps.pods.byIndex(CONTROLLER_UID_INDEX, uid));
    const orphans = this.claims.claim(orphansKey(key), owner, this.deps.pods.byIndex(CONTROLLER_UID_INDEX, NO_CONTROLLER));
    if (orphans.owned.length === 0 && orphans.release.length === 0) return controlled;
    return {
      owned: [...controlled.owned, ...orphans.owned],
      adopt: [...controlled.adopt, ...orphans.adopt],
      release: [...controlled.release, ...orphans.release],
      fullyLabeled: controlled.fullyLabeled + orphans.fullyLabeled,
      ready: controlled.ready + orphans.ready,
    };
  }

  private manageReplicas(key: string, rs: ReplicaSet, owned: readonly Pod[]): void {
    const { ctx } = this.deps;
    const namespace = rs.metadata?.namespace ?? '';
    const diff = owned.length - (rs.spec?.replicas ?? 1);
    if (diff < 0) {
      const count = Math.min(-diff, BURST_REPLICAS);
      this.expectations.expect(key, count, 0);
      slowStartBatch(
        count,
        (done) => {
          const pod = podFromTemplate(rs, rs.spec?.template, generatedName(`${rs.metadata?.name ?? ''}-`, ctx.prng));
          ctx.api.request({ verb: 'create', resource: 'pods', namespace, body: pod }, (r) => {
            // RealPodControl.CreatePods: an Event either way, except while the namespace terminates.
            if (r.ok) this.record(rs, 'Normal', SUCCESSFUL_CREATE_POD_REASON, `Created pod: ${pod.metadata?.name ?? ''}`);
            else if (!namespaceTerminating(r.error)) this.record(rs, 'Warning', FAILED_CREATE_POD_REASON, `Error creating: ${r.error.message}`);
            if (!r.ok) {
              // The Pod will never be observed: lower the expectation (and retry later).
              this.expectations.creationObserved(key);
              requeueOnError(ctx, key)(r);
            }
            done(r.ok);
          }, { readsAnswerOnly: true }); // the created Pod it answers with is never read
        },
        (_successes, skipped) => {
          for (let i = 0; i < skipped; i++) this.expectations.creationObserved(key);
        },
      );
    } else if (diff > 0) {
      const count = Math.min(diff, BURST_REPLICAS);
      // the ranking counts every controlled active Pod of the namespace per node: read only when scaling down
      const related = this.deps.pods.list(namespace).filter((p) => isPodActive(p) && controllerOf(p) !== undefined);
      const victims = podsToDelete(owned, related, count);
      this.expectations.expect(key, 0, victims.length);
      for (const pod of victims) {
        ctx.api.request(
          { verb: 'delete', resource: 'pods', namespace, name: pod.metadata?.name ?? '', uid: pod.metadata?.uid },
          (r) => {
            // RealPodControl.DeletePod: NotFound means someone else deleted it first, and is not reported.
            if (r.ok) return this.record(rs, 'Normal', SUCCESSFUL_DELETE_POD_REASON, `Deleted pod: ${pod.metadata?.name ?? ''}`);
            if (!isNotFound(r.error)) this.record(rs, 'Warning', FAILED_DELETE_POD_REASON, `Error deleting: ${r.error.message}`);
            this.expectations.deletionObserved(key);
            requeueOnError(ctx, key)(r);
          },
        );
      }
    }
  }

  private record(rs: ReplicaSet, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.deps.recorder?.event({ ...rs, apiVersion: RS_API_VERSION, kind: 'ReplicaSet' }, type, reason, message);
  }

  private calculateStatus(rs: ReplicaSet, claimed: ClaimedPods): ReplicaSetStatus {
    const minReady = rs.spec?.minReadySeconds ?? 0;
    // podutil.IsPodAvailable: without minReadySeconds every ready Pod is available
    let available = claimed.ready;
    if (minReady > 0) {
      const secondsSince = (ts: string) => this.deps.ctx.clock.secondsSince(ts);
      available = 0;
      for (const p of claimed.owned) if (isReadyAvailable(podFacts(p).ready, minReady, secondsSince)) available++;
    }
    const status: ReplicaSetStatus = {
      replicas: claimed.owned.length,
      fullyLabeledReplicas: claimed.fullyLabeled,
      readyReplicas: claimed.ready,
      availableReplicas: available,
      observedGeneration: rs.metadata?.generation ?? 0,
    };
    if (rs.status?.conditions) status.conditions = rs.status.conditions;
    return status;
  }
}

/** controller.GetPodFromTemplate: labels, annotations and spec from the template, the controllerRef, and a generated name. */
export function podFromTemplate(owner: KubeObject & { metadata?: ReplicaSet['metadata'] }, template: PodTemplateSpec | undefined, name: string): Pod {
  const t = deepCopy(template ?? {});
  const metadata: NonNullable<Pod['metadata']> = {
    name,
    generateName: `${owner.metadata?.name ?? ''}-`,
    namespace: owner.metadata?.namespace,
    ownerReferences: [newControllerRef(owner, RS_API_VERSION, 'ReplicaSet')],
  };
  if (t.metadata?.labels) metadata.labels = t.metadata.labels;
  if (t.metadata?.annotations) metadata.annotations = t.metadata.annotations;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: t.spec ?? {} };
}

/** Where the memo keeps a ReplicaSet's claim of the orphans ('#' is in no object name). */
function orphansKey(key: string): string {
  return `${key}#orphans`;
}
