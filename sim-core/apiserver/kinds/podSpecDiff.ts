// The difference ValidatePodUpdate appends to `pod updates may not change fields other
// than …`: go-cmp's cmp.Diff(oldPod.Spec, mungedPodSpec) of the internal core.PodSpec.
// go-cmp's output is deliberately unstable (it may swap spaces for non-breaking ones so
// that nobody parses it), so this renders its layout, not a byte contract: `- `/`+ `/`  `
// prefixes and tabs, the internal types' field order, two equal fields of context around a
// change and `... // N identical fields` for the rest, structs with their zero fields left
// out, nested types elided, aligned values. Quantities print as their text (go-cmp shows
// resource.Quantity's internals).

type Obj = Record<string, unknown>;

interface StructType {
  name: string;
  /** JSON member names in the internal Go type's field order */
  fields: readonly string[];
  /** members whose Go type is a pointer (printed with & when set) */
  pointers?: ReadonlySet<string>;
  /** members that are lists of a known struct type */
  lists?: Readonly<Record<string, StructType>>;
  /** members that are a known struct type */
  structs?: Readonly<Record<string, StructType>>;
  /** members of a non-pointer scalar Go type: absent, they print as its zero value (`""`, `false`), not `nil` */
  zeros?: Readonly<Record<string, string>>;
}

const zerosOf = (strings: readonly string[], bools: readonly string[] = []): Record<string, string> => ({
  ...Object.fromEntries(strings.map((k) => [k, '""'])),
  ...Object.fromEntries(bools.map((k) => [k, 'false'])),
});

const RESOURCES: StructType = { name: 'core.ResourceRequirements', fields: ['limits', 'requests', 'claims'] };

