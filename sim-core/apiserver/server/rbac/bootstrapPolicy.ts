// The bootstrap policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go and
// controller_policy.go): the ClusterRoles a new API server creates and the
// ClusterRoleBindings that give them to the control-plane components — a faithful subset
// of the real rules, for the resources this cluster serves. The cluster's bootstrap
// stores them in etcd (the API server's rbac/bootstrap-roles post-start hook, and kubeadm
// for its own two bindings), and the authorizer reads them from the watch caches like any
// other ClusterRole; this data is also what it uses while those caches are still filling.
import type { KubeObject } from '../../../client';
import type { PolicyRule } from '../../kinds';
import { rule } from './rules';

const CORE = '';
const APPS = 'apps';
const COORD = 'coordination.k8s.io';
const DISCOVERY = 'discovery.k8s.io';
const RBAC = 'rbac.authorization.k8s.io';
const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const EVENT_WRITE = rule(['create', 'patch', 'update'], [CORE, 'events.k8s.io'], ['events']);

const VIEW: PolicyRule[] = [
  rule(READ, [CORE], ['pods', 'pods/log', 'pods/status', 'services', 'services/status', 'endpoints', 'configmaps', 'events', 'serviceaccounts', 'namespaces/status']),
  rule(READ, [CORE], ['namespaces']),
  rule(READ, [APPS], ['deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status']),
  rule(READ, [COORD], ['leases']),
  rule(READ, [DISCOVERY], ['endpointslices']),
];

const EDIT: PolicyRule[] = [
  ...VIEW,
  rule(READ, [CORE], ['secrets']),
  rule(WRITE, [CORE], ['pods', 'pods/eviction', 'services', 'endpoints', 'configmaps', 'secrets', 'serviceaccounts']),
  rule(WRITE, [APPS], ['deployments', 'deployments/scale', 'deployments/rollback', 'replicasets', 'replicasets/scale']),
  rule(WRITE, [COORD], ['leases']),
];

const ADMIN: PolicyRule[] = [...EDIT, rule([...READ, ...WRITE], [RBAC], ['roles', 'rolebindings'])];

/** ClusterRoles by name. */
export const CLUSTER_ROLES: Readonly<Record<string, readonly PolicyRule[]>> = {
  'cluster-admin': [rule(['*'], ['*'], ['*']), { verbs: ['*'], nonResourceURLs: ['*'] }],
  admin: ADMIN,
  edit: EDIT,
  view: VIEW,
  // the controllers' roles together (kubeadm runs kube-controller-manager with
  // --use-service-account-credentials, one ServiceAccount per controller; here the
  // controller-manager is one user holding their union): the garbage collector and the
  // namespace controller read, update and delete anything — the namespace controller's
  // own role (controller_policy.go: system:controller:namespace-controller) is get, list,
  // watch and delete of namespaces, update of namespaces/finalize and namespaces/status,
  // and get, list, delete and deletecollection of every resource; the workload controllers
  // create what they own; every controller records Events and holds a leader Lease.
  'system:kube-controller-manager': [
    rule([...READ, 'patch', 'update', 'delete', 'deletecollection'], ['*'], ['*']),
    rule(['create'], [CORE], ['pods', 'endpoints', 'serviceaccounts', 'serviceaccounts/token', 'configmaps', 'secrets', 'pods/eviction']),
    rule(['create'], [APPS], ['replicasets', 'deployments']),
    rule(['create'], [COORD], ['leases']),
    rule(['create'], [DISCOVERY], ['endpointslices']),
    EVENT_WRITE,
  ],
  'system:kube-scheduler': [
    EVENT_WRITE,
    rule(['create'], [COORD], ['leases']),
    rule(['get', 'update'], [COORD], ['leases'], ['kube-scheduler']),
    rule(READ, [CORE], ['nodes', 'namespaces', 'services', 'replicationcontrollers', 'persistentvolumes', 'persistentvolumeclaims']),
    rule([...READ, 'delete'], [CORE], ['pods']),
    rule(['create'], [CORE], ['pods/binding', 'bindings']),
    rule(['patch', 'update'], [CORE], ['pods/status']),
    rule(READ, [APPS], ['replicasets', 'statefulsets']),
  ],
  // what any kubelet may read; its writes are the Node authorizer's business (nodeAuthorizer.ts)
  'system:node': [
    rule(READ, [CORE], ['pods', 'nodes', 'services', 'endpoints']),
    rule(['get'], [CORE], ['namespaces']),
    EVENT_WRITE,
  ],
  // every authenticated user may ask what it may do (kubectl auth can-i) and who it is (kubectl auth whoami)
  'system:basic-user': [rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']), rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews'])],
  // enough to check the server is ready and discover its API versions (policy.go: system:discovery)
  'system:discovery': [{ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'] }],
  // anyone may read the health and version endpoints (policy.go: system:public-info-viewer)
  'system:public-info-viewer': [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }],
  'system:node-proxier': [
    rule(['list', 'watch'], [CORE], ['services', 'endpoints']),
    rule(['list', 'watch'], [DISCOVERY], ['endpointslices']),
    rule(READ, [CORE], ['nodes']),
    EVENT_WRITE,
  ],
};

