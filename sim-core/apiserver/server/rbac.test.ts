// RBAC on every request: kubeadm's identities, the bootstrap policy of the control-plane
// components, the Node authorizer's limits on a kubelet, Roles/RoleBindings from etcd for
// everyone else, impersonation, and the real Forbidden texts.
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResult, KubeObject } from '../../client';
import type { DefaultSimulation } from '../../cluster/default-topology';
import { KubeClientProcess, SimKubeApiPort } from './terminalPort';
import type { ServerRequest } from './wire';
import { TIMEOUT, configMap, deployment, must, pod, testCluster } from './testCluster';
import { attributesOf, authorizeRequest, userForAddress } from './rbac';

/** A terminal client at another address (a user named like the address), optionally impersonating. */
function clientAt(sim: DefaultSimulation, address: string) {
  const existing = address === 'kubectl' ? sim.kubectl.process : undefined;
  const proc = existing ?? new KubeClientProcess(address);
  if (existing === undefined) sim.clusterKernel.addProcess(proc);
  const port = new SimKubeApiPort(sim.clusterKernel, proc);
  return {
    request: (req: ServerRequest) => port.request(req, TIMEOUT),
    /** what `kubectl --as` will send: the same request with an `impersonate` field */
    as: (user: string, req: ApiRequest, groups?: string[]): ApiResult<unknown> => port.request(req as ServerRequest, { ...TIMEOUT, impersonate: { user, ...(groups ? { groups } : {}) } }),
  };
}

const text = (r: ApiResult<unknown>): string => (r.ok ? 'allowed' : `${r.error.code} ${r.error.message}`);

function role(name: string, rules: Array<Record<string, string[]>>): KubeObject {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name }, rules };
}

function binding(name: string, roleRef: { kind: string; name: string }, subjects: Array<Record<string, string>>): KubeObject {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef }, subjects };
}

describe('identities', () => {
  it('maps addresses to the users kubeadm gives the components', () => {
    expect(userForAddress('kubectl')).toEqual({ name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] });
    expect(userForAddress('kubelet@node-2')).toEqual({ name: 'system:node:node-2', groups: ['system:nodes', 'system:authenticated'] });
    expect(userForAddress('kube-controller-manager-b').name).toBe('system:kube-controller-manager');
    expect(userForAddress('kube-scheduler').name).toBe('system:kube-scheduler');
    expect(userForAddress('kube-proxy@node-1')).toEqual({
      name: 'system:serviceaccount:kube-system:kube-proxy',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    });
    expect(userForAddress('jane')).toEqual({ name: 'jane', groups: ['system:authenticated'] });
  });
});

describe('a user with no RoleBinding', () => {
  it('is refused with the real Forbidden texts: namespaced, named, cluster-scoped, subresource', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    const jane = clientAt(sim, 'jane');
    expect(text(jane.request({ verb: 'list', resource: 'pods', namespace: 'default' }))).toBe(
      '403 pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"',
    );
    expect(text(jane.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c' }))).toBe(
      '403 configmaps "c" is forbidden: User "jane" cannot get resource "configmaps" in API group "" in the namespace "default"',
    );
    expect(text(jane.request({ verb: 'list', resource: 'nodes' }))).toBe('403 nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope');
    expect(text(jane.request({ verb: 'list', resource: 'deployments' }))).toBe(
      '403 deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" at the cluster scope',
    );
    expect(text(jane.request({ verb: 'get', resource: 'namespaces', namespace: '', name: 'default' }))).toBe(
      '403 namespaces "default" is forbidden: User "jane" cannot get resource "namespaces" in API group "" in the namespace "default"',
    );
    expect(text(jane.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'p', patchType: 'application/merge-patch+json', patch: {}, subresource: 'status' }))).toBe(
      '403 pods "p" is forbidden: User "jane" cannot patch resource "pods/status" in API group "" in the namespace "default"',
    );
    const r = jane.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('mine') });
    expect(r.ok ? 0 : r.error.reason).toBe('Forbidden');
    expect(sim.etcdContents().some((kv) => kv.key === '/registry/configmaps/default/mine')).toBe(false);
  });
});

