// The node lifecycle controller (pkg/controller/nodelifecycle/node_lifecycle_controller.go,
// Kubernetes 1.32). Every nodeMonitorPeriod (5 s) it looks at each Node's two heartbeats —
// its status conditions and its Lease in kube-node-lease — by ITS OWN clock (probeTimestamp
// is when this controller saw a heartbeat change, never the kubelet's timestamp). A node
// silent for longer than nodeMonitorGracePeriod gets Ready=Unknown ("Kubelet stopped
// posting node status."), its Pods get Ready=False, and it is queued for the NoExecute
// `unreachable` taint (or `not-ready` when the kubelet itself says Ready=False), which the
// taint eviction controller turns into evictions. NoSchedule taints mirror the conditions
// on every Node change. A node that reports Ready again loses the NoExecute taints.
// nodeMonitorGracePeriod is 50 s since 1.32 (kubernetes/kubernetes#126287; 40 s before).
// Deviations: writes are asynchronous, so a failed status write is retried on the next
// pass rather than at once; taint writes GET the node first and retry on 409 (as
// AddOrUpdateTaintOnNode's RetryOnConflict does). One work queue carries both of the
// real controller's queues: a Node name (no slash) or a Pod's `namespace/name`.
import type { Lease, Node, Pod, Taint } from '../apiserver';
import { deepCopy, objectKey, type EventHandlers, type KubeObject, type Lister } from '../client';
import type { ControllerContext, ReconcileResult } from './context';
import type { EventRecorder } from './events';
import {
  NOT_READY_NO_EXECUTE,
  UNREACHABLE_NO_EXECUTE,
  desiredNoScheduleTaints,
  managedNoScheduleTaints,
  readyCondition,
  sameTaint,
  swapTaints,
  taintExists,
} from './nodeLifecycleTaints';
import { NodeHealthMap, type NodeCondition } from './nodeLifecycleHealth';
import { RateLimitedTimedQueue, computeZoneState, zoneKey, zoneQps, EVICTION_LIMITER_QPS, type ZoneState } from './nodeLifecycleZones';

export const NODE_MONITOR_PERIOD_TICKS = 500;
export const NODE_MONITOR_GRACE_PERIOD_TICKS = 5000;
/** scheduler.NodeEvictionPeriod: how often the NoExecute tainting pass runs (100 ms) */
export const NODE_EVICTION_PERIOD_TICKS = 10;
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** UpdateTaintBackoff: attempts of a taint write that meets 409 Conflict */
const TAINT_WRITE_ATTEMPTS = 5;
const EXCLUDE_DISRUPTION_LABEL = 'node.kubernetes.io/exclude-disruption';

export interface NodeLifecycleControllerDeps {
  nodes: Lister<Node & KubeObject>;
  leases: Lister<Lease & KubeObject>;
  pods: Lister<Pod & KubeObject>;
  ctx: ControllerContext;
  recorder?: EventRecorder;
  monitorGracePeriodTicks?: number;
}

export class NodeLifecycleController {
  private readonly health: NodeHealthMap;
  private readonly knownNodes = new Set<string>();
  private readonly tainters = new Map<string, RateLimitedTimedQueue>();
  private readonly zoneStates = new Map<string, ZoneState>();
  private readonly nodesToRetry = new Set<string>();
  private nextMonitorAt: number | undefined;
  private nextTaintPassAt = 0;

  constructor(private readonly deps: NodeLifecycleControllerDeps) {
    this.health = new NodeHealthMap(deps.monitorGracePeriodTicks ?? NODE_MONITOR_GRACE_PERIOD_TICKS);
  }

  readonly nodeHandlers: EventHandlers<Node & KubeObject> = {
    onAdd: (n) => this.deps.ctx.queue.add(n.metadata?.name ?? ''),
    onUpdate: (_o, n) => this.deps.ctx.queue.add(n.metadata?.name ?? ''),
    onDelete: (n) => this.nodesToRetry.delete(n.metadata?.name ?? ''),
  };

