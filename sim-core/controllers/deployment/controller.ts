// The Deployment controller (pkg/controller/deployment/deployment_controller.go
// syncDeployment): claim ReplicaSets, then either only report status (being deleted),
// scale (paused, or a replicas change), or roll out with the strategy — one ReplicaSet per
// pod-template-hash, revision annotations, history cleanup — and write the status.
import { isEmptySelector, selectorMatches, type Deployment, type DeploymentStatus, type Pod, type ReplicaSet } from '../../apiserver';
import { deepCopy, objectKey, sameJson, splitKey, type EventHandlers, type Lister } from '../../client';
import { TICKS_PER_SECOND } from '../../kernel/clock';
import { claim, controllerOf, newControllerRef, withControllerRef, withoutOwner } from '../controllerRef';
import { requeueOnError, type ControllerContext, type ReconcileResult } from '../context';
import type { EventRecorder } from '../events';
import { computeHash } from './hash';
import { cleanupHistory } from './history';
import { RolloutPlan } from './plan';
import { oldPodsRunning, rollingStep, scaleDownOldForRecreate, scaleProportionally } from './rollout';
import { applyPaused, applyProgress, calculateStatus, getCondition, REASON } from './status';
import {
  DESIRED_REPLICAS_ANNOTATION,
  POD_TEMPLATE_HASH_LABEL,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  copiedAnnotations,
  deploymentComplete,
  findNewReplicaSet,
  maxRevision,
  maxSurge,
  newRSNewReplicas,
  replicasOf,
  revisionOf,
  rsReplicas,
} from './util';

export interface DeploymentControllerDeps {
  deployments: Lister<Deployment>;
  replicaSets: Lister<ReplicaSet>;
  pods: Lister<Pod>;
  ctx: ControllerContext;
  /** the "deployment-controller" recorder; without one no Events are written (unit tests of the writes alone) */
  recorder?: EventRecorder;
}

interface SyncState {
  d: Deployment;
  plan: RolloutPlan;
  newRS?: ReplicaSet;
  newRSEvent?: 'created' | 'found';
  /** the Deployment's own revision annotation, written with the status (as the real one does) */
  revision?: string;
  collision?: boolean;
}

export class DeploymentController {
  constructor(private readonly deps: DeploymentControllerDeps) {}

  readonly deploymentHandlers: EventHandlers<Deployment> = {
    onAdd: (d) => this.deps.ctx.queue.add(objectKey(d)),
    onUpdate: (_o, d) => this.deps.ctx.queue.add(objectKey(d)),
    onDelete: (d) => this.deps.ctx.queue.add(objectKey(d)),
  };

  /** ReplicaSet events enqueue the owning Deployment (or, for an orphan, every Deployment selecting it). */
  readonly replicaSetHandlers: EventHandlers<ReplicaSet> = {
    onAdd: (rs) => this.enqueueOwner(rs),
    onUpdate: (old, rs) => {
      const oldRef = controllerOf(old);
      if (oldRef && oldRef.uid !== controllerOf(rs)?.uid) this.enqueueOwner(old);
      this.enqueueOwner(rs);
    },
    onDelete: (rs) => this.enqueueOwner(rs),
  };

  /** Pod deletions matter to Recreate, which waits for the old Pods to be gone. */
  readonly podHandlers: EventHandlers<Pod> = {
    onDelete: (pod) => {
      const ref = controllerOf(pod);
      if (!ref || ref.kind !== 'ReplicaSet') return;
      const rs = this.deps.replicaSets.get(`${pod.metadata?.namespace ?? ''}/${ref.name}`);
      const d = rs && this.ownerOf(rs);
      if (d && d.spec?.strategy?.type === 'Recreate') this.deps.ctx.queue.add(objectKey(d));
    },
  };

  private ownerOf(rs: ReplicaSet): Deployment | undefined {
    const ref = controllerOf(rs);
    if (!ref || ref.kind !== 'Deployment') return undefined;
    const d = this.deps.deployments.get(`${rs.metadata?.namespace ?? ''}/${ref.name}`);
    return d?.metadata?.uid === ref.uid ? d : undefined;
  }

  private enqueueOwner(rs: ReplicaSet): void {
    const d = this.ownerOf(rs);
    if (d) return this.deps.ctx.queue.add(objectKey(d));
    if (controllerOf(rs)) return;
    for (const dep of this.deps.deployments.list(rs.metadata?.namespace ?? '')) {
      if (selectorMatches(dep.spec?.selector, rs.metadata?.labels)) this.deps.ctx.queue.add(objectKey(dep));
    }
  }