describe('Roles and RoleBindings stored in etcd', () => {
  it('grant exactly their rules, in their namespace, to their subjects', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } } });
    must(sim, { verb: 'create', resource: 'roles', namespace: 'default', body: role('pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }]) });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('jane-reads', { kind: 'Role', name: 'pod-reader' }, [{ kind: 'User', name: 'jane' }]) });
    sim.tick(20); // the watch cache (the authorizer's informer) sees them
    const jane = clientAt(sim, 'jane');
    expect(text(jane.request({ verb: 'list', resource: 'pods', namespace: 'default' }))).toBe('allowed');
    expect(text(jane.request({ verb: 'list', resource: 'pods', namespace: 'team' }))).toBe(
      '403 pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "team"',
    );
    expect(text(jane.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'x' }))).toBe(
      '403 pods "x" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"',
    );
    expect(text(jane.request({ verb: 'list', resource: 'pods' }))).toMatch(/^403 pods is forbidden: .* at the cluster scope$/);
    const bob = clientAt(sim, 'bob');
    expect(text(bob.request({ verb: 'list', resource: 'pods', namespace: 'default' }))).toMatch(/^403 /);
    // removing the binding takes the permission away
    must(sim, { verb: 'delete', resource: 'rolebindings', namespace: 'default', name: 'jane-reads' });
    sim.tick(20);
    expect(text(jane.request({ verb: 'list', resource: 'pods', namespace: 'default' }))).toMatch(/^403 /);
  });

  it('Group and ServiceAccount subjects, ClusterRole refs, and a binding to a missing Role', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('devs-edit', { kind: 'ClusterRole', name: 'edit' }, [{ kind: 'Group', name: 'devs' }]) });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('sa-view', { kind: 'ClusterRole', name: 'view' }, [{ kind: 'ServiceAccount', name: 'ci', namespace: 'default' }]) });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('ghost', { kind: 'Role', name: 'nope' }, [{ kind: 'User', name: 'carol' }]) });
    sim.tick(20);
    const admin = clientAt(sim, 'kubectl');
    const cm = configMap('made-by-dev');
    expect(text(admin.as('dave', { verb: 'create', resource: 'configmaps', namespace: 'default', body: cm }, ['devs']))).toBe('allowed');
    expect(text(admin.as('dave', { verb: 'create', resource: 'roles', namespace: 'default', body: role('r', []) }, ['devs']))).toMatch(/^403 roles.rbac.authorization.k8s.io is forbidden/);
    expect(text(admin.as('system:serviceaccount:default:ci', { verb: 'list', resource: 'deployments', namespace: 'default' }))).toBe('allowed');
    expect(text(admin.as('system:serviceaccount:default:ci', { verb: 'list', resource: 'secrets', namespace: 'default' }))).toMatch(/^403 secrets is forbidden/);
    expect(text(clientAt(sim, 'carol').request({ verb: 'list', resource: 'pods', namespace: 'default' }))).toBe(
      '403 pods is forbidden: User "carol" cannot list resource "pods" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "nope" not found',
    );
  });
});

describe('impersonation', () => {
  it('an admin may act as jane (what kubectl --as sends); jane may not act as the admin', () => {
    const sim = testCluster();
    const admin = clientAt(sim, 'kubectl');
    expect(text(admin.as('jane', { verb: 'list', resource: 'pods', namespace: 'default' }))).toBe(
      '403 pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"',
    );
    // the terminal port carries it too (kubectl --as=jane --as-group=devs)
    const viaPort = sim.kubectl.request({ verb: 'get', resource: 'nodes', namespace: '', name: 'node-1' }, { ...TIMEOUT, impersonate: { user: 'jane', groups: ['devs'] } });
    expect(text(viaPort)).toBe('403 nodes "node-1" is forbidden: User "jane" cannot get resource "nodes" in API group "" at the cluster scope');
    expect(text(sim.kubectl.request({ verb: 'get', resource: 'nodes', namespace: '', name: 'node-1' }, TIMEOUT))).toBe('allowed');
    const jane = clientAt(sim, 'jane');
    expect(text(jane.as('kubernetes-admin', { verb: 'list', resource: 'pods', namespace: 'default' }))).toBe(
      '403 users "kubernetes-admin" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope',
    );
  });
});

