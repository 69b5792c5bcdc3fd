// core/v1 Endpoints, written by the Endpoints controller: ready and not-ready addresses
// per subset. Stored under /registry/services/endpoints (the Service's sibling).
import type { z } from 'zod';
import { int32, list, str, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { invalid, required } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const objectReferenceSchema = struct('ObjectReference', {
  kind: str(),
  namespace: str(),
  name: str(),
  uid: str(),
  apiVersion: str(),
  resourceVersion: str(),
  fieldPath: str(),
});

const endpointAddressSchema = struct('EndpointAddress', {
  ip: str(),
  hostname: str(),
  nodeName: str(),
  targetRef: objectReferenceSchema,
});

const endpointPortSchema = struct('EndpointPort', { name: str(), port: int32(), protocol: str(), appProtocol: str() });

export const endpointSubsetSchema = struct('EndpointSubset', {
  addresses: list(endpointAddressSchema, '[]v1.EndpointAddress'),
  notReadyAddresses: list(endpointAddressSchema, '[]v1.EndpointAddress'),
  ports: list(endpointPortSchema, '[]v1.EndpointPort'),
});

export const endpointsSchema = struct('Endpoints', {
  ...typeAndObjectMeta,
  subsets: list(endpointSubsetSchema, '[]v1.EndpointSubset'),
});

export type Endpoints = z.infer<typeof endpointsSchema>;
export type EndpointSubset = z.infer<typeof endpointSubsetSchema>;

export const endpointsKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Endpoints',
  resource: 'endpoints',
  singular: 'endpoints',
  shortNames: ['ep'],
  namespaced: true,
  etcdPrefix: '/registry/services/endpoints',
  schema: endpointsSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const ep = obj as Endpoints;
    const subsets = (ep.subsets ?? []).map((s) => ({
      ...s,
      ports: (s.ports ?? []).map((p) => ({ ...p, protocol: p.protocol ?? 'TCP' })),
    }));
    return ep.subsets === undefined ? { ...ep } : { ...ep, subsets };
  },
  validate(obj) {
    const ep = obj as Endpoints;
    const errs = validateObjectMeta(ep.metadata, true, nameIsDNSSubdomain);
    (ep.subsets ?? []).forEach((s, i) => {
      [...(s.addresses ?? []), ...(s.notReadyAddresses ?? [])].forEach((a, j) => {
        if (!a.ip) errs.push(required(`subsets[${i}].addresses[${j}].ip`));
      });
      (s.ports ?? []).forEach((p, j) => {
        if (p.port === undefined || p.port < 1 || p.port > 65535) {
          errs.push(invalid(`subsets[${i}].ports[${j}].port`, p.port ?? 0, 'must be between 1 and 65535, inclusive'));
        }
      });
    });
    return errs;
  },
};
