// core/v1 ServiceAccount (every namespace gets `default`, created by the
// ServiceAccount controller).
import type { z } from 'zod';
import { bool, list, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { objectReferenceSchema } from './endpoints';
import { localObjectReferenceSchema } from './podSpec';
import type { KindDefinition } from './kindDefinition';

export const serviceAccountSchema = struct('ServiceAccount', {
  ...typeAndObjectMeta,
  secrets: list(objectReferenceSchema, '[]v1.ObjectReference'),
  imagePullSecrets: list(localObjectReferenceSchema, '[]v1.LocalObjectReference'),
  automountServiceAccountToken: bool(),
});

export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export const serviceAccountKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  etcdPrefix: '/registry/serviceaccounts',
  schema: serviceAccountSchema,
  nameRule: nameIsDNSSubdomain,
  defaults: (obj) => ({ ...obj }),
  validate: (obj) => validateObjectMeta((obj as ServiceAccount).metadata, true, nameIsDNSSubdomain),
};
