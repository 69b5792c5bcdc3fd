// `kubectl drain NODE` (pkg/cmd/drain/drain.go, pkg/drain/{drain,filters}.go): cordon the
// node, list its Pods, sort them through drain's filters — mirror (static) Pods are
// skipped; DaemonSet Pods need --ignore-daemonsets; Pods no controller owns need --force;
// Pods with emptyDir volumes need --delete-emptydir-data — then evict the rest, wait until
// each is gone, and report. Eviction is sent as a delete with the Pod's grace period (or
// --grace-period): the simulated API server has no eviction subresource or
// PodDisruptionBudgets yet, so a disruption budget never blocks a drain here.
import { kindForResource, type Pod } from '../../../apiserver';
import { drainRefusal, type DrainProblem, type PodName } from '../drain';
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
    if (p.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined) continue;
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

export function runDrain(env: RunEnv): void {
  const report = exitCodeLater(env);
  const dry = env.cmd.dryRun !== 'none';
  for (const node of namedNodes(env, report)) {
    const name = node.metadata?.name ?? '';
    const already = ((node.spec ?? {}) as { unschedulable?: boolean }).unschedulable === true;
    if (!dry && !already) {
      const c = setUnschedulable(env, node, true);
      if (!c.ok) {
        report.fail(c.error);
        continue;
      }
    }
    env.out.print(operationResult('Node', name, already ? 'already cordoned' : 'cordoned', env.cmd.dryRun));

    const listed = listObjects(env, PODS, { namespace: undefined, fieldSelector: `spec.nodeName=${name}` });
    if (!listed.ok) {
      report.fail(statusText(listed.error));
      continue;
    }
    const pods = (listed.value.items as Pod[]).filter((p) => p.spec?.nodeName === name);
    const sorted = sortPods(env, pods);
    if (sorted.fatal.length > 0) {
      report.fail(drainRefusal(name, sorted.fatal));
      continue;
    }
    if (sorted.warnings.length > 0) env.out.printErr(`Warning: ${sorted.warnings.join('; ')}\n`);
    if (!dry && !evictAll(env, sorted.evict, report.fail)) continue;
    env.out.print(operationResult('Node', name, 'drained', env.cmd.dryRun));
  }
  report.finish();
}

/** drain.go evictPods: start every eviction, then wait for each Pod to be gone. */
function evictAll(env: RunEnv, pods: readonly Pod[], fail: (text: string) => void): boolean {
  const grace = env.cmd.gracePeriod;
  for (const p of pods) {
    const { namespace, name } = podName(p);
    env.out.print(evictingPodMessage(namespace, name));
    const r = deleteObject(env, PODS, namespace, name, grace >= 0 ? { gracePeriodSeconds: grace } : {});
    if (!r.ok && r.error.reason !== 'NotFound') {
      fail(`error when evicting pods/"${name}" -n "${namespace}" (will retry after 5s): ${r.error.message}\n`);
      return false;
    }
  }
  const cap = timeoutTicks(env);
  const start = env.ports.sim.now();
  for (const p of pods) {
    const { namespace, name } = podName(p);
    const gone = (): boolean => {
      const r = getObject(env, PODS, namespace, name);
      return (!r.ok && r.error.reason === 'NotFound') || (r.ok && r.value.metadata?.uid !== p.metadata?.uid);
    };
    if (!waitUntil(env, gone, Math.max(0, cap - (env.ports.sim.now() - start)))) {
      fail(`error: unable to drain node "${p.spec?.nodeName ?? ''}" due to error: global timeout reached: ${Math.round(cap / 100)}s, continuing command...\n`);
      return false;
    }
    env.out.print(operationResult('Pod', name, 'evicted'));
  }
  return true;
}
