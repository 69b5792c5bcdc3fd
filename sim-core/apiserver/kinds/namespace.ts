// core/v1 Namespace: cluster-scoped, name a DNS-1123 label; on create the registry adds
// the `kubernetes` finalizer and phase Active; the namespace controller removes the finalizer
// (through the finalize subresource) once a deleted namespace is empty.
import type { z } from 'zod';
import { str, stringList, struct, list } from './goTypes';
import { conditionFields } from './conditions';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSLabel } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import type { KindDefinition } from './kindDefinition';

export const namespaceSchema = struct('Namespace', {
  ...typeAndObjectMeta,
  spec: struct('NamespaceSpec', { finalizers: stringList() }),
  status: struct('NamespaceStatus', {
    phase: str(),
    conditions: list(struct('NamespaceCondition', conditionFields), '[]v1.NamespaceCondition'),
  }),
});

export type Namespace = z.infer<typeof namespaceSchema>;

export const namespaceKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Namespace',
  resource: 'namespaces',
  singular: 'namespace',
  shortNames: ['ns'],
  namespaced: false,
  etcdPrefix: '/registry/namespaces',
  schema: namespaceSchema,
  nameRule: nameIsDNSLabel,
  // namespaceStrategy.PrepareForCreate: the status is Active whatever the body says, and the
  // `kubernetes` finalizer joins any the body lists
  defaults(obj) {
    const ns = obj as Namespace;
    const finalizers = ns.spec?.finalizers ?? [];
    return {
      ...ns,
      spec: { ...(ns.spec ?? {}), finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'] },
      status: { phase: 'Active' },
    };
  },
  validate: (obj) => validateObjectMeta((obj as Namespace).metadata, false, nameIsDNSLabel),
};

/** A Namespace's spec.finalizers (`kubernetes` until the namespace controller has emptied it), [] for anything else. */
export function namespaceSpecFinalizers(obj: object): readonly string[] {
  const finalizers = ((obj as { spec?: unknown }).spec as { finalizers?: unknown } | undefined)?.finalizers;
  return Array.isArray(finalizers) ? (finalizers as string[]) : [];
}
