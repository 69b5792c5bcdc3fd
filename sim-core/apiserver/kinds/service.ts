// core/v1 Service. Defaults: SetDefaults_Service (type ClusterIP, sessionAffinity None,
// port protocol TCP, targetPort = port, internalTrafficPolicy Cluster) and what the
// service registry sets on create for a single-stack cluster (ipFamilyPolicy SingleStack,
// ipFamilies [IPv4]). The clusterIP itself is allocated by the API server's storage from
// the service CIDR (10.96.0.0/12), not here. Names are DNS-1035 labels.
import { z } from 'zod';
import { bool, int32, int64, intOrString, list, str, stringList, stringMap, struct, time } from './goTypes';
import { validateObjectMeta, validateLabels } from './objectMeta';
import { inclusiveRangeError, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidPortName, nameIsDNS1035Label } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { badValueOf, duplicate, forbidden, goQuote, invalid, notSupported, required, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';
import { INVALID_CIDR_DETAIL, INVALID_IP_DETAIL, isCIDR, isIP, parseIP, specialIPDetails } from './ipAddress';

export const servicePortSchema = struct('ServicePort', {
  name: str(),
  protocol: str(),
  appProtocol: str(),
  port: int32(),
  targetPort: intOrString(),
  nodePort: int32(),
});

export const serviceSpecSchema = struct('ServiceSpec', {
  ports: list(servicePortSchema, '[]v1.ServicePort'),
  selector: stringMap(),
  clusterIP: str(),
  clusterIPs: stringList(),
  type: str(),
  externalIPs: stringList(),
  sessionAffinity: str(),
  loadBalancerIP: str(),
  loadBalancerSourceRanges: stringList(),
  externalName: str(),
  externalTrafficPolicy: str(),
  healthCheckNodePort: int32(),
  publishNotReadyAddresses: bool(),
  sessionAffinityConfig: struct('SessionAffinityConfig', { clientIP: struct('ClientIPConfig', { timeoutSeconds: int32() }) }),
  ipFamilies: stringList(),
  ipFamilyPolicy: str(),
  allocateLoadBalancerNodePorts: bool(),
  loadBalancerClass: str(),
  internalTrafficPolicy: str(),
  trafficDistribution: str(),
});

const portStatusSchema = struct('PortStatus', { port: int32(), protocol: str(), error: str() });
const loadBalancerIngressSchema = struct('LoadBalancerIngress', { ip: str(), hostname: str(), ipMode: str(), ports: list(portStatusSchema, '[]v1.PortStatus') });

export const serviceSchema = struct('Service', {
  ...typeAndObjectMeta,
  spec: serviceSpecSchema,
  status: struct('ServiceStatus', {
    loadBalancer: struct('LoadBalancerStatus', { ingress: list(loadBalancerIngressSchema, '[]v1.LoadBalancerIngress') }),
    conditions: list(struct('Condition', { type: str(), status: str(), observedGeneration: int64(), lastTransitionTime: time(), reason: str(), message: str() }), '[]v1.Condition'),
  }),
});

export type Service = z.infer<typeof serviceSchema>;
export type ServicePort = z.infer<typeof servicePortSchema>;

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;

/** ExternallyAccessible (pkg/api/service/util.go): reached from outside the cluster, so it has an externalTrafficPolicy. */
type TrafficFields = { type?: string; externalTrafficPolicy?: string; externalIPs?: string[] };

export function externallyAccessible(spec: TrafficFields): boolean {
  return spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && (spec.externalIPs ?? []).length > 0);
}

/** NeedsHealthCheck: a LoadBalancer that keeps traffic on the node it arrives at gets a health-check node port. */
export function needsHealthCheck(spec: TrafficFields | undefined): boolean {
  return spec?.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';
}

/** DefaultClientIPServiceAffinitySeconds: three hours. */
const DEFAULT_AFFINITY_SECONDS = 10800;
/** MaxClientIPServiceAffinitySeconds: a day. */
const MAX_AFFINITY_SECONDS = 86400;