describe('the built-in components', () => {
  it('a kubelet may write only its own Node, its own Lease and the Pods bound to it', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod('mine'), spec: { ...(pod('mine').spec as object), nodeName: 'node-1' } } });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod('theirs'), spec: { ...(pod('theirs').spec as object), nodeName: 'control-plane' } } });
    sim.tick(20);
    const kubelet = clientAt(sim, 'kubelet@node-1');
    const mine = must(sim, { verb: 'get', resource: 'pods', namespace: 'default', name: 'mine' });
    const theirs = must(sim, { verb: 'get', resource: 'pods', namespace: 'default', name: 'theirs' });
    expect(text(kubelet.request({ verb: 'updateStatus', resource: 'pods', namespace: 'default', body: { ...mine, status: { phase: 'Running' } } }))).toBe('allowed');
    expect(text(kubelet.request({ verb: 'updateStatus', resource: 'pods', namespace: 'default', body: { ...theirs, status: { phase: 'Running' } } }))).toBe(
      '403 pods "theirs" is forbidden: node "node-1" can only update pod status for pods with spec.nodeName set to itself',
    );
    expect(text(kubelet.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'theirs' }))).toBe(
      '403 pods "theirs" is forbidden: node "node-1" can only delete pods with spec.nodeName set to itself',
    );
    const other = must(sim, { verb: 'get', resource: 'nodes', namespace: '', name: 'control-plane' });
    expect(text(kubelet.request({ verb: 'updateStatus', resource: 'nodes', namespace: '', body: other }))).toBe(
      '403 nodes "control-plane" is forbidden: node "node-1" is not allowed to modify node "control-plane"',
    );
    const lease = must(sim, { verb: 'get', resource: 'leases', namespace: 'kube-node-lease', name: 'control-plane' });
    expect(text(kubelet.request({ verb: 'update', resource: 'leases', namespace: 'kube-node-lease', body: lease }))).toBe(
      '403 leases.coordination.k8s.io "control-plane" is forbidden: can only access node lease with the same name as the requesting node',
    );
    expect(text(kubelet.request({ verb: 'list', resource: 'pods' }))).toBe('allowed');
    expect(text(kubelet.request({ verb: 'list', resource: 'secrets', namespace: 'default' }))).toBe(
      '403 secrets is forbidden: User "system:node:node-1" cannot list resource "secrets" in API group "" in the namespace "default": No Object name found',
    );
    expect(text(kubelet.request({ verb: 'get', resource: 'secrets', namespace: 'default', name: 's' }))).toBe(
      '403 secrets "s" is forbidden: User "system:node:node-1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node \'node-1\' and this object',
    );
  });

  it('the scheduler binds but cannot delete Deployments; kube-proxy only reads Services and Endpoints', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('p') });
    const scheduler = clientAt(sim, 'kube-scheduler');
    expect(text(scheduler.request({ verb: 'bind', resource: 'pods', namespace: 'default', name: 'p', nodeName: 'node-1' }))).toBe('allowed');
    expect(text(scheduler.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'web' }))).toBe(
      '403 deployments.apps "web" is forbidden: User "system:kube-scheduler" cannot delete resource "deployments" in API group "apps" in the namespace "default"',
    );
    const proxy = clientAt(sim, 'kube-proxy@node-1');
    expect(text(proxy.request({ verb: 'list', resource: 'services' }))).toBe('allowed');
    expect(text(proxy.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('x') }))).toBe(
      '403 configmaps is forbidden: User "system:serviceaccount:kube-system:kube-proxy" cannot create resource "configmaps" in API group "" in the namespace "default"',
    );
  });

  it('in a running default cluster, no component is ever refused', () => {
    // the default processes: controller-manager, scheduler, kubelets and kube-proxies
    const sim = testCluster(11, { processes: undefined, workers: 2 });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('app', 2) });
    sim.tick(3000);
    must(sim, {
      verb: 'patch',
      resource: 'deployments',
      namespace: 'default',
      name: 'app',
      patchType: 'application/strategic-merge-patch+json',
      patch: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } } },
    });
    must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'web' });
    // the control-plane kubelet deletes the mirror Pod for good and creates it again (NodeRestriction admits it)
    must(sim, { verb: 'delete', resource: 'pods', namespace: 'kube-system', name: 'kube-scheduler-control-plane' });
    sim.tick(3000);
    must(sim, { verb: 'delete', resource: 'deployments', namespace: 'default', name: 'app', propagationPolicy: 'Foreground' });
    sim.tick(3000);
    expect(sim.etcdContents().filter((kv) => kv.key.startsWith('/registry/pods/kube-system/')).map((kv) => kv.key)).toEqual([
      '/registry/pods/kube-system/kube-apiserver-control-plane',
      '/registry/pods/kube-system/kube-controller-manager-control-plane',
      '/registry/pods/kube-system/kube-scheduler-control-plane',
    ]);
    const left = sim.etcdContents().filter((kv) => kv.key.startsWith('/registry/pods/default/') || kv.key.startsWith('/registry/replicasets/') || kv.key.startsWith('/registry/deployments/'));
    expect(left.map((kv) => kv.key)).toEqual([]);
    const refused = sim.kernel.trace
      .events()
      .map((e) => (e.detail as { api?: { code: number; from: string; verb: string; resource: string } } | undefined)?.api)
      .filter((a) => a !== undefined && a.code === 403);
    expect(refused.map((a) => `${a?.from} ${a?.verb} ${a?.resource}`)).toEqual([]);
    const from = (e: { detail?: unknown }): string | undefined => (e.detail as { api?: { from: string } } | undefined)?.api?.from;
    const served = sim.kernel.trace.events().filter((e) => from(e) === 'kubelet@node-1' || from(e) === 'kubelet@node-2');
    expect(served.length).toBeGreaterThan(5);
  });
});

