// `kubectl describe pod` (describe.go describePod, kubectl v0.32.4).
import { qosClass, type Event, type Pod } from '../../../apiserver';
import { formatRFC1123Z } from '../clock';
import { timestampSince } from '../duration';
import {
  controllerOf,
  describeContainers,
  describeEvents,
  describeResources,
  describeTopologySpreadConstraints,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
} from './common';
import { envValueRetriever } from './env';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { describeVolumes } from './volumes';

export function describePod(pod: Pod, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = pod.metadata ?? {};
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  if (spec.priority !== undefined && spec.priority !== null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
  w.write(LEVEL_0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  if (meta.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(meta.deletionTimestamp, now)})\n`);
    w.write(LEVEL_0, `Termination Grace Period:\t${meta.deletionGracePeriodSeconds ?? 0}s\n`);
  } else {
    w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
  }
  if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
  const seccomp = spec.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
  w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
  const ips = status.podIPs ?? [];
  if (ips.length === 0) w.write(LEVEL_0, 'IPs:\t<none>\n');
  else {
    w.write(LEVEL_0, 'IPs:\n');
    for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip.ip ?? ''}\n`);
  }
  const controlledBy = controllerOf(meta);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
  // the Pod's own resources (PodLevelResources, alpha in 1.32), printed whenever the field is set
  if (spec.resources) {
    w.write(LEVEL_0, 'Resources:\n');
    describeResources(w, spec.resources, LEVEL_1);
  }
  if ((spec.initContainers ?? []).length > 0) describeContainers(w, 'Init Containers', spec.initContainers, status.initContainerStatuses ?? [], '', envValueRetriever(pod));
  describeContainers(w, 'Containers', spec.containers, status.containerStatuses ?? [], '', envValueRetriever(pod));
  if ((spec.ephemeralContainers ?? []).length > 0) describeContainers(w, 'Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses ?? [], '', envValueRetriever(pod));
  const conditions = status.conditions ?? [];
  const gates = spec.readinessGates ?? [];
  if (gates.length > 0) {
    // each gate's status is that of the Pod condition of its type, `<none>` while there is none
    w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of gates) {
      const condition = conditions.find((c) => c.type === g.conditionType);
      w.write(LEVEL_1, `${g.conditionType ?? ''} \t${condition ? (condition.status ?? '') : '<none>'} \n`);
    }
  }
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''} \t${c.status ?? ''} \n`);
  }
  describeVolumes(w, spec.volumes, '');
  // qos.GetPodQOS prefers status.qosClass
  w.write(LEVEL_0, `QoS Class:\t${status.qosClass || qosClass(spec)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
  describeTopologySpreadConstraints(w, spec.topologySpreadConstraints, '');
  if (events) describeEvents(w, events, now);
  return w.text();
}
