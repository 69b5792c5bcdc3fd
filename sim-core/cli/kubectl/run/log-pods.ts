// Which Pods `kubectl logs TYPE/NAME` reads (kubectl pkg/polymorphichelpers helpers.go
// GetPodList and GetFirstPod, podutils.ByLogging): the Pods the object's selector matches,
// in ByLogging order under Go's unstable sort.Sort; when there are none yet, a watch from
// the list's resourceVersion for the first Pod added or modified, for
// --pod-running-timeout (default 20s) — `error: timed out waiting for the condition`
// when none comes (watchtools.UntilWithoutRetry's wait.ErrWaitTimeout). Recorded in
// ../testdata/real-1.32-logs-wait/ (capture-logs-wait.sh).
import { kindForResource, type Pod } from '../../../apiserver';
import { parseTimestamp } from '../clock';
import { goSort } from '../sort/goSort';
import { listObjects, statusText, watchSoFar } from './api';
import { nowOf, type RunEnv } from './env';
import { POLL_TICKS } from './wait';

const PODS = kindForResource('pods')!;

type Found = { ok: true; pods: Pod[] } | { ok: false; error: string };

const isReady = (p: Pod): boolean => (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

/** A metav1.Time as milliseconds, the zero time (absent) as 0. */
const millis = (t: string | undefined): number => (t === undefined ? 0 : (parseTimestamp(t) ?? 0));

/** podReadyTime: when the Ready condition last turned True (zero when it is not True). */
const readyTime = (p: Pod): number => millis((p.status?.conditions ?? []).find((c) => c.type === 'Ready' && c.status === 'True')?.lastTransitionTime);

/** afterOrZero: t1 after t2, a zero time counting as after any other. */
const afterOrZero = (t1: number, t2: number): boolean => (t1 === 0 || t2 === 0 ? t1 === 0 : t1 > t2);

/** maxContainerRestarts: the most restarts of a container, and of a sidecar (an init container that restarts Always). */
function maxRestarts(p: Pod): [number, number] {
  const regular = Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
  const sidecars = new Set((p.spec?.initContainers ?? []).filter((c) => (c as { restartPolicy?: string }).restartPolicy === 'Always').map((c) => c.name));
  const sidecar = Math.max(0, ...(p.status?.initContainerStatuses ?? []).filter((c) => sidecars.has(c.name)).map((c) => c.restartCount ?? 0));
  return [regular, sidecar];
}

/** ByLogging's phase order, a Go map: Running, then Unknown, then Pending; any other phase is a missing key, 0, as Running. */
const PHASE_RANK: Readonly<Record<string, number>> = { Unknown: 1, Pending: 2 };

/**
 * podutils.ByLogging.Less, the best Pod to read first: scheduled before unscheduled;
 * Running (and Succeeded, Failed) before Unknown before Pending; ready before not; of two
 * ready ones, the one ready longer; more restarts before fewer; older before newer.
 */
export function loggingLess(a: Pod, b: Pod): boolean {
  const na = a.spec?.nodeName ?? '';
  const nb = b.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na !== '';
  const pa = PHASE_RANK[a.status?.phase ?? ''] ?? 0;
  const pb = PHASE_RANK[b.status?.phase ?? ''] ?? 0;
  if (pa !== pb) return pa < pb;
  const ra = isReady(a);
  if (ra !== isReady(b)) return ra;
  if (ra && readyTime(a) !== readyTime(b)) return afterOrZero(readyTime(b), readyTime(a));
  const [ca, sa] = maxRestarts(a);
  const [cb, sb] = maxRestarts(b);
  if (ca !== cb) return ca > cb;
  if (sa !== sb) return sa > sb;
  const ta = millis(a.metadata?.creationTimestamp);
  const tb = millis(b.metadata?.creationTimestamp);
  if (ta !== tb) return afterOrZero(tb, ta);
  return false;
}

/** sort.Sort(podutils.ByLogging(pods)): Pods that compare equal keep the order Go's pdqsort leaves them in. */
export function sortByLogging(pods: readonly Pod[]): Pod[] {
  const out = [...pods];
  goSort(out.length, {
    less: (i, j) => loggingLess(out[i] as Pod, out[j] as Pod),
    swap: (i, j) => {
      [out[i], out[j]] = [out[j] as Pod, out[i] as Pod];
    },
  });
  return out;
}

/** --pod-running-timeout in ticks (a duration flag holds nanoseconds; parse.ts has refused one not above zero). */
export function podRunningTimeoutTicks(env: RunEnv): number {
  const nanos = Number(env.cmd.flags.values.get('pod-running-timeout') ?? 20e9);
  return Math.max(1, Math.ceil(nanos / 10_000_000));
}

/**
 * GetPodList: the Pods `selector` matches, sorted; with none, the first one a watch from
 * the list's resourceVersion sees added or modified within `timeoutTicks`.
 */
export function podList(env: RunEnv, selector: string, timeoutTicks: number): Found {
  const list = listObjects(env, PODS, { namespace: env.namespace, labelSelector: selector });
  if (!list.ok) return { ok: false, error: statusText(list.error) };
  const pods = list.value.items as Pod[];
  if (pods.length > 0) return { ok: true, pods: sortByLogging(pods) };
  const start = nowOf(env);
  let from = list.value.resourceVersion;
  const wanted = (type: string) => type === 'ADDED' || type === 'MODIFIED';
  for (;;) {
    const left = timeoutTicks - (nowOf(env) - start);
    if (left <= 0) return { ok: false, error: 'error: timed out waiting for the condition\n' };
    const before = nowOf(env);
    // kubectl acts on the first event it wants: the watch stops there, not when the cluster is quiet
    const events = watchSoFar(env, PODS, { namespace: env.namespace, labelSelector: selector, resourceVersion: from }, left, (seen) => seen.some((e) => wanted(e.type)));
    if (!events.ok) return { ok: false, error: statusText(events.error) };
    for (const e of events.value) {
      if (e.type === 'ERROR') continue;
      if (wanted(e.type)) return { ok: true, pods: [e.object as Pod] };
      from = e.object.metadata?.resourceVersion ?? from;
    }
    if (nowOf(env) === before) env.ports.sim.tick(Math.min(POLL_TICKS, left));
  }
}