  reconcile(key: string): ReconcileResult {
    const { ctx } = this.deps;
    const cached = this.deps.deployments.get(key);
    if (!cached) return { ok: true };
    const d = deepCopy(cached);
    const { namespace } = splitKey(key);
    const now = ctx.clock.timestamp();
    if (d.spec?.selector === undefined || isEmptySelector(d.spec.selector)) {
      // "This deployment will select all pods": the real controller refuses, says so, and only records the generation.
      this.deps.recorder?.event(
        { ...d, apiVersion: 'apps/v1', kind: 'Deployment' },
        'Warning',
        'SelectingAll',
        'This deployment is selecting all pods. A non-empty selector is required.',
      );
      if ((d.status?.observedGeneration ?? 0) < (d.metadata?.generation ?? 0)) {
        const body = { ...d, status: { ...(d.status ?? {}), observedGeneration: d.metadata?.generation ?? 0 } };
        ctx.api.request({ verb: 'updateStatus', resource: 'deployments', namespace, body }, requeueOnError(ctx, key));
      }
      return { ok: true };
    }
    const claimed = this.claimReplicaSets(key, d);
    // Adoption or release writes those ReplicaSets now; acting on them in the same sync
    // would race those writes (same resourceVersion). Their watch events bring us back.
    if (claimed === undefined) return { ok: true };
    const owned = claimed;
    const state: SyncState = { d, plan: new RolloutPlan(owned) };
    let rollout = false;
    if (d.metadata?.deletionTimestamp !== undefined) {
      this.syncRevision(state, false);
    } else if (d.spec.paused || this.isScalingEvent(d, state.plan.replicaSets)) {
      this.syncRevision(state, false);
      scaleProportionally(d, state.newRS, this.oldRSs(state), state.plan);
      if (d.spec.paused) cleanupHistory(d, this.oldRSs(state), state.plan);
    } else if (d.spec.strategy?.type === 'Recreate') {
      rollout = true;
      this.rolloutRecreate(state, namespace);
    } else {
      rollout = true;
      this.syncRevision(state, true);
      const newRS = state.newRS;
      if (newRS && !state.collision) {
        const scaled = rollingStep(d, newRS, this.oldRSs(state), state.plan);
        if (!scaled) this.cleanupIfComplete(state);
      }
    }
    state.plan.issue(ctx, key, namespace, this.deps.recorder && { recorder: this.deps.recorder, deployment: cached });
    this.writeStatus(key, state, rollout, now);
    return { ok: true };
  }

  private oldRSs(state: SyncState): ReplicaSet[] {
    return state.plan.replicaSets.filter((rs) => rs !== state.newRS);
  }

  private rolloutRecreate(state: SyncState, namespace: string): void {
    const { d, plan } = state;
    this.syncRevision(state, false);
    if (scaleDownOldForRecreate(d, this.oldRSs(state), plan)) return;
    if (oldPodsRunning(state.newRS, this.oldRSs(state), this.deps.pods.list(namespace))) return;
    if (!state.newRS) this.syncRevision(state, true);
    if (!state.newRS || state.collision) return;
    plan.scale(state.newRS, replicasOf(d), d);
    this.cleanupIfComplete(state);
  }

  private cleanupIfComplete(state: SyncState): void {
    const status = calculateStatus(state.d, state.plan.replicaSets, state.newRS, '');
    if (deploymentComplete(state.d, status)) cleanupHistory(state.d, this.oldRSs(state), state.plan);
  }

  /** getReplicaSetsForDeployment: adopt matching orphans, release owned ones that stopped matching. */
  /** undefined when it had to adopt or release (the sync resumes when those writes are seen). */
  private claimReplicaSets(key: string, d: Deployment): ReplicaSet[] | undefined {
    const { ctx } = this.deps;
    const namespace = d.metadata?.namespace ?? '';
    const claimed = claim(d, d.spec?.selector, this.deps.replicaSets.list(namespace));
    const ref = newControllerRef(d, 'apps/v1', 'Deployment');
    for (const rs of claimed.adopt) {
      ctx.api.request({ verb: 'update', resource: 'replicasets', namespace, body: withControllerRef(deepCopy(rs), ref) }, requeueOnError(ctx, key));
    }
    for (const rs of claimed.release) {
      ctx.api.request({ verb: 'update', resource: 'replicasets', namespace, body: withoutOwner(deepCopy(rs), d.metadata?.uid ?? '') }, requeueOnError(ctx, key));
    }
    if (claimed.adopt.length > 0 || claimed.release.length > 0) return undefined;
    return claimed.owned;
  }

  /** isScalingEvent: an active ReplicaSet was sized for a different replicas count than the Deployment has now. */
  private isScalingEvent(d: Deployment, rss: readonly ReplicaSet[]): boolean {
    return rss.some((rs) => {
      if (rsReplicas(rs) === 0) return false;
      const desired = rs.metadata?.annotations?.[DESIRED_REPLICAS_ANNOTATION];
      return desired !== undefined && desired !== String(replicasOf(d));
    });
  }

