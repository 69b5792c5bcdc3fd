// The node lifecycle controller's view of each node's health (nodeHealthMap and
// tryUpdateNodeHealth in pkg/controller/nodelifecycle/node_lifecycle_controller.go):
// probeTimestamp is the tick THIS controller last saw a heartbeat change — a new
// lastHeartbeatTime on the Ready condition, or a Lease renewTime later than the one it
// saved — never the kubelet's own clock. Past the grace period (the startup one for a node
// that never posted status) the node's Ready, MemoryPressure, DiskPressure and PIDPressure
// conditions turn Unknown; `observe` returns that status for the caller to write.
import type { Lease, Node, NodeStatus } from '../apiserver';
import { SIM_EPOCH_MS, TICK_MS, parseTimestamp, tickToTimestamp } from '../cli/kubectl/clock';
import { deepCopy, sameJson, type KubeObject } from '../client';
import { readyCondition } from './nodeLifecycleTaints';

export const NODE_STARTUP_GRACE_PERIOD_TICKS = 6000;
const CONDITIONS_TO_UNKNOWN = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;

export type NodeCondition = NonNullable<NodeStatus['conditions']>[number];

export interface NodeHealth {
  /** the tick this controller last saw a heartbeat change */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  status: NodeStatus | undefined;
  /** renewTime of the Lease last seen renewed */
  leaseRenewTime: string | undefined;
}

export interface HealthObservation {
  /** the Ready condition as the node carried it */
  observed: NodeCondition;
  /** the Ready condition after this pass (Unknown past the grace period) */
  current: NodeCondition | undefined;
  /** the node with its conditions turned Unknown, to write with updateStatus */
  toWrite?: Node & KubeObject;
}

export class NodeHealthMap {
  private readonly health = new Map<string, NodeHealth>();

  constructor(private readonly gracePeriod: number) {}

  get(name: string): NodeHealth | undefined {
    return this.health.get(name);
  }

  forget(name: string): void {
    this.health.delete(name);
  }

  /** Leaving full disruption: every node gets a fresh start (handleDisruption). */
  resetProbes(now: number): void {
    for (const [name, h] of [...this.health].sort()) this.health.set(name, { ...h, probeTimestamp: now, readyTransitionTimestamp: now });
  }

  /** tryUpdateNodeHealth for one node, given its Lease from the cache. */
  observe(node: Node & KubeObject, lease: Lease | undefined, now: number): HealthObservation {
    const name = node.metadata?.name ?? '';
    let h = this.health.get(name);
    let current = readyCondition(node);
    const created = node.metadata?.creationTimestamp;
    let observed: NodeCondition;
    let grace: number;
    if (current === undefined) {
      // The kubelet never posted status: judge it against the node's creation, with the startup grace period.
      observed = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: created, lastTransitionTime: created };
      grace = NODE_STARTUP_GRACE_PERIOD_TICKS;
      const createdTick = this.tickOf(created, now);
      if (h) h = { ...h, status: node.status };
      else h = { status: node.status, probeTimestamp: createdTick, readyTransitionTimestamp: createdTick, leaseRenewTime: undefined };
    } else {
      observed = { ...current };
      grace = this.gracePeriod;
    }
    const saved = h ? readyCondition({ status: h.status } as Node) : undefined;
    const savedLease = h?.leaseRenewTime;
    if (h === undefined || (saved === undefined && current !== undefined) || (saved !== undefined && current === undefined)) {
      h = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now, leaseRenewTime: undefined };
    } else if (saved !== undefined && current !== undefined && saved.lastHeartbeatTime !== current.lastHeartbeatTime) {
      const transition = saved.lastTransitionTime !== current.lastTransitionTime ? now : h.readyTransitionTimestamp;
      // as the real one, the saved Lease is dropped here; the check below keeps it only if it moved
      h = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: transition, leaseRenewTime: undefined };
    }
    // Always update the probe time if the node Lease was renewed.
    const renew = lease?.spec?.renewTime;
    if (renew !== undefined && (savedLease === undefined || (parseTimestamp(savedLease) ?? 0) < (parseTimestamp(renew) ?? 0))) {
      h = { ...h, leaseRenewTime: renew, probeTimestamp: now };
    }
    if (now > h.probeTimestamp + grace) {
      const copy = deepCopy(node);
      const status = (copy.status ??= {});
      const conditions = (status.conditions ??= []);
      const ts = tickToTimestamp(now);
      for (const type of CONDITIONS_TO_UNKNOWN) {
        const c = conditions.find((x) => x.type === type);
        if (c === undefined) {
          conditions.push({ type, status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: created, lastTransitionTime: ts });
        } else if (c.status !== 'Unknown') {
          c.status = 'Unknown';
          c.reason = 'NodeStatusUnknown';
          c.message = 'Kubelet stopped posting node status.';
          c.lastTransitionTime = ts;
        }
      }
      current = readyCondition(copy);
      if (!sameJson(current, observed)) {
        // Saved as if written: a failed write is retried on the next pass, as the cached node still differs.
        this.health.set(name, { status: copy.status, probeTimestamp: h.probeTimestamp, readyTransitionTimestamp: now, leaseRenewTime: renew });
        return { observed, current, toWrite: copy };
      }
    }
    this.health.set(name, h);
    return { observed, current };
  }

  /** The tick of a metav1.Time (the node's creationTimestamp), or `fallback` when it does not parse. */
  private tickOf(timestamp: string | undefined, fallback: number): number {
    const ms = timestamp === undefined ? undefined : parseTimestamp(timestamp);
    return ms === undefined ? fallback : Math.floor((ms - SIM_EPOCH_MS) / TICK_MS);
  }
}