describe('cluster-wide RBAC stored in etcd', () => {
  const crb = (name: string, role: string, subjects: Array<Record<string, string>>): KubeObject => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
    subjects,
  });

  it('the bootstrap policy is in etcd, and what is stored there is what the authorizer reads', () => {
    const sim = testCluster();
    const stored = (prefix: string) => sim.etcdContents().filter((kv) => kv.key.startsWith(prefix)).map((kv) => kv.key.slice(prefix.length));
    expect(stored('/registry/clusterroles/')).toEqual(['admin', 'cluster-admin', 'edit', 'system:basic-user', 'system:discovery', 'system:kube-controller-manager', 'system:kube-scheduler', 'system:node', 'system:node-proxier', 'system:public-info-viewer', 'view']);
    expect(stored('/registry/clusterrolebindings/')).toContain('system:kube-scheduler');
    const admin = clientAt(sim, 'kubectl');
    const list: ApiRequest = { verb: 'list', resource: 'deployments' };
    expect(text(admin.as('jane', list))).toBe('403 deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" at the cluster scope');
    must(sim, { verb: 'create', resource: 'clusterrolebindings', namespace: '', body: crb('jane-views', 'view', [{ kind: 'User', name: 'jane' }]) });
    expect(text(admin.as('jane', list))).toBe('allowed');
    // a stored ClusterRole changes what its bindings grant
    const view = must(sim, { verb: 'get', resource: 'clusterroles', namespace: '', name: 'view' });
    must(sim, { verb: 'update', resource: 'clusterroles', namespace: '', body: { ...view, rules: [] } });
    expect(text(admin.as('jane', list))).toMatch(/^403 /);
    must(sim, { verb: 'delete', resource: 'clusterrolebindings', namespace: '', name: 'jane-views' });
    // a binding to a ClusterRole that does not exist says so in the refusal
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('ghost', { kind: 'ClusterRole', name: 'ghost' }, [{ kind: 'User', name: 'jane' }]) });
    expect(text(admin.as('jane', { verb: 'list', resource: 'pods', namespace: 'default' }))).toBe(
      '403 pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default": RBAC: clusterrole.rbac.authorization.k8s.io "ghost" not found',
    );
  });

  it("a user's cluster-wide rules follow every change of the stored policy (the authorizer keeps them only while it stands)", () => {
    const sim = testCluster();
    // a user of its own address: the same UserInfo on every request, so what it was granted is kept between them
    const ann = clientAt(sim, 'ann');
    const list: ServerRequest = { verb: 'list', resource: 'deployments' };
    expect(text(ann.request(list))).toMatch(/^403 /);
    must(sim, { verb: 'create', resource: 'clusterrolebindings', namespace: '', body: crb('ann-views', 'view', [{ kind: 'User', name: 'ann' }]) });
    expect(text(ann.request(list))).toBe('allowed');
    expect(text(ann.request(list))).toBe('allowed');
    const view = must(sim, { verb: 'get', resource: 'clusterroles', namespace: '', name: 'view' });
    must(sim, { verb: 'update', resource: 'clusterroles', namespace: '', body: { ...view, rules: [] } });
    expect(text(ann.request(list))).toMatch(/^403 /);
    const emptied = must(sim, { verb: 'get', resource: 'clusterroles', namespace: '', name: 'view' });
    must(sim, { verb: 'update', resource: 'clusterroles', namespace: '', body: { ...emptied, rules: view.rules } });
    expect(text(ann.request(list))).toBe('allowed');
    must(sim, { verb: 'delete', resource: 'clusterrolebindings', namespace: '', name: 'ann-views' });
    expect(text(ann.request(list))).toMatch(/^403 /);
  });
});