/** SetDefaults_Service, and the registry's IP family fields for this single-stack cluster. */
function defaults(obj: Record<string, unknown>): Record<string, unknown> {
  const svc = obj as Service;
  const spec = { ...(svc.spec ?? {}) };
  spec.sessionAffinity ??= 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_AFFINITY_SECONDS } };
  }
  spec.type ??= 'ClusterIP';
  // ports is omitempty: a Service without any (ExternalName, headless) is stored and served without the list
  if ((spec.ports ?? []).length === 0) delete spec.ports;
  else {
    spec.ports = (spec.ports ?? []).map((p) => ({
      ...p,
      protocol: p.protocol ?? 'TCP',
      targetPort: p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '' ? p.port : p.targetPort,
    }));
  }
  if (externallyAccessible(spec)) spec.externalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') spec.internalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  if (spec.type !== 'ExternalName') {
    spec.ipFamilyPolicy ??= 'SingleStack';
    // the family of the address asked for (initIPFamilyFields), else the cluster's: IPv4
    const asked = requestedClusterIPs(spec)[0];
    spec.ipFamilies ??= [asked !== undefined && asked !== 'None' && parseIP(asked)?.family === 'IPv6' ? 'IPv6' : 'IPv4'];
  }
  return { ...svc, spec, status: { loadBalancer: {} } };
}

type ServiceSpec = NonNullable<Service['spec']>;

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** ports.KubeletPort, which a 1.32 LoadBalancer may not expose (the check went in 1.33). */
const KUBELET_PORT = 10250;
const ONLY_LOAD_BALANCER = "may only be used when `type` is 'LoadBalancer'";

