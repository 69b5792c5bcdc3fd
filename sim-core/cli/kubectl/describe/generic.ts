// kubectl's generic describer, for every kind its DescriberFor map has no describer for —
// here Lease and Event (kubectl pkg/describe/describe.go genericDescriber.Describe,
// printUnstructuredContent and smartLabelFor, 1.32): Name, Namespace, Labels and
// Annotations, then every field of the object as the server returned it, keys sorted, each
// key turned into words (`leaseDurationSeconds` → `Lease Duration Seconds`, fatih/camelcase
// Split), maps and lists one level deeper, then the Events.
import type { Event } from '../../../apiserver';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { goSprint, goValue, sortedKeys } from '../jsonpath/go-values';

type Json = Record<string, unknown>;

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's %v of a value decoded from JSON (unstructured), as the JSONPath printer formats it too. */
const goText = (v: unknown): string => goSprint(goValue(v, false), false);

const isLetter = (r: string): boolean => /^\p{L}$/u.test(r);
const isUpper = (r: string): boolean => /^\p{Lu}$/u.test(r);
const isLower = (r: string): boolean => /^\p{Ll}$/u.test(r);
const isDigit = (r: string): boolean => /^\p{Nd}$/u.test(r);

/**
 * fatih/camelcase Split: runs of lower-case letters, upper-case letters, digits and anything
 * else; an upper-case run followed by lower-case letters gives its last letter to them
 * (`PDFLoader` → `PDF`, `Loader`).
 */
function camelcaseSplit(src: string): string[] {
  const runs: string[][] = [];
  let lastClass = 0;
  for (const r of src) {
    const cls = isLower(r) ? 1 : isUpper(r) ? 2 : isDigit(r) ? 3 : 4;
    if (cls === lastClass) (runs[runs.length - 1] as string[]).push(r);
    else runs.push([r]);
    lastClass = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const run = runs[i] as string[];
    const next = runs[i + 1] as string[];
    if (isUpper(run[0] ?? '') && isLower(next[0] ?? '')) next.unshift(run.pop() as string);
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

const ACRONYMS = new Set(['API', 'URL', 'UID', 'OSB', 'GUID']);

/** strings.Title of one camelcase part: its first letter upper-cased (a part holds no separators). */
const title = (part: string): string => {
  const first = [...part][0] ?? '';
  return isLetter(first) ? first.toUpperCase() + part.slice(first.length) : part;
};

/**
 * smartLabelFor: a key made only of letters and '-' becomes words (`apiVersion` → `API
 * Version`, `uid` → `UID`); any other key (`kubernetes.io/hostname`, `v1`) stays as it is.
 */
function smartLabelFor(field: string): string {
  if ([...field].some((r) => !isLetter(r) && r !== '-')) return field;
  return camelcaseSplit(field)
    .map((part) => (ACRONYMS.has(part.toUpperCase()) ? part.toUpperCase() : title(part)))
    .join(' ');
}

/** printUnstructuredContent: `skip` holds the dotted paths (`.metadata.name`) not to print. */
function printUnstructuredContent(w: PrefixWriter, level: number, content: Json, skipPrefix: string, skip: ReadonlySet<string>): void {
  for (const field of sortedKeys(content)) {
    const value = content[field];
    const path = `${skipPrefix}.${field}`;
    if (skip.has(path)) continue;
    if (isMap(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, path, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isMap(child)) printUnstructuredContent(w, level + 1, child, path, skip);
        else w.write(level + 1, `${goText(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goText(value)}\n`);
    }
  }
}

/** What the header lines already show, and managedFields. */
const SKIPPED = new Set(['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations']);

export function describeGeneric(obj: object, events: readonly Event[] | undefined, now: number): string {
  const content = obj as Json;
  const meta = isMap(content.metadata) ? content.metadata : {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${typeof meta.name === 'string' ? meta.name : ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${typeof meta.namespace === 'string' ? meta.namespace : ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels as Record<string, string> | undefined);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations as Record<string, string> | undefined);
  printUnstructuredContent(w, LEVEL_0, content, '', SKIPPED);
  if (events) describeEvents(w, events, now);
  return w.text();
}

/**
 * The group/kinds of kubectl 1.32's describerMap (DescriberFor): each has a describer of its
 * own; every other kind gets the generic one.
 */
const SPECIFIC_DESCRIBERS = new Set([
  ...['Pod', 'ReplicationController', 'Secret', 'Service', 'ServiceAccount', 'Node', 'LimitRange', 'ResourceQuota', 'PersistentVolume', 'PersistentVolumeClaim', 'Namespace', 'Endpoints', 'ConfigMap', 'PriorityClass'].map((k) => `/${k}`),
  'discovery.k8s.io/EndpointSlice',
  'autoscaling/HorizontalPodAutoscaler',
  'extensions/Ingress',
  ...['Ingress', 'IngressClass', 'ServiceCIDR', 'IPAddress', 'NetworkPolicy'].map((k) => `networking.k8s.io/${k}`),
  'batch/Job',
  'batch/CronJob',
  ...['StatefulSet', 'Deployment', 'DaemonSet', 'ReplicaSet'].map((k) => `apps/${k}`),
  'certificates.k8s.io/CertificateSigningRequest',
  ...['StorageClass', 'CSINode', 'VolumeAttributesClass'].map((k) => `storage.k8s.io/${k}`),
  'policy/PodDisruptionBudget',
  ...['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding'].map((k) => `rbac.authorization.k8s.io/${k}`),
  'scheduling.k8s.io/PriorityClass',
]);

/** Whether kubectl describes objects of this group and kind with printUnstructuredContent. */
export function describedGenerically(group: string, kind: string): boolean {
  return !SPECIFIC_DESCRIBERS.has(`${group}/${kind}`);
}