export interface BootstrapBinding {
  name: string;
  role: string;
  subjects: ReadonlyArray<{ kind: 'User' | 'Group' | 'ServiceAccount'; name: string; namespace?: string }>;
}

/** The ClusterRoleBindings kubeadm and the bootstrap policy create. */
export const CLUSTER_ROLE_BINDINGS: readonly BootstrapBinding[] = [
  { name: 'cluster-admin', role: 'cluster-admin', subjects: [{ kind: 'Group', name: 'system:masters' }] },
  { name: 'kubeadm:cluster-admins', role: 'cluster-admin', subjects: [{ kind: 'Group', name: 'kubeadm:cluster-admins' }] },
  { name: 'system:basic-user', role: 'system:basic-user', subjects: [{ kind: 'Group', name: 'system:authenticated' }] },
  { name: 'system:discovery', role: 'system:discovery', subjects: [{ kind: 'Group', name: 'system:authenticated' }] },
  {
    name: 'system:public-info-viewer',
    role: 'system:public-info-viewer',
    subjects: [
      { kind: 'Group', name: 'system:authenticated' },
      { kind: 'Group', name: 'system:unauthenticated' },
    ],
  },
  { name: 'system:kube-controller-manager', role: 'system:kube-controller-manager', subjects: [{ kind: 'User', name: 'system:kube-controller-manager' }] },
  { name: 'system:kube-scheduler', role: 'system:kube-scheduler', subjects: [{ kind: 'User', name: 'system:kube-scheduler' }] },
  { name: 'system:node', role: 'system:node', subjects: [{ kind: 'Group', name: 'system:nodes' }] },
  { name: 'kubeadm:node-proxier', role: 'system:node-proxier', subjects: [{ kind: 'ServiceAccount', name: 'kube-proxy', namespace: 'kube-system' }] },
];

const RBAC_API = 'rbac.authorization.k8s.io/v1';

/** What the post-start hook puts on the objects it owns (bootstrappolicy: BootstrapLabel, autoupdate). */
function policyMeta(name: string, byKubeadm: boolean): KubeObject['metadata'] {
  if (byKubeadm) return { name };
  return { name, labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } };
}

/** The bootstrap ClusterRoles as the objects stored in etcd, in name order. */
export function bootstrapClusterRoles(): KubeObject[] {
  return Object.keys(CLUSTER_ROLES)
    .sort()
    .map((name) => ({ apiVersion: RBAC_API, kind: 'ClusterRole', metadata: policyMeta(name, false), rules: CLUSTER_ROLES[name]!.map((r) => ({ ...r })) }));
}

/** The bootstrap ClusterRoleBindings as the objects stored in etcd; kubeadm's own (kubeadm:*) carry no policy label. */
export function bootstrapClusterRoleBindings(): KubeObject[] {
  return CLUSTER_ROLE_BINDINGS.map((b) => ({
    apiVersion: RBAC_API,
    kind: 'ClusterRoleBinding',
    metadata: policyMeta(b.name, b.name.startsWith('kubeadm:')),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: b.role },
    subjects: b.subjects.map((s) => (s.kind === 'ServiceAccount' ? { ...s } : { ...s, apiGroup: 'rbac.authorization.k8s.io' })),
  }));
}
