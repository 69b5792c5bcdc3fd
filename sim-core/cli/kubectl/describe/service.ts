// `kubectl describe service` (describe.go describeService, 1.32). Like kubectl since 1.31,
// the Endpoints: line of each port comes from the Service's EndpointSlices (the caller lists
// them by the kubernetes.io/service-name label), not from the Endpoints object.
import type { EndpointSlice, Event, Service } from '../../../apiserver';
import { formatLabels } from '../printers/selectors';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline } from './common';
import { formatEndpointSlices } from './endpoint-slices';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

export function describeService(svc: Service, endpointSlices: readonly EndpointSlice[], events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = svc.metadata ?? {};
  const spec = svc.spec ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(LEVEL_0, `IP Families:\t${(spec.ipFamilies ?? []).length > 0 ? (spec.ipFamilies ?? []).join(',') : '<none>'}\n`);
  w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(LEVEL_0, `IPs:\t${(spec.clusterIPs ?? []).length > 0 ? (spec.clusterIPs ?? []).join(',') : '<none>'}\n`);
  if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${(spec.externalIPs ?? []).join(',')}\n`);
  if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
  if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
  const ingress = svc.status?.loadBalancer?.ingress ?? [];
  // buildIngressString: the IP with its mode, else the hostname
  if (ingress.length > 0) w.write(LEVEL_0, `LoadBalancer Ingress:\t${ingress.map((i) => (i.ip ? `${i.ip}${i.ipMode !== undefined ? ` (${i.ipMode})` : ''}` : (i.hostname ?? ''))).join(', ')}\n`);
  for (const p of spec.ports ?? []) {
    const name = p.name || '<unset>';
    const protocol = p.protocol ?? '';
    w.write(LEVEL_0, `Port:\t${name}\t${p.port ?? 0}/${protocol}\n`);
    w.write(LEVEL_0, `TargetPort:\t${p.targetPort ?? 0}/${protocol}\n`);
    if (p.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${p.nodePort}/${protocol}\n`);
    w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(endpointSlices, p.name ?? '')}\n`);
  }
  w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  if ((spec.loadBalancerSourceRanges ?? []).length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${(spec.loadBalancerSourceRanges ?? []).join(',')}\n`);
  if (events) describeEvents(w, events, now);
  return w.text();
}
