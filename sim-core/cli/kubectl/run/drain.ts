// `kubectl drain NODE` (pkg/cmd/drain/drain.go, pkg/drain/{drain,filters}.go): cordon the
// node, list its Pods, sort them through drain's filters — mirror (static) Pods are
// skipped; DaemonSet Pods need --ignore-daemonsets; Pods no controller owns need --force;
// Pods with emptyDir volumes need --delete-emptydir-data — then evict the rest, wait until
// each is gone, and report. Eviction is sent as a delete with the Pod's grace period (or
// --grace-period): the simulated API server has no eviction subresource or
// PodDisruptionBudgets yet, so a disruption budget never blocks a drain here.
import { kindForResource, MIRROR_POD_ANNOTATION, type Pod } from '../../../apiserver';
import type { Status } from '../../../client';
import { drainFilterErrors, evictionWaitTimedOut, pendingNodes, pendingPods, unableToDrain, type DrainProblem, type PodName } from '../drain';
import { evictingPodMessage, operationResult } from '../messages';
import { deleteObject, getObject, listObjects, statusText } from './api';
import { namedNodes, setUnschedulable } from './cordon';
import type { RunEnv } from './env';
import { exitCodeLater } from './objects';
import { timeoutTicks, waitUntil } from './wait';

const PODS = kindForResource('pods')!;

interface Sorted {
  evict: Pod[];
  fatal: { problem: DrainProblem; pods: PodName[] }[];
  warnings: string[];
}

const podName = (p: Pod): PodName => ({ namespace: p.metadata?.namespace ?? '', name: p.metadata?.name ?? '' });
const names = (pods: readonly PodName[]): string => pods.map((p) => `${p.namespace}/${p.name}`).join(', ');

/** filters.go: the order kubectl applies them (mirror, local storage, unreplicated, daemonset). */
function sortPods(env: RunEnv, pods: readonly Pod[]): Sorted {
  const groups: Record<DrainProblem, { fatal: PodName[]; warn: PodName[] }> = {
    daemonset: { fatal: [], warn: [] },
    'local-storage': { fatal: [], warn: [] },
    unmanaged: { fatal: [], warn: [] },
  };
  const evict: Pod[] = [];
  for (const p of pods) {
    if (p.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) continue;
    const finished = p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
    const controller = (p.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
    if (controller?.kind === 'DaemonSet') {
      (env.cmd.ignoreDaemonsets ? groups.daemonset.warn : groups.daemonset.fatal).push(podName(p));
      continue;
    }
    let problem = false;
    const emptyDir = ((p.spec as { volumes?: { emptyDir?: unknown }[] } | undefined)?.volumes ?? []).some((v) => v.emptyDir !== undefined);
    if (emptyDir && !finished) {
      if (env.cmd.deleteEmptydirData) groups['local-storage'].warn.push(podName(p));
      else {
        groups['local-storage'].fatal.push(podName(p));
        problem = true;
      }
    }
    if (controller === undefined && !finished) {
      if (env.cmd.force) groups.unmanaged.warn.push(podName(p));
      else {
        groups.unmanaged.fatal.push(podName(p));
        problem = true;
      }
    }
    if (!problem) evict.push(p);
  }
  const fatal = (['daemonset', 'local-storage', 'unmanaged'] as DrainProblem[]).filter((k) => groups[k].fatal.length > 0).map((k) => ({ problem: k, pods: groups[k].fatal }));
  const warnings: string[] = [];
  if (groups.daemonset.warn.length > 0) warnings.push(`ignoring DaemonSet-managed Pods: ${names(groups.daemonset.warn)}`);
  if (groups['local-storage'].warn.length > 0) warnings.push(`deleting Pods with local storage: ${names(groups['local-storage'].warn)}`);
  if (groups.unmanaged.warn.length > 0) warnings.push(`deleting Pods that declare no controller: ${names(groups.unmanaged.warn)}`);
  return { evict, fatal, warnings };
}

/** A node drain gave up on: its errors as their Error() texts, and as CheckErr prints each alone. */
interface Failure {
  node: string;
  errors: string[];
  printed?: string[];
}

/**
 * drain.go RunDrain: cordon each node, then drain them one after another; a node that fails
 * is reported (`error: unable to drain node …, continuing command...`) and the next one
 * drained; at the end the nodes left are listed and their errors printed (exit 1).
 */
export function runDrain(env: RunEnv): void {
  const report = exitCodeLater(env);
  const dry = env.cmd.dryRun !== 'none';
  const failed: Failure[] = [];
  const fail = (f: Failure): void => {
    env.out.printErr(unableToDrain(f.node, f.errors));
    failed.push(f);
  };
  // RunCordonOrUncordon: every node is cordoned first; one that cannot be is drained anyway
  const nodes = namedNodes(env, report);
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    const already = ((node.spec ?? {}) as { unschedulable?: boolean }).unschedulable === true;
    if (!dry && !already && !setUnschedulable(env, node, true)) continue;
    env.out.print(operationResult('Node', name, already ? 'already cordoned' : 'cordoned', env.cmd.dryRun));
  }
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    const listed = podsToEvict(env, name);
    if (!listed.ok) {
      fail({ node: name, errors: [listed.error.message], printed: [statusText(listed.error).trimEnd()] });
      continue;
    }
    const sorted = listed.sorted;
    if (sorted.fatal.length > 0) {
      fail({ node: name, errors: drainFilterErrors(sorted.fatal) });
      continue;
    }
    if (sorted.warnings.length > 0) env.out.printErr(`Warning: ${sorted.warnings.join('; ')}\n`);
    if (!dry) {
      const errors = evictAll(env, sorted.evict);
      if (errors.length > 0) {
        // deleteOrEvictPodsSimple: the Pods a fresh look still finds on the node
        const pending = podsToEvict(env, name);
        if (pending.ok && pending.sorted.evict.length > 0) env.out.printErr(pendingPods(name, errors, pending.sorted.evict.map((p) => podName(p).name)));
        fail({ node: name, errors });
        continue;
      }
    }
    env.out.print(operationResult('Node', name, 'drained', env.cmd.dryRun));
  }
  if (failed.length > 0) {
    env.out.printErr(pendingNodes(failed.map((f) => (failed.length === 1 && f.printed !== undefined ? { node: f.node, errors: f.printed } : f))));
    env.out.exit(1);
  }
  report.finish();
}

