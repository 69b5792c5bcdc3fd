// discovery.k8s.io/v1 EndpointSlice, written by the EndpointSlice controller for each
// Service with a selector (label kubernetes.io/service-name) and read by kube-proxy.
// Stored under /registry/endpointslices (pkg/registry/discovery/endpointslice/storage).
// Defaulting: pkg/apis/discovery/v1/defaults.go (a port's protocol TCP, its name "");
// validation: pkg/apis/discovery/validation/validation.go.
import type { z } from 'zod';
import { bool, int32, list, str, stringList, stringMap, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { invalid, notSupported, required, type FieldError } from './fieldErrors';
import { objectReferenceSchema } from './endpoints';
import type { KindDefinition } from './kindDefinition';

const endpointConditionsSchema = struct('EndpointConditions', { ready: bool(), serving: bool(), terminating: bool() });

const forZoneSchema = struct('ForZone', { name: str() });
const endpointHintsSchema = struct('EndpointHints', { forZones: list(forZoneSchema, '[]v1.ForZone') });

const endpointSchema = struct('Endpoint', {
  addresses: stringList(),
  conditions: endpointConditionsSchema,
  hostname: str(),
  targetRef: objectReferenceSchema,
  deprecatedTopology: stringMap(),
  nodeName: str(),
  zone: str(),
  hints: endpointHintsSchema,
});

const endpointSlicePortSchema = struct('EndpointPort', { name: str(), protocol: str(), port: int32(), appProtocol: str() });

export const endpointSliceSchema = struct('EndpointSlice', {
  ...typeAndObjectMeta,
  addressType: str(),
  endpoints: list(endpointSchema, '[]v1.Endpoint'),
  ports: list(endpointSlicePortSchema, '[]v1.EndpointPort'),
});

export type EndpointSlice = z.infer<typeof endpointSliceSchema>;
export type EndpointSliceEndpoint = z.infer<typeof endpointSchema>;
export type EndpointSlicePort = z.infer<typeof endpointSlicePortSchema>;

const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** validation.go: maxEndpoints, maxPorts, maxAddresses. */
const MAX_ENDPOINTS = 1000;
const MAX_PORTS = 20000;
const MAX_ADDRESSES = 100;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function validateEndpoints(slice: EndpointSlice, errs: FieldError[]): void {
  const endpoints = slice.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS) {
    errs.push({ type: 'Too many', field: 'endpoints', badValue: { kind: 'number', value: endpoints.length }, detail: `must have at most ${MAX_ENDPOINTS} items` });
  }
  endpoints.forEach((ep, i) => {
    const path = `endpoints[${i}].addresses`;
    const addresses = ep.addresses ?? [];
    if (addresses.length === 0) errs.push(required(path, 'must contain at least 1 address'));
    else if (addresses.length > MAX_ADDRESSES) errs.push(invalid(path, addresses, `must contain at most ${MAX_ADDRESSES} addresses`));
    addresses.forEach((a, j) => {
      if (slice.addressType === 'IPv4' && !IPV4.test(a)) errs.push(invalid(`${path}[${j}]`, a, 'must be a valid IPv4 address'));
    });
  });
}

function validatePorts(slice: EndpointSlice, errs: FieldError[]): void {
  const ports = slice.ports ?? [];
  if (ports.length > MAX_PORTS) {
    errs.push({ type: 'Too many', field: 'ports', badValue: { kind: 'number', value: ports.length }, detail: `must have at most ${MAX_PORTS} items` });
  }
  ports.forEach((p, i) => {
    if (p.protocol !== undefined && !PROTOCOLS.includes(p.protocol)) errs.push(notSupported(`ports[${i}].protocol`, p.protocol, PROTOCOLS));
    if (p.port !== undefined && (p.port < 1 || p.port > 65535)) errs.push(invalid(`ports[${i}].port`, p.port, 'must be between 1 and 65535, inclusive'));
  });
}

export const endpointSliceKind: KindDefinition = {
  apiVersion: 'discovery.k8s.io/v1',
  group: 'discovery.k8s.io',
  version: 'v1',
  kind: 'EndpointSlice',
  resource: 'endpointslices',
  singular: 'endpointslice',
  shortNames: [],
  namespaced: true,
  etcdPrefix: '/registry/endpointslices',
  tracksGeneration: true,
  schema: endpointSliceSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const slice = obj as EndpointSlice;
    if (slice.ports === undefined) return { ...slice };
    return { ...slice, ports: slice.ports.map((p) => ({ ...p, name: p.name ?? '', protocol: p.protocol ?? 'TCP' })) };
  },
  validate(obj) {
    const slice = obj as EndpointSlice;
    const errs = validateObjectMeta(slice.metadata, true, nameIsDNSSubdomain);
    if (slice.addressType === undefined || slice.addressType === '') errs.push(required('addressType'));
    else if (!ADDRESS_TYPES.includes(slice.addressType)) errs.push(notSupported('addressType', slice.addressType, ADDRESS_TYPES));
    validateEndpoints(slice, errs);
    validatePorts(slice, errs);
    return errs;
  },
};
