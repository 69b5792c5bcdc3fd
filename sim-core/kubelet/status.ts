// The PodStatus the kubelet's status manager writes (pkg/kubelet/kubelet_pods.go
// generateAPIPodStatus / getPhase, pkg/kubelet/status): phase from the containers'
// states, the conditions in the order the API server shows them, IPs, startTime and
// containerStatuses. A condition keeps its lastTransitionTime until its status flips.
import type { Pod, PodStatus } from '../apiserver';
import { qosClass } from '../apiserver';
import { tickToTimestamp } from '../cli/kubectl/clock';
import type { PodRuntime } from './podRuntime';

type Condition = NonNullable<PodStatus['conditions']>[number];

/** getPhase: Pending while any container never started; then Running; Succeeded/Failed when all are done for good. */
export function podPhase(pod: Pod, statuses: NonNullable<PodStatus['containerStatuses']>): string {
  let waiting = 0;
  let running = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const s of statuses) {
    if (s.state?.running) running++;
    else if (s.state?.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    } else waiting++;
  }
  const total = statuses.length;
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped === total && total > 0) {
    const policy = pod.spec?.restartPolicy ?? 'Always';
    if (policy === 'Always') return 'Running';
    if (policy === 'OnFailure') return stopped === succeeded ? 'Succeeded' : 'Running';
    return stopped === succeeded ? 'Succeeded' : 'Failed';
  }
  return 'Pending';
}

// (Objects here are built key by key rather than with spreads: the same keys in the same
// order, so the same JSON, for a function the kubelet calls at every sync.)
function condition(previous: readonly Condition[], type: string, status: boolean, now: number, reason?: string, message?: string): Condition {
  const s = status ? 'True' : 'False';
  const before = previous.find((c) => c.type === type);
  const lastTransitionTime = before?.status === s && before.lastTransitionTime ? before.lastTransitionTime : tickToTimestamp(now);
  const c: Condition = { type, status: s, lastTransitionTime };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  return c;
}

export interface HostInfo {
  hostIP: string;
}

export function buildPodStatus(pod: Pod, runtime: PodRuntime, now: number, host: HostInfo): PodStatus {
  const previous = pod.status?.conditions ?? [];
  const containerStatuses = runtime.containers.map((c) => c.status(now)).sort((a, b) => ((a.name ?? '') < (b.name ?? '') ? -1 : 1));
  const phase = podPhase(pod, containerStatuses);
  const unready = containerStatuses.filter((c) => !c.ready).map((c) => c.name ?? '');
  const allReady = unready.length === 0 && containerStatuses.length > 0;
  // A Pod that finished successfully reports PodCompleted as the not-ready reason.
  const notReadyReason = phase === 'Succeeded' || phase === 'Failed' ? 'PodCompleted' : 'ContainersNotReady';
  const notReadyMessage = phase === 'Succeeded' || phase === 'Failed' ? undefined : `containers with unready status: [${unready.join(' ')}]`;
  const scheduled = previous.find((c) => c.type === 'PodScheduled');
  const podScheduled = condition(previous, 'PodScheduled', true, now);
  if (scheduled?.status === 'True' && scheduled.lastTransitionTime) podScheduled.lastTransitionTime = scheduled.lastTransitionTime;
  const conditions: Condition[] = [
    condition(previous, 'PodReadyToStartContainers', runtime.sandboxReady, now),
    condition(previous, 'Initialized', true, now),
    condition(previous, 'Ready', allReady, now, allReady ? undefined : notReadyReason, allReady ? undefined : notReadyMessage),
    condition(previous, 'ContainersReady', allReady, now, allReady ? undefined : notReadyReason, allReady ? undefined : notReadyMessage),
    podScheduled,
  ];
  const status: PodStatus = { phase, conditions };
  if (host.hostIP) {
    status.hostIP = host.hostIP;
    status.hostIPs = [{ ip: host.hostIP }];
  }
  if (runtime.sandboxReady) {
    status.podIP = runtime.podIP;
    status.podIPs = [{ ip: runtime.podIP }];
  }
  status.startTime = tickToTimestamp(runtime.startTick);
  status.containerStatuses = containerStatuses;
  status.qosClass = pod.status?.qosClass ?? qosClass(pod.spec ?? {});
  return status;
}

/**
 * The `status` of the kubelet's merge patch on pods/status: the new status whole, and
 * `null` for what the Pod's status it read had and the new one has not (a merge patch
 * keeps what it does not name). The real status manager sends the two-way strategic
 * merge patch between the same two statuses (statusutil.PatchPodStatus); applied to the
 * stored Pod, both leave the new status in place.
 */
export function statusPatch(old: PodStatus | undefined, next: PodStatus): Record<string, unknown> {
  return withRemovals(old as Record<string, unknown> | undefined, next as Record<string, unknown>);
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function withRemovals(old: Record<string, unknown> | undefined, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...next };
  for (const k of Object.keys(old ?? {})) {
    const was = old![k];
    const now = next[k];
    if (now === undefined) out[k] = null;
    else if (isPlainRecord(was) && isPlainRecord(now)) out[k] = withRemovals(was, now);
  }
  return out;
}