/** drain.go GetPodsForDeletion: the node's Pods (those --pod-selector matches), through the filters. */
function podsToEvict(env: RunEnv, node: string): { ok: true; sorted: Sorted } | { ok: false; error: Status } {
  const podSelector = env.cmd.flags.values.get('pod-selector');
  const labelSelector = typeof podSelector === 'string' && podSelector !== '' ? { labelSelector: podSelector } : {};
  const listed = listObjects(env, PODS, { namespace: undefined, fieldSelector: `spec.nodeName=${node}`, ...labelSelector });
  if (!listed.ok) return listed;
  return { ok: true, sorted: sortPods(env, (listed.value.items as Pod[]).filter((p) => p.spec?.nodeName === node)) };
}

/**
 * drain.go evictPods: start every eviction, then wait until the Pods are gone (`pod/x
 * evicted` as each goes) or --timeout (by default the simulation's cap) runs out. Returns
 * the errors: evictions refused, then the Pods still there.
 */
function evictAll(env: RunEnv, pods: readonly Pod[]): string[] {
  const grace = env.cmd.gracePeriod;
  const errors: string[] = [];
  let waiting: Pod[] = [];
  for (const p of pods) {
    const { namespace, name } = podName(p);
    env.out.print(evictingPodMessage(namespace, name));
    const r = deleteObject(env, PODS, namespace, name, grace >= 0 ? { gracePeriodSeconds: grace } : {});
    if (r.ok) waiting.push(p);
    else if (r.error.reason !== 'NotFound') errors.push(`error when evicting pods/"${name}" -n "${namespace}": ${r.error.message}`);
  }
  const gone = (p: Pod): boolean => {
    const { namespace, name } = podName(p);
    const r = getObject(env, PODS, namespace, name);
    return (!r.ok && r.error.reason === 'NotFound') || (r.ok && r.value.metadata?.uid !== p.metadata?.uid);
  };
  waitUntil(
    env,
    () => {
      waiting = waiting.filter((p) => {
        if (!gone(p)) return true;
        env.out.print(operationResult('Pod', podName(p).name, 'evicted'));
        return false;
      });
      return waiting.length === 0;
    },
    timeoutTicks(env),
  );
  return [...errors, ...waiting.map((p) => evictionWaitTimedOut(podName(p)))];
}
