// The Filter plugins of kube-scheduler's default profile that a learner can trip over,
// in the profile's order (pkg/scheduler/apis/config/v1/default_plugins.go):
// NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodeResourcesFit. A node
// is rejected by the first plugin that fails; only NodeResourcesFit can give several
// reasons at once ("Insufficient cpu" and "Insufficient memory").
import type { Pod } from '../apiserver';
import {
  REASON_NODE_AFFINITY,
  REASON_NODE_NAME,
  REASON_NODE_UNSCHEDULABLE,
  REASON_TOO_MANY_PODS,
  insufficient,
  untoleratedTaint,
} from './messages';
import { podMatchesNodeSelectorAndAffinity } from './nodeAffinity';
import type { NodeInfo } from './nodeInfo';
import { podRequests } from './requests';
import { firstUntoleratedTaint, toleratesTaint } from './taints';

/**
 * framework.Code: `Unschedulable` may be fixed by preemption (evicting lower-priority
 * Pods frees resources); `UnschedulableAndUnresolvable` cannot (a taint, a label).
 */
export type FilterCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export type FilterStatus = { ok: true } | { ok: false; code: FilterCode; plugin: FilterPluginName; reasons: string[] };

export type FilterPluginName = 'NodeUnschedulable' | 'NodeName' | 'TaintToleration' | 'NodeAffinity' | 'NodeResourcesFit';

export interface FilterPlugin {
  readonly name: FilterPluginName;
  filter(pod: Pod, nodeInfo: NodeInfo): FilterStatus;
}

const OK: FilterStatus = { ok: true };

function fail(plugin: FilterPluginName, code: FilterCode, ...reasons: string[]): FilterStatus {
  return { ok: false, code, plugin, reasons };
}

/** The taint `kubectl cordon` is equivalent to, which a Pod may tolerate (DaemonSet Pods do). */
export const UNSCHEDULABLE_TAINT_KEY = 'node.kubernetes.io/unschedulable';

export const nodeUnschedulable: FilterPlugin = {
  name: 'NodeUnschedulable',
  filter(pod, { node }) {
    if (node.spec?.unschedulable !== true) return OK;
    const tolerated = (pod.spec?.tolerations ?? []).some((t) =>
      toleratesTaint(t, { key: UNSCHEDULABLE_TAINT_KEY, effect: 'NoSchedule' }),
    );
    return tolerated ? OK : fail('NodeUnschedulable', 'UnschedulableAndUnresolvable', REASON_NODE_UNSCHEDULABLE);
  },
};

export const nodeName: FilterPlugin = {
  name: 'NodeName',
  filter(pod, { name }) {
    const wanted = pod.spec?.nodeName;
    if (!wanted || wanted === name) return OK;
    return fail('NodeName', 'UnschedulableAndUnresolvable', REASON_NODE_NAME);
  },
};

export const taintToleration: FilterPlugin = {
  name: 'TaintToleration',
  filter(pod, { node }) {
    const taint = firstUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations);
    if (taint === undefined) return OK;
    return fail('TaintToleration', 'UnschedulableAndUnresolvable', untoleratedTaint(taint.key ?? '', taint.value ?? ''));
  },
};

export const nodeAffinity: FilterPlugin = {
  name: 'NodeAffinity',
  filter(pod, { node }) {
    return podMatchesNodeSelectorAndAffinity(pod, node) ? OK : fail('NodeAffinity', 'UnschedulableAndUnresolvable', REASON_NODE_AFFINITY);
  },
};

/** The resources to check for a Pod, in fitsRequest's order (cpu, memory, ephemeral-storage, then by name). */
const checkOrder = new WeakMap<Pod, readonly (readonly [string, bigint])[]>();
const FIRST = ['cpu', 'memory', 'ephemeral-storage'];

/** the Pod of the current cycle and its list: a cycle asks for it once per node (PreFilter's CycleState) */
let lastPod: Pod | undefined;
let lastOrder: readonly (readonly [string, bigint])[] = [];

function resourcesToCheck(pod: Pod): readonly (readonly [string, bigint])[] {
  if (pod === lastPod) return lastOrder;
  let order = checkOrder.get(pod);
  if (order === undefined) {
    order = computeResourcesToCheck(pod);
    checkOrder.set(pod, order);
  }
  lastPod = pod;
  lastOrder = order;
  return order;
}

function computeResourcesToCheck(pod: Pod): readonly (readonly [string, bigint])[] {
  const want = podRequests(pod);
  const names = [...FIRST, ...[...want.keys()].filter((k) => !FIRST.includes(k) && k !== 'pods').sort()];
  return names.map((k) => [k, want.get(k) ?? 0n] as const).filter(([, v]) => v > 0n);
}

/** noderesources.fitsRequest: pod count first, then cpu, memory, ephemeral-storage, then other resources by name. */
export const nodeResourcesFit: FilterPlugin = {
  name: 'NodeResourcesFit',
  filter(pod, info) {
    let reasons: string[] | undefined;
    const allowedPods = info.allocatable.get('pods');
    // allocatable.pods is a count: its milli-value is count × 1000. (A Pod count × 1000 is
    // far below 2^53, so comparing as numbers is exact: a huge allocatable rounds but stays huge.)
    if (allowedPods !== undefined && (info.pods.length + 1) * 1000 > Number(allowedPods)) (reasons ??= []).push(REASON_TOO_MANY_PODS);
    for (const [resource, amount] of resourcesToCheck(pod)) {
      const free = (info.allocatable.get(resource) ?? 0n) - (info.requested.get(resource) ?? 0n);
      if (amount > free) (reasons ??= []).push(insufficient(resource));
    }
    return reasons === undefined ? OK : fail('NodeResourcesFit', 'Unschedulable', ...reasons);
  },
};

export const DEFAULT_FILTERS: readonly FilterPlugin[] = [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodeResourcesFit];

/** framework.RunFilterPlugins: stop at the first plugin that rejects the node. */
export function runFilters(pod: Pod, info: NodeInfo, filters: readonly FilterPlugin[] = DEFAULT_FILTERS): FilterStatus {
  for (const f of filters) {
    const s = f.filter(pod, info);
    if (!s.ok) return s;
  }
  return OK;
}
