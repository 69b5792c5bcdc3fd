// kube-proxy's rule table, as its iptables mode programs it (pkg/proxy/iptables): for
// every Service port with a ClusterIP, a KUBE-SVC chain that jumps to one KUBE-SEP chain
// per ready endpoint (DNAT to podIP:targetPort), or a REJECT rule when there is none.
// Headless and ExternalName Services get no rules. The endpoints come from the Service's
// EndpointSlices, found by their kubernetes.io/service-name label
// (pkg/proxy/endpointslicecache.go): the same address in two slices counts once, and
// only endpoints whose conditions.ready is true receive traffic.
import type { EndpointSlice, Service } from '../apiserver';

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

export interface EndpointTarget {
  ip: string;
  port: number;
  nodeName?: string;
  /** namespace/name of the Pod behind it, from targetRef */
  pod?: string;
}

export interface ServiceRule {
  /** `namespace/name:portName` as kube-proxy logs it */
  servicePortName: string;
  namespace: string;
  name: string;
  clusterIP: string;
  port: number;
  protocol: string;
  endpoints: EndpointTarget[];
}

const byKey = (a: { metadata?: { namespace?: string; name?: string } }, b: { metadata?: { namespace?: string; name?: string } }): number => {
  const ka = `${a.metadata?.namespace ?? ''}/${a.metadata?.name ?? ''}`;
  const kb = `${b.metadata?.namespace ?? ''}/${b.metadata?.name ?? ''}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** The ready endpoints of one Service port across its slices, by port name, de-duplicated by IP. */
function readyTargets(slices: readonly EndpointSlice[], namespace: string, portName: string): EndpointTarget[] {
  const seen = new Map<string, EndpointTarget>();
  for (const slice of slices) {
    const port = (slice.ports ?? []).find((sp) => (sp.name ?? '') === portName);
    if (!port?.port) continue;
    for (const e of slice.endpoints ?? []) {
      // endpointslicecache: a nil ready condition counts as ready
      if (e.conditions?.ready === false) continue;
      const ip = e.addresses?.[0];
      if (!ip || seen.has(`${ip}:${port.port}`)) continue;
      seen.set(`${ip}:${port.port}`, {
        ip,
        port: port.port,
        ...(e.nodeName ? { nodeName: e.nodeName } : {}),
        ...(e.targetRef?.name ? { pod: `${e.targetRef.namespace ?? namespace}/${e.targetRef.name}` } : {}),
      });
    }
  }
  return [...seen.values()];
}

export function buildRuleTable(services: readonly Service[], endpointSlices: readonly EndpointSlice[]): ServiceRule[] {
  const slicesOf = new Map<string, EndpointSlice[]>();
  for (const slice of [...endpointSlices].sort(byKey)) {
    const service = slice.metadata?.labels?.[SERVICE_NAME_LABEL];
    if (!service || slice.metadata?.deletionTimestamp !== undefined) continue;
    const key = `${slice.metadata?.namespace ?? ''}/${service}`;
    slicesOf.set(key, [...(slicesOf.get(key) ?? []), slice]);
  }
  const rules: ServiceRule[] = [];
  for (const svc of [...services].sort(byKey)) {
    const spec = svc.spec ?? {};
    const clusterIP = spec.clusterIP ?? '';
    if (clusterIP === '' || clusterIP === 'None' || spec.type === 'ExternalName') continue;
    const namespace = svc.metadata?.namespace ?? 'default';
    const name = svc.metadata?.name ?? '';
    const slices = slicesOf.get(`${namespace}/${name}`) ?? [];
    for (const p of spec.ports ?? []) {
      const portName = p.name ?? '';
      const targets = readyTargets(slices, namespace, portName);
      targets.sort((x, y) => (x.ip < y.ip ? -1 : x.ip > y.ip ? 1 : x.port - y.port));
      rules.push({
        servicePortName: `${namespace}/${name}${portName ? `:${portName}` : ''}`,
        namespace,
        name,
        clusterIP,
        port: p.port ?? 0,
        protocol: p.protocol ?? 'TCP',
        endpoints: targets,
      });
    }
  }
  return rules;
}

/** The table as `iptables-save`-like lines, for the cluster view and `sim` output. */
export function describeRules(rules: readonly ServiceRule[]): string[] {
  const lines: string[] = [];
  for (const r of rules) {
    const head = `${r.clusterIP}:${r.port}/${r.protocol} (${r.servicePortName})`;
    if (r.endpoints.length === 0) lines.push(`${head} -> REJECT (has no endpoints)`);
    else lines.push(`${head} -> ${r.endpoints.map((e) => `${e.ip}:${e.port}`).join(', ')}`);
  }
  return lines;
}
