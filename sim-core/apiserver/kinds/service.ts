// core/v1 Service. Defaults: SetDefaults_Service (type ClusterIP, sessionAffinity None,
// port protocol TCP, targetPort = port, internalTrafficPolicy Cluster) and what the
// service registry sets on create for a single-stack cluster (ipFamilyPolicy SingleStack,
// ipFamilies [IPv4]). The clusterIP itself is allocated by the API server's storage from
// the service CIDR (10.96.0.0/12), not here. Names are DNS-1035 labels.
import { z } from 'zod';
import { bool, int32, intOrString, list, str, stringList, stringMap, struct } from './goTypes';
import { validateObjectMeta, validateLabels } from './objectMeta';
import { inclusiveRangeError, isDNS1123Label, nameIsDNS1035Label } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { badValueOf, duplicate, invalid, notSupported, required, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';
import { INVALID_IP_DETAIL, isIP, parseIP } from './ipAddress';

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
  externalName: str(),
  externalTrafficPolicy: str(),
  publishNotReadyAddresses: bool(),
  ipFamilies: stringList(),
  ipFamilyPolicy: str(),
  internalTrafficPolicy: str(),
});

export const serviceSchema = struct('Service', {
  ...typeAndObjectMeta,
  spec: serviceSpecSchema,
  status: struct('ServiceStatus', { loadBalancer: z.record(z.string(), z.unknown()) }),
});

export type Service = z.infer<typeof serviceSchema>;
export type ServicePort = z.infer<typeof servicePortSchema>;

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;

function defaults(obj: Record<string, unknown>): Record<string, unknown> {
  const svc = obj as Service;
  const spec = { ...(svc.spec ?? {}) };
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  spec.ports = (spec.ports ?? []).map((p) => ({
    ...p,
    protocol: p.protocol ?? 'TCP',
    targetPort: p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '' ? p.port : p.targetPort,
  }));
  if (spec.type !== 'ExternalName') {
    spec.internalTrafficPolicy ??= 'Cluster';
    spec.ipFamilyPolicy ??= 'SingleStack';
    // the family of the address asked for (initIPFamilyFields), else the cluster's: IPv4
    const asked = requestedClusterIPs(spec)[0];
    spec.ipFamilies ??= [asked !== undefined && asked !== 'None' && parseIP(asked)?.family === 'IPv6' ? 'IPv6' : 'IPv4'];
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
  return { ...svc, spec, status: { loadBalancer: {} } };
}

function validate(obj: Record<string, unknown>): FieldError[] {
  const svc = obj as Service;
  const spec = svc.spec ?? {};
  const errs = validateObjectMeta(svc.metadata, true, nameIsDNS1035Label);
  const type = spec.type ?? '';
  if (!(SERVICE_TYPES as readonly string[]).includes(type)) errs.push(notSupported('spec.type', type, SERVICE_TYPES));
  const ports = spec.ports ?? [];
  if (type !== 'ExternalName' && ports.length === 0 && spec.clusterIP !== 'None') errs.push(required('spec.ports'));
  const names = new Set<string>();
  ports.forEach((p, i) => {
    const path = `spec.ports[${i}]`;
    if (ports.length > 1 && !p.name) errs.push(required(`${path}.name`));
    else if (p.name) {
      for (const msg of isDNS1123Label(p.name)) errs.push(invalid(`${path}.name`, p.name, msg));
      if (names.has(p.name)) errs.push(duplicate(`${path}.name`, p.name));
      names.add(p.name);
    }
    // port is an int32 without omitempty: a missing one is 0, and IsValidPortNum refuses it
    const port = p.port ?? 0;
    if (port < 1 || port > 65535) errs.push(invalid(`${path}.port`, port, inclusiveRangeError(1, 65535)));
    if (p.protocol && !['SCTP', 'TCP', 'UDP'].includes(p.protocol)) {
      errs.push(notSupported(`${path}.protocol`, p.protocol, ['SCTP', 'TCP', 'UDP']));
    }
    if (typeof p.targetPort === 'number' && (p.targetPort < 1 || p.targetPort > 65535)) {
      errs.push(invalid(`${path}.targetPort`, p.targetPort, inclusiveRangeError(1, 65535)));
    }
  });
  errs.push(...validateClusterIPs(spec));
  if (spec.sessionAffinity && !['ClientIP', 'None'].includes(spec.sessionAffinity)) {
    errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']));
  }
  errs.push(...validateLabels(spec.selector, 'spec.selector'));
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
