// The taints the node lifecycle controller manages (pkg/controller/nodelifecycle
// node_lifecycle_controller.go: UnreachableTaintTemplate, NotReadyTaintTemplate,
// nodeConditionToTaintKeyStatusMap) and the taint-set arithmetic of pkg/util/taints.
import type { Node, Taint } from '../apiserver';

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

export const UNREACHABLE_NO_EXECUTE: Readonly<Taint> = { key: TAINT_NODE_UNREACHABLE, effect: 'NoExecute' };
export const NOT_READY_NO_EXECUTE: Readonly<Taint> = { key: TAINT_NODE_NOT_READY, effect: 'NoExecute' };

/** {condition type: {status: taint key}}: which NoSchedule taint mirrors which condition. */
const CONDITION_TAINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};

const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

/** Same key and effect (taint.MatchTaint): values and timeAdded do not matter. */
export function sameTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function taintExists(taints: readonly Taint[] | undefined, t: Taint): boolean {
  return (taints ?? []).some((x) => sameTaint(x, t));
}

export function readyCondition(node: Node | undefined): NonNullable<NonNullable<Node['status']>['conditions']>[number] | undefined {
  return node?.status?.conditions?.find((c) => c.type === 'Ready');
}

/** doNoScheduleTaintingPass's wish list: the NoSchedule taints the node's conditions (and cordon) call for. */
export function desiredNoScheduleTaints(node: Node): Taint[] {
  const out: Taint[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = CONDITION_TAINTS[c.type ?? '']?.[c.status ?? ''];
    if (key !== undefined) out.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec?.unschedulable) out.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' });
  return out;
}

/** The NoSchedule taints this controller owns that the node carries now. */
export function managedNoScheduleTaints(node: Node): Taint[] {
  return (node.spec?.taints ?? []).filter((t) => t.effect === 'NoSchedule' && (t.key === TAINT_NODE_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key ?? '')));
}

/**
 * SwapNodeControllerTaint on a copy of the node: add `add` (each stamped with timeAdded =
 * now, as the real one does) unless present, remove `remove`. Returns undefined when
 * nothing changes, so the caller writes nothing.
 */
export function swapTaints(node: Node, add: readonly Taint[], remove: readonly Taint[], timestamp: string): Taint[] | undefined {
  const current = node.spec?.taints ?? [];
  const kept = current.filter((t) => !remove.some((r) => sameTaint(r, t)));
  const added = add.filter((t) => !taintExists(kept, t)).map((t) => ({ ...t, timeAdded: timestamp }));
  if (added.length === 0 && kept.length === current.length) return undefined;
  return [...kept, ...added];
}