  /** podUpdated: a Pod newly bound (or moved) is checked against its node's health. */
  readonly podHandlers: EventHandlers<Pod & KubeObject> = {
    onAdd: (p) => {
      if (p.spec?.nodeName) this.deps.ctx.queue.add(objectKey(p));
    },
    onUpdate: (o, p) => {
      if (p.spec?.nodeName && p.spec.nodeName !== o.spec?.nodeName) this.deps.ctx.queue.add(objectKey(p));
    },
  };

  /** The controller's own clocks: the health monitor every 5 s (first at once), the NoExecute tainting pass every 100 ms. */
  tick(now: number): void {
    if (this.nextMonitorAt === undefined || now >= this.nextMonitorAt) {
      this.nextMonitorAt = now + NODE_MONITOR_PERIOD_TICKS;
      this.monitorNodeHealth(now);
    }
    if (now >= this.nextTaintPassAt) {
      this.nextTaintPassAt = now + NODE_EVICTION_PERIOD_TICKS;
      this.doNoExecuteTaintingPass(now);
    }
  }

  /** A Node name: the NoSchedule tainting pass. A Pod key: processPod. */
  reconcile(key: string): ReconcileResult {
    return key.includes('/') ? this.processPod(key) : this.doNoScheduleTaintingPass(key);
  }

  /** The zone state the controller last computed (for tests and the UI). */
  zoneState(zone = ''): ZoneState | undefined {
    return this.zoneStates.get(zone);
  }

  // ---- NoSchedule taints, on every Node change ----

  private doNoScheduleTaintingPass(name: string): ReconcileResult {
    const node = this.deps.nodes.get(name);
    if (!node) return { ok: true };
    const desired = desiredNoScheduleTaints(node);
    const current = managedNoScheduleTaints(node);
    const add = desired.filter((t) => !current.some((c) => sameTaint(c, t)));
    const remove = current.filter((c) => !desired.some((t) => sameTaint(c, t)));
    if (add.length === 0 && remove.length === 0) return { ok: true };
    this.writeTaints(name, add, remove, (ok) => {
      if (!ok) this.deps.ctx.queue.addRateLimited(name);
    });
    return { ok: true };
  }

  // ---- the health monitor ----

  private monitorNodeHealth(now: number): void {
    const nodes = this.deps.nodes.list();
    const names = new Set(nodes.map((n) => n.metadata?.name ?? ''));
    for (const node of nodes) {
      const name = node.metadata?.name ?? '';
      this.addTainterForZone(node, now);
      if (this.knownNodes.has(name)) continue;
      this.knownNodes.add(name);
      this.deps.recorder?.event(node, 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      this.markNodeAsReachable(node);
    }
    for (const name of [...this.knownNodes].sort()) {
      if (names.has(name)) continue;
      this.knownNodes.delete(name);
      this.health.forget(name);
      this.deps.recorder?.event({ kind: 'Node', apiVersion: 'v1', metadata: { name } }, 'Normal', 'RemovingNode', `Node ${name} event: Removing Node ${name} from Controller`);
    }
    const zoneConditions = new Map<string, (string | undefined)[]>();
    for (const node of nodes) {
      const name = node.metadata?.name ?? '';
      const { observed, current, toWrite } = this.health.observe(node, this.deps.leases.get(`${NODE_LEASE_NAMESPACE}/${name}`), now);
      if (toWrite) this.deps.ctx.api.request({ verb: 'updateStatus', resource: 'nodes', namespace: '', body: toWrite });
      if (node.metadata?.labels?.[EXCLUDE_DISRUPTION_LABEL] === undefined) {
        const zone = zoneKey(node);
        zoneConditions.set(zone, [...(zoneConditions.get(zone) ?? []), current?.status]);
      }
      if (current === undefined) continue;
      this.processTaintBaseEviction(node, observed, now);
      const needsRetry = this.nodesToRetry.has(name);
      this.nodesToRetry.delete(name);
      if (current.status !== 'True' && observed.status === 'True') {
        this.deps.recorder?.event(node, 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
        this.markPodsNotReady(this.podsOn(name), name);
      } else if (needsRetry && observed.status !== 'True') this.markPodsNotReady(this.podsOn(name), name);
    }
    this.handleDisruption(zoneConditions, nodes, now);
  }

  private podsOn(nodeName: string): (Pod & KubeObject)[] {
    return this.deps.pods.list().filter((p) => p.spec?.nodeName === nodeName);
  }

  // ---- NoExecute taints ----

  private processTaintBaseEviction(node: Node & KubeObject, observed: NodeCondition, now: number): void {
    const taints = node.spec?.taints;
    const name = node.metadata?.name ?? '';
    if (observed.status === 'False') {
      if (taintExists(taints, UNREACHABLE_NO_EXECUTE)) this.writeTaints(name, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE]);
      else this.markNodeForTainting(node, 'False', now);
    } else if (observed.status === 'Unknown') {
      if (taintExists(taints, NOT_READY_NO_EXECUTE)) this.writeTaints(name, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE]);
      else this.markNodeForTainting(node, 'Unknown', now);
    } else if (observed.status === 'True') this.markNodeAsReachable(node);
  }