describe('while the RBAC caches fill', () => {
  it('the bootstrap policy stands in for the cluster-wide objects, and nothing else is granted', () => {
    const filling = { rolesIn: () => [], roleBindingsIn: () => [], clusterRoleBindings: () => undefined, clusterRole: () => 'unknown' as const, podOf: () => undefined };
    const bind = attributesOf({ verb: 'create', resource: 'bindings', namespace: 'default', body: {} });
    expect(authorizeRequest(userForAddress('kube-scheduler'), bind.attrs, 'web', filling).allowed).toBe(true);
    expect(authorizeRequest(userForAddress('kube-proxy@node-1'), bind.attrs, 'web', filling).allowed).toBe(false);
    // once filled, an empty store grants nothing
    const empty = { ...filling, clusterRoleBindings: () => [], clusterRole: () => undefined };
    expect(authorizeRequest(userForAddress('kube-scheduler'), bind.attrs, 'web', empty).allowed).toBe(false);
  });
});

describe("the namespace controller's grants (controller_policy.go: system:controller:namespace-controller)", () => {
  it('the controller-manager may finalize a namespace, write its status, and list and delete anything in it; the scheduler may not finalize', () => {
    const filling = { rolesIn: () => [], roleBindingsIn: () => [], clusterRoleBindings: () => undefined, clusterRole: () => 'unknown' as const, podOf: () => undefined };
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } };
    const requests: ServerRequest[] = [
      { verb: 'update', resource: 'namespaces', namespace: '', body: ns, subresource: 'finalize' },
      { verb: 'updateStatus', resource: 'namespaces', namespace: '', body: ns },
      { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' },
      { verb: 'list', resource: 'rolebindings', namespace: 'team' },
      { verb: 'delete', resource: 'endpointslices', namespace: 'team', name: 'web-abcde' },
    ];
    for (const req of requests) {
      const { attrs, objectName } = attributesOf(req);
      expect(authorizeRequest(userForAddress('kube-controller-manager'), attrs, objectName, filling).allowed, `${req.verb} ${req.resource}`).toBe(true);
    }
    const finalize = attributesOf(requests[0]!);
    expect(finalize.attrs).toMatchObject({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name: 'team' });
    expect(authorizeRequest(userForAddress('kube-scheduler'), finalize.attrs, 'team', filling).allowed).toBe(false);
  });
});

