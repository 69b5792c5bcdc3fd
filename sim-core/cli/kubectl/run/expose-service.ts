// What `kubectl expose` reads from the object it exposes and the Service it builds from that
// and the flags — kubectl pkg/cmd/expose/expose.go (RunExpose, createService) and
// pkg/polymorphichelpers (canbeexposed.go, mapbasedselectorforobject.go, portsforobject.go,
// multiprotocolsforobject.go). Pure: no requests; errors are kubectl's texts without `error: `.
import type { KindDefinition } from '../../../apiserver';
import type { KubeObject } from '../../../client';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The flags of `kubectl expose` that shape the Service ('' = not given). */
export interface ExposeFlags {
  port: string;
  targetPort: string;
  name: string;
  type: string;
  protocol: string;
  selector: string;
  labels: string;
  clusterIP: string;
  externalIP: string;
  loadBalancerIP: string;
  sessionAffinity: string;
}

interface ContainerPort {
  containerPort?: number;
  protocol?: string;
}
interface PodSpecLike {
  containers?: { ports?: ContainerPort[] }[];
}
interface LabelSelectorLike {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** DNS-1035 label max length: expose cuts the default name to it. */
const DNS1035_LABEL_MAX_LENGTH = 63;

/** canbeexposed.go: the kinds a Service can select Pods for. */
export function canBeExposed(def: KindDefinition): Result<true> {
  const ok = def.group === '' ? ['ReplicationController', 'Service', 'Pod'] : def.group === 'apps' ? ['Deployment', 'ReplicaSet'] : [];
  if (ok.includes(def.kind)) return { ok: true, value: true };
  // schema.GroupKind.String(): `Kind` for the core group, `Kind.group` otherwise
  return { ok: false, error: `cannot expose a ${def.group === '' ? def.kind : `${def.kind}.${def.group}`}` };
}

const spec = (o: KubeObject): Record<string, unknown> => ((o as { spec?: Record<string, unknown> }).spec ?? {});
const templateSpec = (o: KubeObject): PodSpecLike => ((spec(o).template as { spec?: PodSpecLike } | undefined)?.spec ?? {});

/** polymorphichelpers.MakeLabels: `k=v,k=v` (Go's map order; the result is parsed back into a map). */
function makeLabels(labels: Record<string, string> | undefined): string {
  return Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/** Go's %+v of []LabelSelectorRequirement. */
function formatRequirements(reqs: NonNullable<LabelSelectorLike['matchExpressions']>): string {
  return `[${reqs.map((r) => `{Key:${r.key} Operator:${r.operator} Values:[${(r.values ?? []).join(' ')}]}`).join(' ')}]`;
}

/** mapbasedselectorforobject.go: Pods by their labels, workloads by spec.selector.matchLabels. */
export function mapBasedSelector(kind: string, o: KubeObject): Result<string> {
  switch (kind) {
    case 'Pod': {
      const labels = o.metadata?.labels ?? {};
      if (Object.keys(labels).length === 0) return { ok: false, error: 'the pod has no labels and cannot be exposed' };
      return { ok: true, value: makeLabels(labels) };
    }
    case 'Service': {
      const sel = spec(o).selector as Record<string, string> | undefined;
      if (sel === undefined) return { ok: false, error: 'the service has no pod selector set' };
      return { ok: true, value: makeLabels(sel) };
    }
    case 'ReplicationController':
      return { ok: true, value: makeLabels(spec(o).selector as Record<string, string> | undefined) };
    default: {
      const sel = (spec(o).selector ?? {}) as LabelSelectorLike;
      if ((sel.matchExpressions ?? []).length > 0) {
        return { ok: false, error: `couldn't convert expressions - "${formatRequirements(sel.matchExpressions ?? [])}" to map-based selector format` };
      }
      return { ok: true, value: makeLabels(sel.matchLabels) };
    }
  }
}

function containerPorts(podSpec: PodSpecLike): ContainerPort[] {
  return (podSpec.containers ?? []).flatMap((c) => c.ports ?? []);
}

/** portsforobject.go + multiprotocolsforobject.go: each port, with its protocols (port → protocols). */
export function portsOf(kind: string, o: KubeObject): { ports: string[]; protocols: [string, string[]][] } {
  let pairs: [number, string][];
  if (kind === 'Service') {
    const ports = (spec(o).ports ?? []) as { port?: number; protocol?: string }[];
    pairs = ports.map((p) => [p.port ?? 0, p.protocol ?? 'TCP']);
  } else {
    const podSpec = kind === 'Pod' ? (spec(o) as PodSpecLike) : templateSpec(o);
    // the API server defaults a container port's protocol to TCP
    pairs = containerPorts(podSpec).map((p) => [p.containerPort ?? 0, p.protocol ?? 'TCP']);
  }
  const protocols = new Map<string, string[]>();
  for (const [port, protocol] of pairs) protocols.set(String(port), [...(protocols.get(String(port)) ?? []), protocol]);
  return { ports: pairs.map(([port]) => String(port)), protocols: [...protocols] };
}

/** expose.go parseLabels: `k=v,k=v`, nothing else (no `==`, no `!=`). */
export function parseLabels(spec: string): Result<Record<string, string>> {
  if (spec === '') return { ok: false, error: 'no label spec passed' };
  const out: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const kv = part.split('=');
    if (kv.length !== 2) return { ok: false, error: `unexpected label spec: ${part}` };
    if (kv[0] === '') return { ok: false, error: 'unexpected empty label key' };
    out[kv[0] as string] = kv[1] as string;
  }
  return { ok: true, value: out };
}

/** Go's strconv.Atoi, with its error text. */
function atoi(s: string): Result<number> {
  if (!/^[+-]?\d+$/.test(s)) return { ok: false, error: `strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax` };
  const n = Number(s);
  if (!Number.isSafeInteger(n)) return { ok: false, error: `strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range` };
  return { ok: true, value: n };
}

/** intstr.Parse: a number if it is one, the name otherwise. */
function intOrString(s: string): number | string {
  const n = atoi(s);
  return n.ok && n.value >= -2147483648 && n.value <= 2147483647 ? n.value : s;
}

export interface ExposeSource {
  kind: string;
  name: string;
  object: KubeObject;
}

/** RunExpose's introspection and createService: the Service kubectl would send. */
export function buildService(source: ExposeSource, flags: ExposeFlags, namespace: string | undefined): Result<KubeObject> {
  const defaultName = source.name.slice(0, DNS1035_LABEL_MAX_LENGTH);

  let selectorSpec = flags.selector;
  if (selectorSpec === '') {
    const s = mapBasedSelector(source.kind, source.object);
    if (!s.ok) return { ok: false, error: `couldn't retrieve selectors via --selector flag or introspection: ${s.error}` };
    selectorSpec = s.value;
  }
  const headless = flags.clusterIP === 'None';

  let portString = flags.port;
  if (portString === '') {
    const { ports } = portsOf(source.kind, source.object);
    if (ports.length === 0 && !headless) return { ok: false, error: "couldn't find port via --port flag or introspection" };
    portString = ports.join(',');
  }
  const protocols = new Map(portsOf(source.kind, source.object).protocols);

  const labelSpec = flags.labels !== '' ? flags.labels : makeLabels(source.object.metadata?.labels);

  // createService
  if (selectorSpec === '') return { ok: false, error: 'selector must be specified' };
  const selector = parseLabels(selectorSpec);
  if (!selector.ok) return selector;
  let labels: Record<string, string> | undefined;
  if (labelSpec !== '') {
    const l = parseLabels(labelSpec);
    if (!l.ok) return l;
    labels = l.value;
  }
  const name = flags.name !== '' ? flags.name : defaultName;
  if (name === '') return { ok: false, error: 'name must be specified' };

  const ports: Record<string, unknown>[] = [];
  const words = portString === '' ? [] : portString.split(',');
  for (const [i, word] of words.entries()) {
    const port = atoi(word);
    if (!port.ok) return port;
    // several ports need names; a single one gets none (o.PortName is not a flag)
    const portName = words.length > 1 ? `port-${i + 1}` : '';
    let protocol = flags.protocol;
    if (protocol === '') {
      const found = protocols.size > 0 ? protocols.get(word) : undefined;
      protocol = 'TCP';
      if (found !== undefined && found.length === 1) protocol = found[0] as string;
      else if (found !== undefined && found.length > 1) {
        for (const p of found) ports.push({ name: `port-${i + 1}-${p.toLowerCase()}`, port: port.value, protocol: p });
        continue;
      }
    }
    ports.push({ ...(portName !== '' ? { name: portName } : {}), port: port.value, protocol });
  }
  for (const p of ports) p.targetPort = flags.targetPort !== '' ? intOrString(flags.targetPort) : p.port;

  const svcSpec: Record<string, unknown> = { ports, selector: selector.value };
  if (flags.externalIP !== '') svcSpec.externalIPs = [flags.externalIP];
  if (flags.type !== '') svcSpec.type = flags.type;
  if (flags.type === 'LoadBalancer' && flags.loadBalancerIP !== '') svcSpec.loadBalancerIP = flags.loadBalancerIP;
  if (flags.sessionAffinity !== '') {
    if (flags.sessionAffinity !== 'None' && flags.sessionAffinity !== 'ClientIP') return { ok: false, error: `unknown session affinity: ${flags.sessionAffinity}` };
    svcSpec.sessionAffinity = flags.sessionAffinity;
  }
  if (flags.clusterIP !== '') svcSpec.clusterIP = flags.clusterIP;

  const metadata: Record<string, unknown> = { name, creationTimestamp: null };
  if (namespace !== undefined) metadata.namespace = namespace;
  if (labels !== undefined) metadata.labels = labels;
  return { ok: true, value: { apiVersion: 'v1', kind: 'Service', metadata, spec: svcSpec, status: { loadBalancer: {} } } as KubeObject };
}
