// `kubectl get services|endpoints`: printers.go printService, getServiceExternalIP,
// makePortString and formatEndpoints (Kubernetes 1.32).
import type { Endpoints, Service, ServicePort } from '../../../apiserver';
import { timestampSince } from '../duration';
import { formatLabels } from './selectors';
import { AGE, NAME, type TablePrinter } from './table';

/** `80/TCP`, `80:30080/TCP`, joined by commas. */
export function servicePorts(ports: ServicePort[] | undefined): string {
  return (ports ?? [])
    .map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port}/${p.protocol ?? ''}`))
    .join(',');
}

const LOAD_BALANCER_WIDTH = 16;

/** loadBalancerStatusStringer: sorted, de-duplicated IPs or hostnames, clipped to 16 bytes unless wide. */
function loadBalancerIPs(svc: Service, wide: boolean): string {
  const ingress = (svc.status?.loadBalancer?.ingress ?? []) as { ip?: string; hostname?: string }[];
  const set = [...new Set(ingress.map((i) => i.ip || i.hostname || '').filter((s) => s !== ''))].sort();
  const r = set.join(',');
  return !wide && r.length > LOAD_BALANCER_WIDTH ? `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...` : r;
}

function externalIP(svc: Service, wide: boolean): string {
  const external = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIPs(svc, wide);
      if (external.length > 0) return [...(lb ? lb.split(',') : []), ...external].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return svc.spec?.externalName ?? '';
  }
  return '<unknown>';
}

export const servicePrinter: TablePrinter<Service> = {
  columns: [NAME, { name: 'Type' }, { name: 'Cluster-IP' }, { name: 'External-IP' }, { name: 'Port(s)' }, AGE, { name: 'Selector', wide: true }],
  row(svc, ctx) {
    // printService reads spec.clusterIPs[0]; fall back to clusterIP for objects stored without it.
    const clusterIP = svc.spec?.clusterIPs?.[0] || svc.spec?.clusterIP || '<none>';
    return [
      svc.metadata?.name ?? '',
      svc.spec?.type ?? '',
      clusterIP,
      externalIP(svc, ctx.wide === true),
      servicePorts(svc.spec?.ports) || '<none>',
      timestampSince(svc.metadata?.creationTimestamp, ctx.now),
      formatLabels(svc.spec?.selector),
    ];
  },
};

const MAX_ENDPOINTS = 3;

/** formatEndpoints: `<none>` without subsets, else the first three ready `ip:port`, then "+ N more...". */
export function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  let more = false;
  const add = (text: string): void => {
    if (list.length === MAX_ENDPOINTS) more = true;
    else list.push(text);
  };
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      count += addresses.length;
      for (const a of addresses) add(a.ip ?? '');
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const a of addresses) add(joinHostPort(a.ip ?? '', port.port ?? 0));
    }
  }
  const text = list.join(',');
  // Subsets holding only not-ready addresses print as an empty cell.
  return more ? `${text} + ${count - MAX_ENDPOINTS} more...` : text;
}

/** net.JoinHostPort: IPv6 addresses in brackets. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export const endpointsPrinter: TablePrinter<Endpoints> = {
  columns: [NAME, { name: 'Endpoints' }, AGE],
  row(ep, ctx) {
    return [ep.metadata?.name ?? '', formatEndpoints(ep), timestampSince(ep.metadata?.creationTimestamp, ctx.now)];
  },
};