const CONTAINER: StructType = {
  name: 'core.Container',
  fields: ['name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty'],
  pointers: new Set(['restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'securityContext']),
  structs: { resources: RESOURCES },
  zeros: zerosOf(['name', 'image', 'workingDir', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy'], ['stdin', 'stdinOnce', 'tty']),
};

const POD_SPEC: StructType = {
  name: 'core.PodSpec',
  fields: ['volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy', 'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector', 'serviceAccountName', 'automountServiceAccountToken', 'nodeName', 'securityContext', 'imagePullSecrets', 'hostname', 'subdomain', 'setHostnameAsFQDN', 'affinity', 'schedulerName', 'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'preemptionPolicy', 'dnsConfig', 'readinessGates', 'runtimeClassName', 'overhead', 'enableServiceLinks', 'topologySpreadConstraints', 'os', 'schedulingGates', 'resourceClaims', 'resources'],
  pointers: new Set(['terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'automountServiceAccountToken', 'securityContext', 'setHostnameAsFQDN', 'affinity', 'priority', 'preemptionPolicy', 'dnsConfig', 'runtimeClassName', 'enableServiceLinks', 'os', 'resources']),
  lists: { initContainers: CONTAINER, containers: CONTAINER },
  zeros: zerosOf(['restartPolicy', 'dnsPolicy', 'serviceAccountName', 'nodeName', 'hostname', 'subdomain', 'schedulerName', 'priorityClassName']),
};

/** Members of the v1 PodSpec that the internal one keeps in its PodSecurityContext. */
const IN_SECURITY_CONTEXT = ['hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'hostUsers'];

/** cmp.Diff(old, new) of two v1 PodSpecs as JSON, in the internal core.PodSpec's terms. */
export function podSpecDiff(old: Obj, next: Obj): string {
  const lines: string[] = [`  ${POD_SPEC.name}{`];
  structBody(lines, internalSpec(old), internalSpec(next), POD_SPEC, 1);
  lines.push('  }');
  return lines.join('\n');
}

/** The v1 spec as the internal type holds it: the host namespaces inside securityContext, no serviceAccount. */
function internalSpec(spec: Obj): Obj {
  const out: Obj = { ...spec };
  delete out.serviceAccount;
  const moved = IN_SECURITY_CONTEXT.filter((k) => out[k] !== undefined);
  if (moved.length > 0) {
    const sc: Obj = { ...((out.securityContext as Obj | undefined) ?? {}) };
    for (const k of moved) {
      sc[k] = out[k];
      delete out[k];
    }
    out.securityContext = sc;
  }
  return out;
}

type Rec = { key: string; equal: true } | { key: string; equal: false };

function structBody(lines: string[], old: Obj, next: Obj, type: StructType, depth: number): void {
  const known = new Set(type.fields);
  const keys = [...type.fields, ...Object.keys({ ...old, ...next }).filter((k) => !known.has(k))];
  const recs: Rec[] = keys.map((key) => ({ key, equal: sameValue(old[key], next[key]) }));
  const indent = '\t'.repeat(depth);
  let run: Array<[string, string, string]> = []; // [prefix, name, value] lines to align
  const flush = () => {
    const width = Math.max(0, ...run.map(([, name]) => name.length));
    for (const [prefix, name, value] of run) lines.push(`${prefix}${indent}${`${name}:`.padEnd(width + 2)}${value},`);
    run = [];
  };
  const groups = groupRecords(recs);
  groups.forEach((group, gi) => {
    if (group[0]!.equal) {
      const n = group.length;
      let lo = 0;
      let hi = 0;
      while (lo < 2 && lo + hi < n && gi !== 0) lo++;
      while (hi < 2 && lo + hi < n && gi !== groups.length - 1) hi++;
      if (n - (lo + hi) === 1) hi++;
      const context = (r: Rec) => run.push(['  ', goName(r.key), memberText(type, r.key, old[r.key])]);
      group.slice(0, lo).forEach(context);
      if (n > lo + hi) {
        flush();
        lines.push(`  ${indent}... // ${n - lo - hi} identical ${n - lo - hi === 1 ? 'field' : 'fields'}`);
      }
      group.slice(n - hi).forEach(context);
      return;
    }
    for (const r of group) {
      const a = old[r.key];
      const b = next[r.key];
      const list = type.lists?.[r.key];
      const struct = type.structs?.[r.key];
      if (list !== undefined && Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
        flush();
        lines.push(`  ${indent}${goName(r.key)}: []${list.name}{`);
        listBody(lines, a as Obj[], b as Obj[], list, depth + 1);
        lines.push(`  ${indent}},`);
      } else if (struct !== undefined && isObj(a) && isObj(b)) {
        flush();
        lines.push(`  ${indent}${goName(r.key)}: ${struct.name}{`);
        structBody(lines, a, b, struct, depth + 1);
        lines.push(`  ${indent}},`);
      } else {
        run.push(['- ', goName(r.key), memberText(type, r.key, a)]);
        run.push(['+ ', goName(r.key), memberText(type, r.key, b)]);
      }
    }
  });
  flush();
}

/** A member's value as go-cmp prints it: an absent scalar as its Go zero value, anything else compact. */
function memberText(type: StructType, key: string, value: unknown): string {
  const zero = type.zeros?.[key];
  if ((value === undefined || value === null) && zero !== undefined) return zero;
  return compact(value, type.pointers?.has(key) === true, GO_MAP_MEMBERS.has(key));
}

function listBody(lines: string[], olds: Obj[], news: Obj[], type: StructType, depth: number): void {
  const indent = '\t'.repeat(depth);
  let same = 0;
  const flushSame = () => {
    if (same > 0) lines.push(`  ${indent}... // ${same} identical ${same === 1 ? 'element' : 'elements'}`);
    same = 0;
  };
  olds.forEach((o, i) => {
    if (sameValue(o, news[i])) {
      same++;
      return;
    }
    flushSame();
    lines.push(`  ${indent}{`);
    structBody(lines, o, news[i]!, type, depth + 1);
    lines.push(`  ${indent}},`);
  });
  flushSame();
}

function groupRecords(recs: readonly Rec[]): Rec[][] {
  const groups: Rec[][] = [];
  for (const r of recs) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[0]!.equal === r.equal) last.push(r);
    else groups.push([r]);
  }
  return groups;
}

function goName(key: string): string {
  if (key === 'tty') return 'TTY';
  if (key === 'apiVersion') return 'APIVersion';
  if (key === 'os') return 'OS';
  if (key === 'dnsPolicy') return 'DNSPolicy';
  if (key === 'dnsConfig') return 'DNSConfig';
  if (key === 'setHostnameAsFQDN') return 'SetHostnameAsFQDN';
  return key.charAt(0).toUpperCase() + key.slice(1);
}

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || ((a === undefined || (Array.isArray(a) && a.length === 0)) && (b === undefined || (Array.isArray(b) && b.length === 0)));
}

/** Members of a Pod's spec whose Go type is a map: printed with quoted keys, sorted; an empty one equals nil (updateValidation.ts). */
export const GO_MAP_MEMBERS: ReadonlySet<string> = new Set(['nodeSelector', 'limits', 'requests', 'overhead', 'labels', 'annotations', 'matchLabels']);

/** go-cmp's compact value: nested types elided, zero struct fields left out, map keys sorted and quoted. */
function compact(value: unknown, pointer = false, map = false): string {
  if (value === undefined || value === null) return 'nil';
  const amp = pointer ? '&' : '';
  if (typeof value === 'string') return `${amp}${JSON.stringify(value)}`;
  if (typeof value !== 'object') return `${amp}${String(value)}`;
  if (Array.isArray(value)) return value.length === 0 ? '{}' : `{${value.map((v) => compact(v)).join(', ')}}`;
  if (map) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${compact((value as Obj)[k])}`).join(', ')}}`;
  }
  const entries = Object.entries(value as Obj).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== false);
  return `${amp}{${entries.map(([k, v]) => `${goName(k)}: ${compact(v, false, GO_MAP_MEMBERS.has(k))}`).join(', ')}}`;
}
