// One sync's working view of a Deployment's ReplicaSets. The real controller calls the
// API synchronously and continues with the object each call returns; here answers come
// at a later tick, so a sync edits mutable copies and sends at most one write per
// ReplicaSet at the end (two writes to one object in one sync would conflict with each
// other on resourceVersion). The order of writes is the order of first change.
import type { Deployment, ReplicaSet } from '../../apiserver';
import { deepCopy } from '../../client';
import { requeueOnError, type ControllerContext } from '../context';
import type { EventRecorder } from '../events';
import { DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, maxSurge, replicasOf, rsReplicas } from './util';

type Op = 'create' | 'update' | 'delete';

/** deploymentutil.FailedRSCreateReason */
export const FAILED_RS_CREATE_REASON = 'ReplicaSetCreateError';
export const SCALING_REPLICA_SET_REASON = 'ScalingReplicaSet';

/** Where a sync's Events go: the "deployment-controller" recorder, about this Deployment. */
export interface PlanEvents {
  recorder: EventRecorder;
  deployment: Deployment;
}

export class RolloutPlan {
  /** working copies, owned by the Deployment, in cache order */
  readonly replicaSets: ReplicaSet[];
  private readonly ops = new Map<string, Op>();
  private readonly order: string[] = [];
  /** spec.replicas of each owned ReplicaSet when the sync began (the "from" of ScalingReplicaSet) */
  private readonly startReplicas = new Map<string, number>();

  constructor(owned: readonly ReplicaSet[]) {
    this.replicaSets = owned.map((rs) => deepCopy(rs));
    for (const rs of owned) this.startReplicas.set(rs.metadata?.name ?? '', rsReplicas(rs));
  }

  private mark(rs: ReplicaSet, op: Op): void {
    const name = rs.metadata?.name ?? '';
    const prev = this.ops.get(name);
    if (prev === undefined) this.order.push(name);
    // A ReplicaSet created in this sync stays a create however it is edited afterwards.
    this.ops.set(name, prev === 'create' && op === 'update' ? 'create' : op);
  }

  add(rs: ReplicaSet): void {
    this.replicaSets.push(rs);
    this.mark(rs, 'create');
  }

  changed(rs: ReplicaSet): void {
    this.mark(rs, 'update');
  }

  remove(rs: ReplicaSet): void {
    this.mark(rs, 'delete');
  }

  isCreated(rs: ReplicaSet): boolean {
    return this.ops.get(rs.metadata?.name ?? '') === 'create';
  }

  /**
   * scaleReplicaSet: set spec.replicas and the desired-replicas / max-replicas
   * annotations (which proportional scaling reads later). True if the size changed.
   */
  scale(rs: ReplicaSet, replicas: number, d: Deployment): boolean {
    const sizeChanged = rsReplicas(rs) !== replicas;
    const desired = String(replicasOf(d));
    const max = String(replicasOf(d) + maxSurge(d));
    const ann = rs.metadata?.annotations ?? {};
    const annotationsChanged = ann[DESIRED_REPLICAS_ANNOTATION] !== desired || ann[MAX_REPLICAS_ANNOTATION] !== max;
    if (!sizeChanged && !annotationsChanged) return false;
    rs.spec = { ...(rs.spec ?? {}), replicas };
    rs.metadata = { ...(rs.metadata ?? {}), annotations: { ...ann, [DESIRED_REPLICAS_ANNOTATION]: desired, [MAX_REPLICAS_ANNOTATION]: max } };
    this.mark(rs, 'update');
    return sizeChanged;
  }

  /**
   * Send the writes; a failed one requeues the Deployment with back-off. Each write that
   * succeeds records what the real controller records after its call returns (sync.go
   * getNewReplicaSet and scaleReplicaSet, Kubernetes 1.31+ wording):
   * "Scaled up replica set web-7d4b9c8f5 from 0 to 3", "Scaled down replica set … from 3 to 2".
   */
  issue(ctx: ControllerContext, deploymentKey: string, namespace: string, events?: PlanEvents): void {
    const record = (type: 'Normal' | 'Warning', reason: string, message: string) =>
      events?.recorder.event({ ...events.deployment, apiVersion: 'apps/v1', kind: 'Deployment' }, type, reason, message);
    for (const name of this.order) {
      const op = this.ops.get(name);
      const rs = this.replicaSets.find((r) => r.metadata?.name === name);
      if (!rs) continue;
      const done = requeueOnError(ctx, deploymentKey);
      const to = rsReplicas(rs);
      if (op === 'create') ctx.api.request({ verb: 'create', resource: 'replicasets', namespace, body: rs }, (r) => {
        // AlreadyExists: an earlier sync's create landed and the cache has not shown it yet.
        if (!r.ok && r.error.reason === 'AlreadyExists') return;
        if (r.ok && to > 0) record('Normal', SCALING_REPLICA_SET_REASON, `Scaled up replica set ${name} from 0 to ${to}`);
        if (!r.ok) record('Warning', FAILED_RS_CREATE_REASON, `Failed to create new replica set "${name}": ${r.error.message}`);
        done(r);
      });
      else if (op === 'update') ctx.api.request({ verb: 'update', resource: 'replicasets', namespace, body: rs }, (r) => {
        const from = this.startReplicas.get(name) ?? to;
        if (r.ok && from !== to) record('Normal', SCALING_REPLICA_SET_REASON, `Scaled ${from < to ? 'up' : 'down'} replica set ${name} from ${from} to ${to}`);
        done(r);
      });
      else if (op === 'delete') {
        ctx.api.request({ verb: 'delete', resource: 'replicasets', namespace, name, uid: rs.metadata?.uid }, done);
      }
    }
  }
}
