// `kubectl describe deployment|replicaset` (describe.go describeDeployment,
// describeReplicaSet, 1.32).
import type { Deployment, Event, ReplicaSet } from '../../../apiserver';
import { formatRFC1123Z } from '../clock';
import { formatLabelSelector, selectorString } from '../printers/selectors';
import {
  controllerOf,
  describeEvents,
  describePodTemplate,
  describeWorkloadConditions,
  printAnnotationsMultiline,
  printLabelsMultiline,
} from './common';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** printReplicaSetsByLabels: `web-7d4b9c8f5 (3/3 replicas created)`, or `<none>`. */
function replicaSetList(sets: readonly ReplicaSet[]): string {
  const text = sets.map((rs) => `${rs.metadata?.name ?? ''} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 0} replicas created)`).join(', ');
  return text === '' ? '<none>' : text;
}

/** intstr's String(): `25%` or `1`. */
const intOrString = (v: unknown): string => (v === undefined || v === null ? '<nil>' : String(v));

export interface DeploymentReplicaSets {
  /** the ReplicaSet whose template matches the Deployment's (absent before the controller made it) */
  newReplicaSet?: ReplicaSet;
  oldReplicaSets: readonly ReplicaSet[];
}

export function describeDeployment(d: Deployment, sets: DeploymentReplicaSets | undefined, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = d.metadata ?? {};
  const spec = d.spec ?? {};
  const status = d.status ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  w.write(
    LEVEL_0,
    `Replicas:\t${spec.replicas ?? 0} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`,
  );
  w.write(LEVEL_0, `StrategyType:\t${spec.strategy?.type ?? ''}\n`);
  w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
  const ru = spec.strategy?.rollingUpdate;
  if (ru) w.write(LEVEL_0, `RollingUpdateStrategy:\t${intOrString(ru.maxUnavailable)} max unavailable, ${intOrString(ru.maxSurge)} max surge\n`);
  describePodTemplate(w, spec.template);
  describeWorkloadConditions(w, status.conditions);
  // describe.go prints both lines when there is a ReplicaSet, old or new (`<none>` for the other)
  if (sets && (sets.oldReplicaSets.length > 0 || sets.newReplicaSet)) {
    w.write(LEVEL_0, `OldReplicaSets:\t${replicaSetList(sets.oldReplicaSets)}\n`);
    w.write(LEVEL_0, `NewReplicaSet:\t${replicaSetList(sets.newReplicaSet ? [sets.newReplicaSet] : [])}\n`);
  }
  if (events) describeEvents(w, events, now);
  return w.text();
}

export interface PodCounts {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

/** getPodStatusForController: phases of the Pods the ReplicaSet controls. */
export function countPodPhases(pods: readonly { status?: { phase?: string } }[]): PodCounts {
  const counts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const p of pods) {
    const phase = p.status?.phase;
    if (phase === 'Running') counts.running++;
    else if (phase === 'Pending') counts.waiting++;
    else if (phase === 'Succeeded') counts.succeeded++;
    else if (phase === 'Failed') counts.failed++;
  }
  return counts;
}

export function describeReplicaSet(rs: ReplicaSet, pods: PodCounts, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = rs.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabelSelector(rs.spec?.selector)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  const controlledBy = controllerOf(meta);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  w.write(LEVEL_0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 0} desired\n`);
  w.write(LEVEL_0, 'Pods Status:\t');
  w.write(LEVEL_0, `${pods.running} Running / ${pods.waiting} Waiting / ${pods.succeeded} Succeeded / ${pods.failed} Failed\n`);
  describePodTemplate(w, rs.spec?.template);
  describeWorkloadConditions(w, rs.status?.conditions);
  if (events) describeEvents(w, events, now);
  return w.text();
}
