// The sections several describers share (kubectl pkg/describe/describe.go, 1.32):
// multi-line labels, annotations, taints and tolerations; `Controlled By`; the pod template;
// containers; and the Events table.
import type { Container, ContainerStatus, Event, ObjectMeta, PodSpec, PodTemplateSpec, Probe, Taint, Toleration } from '../../../apiserver';
import { formatRFC1123Z } from '../clock';
import { timestampSince } from '../duration';
import { sortEvents } from '../printers/event';
import { formatLabelSelector } from '../printers/selectors';
import { goSort } from '../sort/goSort';
import { goQuote } from '../../flags/go-values';
import { describeContainerEnvFrom, describeContainerEnvVars, type EnvVarResolver } from './env';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type DescribeWriter, type PrefixWriter } from './prefix-writer';
import { describeVolumes } from './volumes';

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A sorted copy, as Go's sort.Slice sorts (pdqsort, not stable): past 12 elements, those that
 * compare equal come out in the order that algorithm leaves them, which is what kubectl prints.
 */
function sortSlice<T>(items: readonly T[], less: (a: T, b: T) => boolean): T[] {
  const list = [...items];
  goSort(list.length, {
    less: (i, j) => less(list[i] as T, list[j] as T),
    swap: (i, j) => {
      [list[i], list[j]] = [list[j] as T, list[i] as T];
    },
  });
  return list;
}

/** printLabelsMultilineWithIndent */
export function printLabelsMultiline(w: DescribeWriter, title: string, labels: Record<string, string> | undefined, initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort(byString);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      // two writes, as describe.go makes them: a nested writer indents each
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, '\t');
    }
    w.write(LEVEL_0, `${key}=${(labels as Record<string, string>)[key]}\n`);
  });
}

const MAX_ANNOTATION_LEN = 140;
/** describe never shows the last-applied-configuration annotation (skipAnnotations). */
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);

/** printAnnotationsMultiline: long or multi-line values go on their own indented lines. */
export function printAnnotationsMultiline(w: DescribeWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIP_ANNOTATIONS.has(k))
    .sort(byString);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    const value = ((annotations as Record<string, string>)[key] ?? '').replace(/\n$/, '');
    if (value.length + key.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) {
        const short = s.length > MAX_ANNOTATION_LEN - 2 ? `${s.slice(0, MAX_ANNOTATION_LEN - 2)}...` : s;
        w.write(LEVEL_0, `\t  ${short}\n`);
      }
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Taint.ToString: `key=value:Effect`, `key:Effect`. */
export function taintString(t: Taint): string {
  const kv = t.value ? `${t.key ?? ''}=${t.value}` : (t.key ?? '');
  return t.effect ? `${kv}:${t.effect}` : kv;
}

export function printTaintsMultiline(w: PrefixWriter, title: string, taints: Taint[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = [...(taints ?? [])].sort((a, b) => byString(`${a.effect ?? ''},${a.key ?? ''}`, `${b.effect ?? ''},${b.key ?? ''}`));
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}

export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: Toleration[] | undefined, initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const list = sortSlice(tolerations ?? [], (a, b) => (a.key ?? '') < (b.key ?? ''));
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}\t`);
    let text = t.key ?? '';
    if (t.value) text += `=${t.value}`;
    if (t.effect) text += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) text += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) text += ` for ${t.tolerationSeconds}s`;
    w.write(LEVEL_0, `${text}\n`);
  });
}

/** printController: `ReplicaSet/web-7d4b9c8f5` from the controller ownerReference. */
export function controllerOf(meta: ObjectMeta | undefined): string {
  const ref = (meta?.ownerReferences ?? []).find((r) => r.controller === true);
  return ref ? `${ref.kind ?? ''}/${ref.name ?? ''}` : '';
}

const printBool = (v: boolean | undefined): string => (v ? 'True' : 'False');
const stringOrNone = (s: string): string => (s === '' ? '<none>' : s);

function describeContainerState(w: PrefixWriter, stateName: string, state: ContainerStatus['state']): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

/** describeResources: a container's, or (1.32, the PodLevelResources field) the Pod's own at LEVEL_1. */
export function describeResources(w: PrefixWriter, resources: Container['resources'], level: number): void {
  for (const [title, list] of [
    ['Limits', resources?.limits],
    ['Requests', resources?.requests],
  ] as const) {
    const names = Object.keys(list ?? {}).sort(byString);
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const n of names) w.write(level + 1, `${n}:\t${String((list as Record<string, unknown>)[n])}\n`);
  }
}

/** describeContainerProbe: each probe on one line. */
function describeContainerProbes(w: PrefixWriter, c: Container): void {
  if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
}

/**
 * DescribeProbe: the handler, then its timing — `http-get http://:80/healthz delay=0s
 * timeout=1s period=10s #success=1 #failure=3`. An httpGet is the URL Go builds (scheme
 * lower-cased, host:port, the path), a tcpSocket `host:port`, an exec its command as Go's
 * %v prints a slice, a gRPC probe `<pod>:port` and its service.
 */
