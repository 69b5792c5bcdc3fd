// `kubectl get pods`: printers.go printPod (Kubernetes 1.32). STATUS is not the phase but
// the most telling reason: an init container's state (`Init:0/1`, `Init:ErrImagePull`), else
// the last container whose state has a reason, scanned from the last container to the first
// (`ContainerCreating`, `ErrImagePull`, `ImagePullBackOff`, `CrashLoopBackOff`,
// `Completed`, `Error`), `Terminating` once deletionTimestamp is set, `Unknown` for a Pod
// on a lost node. RESTARTS adds "(5m ago)" from the latest lastState.terminated.finishedAt.
import type { Container, ContainerStatus, Pod } from '../../../apiserver';
import { parseTimestamp } from '../clock';
import { timestampSince } from '../duration';
import { AGE, NAME, type PrintContext, type TablePrinter } from './table';

type Condition = { type?: string; status?: string; reason?: string };

const isRestartableInit = (c: Container | undefined): boolean =>
  (c as { restartPolicy?: string } | undefined)?.restartPolicy === 'Always';

function conditionTrue(conditions: Condition[] | undefined, type: string): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  if (!b) return a;
  if (!a) return b;
  return (parseTimestamp(b) ?? 0) > (parseTimestamp(a) ?? 0) ? b : a;
}

export interface PodSummary {
  ready: string;
  status: string;
  restarts: number;
  /** finishedAt of the most recent restart, for "(5m ago)" */
  lastRestart?: string;
}

/** READY, STATUS and RESTARTS exactly as printPod computes them. */
export function summarizePod(pod: Pod): PodSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const conditions = status.conditions as Condition[] | undefined;
  let restarts = 0;
  let restartableInitRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  let lastRestart: string | undefined;
  let lastRestartableInitRestart: string | undefined;

  let reason = status.reason || status.phase || '';
  for (const c of conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initContainers = new Map<string, Container>();
  const initSpecs = spec.initContainers ?? [];
  for (const c of initSpecs) {
    initContainers.set(c.name ?? '', c);
    if (isRestartableInit(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses: ContainerStatus[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i] as ContainerStatus;
    restarts += cs.restartCount ?? 0;
    lastRestart = laterOf(lastRestart, cs.lastState?.terminated?.finishedAt);
    const restartable = isRestartableInit(initContainers.get(cs.name ?? ''));
    if (restartable) {
      restartableInitRestarts += cs.restartCount ?? 0;
      lastRestartableInitRestart = laterOf(lastRestartableInitRestart, cs.lastState?.terminated?.finishedAt);
    }
    const terminated = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (terminated && (terminated.exitCode ?? 0) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready) readyContainers++;
      continue;
    }
    if (terminated) {
      if (!terminated.reason) {
        reason = terminated.signal ? `Init:Signal:${terminated.signal}` : `Init:ExitCode:${terminated.exitCode ?? 0}`;
      } else {
        reason = `Init:${terminated.reason}`;
      }
    } else if (waiting && waiting.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(conditions, 'Initialized')) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i] as ContainerStatus;
      restarts += cs.restartCount ?? 0;
      lastRestart = laterOf(lastRestart, cs.lastState?.terminated?.finishedAt);
      const waiting = cs.state?.waiting;
      const terminated = cs.state?.terminated;
      if (waiting && waiting.reason) reason = waiting.reason;
      else if (terminated && terminated.reason) reason = terminated.reason;
      else if (terminated) reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode ?? 0}`;
      else if (cs.ready && cs.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // "change pod status back to Running if there is at least one container still reporting as Running"
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = Boolean(pod.metadata?.deletionTimestamp);
  if (deleting && status.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && status.phase !== 'Succeeded' && status.phase !== 'Failed') reason = 'Terminating';

  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts, lastRestart };
}

export function restartsCell(summary: PodSummary, ctx: PrintContext): string {
  if (summary.restarts !== 0 && summary.lastRestart) {
    return `${summary.restarts} (${timestampSince(summary.lastRestart, ctx.now)} ago)`;
  }
  return String(summary.restarts);
}

export const podPrinter: TablePrinter<Pod> = {
  columns: [
    NAME,
    { name: 'Ready' },
    { name: 'Status' },
    { name: 'Restarts' },
    AGE,
    { name: 'IP', wide: true },
    { name: 'Node', wide: true },
    { name: 'Nominated Node', wide: true },
    { name: 'Readiness Gates', wide: true },
  ],
  row(pod, ctx) {
    const s = summarizePod(pod);
    // readinessGates is not in the simulated PodSpec schema yet; printPod reads it when present.
    const gates = (pod.spec as { readinessGates?: { conditionType?: string }[] } | undefined)?.readinessGates ?? [];
    let readinessGates = '<none>';
    if (gates.length > 0) {
      const conditions = (pod.status?.conditions ?? []) as Condition[];
      const trueCount = gates.filter((g) => conditions.find((c) => c.type === g.conditionType)?.status === 'True').length;
      readinessGates = `${trueCount}/${gates.length}`;
    }
    return [
      pod.metadata?.name ?? '',
      s.ready,
      s.status,
      restartsCell(s, ctx),
      timestampSince(pod.metadata?.creationTimestamp, ctx.now),
      pod.status?.podIPs?.[0]?.ip || '<none>',
      pod.spec?.nodeName || '<none>',
      pod.status?.nominatedNodeName || '<none>',
      readinessGates,
    ];
  },
};
