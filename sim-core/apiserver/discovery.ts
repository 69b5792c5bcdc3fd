// What the simulated API server's discovery documents list (GET /api/v1, /apis/<group>/<version>):
// every kind it stores (kinds/registry.ts), plus the resources it serves without storing —
// the bindings a scheduler creates, and the SelfSubjectAccessReview/SelfSubjectRulesReview of
// `kubectl auth can-i`. Verbs are the ones the simulation answers (no deletecollection);
// short names and the `all` category are kube-apiserver's. `kubectl api-resources` prints
// this.
import { KINDS } from './kinds';

export interface ApiResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  shortNames: string[];
  categories: string[];
  group: string;
  version: string;
}

const READ_WRITE = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
/** the resources in the `all` category (their registry's Categories), in the order discovery lists them: what `kubectl get all` shows */
export const ALL_CATEGORY: readonly string[] = ['pods', 'services', 'deployments', 'replicasets'];

export const API_RESOURCES: readonly ApiResource[] = [
  ...KINDS.map((k) => ({
    name: k.resource,
    singularName: k.singular,
    namespaced: k.namespaced,
    kind: k.kind,
    verbs: READ_WRITE,
    shortNames: [...k.shortNames],
    categories: ALL_CATEGORY.includes(k.resource) ? ['all'] : [],
    group: k.group,
    version: k.version,
  })),
  { name: 'bindings', singularName: 'binding', namespaced: true, kind: 'Binding', verbs: ['create'], shortNames: [], categories: [], group: '', version: 'v1' },
  { name: 'selfsubjectaccessreviews', singularName: 'selfsubjectaccessreview', namespaced: false, kind: 'SelfSubjectAccessReview', verbs: ['create'], shortNames: [], categories: [], group: 'authorization.k8s.io', version: 'v1' },
  { name: 'selfsubjectrulesreviews', singularName: 'selfsubjectrulesreview', namespaced: false, kind: 'SelfSubjectRulesReview', verbs: ['create'], shortNames: [], categories: [], group: 'authorization.k8s.io', version: 'v1' },
];

/** The discovery documents, path → body, as a discovery-only stub serves them to the real kubectl. */
export function discoveryDocuments(serverAddress: string): Record<string, unknown> {
  const groups = [...new Set(API_RESOURCES.filter((r) => r.group !== '').map((r) => `${r.group}/${r.version}`))];
  const list = (gv: string, group: string, version: string) => ({
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: gv,
    resources: API_RESOURCES.filter((r) => r.group === group && r.version === version).map(({ group: _g, version: _v, categories, ...r }) => ({ ...r, ...(categories.length > 0 ? { categories } : {}) })),
  });
  const docs: Record<string, unknown> = {
    '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] },
    '/api/v1': list('v1', '', 'v1'),
    '/apis': {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: groups.map((gv) => {
        const [name, version] = gv.split('/') as [string, string];
        return { name, versions: [{ groupVersion: gv, version }], preferredVersion: { groupVersion: gv, version } };
      }),
    },
  };
  for (const gv of groups) {
    const [group, version] = gv.split('/') as [string, string];
    docs[`/apis/${gv}`] = list(gv, group, version);
  }
  return docs;
}
