// describe for ConfigMap, Secret and Namespace (kubectl pkg/describe/describe.go
// describeConfigMap, describeSecret, describeNamespace, 1.32). A terminating Namespace shows
// the namespace controller's status conditions. Go ranges over the data maps
// in random order; we print keys sorted. A Secret shows sizes, never values. A Namespace
// lists its ResourceQuotas and LimitRanges, kinds this cluster does not have: kubectl
// prints the empty lists' lines.
import type { ConfigMap, Event, Namespace, Secret } from '../../../apiserver';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { formatRFC1123Z } from '../clock';

interface NamespaceCondition {
  type?: string;
  status?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

const sortedKeys = (m: Record<string, unknown> | undefined): string[] => Object.keys(m ?? {}).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The length of base64 data once decoded (what `len(v)` is for a Secret's []byte). */
function decodedLength(b64: string): number {
  const clean = b64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

export function describeConfigMap(cm: ConfigMap, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = cm.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, '\nData\n====\n');
  const data = (cm.data ?? {}) as Record<string, string>;
  for (const k of sortedKeys(data)) {
    w.write(LEVEL_0, `${k}:\n----\n`);
    w.write(LEVEL_0, `${data[k]}\n`);
  }
  w.write(LEVEL_0, '\nBinaryData\n====\n');
  const binary = ((cm as { binaryData?: Record<string, string> }).binaryData ?? {}) as Record<string, string>;
  for (const k of sortedKeys(binary)) w.write(LEVEL_0, `${k}: ${decodedLength(binary[k] ?? '')} bytes\n`);
  w.write(LEVEL_0, '\n');
  if (events) describeEvents(w, events, now);
  return w.text();
}

export function describeSecret(secret: Secret): string {
  const w = new PrefixWriter();
  const meta = secret.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  const type = (secret as { type?: string }).type ?? '';
  w.write(LEVEL_0, `\nType:\t${type}\n`);
  w.write(LEVEL_0, '\nData\n====\n');
  const data = ((secret as { data?: Record<string, string> }).data ?? {}) as Record<string, string>;
  for (const k of sortedKeys(data)) w.write(LEVEL_0, `${k}:\t${decodedLength(data[k] ?? '')} bytes\n`);
  return w.text();
}

export function describeNamespace(ns: Namespace): string {
  const w = new PrefixWriter();
  const meta = ns.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  const status = (ns as { status?: { phase?: string; conditions?: NamespaceCondition[] } }).status;
  w.write(LEVEL_0, `Status:\t${status?.phase ?? ''}\n`);
  // a terminating namespace carries the namespace controller's conditions
  const conditions = status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''}\t${c.status ?? ''}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  w.write(LEVEL_0, '\nNo resource quota.\n');
  w.write(LEVEL_0, '\nNo LimitRange resource.\n');
  return w.text();
}
