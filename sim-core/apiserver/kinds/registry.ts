// The kinds the simulated API server serves, and lookups by apiVersion+kind or by the
// names kubectl accepts (plural, singular, short name, kind, `resource.group`).
import type { KindDefinition } from './kindDefinition';
import { configMapKind } from './configMap';
import { deploymentKind } from './deployment';
import { endpointsKind } from './endpoints';
import { endpointSliceKind } from './endpointSlice';
import { eventKind } from './event';
import { leaseKind } from './lease';
import { namespaceKind } from './namespace';
import { nodeKind } from './node';
import { podKind } from './pod';
import { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from './rbac';
import { replicaSetKind } from './replicaSet';
import { secretKind } from './secret';
import { serviceKind } from './service';
import { serviceAccountKind } from './serviceAccount';

export const KINDS: readonly KindDefinition[] = [
  namespaceKind,
  nodeKind,
  podKind,
  deploymentKind,
  replicaSetKind,
  serviceKind,
  endpointsKind,
  endpointSliceKind,
  configMapKind,
  secretKind,
  serviceAccountKind,
  leaseKind,
  eventKind,
  roleKind,
  roleBindingKind,
  clusterRoleKind,
  clusterRoleBindingKind,
];

const byGvk = new Map(KINDS.map((k) => [`${k.apiVersion}/${k.kind}`, k]));
const byResource = new Map(KINDS.map((k) => [k.resource, k]));

/** The definition of a plural resource name as the API path has it (`pods`, `deployments`): every request looks one up. */
export function kindOfResource(resource: string): KindDefinition | undefined {
  return byResource.get(resource);
}

/** The definition for `apiVersion` + `kind` exactly as written in a manifest. */
export function kindFor(apiVersion: string, kind: string): KindDefinition | undefined {
  return byGvk.get(`${apiVersion}/${kind}`);
}

/** kubectl's resource argument: `deploy`, `deployments`, `deployment`, `Deployment`, `deployments.apps`. */
export function kindForResource(name: string): KindDefinition | undefined {
  const lower = name.toLowerCase();
  const dot = lower.indexOf('.');
  const base = dot === -1 ? lower : lower.slice(0, dot);
  const group = dot === -1 ? undefined : lower.slice(dot + 1);
  return KINDS.find(
    (k) =>
      (group === undefined || k.group === group || (group === 'core' && k.group === '')) &&
      (k.resource === base || k.singular === base || k.kind.toLowerCase() === base || k.shortNames.includes(base)),
  );
}

/** `deployment.apps`, `pod`: the name kubectl prints before `/web created`. */
export function qualifiedSingular(def: KindDefinition): string {
  return def.group === '' ? def.singular : `${def.singular}.${def.group}`;
}