  private addTainterForZone(node: Node, now: number): void {
    const zone = zoneKey(node);
    if (this.zoneStates.has(zone)) return;
    this.zoneStates.set(zone, 'Initial');
    this.tainters.set(zone, new RateLimitedTimedQueue(EVICTION_LIMITER_QPS, now));
  }

  private tainterOf(node: Node): RateLimitedTimedQueue | undefined {
    return this.tainters.get(zoneKey(node));
  }

  private markNodeForTainting(node: Node & KubeObject, status: 'False' | 'Unknown', now: number): void {
    const tainter = this.tainterOf(node);
    if (!tainter) return;
    const name = node.metadata?.name ?? '';
    const template = status === 'False' ? NOT_READY_NO_EXECUTE : UNREACHABLE_NO_EXECUTE;
    if (!taintExists(node.spec?.taints, template)) tainter.remove(name);
    tainter.add(name, node.metadata?.uid ?? '', now);
  }

  private markNodeAsReachable(node: Node & KubeObject): void {
    const name = node.metadata?.name ?? '';
    const taints = node.spec?.taints;
    if (taintExists(taints, UNREACHABLE_NO_EXECUTE) || taintExists(taints, NOT_READY_NO_EXECUTE)) {
      this.writeTaints(name, [], [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE]);
    }
    this.tainterOf(node)?.remove(name);
  }

