// core/v1 Secret. data values are base64 (a bad value is a decode error, as in the real
// API server); stringData is folded into data on write, type defaults to Opaque.
import { z } from 'zod';
import { bool, bytesMap, str, stringMap, struct } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { validateDataKeys } from './configData';
import { encodeBase64 } from './base64';
import type { KindDefinition } from './kindDefinition';

export const secretSchema = struct('Secret', {
  ...typeAndObjectMeta,
  immutable: bool(),
  data: bytesMap(),
  stringData: stringMap(),
  type: str(),
});

export type Secret = z.infer<typeof secretSchema>;

export const secretKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Secret',
  resource: 'secrets',
  singular: 'secret',
  shortNames: [],
  namespaced: true,
  etcdPrefix: '/registry/secrets',
  schema: secretSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const secret = obj as Secret;
    const out: Secret = { ...secret, type: secret.type ?? 'Opaque' };
    if (secret.stringData) {
      const data = { ...(secret.data ?? {}) };
      for (const [k, v] of Object.entries(secret.stringData)) data[k] = encodeBase64(v);
      out.data = data;
      delete out.stringData;
    }
    return out;
  },
  validate(obj) {
    const secret = obj as Secret;
    return [...validateObjectMeta(secret.metadata, true, nameIsDNSSubdomain), ...validateDataKeys('data', secret.data)];
  },
};