  /**
   * getNewReplicaSet: find the ReplicaSet whose template is the Deployment's and make sure
   * it carries the newest revision (a rollback makes an old one new again); create it when
   * asked and missing, named `<deployment>-<pod-template-hash>`.
   */
  private syncRevision(state: SyncState, createIfMissing: boolean): void {
    const { d, plan } = state;
    const existing = findNewReplicaSet(d, plan.replicaSets);
    const old = plan.replicaSets.filter((rs) => rs !== existing);
    const newRevision = maxRevision(old) + 1;
    if (existing) {
      state.newRS = existing;
      const current = revisionOf(existing);
      const annotations = { ...(existing.metadata?.annotations ?? {}), ...copiedAnnotations(d) };
      if (current < newRevision) {
        annotations[REVISION_ANNOTATION] = String(newRevision);
        if (current > 0) {
          const history = annotations[REVISION_HISTORY_ANNOTATION];
          annotations[REVISION_HISTORY_ANNOTATION] = history ? `${history},${current}` : String(current);
        }
      }
      const minReadyChanged = (existing.spec?.minReadySeconds ?? 0) !== (d.spec?.minReadySeconds ?? 0);
      if (!sameJson(annotations, existing.metadata?.annotations ?? {}) || minReadyChanged) {
        existing.metadata = { ...(existing.metadata ?? {}), annotations };
        existing.spec = { ...(existing.spec ?? {}), minReadySeconds: d.spec?.minReadySeconds ?? 0 };
        plan.changed(existing);
      }
      state.revision = existing.metadata?.annotations?.[REVISION_ANNOTATION];
      if (!getCondition(d.status, 'Progressing')) state.newRSEvent = 'found';
      return;
    }
    if (!createIfMissing) return;
    const hash = computeHash(d.spec?.template, d.status?.collisionCount);
    const name = `${d.metadata?.name ?? ''}-${hash}`;
    if (plan.replicaSets.some((rs) => rs.metadata?.name === name) || this.deps.replicaSets.get(`${d.metadata?.namespace ?? ''}/${name}`)) {
      // A ReplicaSet with this name has another template: bump collisionCount so the next hash differs.
      state.collision = true;
      return;
    }
    const template = deepCopy(d.spec?.template ?? {});
    template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash } };
    const selector = deepCopy(d.spec?.selector ?? {});
    selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
    const newRS: ReplicaSet = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name,
        namespace: d.metadata?.namespace,
        labels: template.metadata.labels,
        annotations: {
          ...copiedAnnotations(d),
          [DESIRED_REPLICAS_ANNOTATION]: String(replicasOf(d)),
          'deployment.kubernetes.io/max-replicas': String(replicasOf(d) + maxSurge(d)),
          [REVISION_ANNOTATION]: String(newRevision),
        },
        ownerReferences: [newControllerRef(d, 'apps/v1', 'Deployment')],
      },
      spec: { replicas: 0, minReadySeconds: d.spec?.minReadySeconds ?? 0, selector, template },
    };
    if (newRS.spec) newRS.spec.replicas = newRSNewReplicas(d, [...plan.replicaSets, newRS], newRS);
    plan.add(newRS);
    state.newRS = newRS;
    state.newRSEvent = 'created';
    state.revision = String(newRevision);
  }

  private writeStatus(key: string, state: SyncState, rollout: boolean, now: string): void {
    const { ctx } = this.deps;
    const { d } = state;
    const status: DeploymentStatus = calculateStatus(d, state.plan.replicaSets, state.newRS, now);
    if (state.collision) status.collisionCount = (d.status?.collisionCount ?? 0) + 1;
    applyPaused(d, status, now);
    if (rollout) {
      applyProgress(d, status, state.newRS, {
        now,
        secondsSince: (ts) => ctx.clock.secondsSince(ts),
        newRSEvent: state.newRSEvent,
      });
    }
    const annotations = { ...(d.metadata?.annotations ?? {}) };
    if (state.revision !== undefined) annotations[REVISION_ANNOTATION] = state.revision;
    const annotationsChanged = !sameJson(annotations, d.metadata?.annotations ?? {});
    if (annotationsChanged || !sameJson(status, d.status ?? {})) {
      // Like the real controller, the revision annotation rides on the status write
      // (the deployment status strategy keeps metadata.annotations from the body).
      const body: Deployment = { ...d, metadata: { ...(d.metadata ?? {}), annotations }, status };
      ctx.api.request({ verb: 'updateStatus', resource: 'deployments', namespace: d.metadata?.namespace ?? '', body }, requeueOnError(ctx, key));
    }
    if (state.collision) ctx.queue.addRateLimited(key);
    // requeueStuckDeployment: look again when the progress deadline would pass.
    const cond = getCondition(status, 'Progressing');
    if (rollout && cond && cond.reason !== REASON.newRSAvailable && cond.reason !== REASON.timedOut && cond.lastUpdateTime) {
      const left = (d.spec?.progressDeadlineSeconds ?? 600) - ctx.clock.secondsSince(cond.lastUpdateTime);
      ctx.queue.addAfter(key, Math.max(1, left * TICKS_PER_SECOND + 1));
    }
  }
}