export function describeProbe(p: Probe): string {
  const attrs = `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 0}s period=${p.periodSeconds ?? 0}s #success=${p.successThreshold ?? 0} #failure=${p.failureThreshold ?? 0}`;
  if (p.exec) return `exec [${(p.exec.command ?? []).join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const port = String(p.httpGet.port ?? '');
    const host = p.httpGet.host ?? '';
    // net.JoinHostPort brackets an IPv6 host
    const hostPort = port.length > 0 ? `${host.includes(':') ? `[${host}]` : host}:${port}` : host;
    const path = p.httpGet.path ?? '';
    const urlPath = path !== '' && !path.startsWith('/') && hostPort !== '' ? `/${path}` : path;
    return `http-get ${(p.httpGet.scheme ?? '').toLowerCase()}://${hostPort}${escapePath(urlPath)} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${String(p.tcpSocket.port ?? '')} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${p.grpc.port ?? 0} ${p.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

/** url.URL's EscapedPath (encodePath): every byte but letters, digits, `-_.~` and `$&+,/:;=@` as %XX. */
function escapePath(path: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(path)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * describeContainers: `space` is '' for a Pod and '  ' inside a pod template; `resolve` reads
 * a fieldRef env var from the Pod (a template has none, so its fieldRefs show no value).
 */
export function describeContainers(
  w: PrefixWriter,
  label: string,
  containers: Container[] | undefined,
  statuses: ContainerStatus[] | undefined,
  space: string,
  resolve: EnvVarResolver | undefined,
): void {
  const list = containers ?? [];
  const byName = new Map((statuses ?? []).map((s) => [s.name ?? '', s]));
  w.write(LEVEL_0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  for (const c of list) {
    const status = statuses ? byName.get(c.name ?? '') : undefined;
    w.write(LEVEL_1, `${space ? ' ' : ''}${c.name ?? ''}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports = (c.ports ?? []).map((p) => `${p.containerPort ?? 0}/${p.protocol ?? ''}`).join(', ');
    w.write(LEVEL_2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${stringOrNone(ports)}\n`);
    const hostPorts = (c.ports ?? []).map((p) => `${p.hostPort ?? 0}/${p.protocol ?? ''}`).join(', ');
    w.write(LEVEL_2, hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${stringOrNone(hostPorts)}\n`);
    const seccomp = c.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    if ((c.command ?? []).length > 0) {
      w.write(LEVEL_2, 'Command:\n');
      for (const part of c.command ?? []) for (const s of part.split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if ((c.args ?? []).length > 0) {
      w.write(LEVEL_2, 'Args:\n');
      for (const part of c.args ?? []) for (const s of part.split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if (status) {
      describeContainerState(w, 'State', status.state);
      if (status.lastState?.terminated) describeContainerState(w, 'Last State', status.lastState);
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(w, c.resources, LEVEL_2);
    describeContainerProbes(w, c);
    if ((c.envFrom ?? []).length > 0) describeContainerEnvFrom(w, c);
    describeContainerEnvVars(w, c, resolve);
    describeContainerVolumes(w, c);
  }
}

/**
 * describeContainerVolumes: the mounts sorted by path, `(ro)` or `(rw)` and a subPath as
 * `path="…"` (%q); then any block devices, sorted by path, under a `Devices:` title that
 * says `<none>` when the container has no mounts (describe.go reuses the mounts' suffix).
 */
function describeContainerVolumes(w: PrefixWriter, c: Container): void {
  const none = (c.volumeMounts ?? []).length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => byString(a.mountPath ?? '', b.mountPath ?? ''));
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${goQuote(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath ?? ''} from ${m.name ?? ''} (${flags.join(',')})\n`);
  }
  const devices = [...(c.volumeDevices ?? [])].sort((a, b) => byString(a.devicePath ?? '', b.devicePath ?? ''));
  if (devices.length === 0) return;
  w.write(LEVEL_2, `Devices:${none}\n`);
  for (const d of devices) w.write(LEVEL_3, `${d.devicePath ?? ''} from ${d.name ?? ''}\n`);
}

/** DescribePodTemplate (Deployment, ReplicaSet). */
export function describePodTemplate(w: PrefixWriter, template: PodTemplateSpec | undefined): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  printLabelsMultiline(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', template.metadata?.annotations);
  const spec = template.spec ?? {};
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0) describeContainers(w, 'Init Containers', spec.initContainers, undefined, '  ', undefined);
  describeContainers(w, 'Containers', spec.containers, undefined, '  ', undefined);
  describeVolumes(w, spec.volumes, '  ');
  describeTopologySpreadConstraints(w, spec.topologySpreadConstraints, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}

/**
 * describeTopologySpreadConstraints: one line each, `zone:DoNotSchedule when max skew 1 is
 * exceeded for selector app=web`, sorted by topology key with sort.Slice (sortSlice). kubectl
 * sorts the Pod's own slice; this sorts a copy.
 */
export function describeTopologySpreadConstraints(w: PrefixWriter, constraints: PodSpec['topologySpreadConstraints'], space: string): void {
  const list = sortSlice(constraints ?? [], (a, b) => (a.topologyKey ?? '') < (b.topologyKey ?? ''));
  if (list.length === 0) return;
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  list.forEach((c, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, space);
      w.write(LEVEL_0, '\t');
    }
    const selector = c.labelSelector ? ` for selector ${formatLabelSelector(c.labelSelector)}` : '';
    w.write(LEVEL_0, `${c.topologyKey ?? ''}:${c.whenUnsatisfiable ?? ''} when max skew ${c.maxSkew ?? 0} is exceeded${selector}\n`);
  });
}

/** Conditions of a Deployment or ReplicaSet: Type Status Reason. */
export function describeWorkloadConditions(w: PrefixWriter, conditions: { type?: string; status?: string; reason?: string }[] | undefined): void {
  if ((conditions ?? []).length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(LEVEL_1, '----\t------\t------\n');
  for (const c of conditions ?? []) w.write(LEVEL_1, `${c.type ?? ''} \t${c.status ?? ''}\t${c.reason ?? ''}\n`);
}

/**
 * DescribeEvents: `Events:  <none>`, or a table sorted oldest first whose Age reads
 * `10s`, or `2m (x3 over 5m)` for an event seen several times (last seen, count, first seen).
 */
export function describeEvents(w: PrefixWriter, events: readonly Event[], now: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sortEvents(events)) {
    const first = timestampSince(e.eventTime || e.firstTimestamp, now);
    const interval = (e.count ?? 0) > 1 ? `${timestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})` : first;
    const source = e.source?.component || e.reportingComponent || '';
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${(e.message ?? '').trim()}\n`);
  }
}