describe('SelfSubjectAccessReview (kubectl auth can-i)', () => {
  const review = (spec: Record<string, unknown>): ServerRequest => ({
    verb: 'create',
    resource: 'selfsubjectaccessreviews',
    namespace: '',
    body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec },
  });
  const allowed = (r: ApiResult<unknown>): unknown => (r.ok ? (r.value as { status?: { allowed?: boolean } }).status?.allowed : `${r.error.code} ${r.error.message}`);

  it('answers for the asking user, stores nothing, and any authenticated user may ask', () => {
    const sim = testCluster();
    const admin = clientAt(sim, 'kubectl');
    const before = sim.etcdContents().length;
    const pods = { resourceAttributes: { namespace: 'default', verb: 'list', group: '', resource: 'pods' } };
    expect(allowed(admin.request(review(pods)))).toBe(true);
    expect(allowed(admin.as('jane', review(pods) as ApiRequest))).toBe(false);
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('jane-view', { kind: 'ClusterRole', name: 'view' }, [{ kind: 'User', name: 'jane' }]) });
    expect(allowed(admin.as('jane', review(pods) as ApiRequest))).toBe(true);
    expect(allowed(admin.as('jane', review({ resourceAttributes: { ...pods.resourceAttributes, namespace: 'kube-system' } }) as ApiRequest))).toBe(false);
    // non-resource URLs: cluster-admin's nonResourceURLs ["*"]; everyone may get the public
    // health and version endpoints (system:public-info-viewer), nothing else
    expect(allowed(admin.request(review({ nonResourceAttributes: { path: '/healthz', verb: 'get' } })))).toBe(true);
    expect(allowed(admin.request(review({ nonResourceAttributes: { path: '/metrics', verb: 'get' } })))).toBe(true);
    expect(allowed(admin.as('jane', review({ nonResourceAttributes: { path: '/healthz', verb: 'get' } }) as ApiRequest))).toBe(true);
    expect(allowed(admin.as('jane', review({ nonResourceAttributes: { path: '/version', verb: 'get' } }) as ApiRequest))).toBe(true);
    expect(allowed(admin.as('jane', review({ nonResourceAttributes: { path: '/healthz', verb: 'post' } }) as ApiRequest))).toBe(false);
    expect(allowed(admin.as('jane', review({ nonResourceAttributes: { path: '/metrics', verb: 'get' } }) as ApiRequest))).toBe(false);
    expect(allowed(admin.request(review({})))).toBe('400 spec: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified');
    expect(sim.etcdContents().length).toBe(before + 1); // the RoleBinding only
  });
});

describe('SelfSubjectRulesReview', () => {
  const rulesReview = (namespace: string): ApiRequest =>
    ({ verb: 'create', resource: 'selfsubjectrulesreviews', namespace: '', body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: {}, spec: { namespace } } }) as ApiRequest;
  const statusOf = (r: ApiResult<unknown>) => (r.ok ? (r.value as { status: SubjectRulesStatus }).status : undefined);
  type SubjectRulesStatus = { resourceRules: Array<{ verbs: string[]; apiGroups: string[]; resources: string[]; resourceNames?: string[] }>; nonResourceRules: Array<{ verbs: string[]; nonResourceURLs: string[] }>; incomplete: boolean; evaluationError?: string };

  it('lists the cluster-wide rules, then the namespace\'s, and says when the list is incomplete', () => {
    const sim = testCluster();
    const admin = clientAt(sim, 'kubectl');
    const plain = statusOf(admin.as('jane', rulesReview('default')))!;
    // system:basic-user and the discovery roles, bound to every authenticated user
    expect(plain.resourceRules).toEqual([
      { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
      { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
    ]);
    expect(plain.nonResourceRules.map((r) => r.nonResourceURLs[0])).toEqual(['/api', '/healthz']);
    expect(plain.incomplete).toBe(false);
    must(sim, { verb: 'create', resource: 'roles', namespace: 'default', body: role('reader', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] }]) });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('r', { kind: 'Role', name: 'reader' }, [{ kind: 'User', name: 'jane' }]) });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('ghost', { kind: 'Role', name: 'ghost' }, [{ kind: 'User', name: 'jane' }]) });
    const bound = statusOf(admin.as('jane', rulesReview('default')))!;
    expect(bound.resourceRules.at(-1)).toEqual({ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] });
    expect(bound).toMatchObject({ incomplete: true, evaluationError: 'role.rbac.authorization.k8s.io "ghost" not found' });
    // another namespace: the cluster-wide rules only
    expect(statusOf(admin.as('jane', rulesReview('kube-system')))).toEqual(plain);
    // a node's rules cannot be listed
    expect(statusOf(admin.as('system:node:node-1', rulesReview('default'), ['system:nodes', 'system:authenticated']))).toMatchObject({ incomplete: true, evaluationError: 'node authorizer does not support user rule resolution' });
    // system:masters holds everything
    expect(statusOf(admin.as('root', rulesReview('default'), ['system:masters']))!.resourceRules[0]).toEqual({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
  });
});
