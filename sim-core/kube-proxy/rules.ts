// kube-proxy's rule table, as its iptables mode programs it (pkg/proxy/iptables): for
// every Service port with a ClusterIP, a KUBE-SVC chain that jumps to one KUBE-SEP chain
// per ready endpoint (DNAT to podIP:targetPort), or a REJECT rule when there is none.
// Headless and ExternalName Services get no rules. notReadyAddresses are left out.
import type { Endpoints, Service } from '../apiserver';

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

export function buildRuleTable(services: readonly Service[], endpoints: readonly Endpoints[]): ServiceRule[] {
  const eps = new Map(endpoints.map((e) => [`${e.metadata?.namespace ?? ''}/${e.metadata?.name ?? ''}`, e]));
  const rules: ServiceRule[] = [];
  for (const svc of [...services].sort(byKey)) {
    const spec = svc.spec ?? {};
    const clusterIP = spec.clusterIP ?? '';
    if (clusterIP === '' || clusterIP === 'None' || spec.type === 'ExternalName') continue;
    const namespace = svc.metadata?.namespace ?? 'default';
    const name = svc.metadata?.name ?? '';
    const ep = eps.get(`${namespace}/${name}`);
    for (const p of spec.ports ?? []) {
      const portName = p.name ?? '';
      const targets: EndpointTarget[] = [];
      for (const subset of ep?.subsets ?? []) {
        const port = (subset.ports ?? []).find((sp) => (sp.name ?? '') === portName);
        if (!port?.port) continue;
        for (const a of subset.addresses ?? []) {
          if (!a.ip) continue;
          targets.push({
            ip: a.ip,
            port: port.port,
            ...(a.nodeName ? { nodeName: a.nodeName } : {}),
            ...(a.targetRef?.name ? { pod: `${a.targetRef.namespace ?? namespace}/${a.targetRef.name}` } : {}),
          });
        }
      }
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