/** The (protocol, port) key of a port, as ValidateService's %#v prints the core.ServicePort it builds. */
function servicePortKey(protocol: string, port: number): string {
  return `core.ServicePort{Name:"", Protocol:${goQuote(protocol)}, AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
}

/** validateServicePort. */
function validatePort(p: ServicePort, requireName: boolean, names: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (requireName && !p.name) errs.push(required(`${path}.name`));
  else if (p.name) {
    for (const msg of isDNS1123Label(p.name)) errs.push(invalid(`${path}.name`, p.name, msg));
    if (names.has(p.name)) errs.push(duplicate(`${path}.name`, p.name));
    else names.add(p.name);
  }
  // port is an int32 without omitempty: a missing one is 0, and IsValidPortNum refuses it
  const port = p.port ?? 0;
  if (port < 1 || port > 65535) errs.push(invalid(`${path}.port`, port, inclusiveRangeError(1, 65535)));
  if (!p.protocol) errs.push(required(`${path}.protocol`));
  else if (!PROTOCOLS.includes(p.protocol)) errs.push(notSupported(`${path}.protocol`, p.protocol, PROTOCOLS));
  // ValidatePortNumOrName
  const target = p.targetPort ?? 0;
  if (typeof target === 'number') {
    if (target < 1 || target > 65535) errs.push(invalid(`${path}.targetPort`, target, inclusiveRangeError(1, 65535)));
  } else for (const msg of isValidPortName(target)) errs.push(invalid(`${path}.targetPort`, target, msg));
  if (p.appProtocol !== undefined) for (const msg of isQualifiedName(p.appProtocol)) errs.push(invalid(`${path}.appProtocol`, p.appProtocol, msg));
  return errs;
}

/**
 * ValidateService (pkg/apis/core/validation, release 1.32), in its order, for what this
 * simulation serves. Two checks are the allocators' here, as a 1.32 Service store
 * allocates before it validates: a node port asked twice is refused by the node port
 * allocator ("provided port is already allocated"), and a LoadBalancer that needs a
 * health-check node port is given one after validation, so its absence is not refused.
 */
function validate(obj: Record<string, unknown>): FieldError[] {
  const svc = obj as Service;
  const spec: ServiceSpec = svc.spec ?? {};
  const errs = validateObjectMeta(svc.metadata, true, nameIsDNS1035Label);
  const annotations = svc.metadata?.annotations ?? {};
  const hints = annotations[TOPOLOGY_HINTS];
  const mode = annotations[TOPOLOGY_MODE];
  if (hints !== undefined && mode !== undefined && hints !== mode) {
    errs.push(invalid(`metadata.annotations[${TOPOLOGY_MODE}]`, mode, `must match annotations[${TOPOLOGY_HINTS}] when both are specified`));
  }
  const type = spec.type ?? '';
  const ports = spec.ports ?? [];
  const clusterIPs = requestedClusterIPs(spec);
  const headless = clusterIPs.length === 1 && clusterIPs[0] === 'None';
  if (ports.length === 0 && !headless && type !== 'ExternalName') errs.push(required('spec.ports'));
  if (type === 'LoadBalancer') {
    ports.forEach((p, i) => {
      if (p.port === KUBELET_PORT) errs.push(invalid(`spec.ports[${i}]`, p.port, `may not expose port ${KUBELET_PORT} externally since it is used by kubelet`));
    });
  }
  if (headless && (type === 'LoadBalancer' || type === 'NodePort')) errs.push(invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
  if (type === 'ExternalName') {
    if (clusterIPs.length > 0) errs.push(forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
    if ((spec.ipFamilies ?? []).length > 0) errs.push(forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
    if (spec.ipFamilyPolicy !== undefined) errs.push(forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
    // the value (a CNAME) may end in a dot, to say it is fully qualified
    const cname = (spec.externalName ?? '').replace(/\.$/, '');
    if (cname.length > 0) for (const msg of isDNS1123Subdomain(cname)) errs.push(invalid('spec.externalName', cname, msg));
    else errs.push(required('spec.externalName'));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validatePort(p, ports.length > 1, names, `spec.ports[${i}]`)));
  if (spec.selector !== undefined) errs.push(...validateLabels(spec.selector, 'spec.selector'));
  const affinity = spec.sessionAffinity ?? '';
  if (affinity === '') errs.push(required('spec.sessionAffinity'));
  else if (!AFFINITIES.includes(affinity)) errs.push(notSupported('spec.sessionAffinity', affinity, AFFINITIES));
  if (affinity === 'ClientIP') errs.push(...validateClientIPAffinity(spec.sessionAffinityConfig));
  else if (affinity === 'None' && spec.sessionAffinityConfig !== undefined) {
    errs.push(forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }
  if (type !== 'ExternalName') errs.push(...validateClusterIPs(spec));
  (spec.externalIPs ?? []).forEach((ip, i) => {
    const path = `spec.externalIPs[${i}]`;
    if (!isIP(ip)) errs.push(invalid(path, ip, INVALID_IP_DETAIL));
    else for (const msg of specialIPDetails(ip)) errs.push(invalid(path, ip, msg));
  });
  if (type === '') errs.push(required('spec.type'));
  else if (!(SERVICE_TYPES as readonly string[]).includes(type)) errs.push(notSupported('spec.type', type, SERVICE_TYPES));
  if (type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (p.nodePort) errs.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const key = servicePortKey(p.protocol ?? '', p.port ?? 0);
    if (seen.has(key)) errs.push({ type: 'Duplicate value', field: `spec.ports[${i}]`, badValue: { kind: 'go', text: key }, detail: '' });
    seen.add(key);
  });
  const ranges = spec.loadBalancerSourceRanges ?? [];
  const rangesAnnotation = annotations[SOURCE_RANGES_ANNOTATION];
  if (ranges.length > 0) {
    if (type !== 'LoadBalancer') errs.push(forbidden('spec.LoadBalancerSourceRanges', ONLY_LOAD_BALANCER));
    // space-padded values are allowed, a leftover of the annotation
    ranges.forEach((r, i) => {
      if (!isCIDR(r.trim())) errs.push(invalid(`spec.LoadBalancerSourceRanges[${i}]`, r.trim(), INVALID_CIDR_DETAIL));
    });
  } else if (rangesAnnotation !== undefined) {
    const path = `metadata.annotations[${SOURCE_RANGES_ANNOTATION}]`;
    if (type !== 'LoadBalancer') errs.push(forbidden(path, ONLY_LOAD_BALANCER));
    const value = rangesAnnotation.trim();
    if (value !== '') for (const r of value.split(',')) if (!isCIDR(r.trim())) errs.push(invalid(path, r.trim(), INVALID_CIDR_DETAIL));
  }
  if (spec.allocateLoadBalancerNodePorts !== undefined && type !== 'LoadBalancer') errs.push(forbidden('spec.allocateLoadBalancerNodePorts', ONLY_LOAD_BALANCER));
  // (the path as Go builds it: field.NewPath("allocateLoadBalancerNodePorts"), without spec)
  if (type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) errs.push(required('allocateLoadBalancerNodePorts'));
  if (spec.loadBalancerClass !== undefined) {
    if (type === 'LoadBalancer') for (const msg of isQualifiedName(spec.loadBalancerClass)) errs.push(invalid('spec.loadBalancerClass', spec.loadBalancerClass, msg));
    else errs.push(forbidden('spec.loadBalancerClass', ONLY_LOAD_BALANCER));
  }
  errs.push(...validateExternalTrafficPolicy(spec));
  if (spec.internalTrafficPolicy === undefined) {
    if (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP') errs.push(required('spec.internalTrafficPolicy'));
  } else if (!TRAFFIC_POLICIES.includes(spec.internalTrafficPolicy)) errs.push(notSupported('spec.internalTrafficPolicy', spec.internalTrafficPolicy, TRAFFIC_POLICIES));
  if (spec.trafficDistribution !== undefined && spec.trafficDistribution !== 'PreferClose') {
    errs.push(notSupported('spec.trafficDistribution', spec.trafficDistribution, ['PreferClose']));
  }
  return errs;
}

const AFFINITIES = ['ClientIP', 'None'];
const TRAFFIC_POLICIES = ['Cluster', 'Local'];
const TOPOLOGY_HINTS = 'service.kubernetes.io/topology-aware-hints';
const TOPOLOGY_MODE = 'service.kubernetes.io/topology-mode';
const SOURCE_RANGES_ANNOTATION = 'service.beta.kubernetes.io/load-balancer-source-ranges';

/** validateClientIPAffinityConfig (defaulting fills the timeout, so this sees what a client sent past it). */
function validateClientIPAffinity(config: ServiceSpec['sessionAffinityConfig']): FieldError[] {
  const when = 'when session affinity type is ClientIP';
  const path = 'spec.sessionAffinityConfig';
  if (config === undefined) return [required(path, when)];
  if (config.clientIP === undefined) return [required(`${path}.clientIP`, when)];
  const timeout = config.clientIP.timeoutSeconds;
  if (timeout === undefined) return [required(`${path}.clientIP.timeoutSeconds`, when)];
  return timeout <= 0 || timeout > MAX_AFFINITY_SECONDS ? [invalid(`${path}.clientIP.timeoutSeconds`, timeout, `must be greater than 0 and less than ${MAX_AFFINITY_SECONDS}`)] : [];
}

/** validateServiceExternalTrafficPolicy. */
function validateExternalTrafficPolicy(spec: ServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.externalTrafficPolicy ?? '';
  if (!externallyAccessible(spec)) {
    if (policy !== '') errs.push(invalid('spec.externalTrafficPolicy', policy, 'may only be set for externally-accessible services'));
  } else if (policy === '') errs.push(required('spec.externalTrafficPolicy'));
  else if (!TRAFFIC_POLICIES.includes(policy)) errs.push(notSupported('spec.externalTrafficPolicy', policy, TRAFFIC_POLICIES));
  const healthCheck = spec.healthCheckNodePort ?? 0;
  if (!needsHealthCheck(spec)) {
    if (healthCheck !== 0) {
      errs.push(invalid('spec.healthCheckNodePort', healthCheck, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
    }
  } else if (healthCheck !== 0 && (healthCheck < 1 || healthCheck > 65535)) {
    errs.push(invalid('spec.healthCheckNodePort', healthCheck, inclusiveRangeError(1, 65535)));
  }
  return errs;
}

export const serviceKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Service',
  resource: 'services',
  singular: 'service',
  shortNames: ['svc'],
  namespaced: true,
  etcdPrefix: '/registry/services/specs',
  schema: serviceSchema,
  nameRule: nameIsDNS1035Label,
  defaults,
  validate,
};

/**
 * The addresses a Service asks for: clusterIPs, or (normalizeClusterIPs on create) the one
 * clusterIP when clusterIPs is missing or empty.
 */
export function requestedClusterIPs(spec: { clusterIP?: string; clusterIPs?: string[] }): string[] {
  if (spec.clusterIPs !== undefined && spec.clusterIPs.length > 0) return spec.clusterIPs;
  return spec.clusterIP !== undefined && spec.clusterIP !== '' ? [spec.clusterIP] : [];
}

/** validateServiceClusterIPsRelatedFields, for the single-stack cluster the course runs. */
function validateClusterIPs(spec: { clusterIP?: string; clusterIPs?: string[] }): FieldError[] {
  const errs: FieldError[] = [];
  const ips = requestedClusterIPs(spec);
  const listed = spec.clusterIPs ?? [];
  const asGo = badValueOf(ips);
  // (clusterIPs without clusterIP is refused on create, by the allocation: an update keeps the stored address)
  if (listed.length > 0 && spec.clusterIP !== undefined && spec.clusterIP !== '' && listed[0] !== spec.clusterIP) {
    errs.push({ type: 'Invalid value', field: 'spec.clusterIPs', badValue: asGo, detail: 'first value must match `clusterIP`' });
  }
  ips.forEach((ip, i) => {
    if (ip === 'None' && i === 0) {
      if (ips.length > 1) errs.push({ type: 'Invalid value', field: 'spec.clusterIPs', badValue: asGo, detail: "'None' must be the first and only value" });
      return;
    }
    if (!isIP(ip)) errs.push(invalid(`spec.clusterIPs[${i}]`, ip, INVALID_IP_DETAIL));
  });
  if (ips.length > 2) errs.push({ type: 'Invalid value', field: 'spec.clusterIPs', badValue: asGo, detail: 'may only hold up to 2 values' });
  return errs;
}