  private doNoExecuteTaintingPass(now: number): void {
    for (const zone of [...this.tainters.keys()].sort()) {
      this.tainters.get(zone)?.try(now, (name) => {
        const node = this.deps.nodes.get(name);
        if (!node) return { done: true };
        const ready = readyCondition(node);
        if (!ready) return { done: false, retryAfterTicks: 5 };
        // unreachable and not-ready are kept mutually exclusive, mirroring Ready's status
        if (ready.status === 'False') this.writeTaints(name, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE]);
        else if (ready.status === 'Unknown') this.writeTaints(name, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE]);
        return { done: true };
      });
    }
  }

  private handleDisruption(zoneConditions: Map<string, (string | undefined)[]>, nodes: readonly (Node & KubeObject)[], now: number): void {
    const zones = [...zoneConditions.keys()].sort();
    const newStates = new Map(zones.map((z) => [z, computeZoneState(zoneConditions.get(z) ?? [])]));
    const allAreFullyDisrupted = zones.every((z) => newStates.get(z) === 'FullDisruption');
    for (const z of zones) if (!this.zoneStates.has(z)) this.zoneStates.set(z, 'Initial');
    let allWereFullyDisrupted = true;
    for (const [z, state] of [...this.zoneStates].sort()) {
      if (!zoneConditions.has(z)) {
        this.zoneStates.delete(z);
        continue;
      }
      if (state !== 'FullDisruption') allWereFullyDisrupted = false;
    }
    if (allAreFullyDisrupted && allWereFullyDisrupted) return;
    // a zone fully disrupted while others are not is evicted at the normal rate (HealthyQPSFunc)
    const setLimiter = (z: string, state: ZoneState) => this.tainters.get(z)?.swapLimiter(zoneQps(state, zoneConditions.get(z)?.length ?? 0), now);
    if (allAreFullyDisrupted) {
      // Every node looks dead: more likely our own view is broken. Evict nothing, untaint all.
      for (const node of nodes) this.markNodeAsReachable(node);
      for (const z of [...this.zoneStates.keys()].sort()) {
        this.tainters.get(z)?.swapLimiter(0, now);
        this.zoneStates.set(z, 'FullDisruption');
      }
      return;
    }
    if (allWereFullyDisrupted) {
      this.health.resetProbes(now);
    }
    for (const z of [...this.zoneStates.keys()].sort()) {
      const next = newStates.get(z) as ZoneState;
      if (!allWereFullyDisrupted && this.zoneStates.get(z) === next) continue;
      setLimiter(z, next);
      this.zoneStates.set(z, next);
    }
  }

  // ---- Pods ----

  private processPod(key: string): ReconcileResult {
    const pod = this.deps.pods.get(key);
    const nodeName = pod?.spec?.nodeName;
    if (!pod || !nodeName) return { ok: true };
    const h = this.health.get(nodeName);
    if (!h) return { ok: true }; // not gathered yet: the next monitor pass covers the Pod
    if (!this.deps.nodes.get(nodeName)) {
      this.deps.ctx.queue.addRateLimited(key);
      return { ok: true };
    }
    const ready = readyCondition({ status: h.status } as Node);
    if (ready && ready.status !== 'True') this.markPodsNotReady([pod], nodeName);
    return { ok: true };
  }

  /** MarkPodsNotReady: each Pod's Ready condition turns False, with a NodeNotReady Event. */
  private markPodsNotReady(pods: readonly (Pod & KubeObject)[], nodeName: string): void {
    const { ctx } = this.deps;
    for (const pod of pods) {
      if (pod.spec?.nodeName !== nodeName) continue;
      const cond = pod.status?.conditions?.find((c) => c.type === 'Ready');
      if (!cond || cond.status === 'False') continue;
      const copy = deepCopy(pod);
      const c = copy.status?.conditions?.find((x) => x.type === 'Ready');
      if (!c) continue;
      c.status = 'False';
      c.lastTransitionTime = ctx.clock.timestamp();
      ctx.api.request({ verb: 'updateStatus', resource: 'pods', namespace: pod.metadata?.namespace ?? '', body: copy }, (r) => {
        if (!r.ok && r.error.reason !== 'NotFound') this.nodesToRetry.add(nodeName);
        if (r.ok) this.deps.recorder?.event(pod, 'Warning', 'NodeNotReady', 'Node is not ready');
      });
    }
  }

  /** AddOrUpdateTaintOnNode + RemoveTaintOffNode: GET the node, change its taints, update; retry on 409. */
  private writeTaints(name: string, add: readonly Taint[], remove: readonly Taint[], after?: (ok: boolean) => void, attempt = 1): void {
    const { ctx } = this.deps;
    ctx.api.request({ verb: 'get', resource: 'nodes', namespace: '', name }, (got) => {
      if (!got.ok) return after?.(got.error.reason === 'NotFound');
      const fresh = got.value as Node & KubeObject;
      const taints = swapTaints(fresh, add, remove, ctx.clock.timestamp());
      if (taints === undefined) return after?.(true);
      const body = deepCopy(fresh);
      body.spec = { ...(body.spec ?? {}), taints };
      if (taints.length === 0) delete body.spec.taints;
      ctx.api.request({ verb: 'update', resource: 'nodes', namespace: '', body }, (r) => {
        if (!r.ok && r.error.reason === 'Conflict' && attempt < TAINT_WRITE_ATTEMPTS) return this.writeTaints(name, add, remove, after, attempt + 1);
        after?.(r.ok);
      });
    });
  }
}
