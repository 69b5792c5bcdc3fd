// core/v1 ConfigMap.
import type { z } from 'zod';
import { bool, bytesMap, stringMap, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { validateDataKeys } from './configData';
import type { KindDefinition } from './kindDefinition';

export const configMapSchema = struct('ConfigMap', {
  ...typeAndObjectMeta,
  immutable: bool(),
  data: stringMap(),
  binaryData: bytesMap(),
});

export type ConfigMap = z.infer<typeof configMapSchema>;

export const configMapKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  namespaced: true,
  etcdPrefix: '/registry/configmaps',
  schema: configMapSchema,
  nameRule: nameIsDNSSubdomain,
  defaults: (obj) => ({ ...obj }),
  validate(obj) {
    const cm = obj as ConfigMap;
    return [...validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain), ...validateDataKeys('data', cm.data, cm.binaryData)];
  },
};
