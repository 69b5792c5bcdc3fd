// authorized: would the API server allow this user this request? Judged over Roles,
// RoleBindings, ClusterRoles and ClusterRoleBindings put into an etcd-only cluster with
// etcdctl, under the keys the API server stores them at.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../cluster/simulation';
import { goalCheckSchema } from './goals';
import { clusterWith, judge } from './testing';

const RBAC = 'rbac.authorization.k8s.io';

type Rule = { verbs: string[]; apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[] };
type Subject = { kind: string; name: string; namespace?: string };

const role = (namespace: string, name: string, rules: Rule[]) => ({ apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name, namespace }, rules });
const clusterRole = (name: string, rules: Rule[]) => ({ apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name }, rules });
const roleBinding = (namespace: string, name: string, ref: { kind: 'Role' | 'ClusterRole'; name: string }, subjects: Subject[]) => ({
  apiVersion: `${RBAC}/v1`,
  kind: 'RoleBinding',
  metadata: { name, namespace },
  roleRef: { apiGroup: RBAC, ...ref },
  subjects,
});
const clusterRoleBinding = (name: string, roleName: string, subjects: Subject[]) => ({
  apiVersion: `${RBAC}/v1`,
  kind: 'ClusterRoleBinding',
  metadata: { name },
  roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: roleName },
  subjects,
});

const CI = { namespace: 'shop', name: 'ci-deployer' };
const CI_USER = 'system:serviceaccount:shop:ci-deployer';

let sim: Simulation;
beforeAll(() => {
  sim = clusterWith({
    '/registry/roles/shop/deployer': role('shop', 'deployer', [{ verbs: ['get', 'list', 'watch', 'patch', 'update'], apiGroups: ['apps'], resources: ['deployments'] }]),
    '/registry/rolebindings/shop/ci': roleBinding('shop', 'ci', { kind: 'Role', name: 'deployer' }, [{ kind: 'ServiceAccount', name: 'ci-deployer', namespace: 'shop' }]),
    // a ClusterRole lent in one namespace only
    '/registry/clusterroles/pod-reader': clusterRole('pod-reader', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods', 'pods/log'] }]),
    '/registry/rolebindings/shop/jane-pods': roleBinding('shop', 'jane-pods', { kind: 'ClusterRole', name: 'pod-reader' }, [{ kind: 'User', name: 'jane' }]),
    // everywhere, through a ClusterRoleBinding
    '/registry/clusterroles/node-viewer': clusterRole('node-viewer', [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['nodes'] }]),
    '/registry/clusterrolebindings/ops-nodes': clusterRoleBinding('ops-nodes', 'node-viewer', [{ kind: 'Group', name: 'ops' }]),
    // every ServiceAccount of shop may read ConfigMaps there (a Group subject)
    '/registry/roles/shop/config-reader': role('shop', 'config-reader', [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }]),
    '/registry/rolebindings/shop/all-sa-config': roleBinding('shop', 'all-sa-config', { kind: 'Role', name: 'config-reader' }, [{ kind: 'Group', name: 'system:serviceaccounts:shop' }]),
    // resourceNames, wildcards and subresources
    '/registry/roles/shop/one-secret': role('shop', 'one-secret', [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['ci-token'] }]),
    '/registry/roles/shop/scaler': role('shop', 'scaler', [
      { verbs: ['*'], apiGroups: ['apps'], resources: ['deployments/scale'] },
      { verbs: ['get'], apiGroups: ['*'], resources: ['*/status'] },
    ]),
    '/registry/roles/shop/anything-core': role('shop', 'anything-core', [{ verbs: ['*'], apiGroups: [''], resources: ['*'] }]),
    '/registry/rolebindings/shop/bob': roleBinding('shop', 'bob', { kind: 'Role', name: 'one-secret' }, [{ kind: 'User', name: 'bob' }]),
    '/registry/rolebindings/shop/bob-scale': roleBinding('shop', 'bob-scale', { kind: 'Role', name: 'scaler' }, [{ kind: 'User', name: 'bob' }]),
    '/registry/rolebindings/shop/carol': roleBinding('shop', 'carol', { kind: 'Role', name: 'anything-core' }, [{ kind: 'User', name: 'carol' }]),
    // meant for the ServiceAccount, written for a User of the same short name
    '/registry/roles/shop/releaser': role('shop', 'releaser', [{ verbs: ['create'], apiGroups: ['apps'], resources: ['deployments'] }]),
    '/registry/rolebindings/shop/ci-release': roleBinding('shop', 'ci-release', { kind: 'Role', name: 'releaser' }, [{ kind: 'User', name: 'ci-deployer' }, { kind: 'ServiceAccount', name: 'builder' }]),
    // a Pod bound to node-1, for the Node authorizer
    '/registry/pods/shop/web-1': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' }, spec: { nodeName: 'node-1', containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    // a binding whose Role was never written
    '/registry/rolebindings/shop/ghost': roleBinding('shop', 'ghost', { kind: 'Role', name: 'missing' }, [{ kind: 'User', name: 'dave' }]),
  });
});

const check = (fields: Record<string, unknown>) => judge(sim, { kind: 'authorized', ...fields });

describe('authorized', () => {
  it('allows through RoleBinding → Role, and says which binding and role', () => {
    const v = check({ serviceAccount: CI, verb: 'patch', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: true });
    expect(v.passed).toBe(true);
    expect(v.explanation.en).toBe(`${CI_USER} may patch deployments.apps in shop: RoleBinding shop/ci allows it through Role shop/deployer`);
    expect(v.explanation.ko).toBe(`${CI_USER}: 네임스페이스 shop의 deployments.apps에 대한 patch 권한이 있습니다 — RoleBinding shop/ci → Role shop/deployer`);
    // the same user, written out
    expect(check({ user: CI_USER, verb: 'get', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: true }).passed).toBe(true);
  });

  it('refuses what no binding grants, and says so in both languages', () => {
    const v = check({ serviceAccount: CI, verb: 'delete', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: true });
    expect(v.passed).toBe(false);
    expect(v.explanation.en).toBe(`expected ${CI_USER} to be allowed to delete deployments.apps in shop, but it is not: no RoleBinding or ClusterRoleBinding grants it`);
    expect(v.explanation.ko).toBe(`${CI_USER}: 네임스페이스 shop의 deployments.apps에 대한 delete 권한이 있어야 하는데 없습니다 — 이를 허용하는 RoleBinding이나 ClusterRoleBinding이 없습니다`);
    const denied = check({ serviceAccount: CI, verb: 'delete', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: false });
    expect(denied.passed).toBe(true);
    expect(denied.explanation.en).toBe(`${CI_USER} is not allowed to delete deployments.apps in shop: no RoleBinding or ClusterRoleBinding grants it`);
    // a Role grants nothing in another namespace, nor at the cluster scope
    expect(check({ serviceAccount: CI, verb: 'get', resource: 'deployments', group: 'apps', namespace: 'default', allowed: false }).passed).toBe(true);
    const everywhere = check({ serviceAccount: CI, verb: 'list', resource: 'deployments', group: 'apps', allowed: true });
    expect(everywhere.explanation.en).toBe(`expected ${CI_USER} to be allowed to list deployments.apps at the cluster scope (in every namespace), but it is not: no ClusterRoleBinding grants it`);
  });

  it('a RoleBinding to a ClusterRole grants its rules in the binding\'s namespace only', () => {
    const v = check({ user: 'jane', verb: 'list', resource: 'pods', namespace: 'shop', allowed: true });
    expect(v.explanation.en).toBe('jane may list pods in shop: RoleBinding shop/jane-pods allows it through ClusterRole pod-reader');
    expect(check({ user: 'jane', verb: 'list', resource: 'pods', namespace: 'default', allowed: false }).passed).toBe(true);
    expect(check({ user: 'jane', verb: 'get', resource: 'pods', subresource: 'log', namespace: 'shop', name: 'web-1', allowed: true }).passed).toBe(true);
  });

  it('a ClusterRoleBinding grants everywhere, here to a group the user is given', () => {
    const v = check({ user: 'olga', groups: ['ops'], verb: 'list', resource: 'nodes', allowed: true });
    expect(v.explanation.en).toBe('olga (groups ops) may list nodes at the cluster scope: ClusterRoleBinding ops-nodes allows it through ClusterRole node-viewer');
    expect(v.explanation.ko).toBe('olga (그룹 ops): 클러스터 범위의 nodes에 대한 list 권한이 있습니다 — ClusterRoleBinding ops-nodes → ClusterRole node-viewer');
    expect(check({ user: 'olga', verb: 'list', resource: 'nodes', allowed: false }).passed).toBe(true);
  });

  it("a ServiceAccount is in system:serviceaccounts:<namespace>, and system:masters is always allowed", () => {
    const v = check({ serviceAccount: { namespace: 'shop', name: 'builder' }, verb: 'get', resource: 'configmaps', namespace: 'shop', allowed: true });
    expect(v.explanation.en).toBe('system:serviceaccount:shop:builder may get configmaps in shop: RoleBinding shop/all-sa-config allows it through Role shop/config-reader');
    expect(check({ serviceAccount: { namespace: 'default', name: 'builder' }, verb: 'get', resource: 'configmaps', namespace: 'shop', allowed: false }).passed).toBe(true);
    const admin = check({ user: 'root', groups: ['system:masters'], verb: 'delete', resource: 'nodes', name: 'node-1', allowed: true });
    expect(admin.explanation.en).toBe('root (groups system:masters) may delete nodes "node-1" at the cluster scope: its group system:masters is always allowed (the RBAC superuser group)');
  });

  it('resourceNames limit a rule to the named objects; a request without a name gets none of them', () => {
    expect(check({ user: 'bob', verb: 'get', resource: 'secrets', namespace: 'shop', name: 'ci-token', allowed: true }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'get', resource: 'secrets', namespace: 'shop', name: 'db-password', allowed: false }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'get', resource: 'secrets', namespace: 'shop', allowed: false }).passed).toBe(true);
  });

  it('`*` verbs and resources, API groups and subresources match as the RBAC authorizer matches them', () => {
    // verbs: ['*'] on deployments/scale, in apps only
    expect(check({ user: 'bob', verb: 'update', resource: 'deployments', group: 'apps', subresource: 'scale', namespace: 'shop', allowed: true }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'update', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: false }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'update', resource: 'deployments', group: 'extensions', subresource: 'scale', namespace: 'shop', allowed: false }).passed).toBe(true);
    // */status: the status subresource of anything, in any group
    expect(check({ user: 'bob', verb: 'get', resource: 'pods', subresource: 'status', namespace: 'shop', allowed: true }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'get', resource: 'deployments', group: 'apps', subresource: 'status', namespace: 'shop', allowed: true }).passed).toBe(true);
    expect(check({ user: 'bob', verb: 'get', resource: 'pods', namespace: 'shop', allowed: false }).passed).toBe(true);
    // resources: ['*'] in the core group: every core resource and subresource, nothing in apps
    expect(check({ user: 'carol', verb: 'deletecollection', resource: 'secrets', namespace: 'shop', allowed: true }).passed).toBe(true);
    expect(check({ user: 'carol', verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'shop', allowed: true }).passed).toBe(true);
    expect(check({ user: 'carol', verb: 'get', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: false }).passed).toBe(true);
  });

  it('a binding to a missing Role grants nothing, and the explanation names it as the server does', () => {
    const v = check({ user: 'dave', verb: 'get', resource: 'pods', namespace: 'shop', allowed: true });
    expect(v.passed).toBe(false);
    expect(v.explanation.en).toBe(
      'expected dave to be allowed to get pods in shop, but it is not: no RoleBinding or ClusterRoleBinding grants it (a binding for it refers to a missing role: role.rbac.authorization.k8s.io "missing" not found)',
    );
  });

  it('a refusal points at a RoleBinding whose role would allow it but which names other subjects', () => {
    const v = check({ serviceAccount: CI, verb: 'create', resource: 'deployments', group: 'apps', namespace: 'shop', allowed: true });
    expect(v.explanation.en).toBe(
      `expected ${CI_USER} to be allowed to create deployments.apps in shop, but it is not: no RoleBinding or ClusterRoleBinding grants it; RoleBinding shop/ci-release would, through Role shop/releaser, but its subjects are User ci-deployer, ServiceAccount shop/builder`,
    );
    expect(v.explanation.ko).toBe(
      `${CI_USER}: 네임스페이스 shop의 deployments.apps에 대한 create 권한이 있어야 하는데 없습니다 — 이를 허용하는 RoleBinding이나 ClusterRoleBinding이 없습니다. RoleBinding shop/ci-release → Role shop/releaser의 규칙은 허용하지만 subject가 다릅니다: User ci-deployer, ServiceAccount shop/builder`,
    );
  });

  it('a node goes through the Node authorizer and NodeRestriction first, as on the API server', () => {
    const node1 = { user: 'system:node:node-1', groups: ['system:nodes'] };
    const own = check({ ...node1, verb: 'patch', resource: 'pods', subresource: 'status', namespace: 'shop', name: 'web-1', allowed: true });
    expect(own.explanation.en).toBe('system:node:node-1 (groups system:nodes) may patch pods/status "web-1" in shop: the Node authorizer allows it');
    const other = check({ user: 'system:node:node-2', groups: ['system:nodes'], verb: 'patch', resource: 'pods', subresource: 'status', namespace: 'shop', name: 'web-1', allowed: false });
    expect(other.explanation.en).toBe(
      'system:node:node-2 (groups system:nodes) is not allowed to patch pods/status "web-1" in shop: the NodeRestriction admission plugin refuses it: node "node-2" can only update pod status for pods with spec.nodeName set to itself',
    );
  });

  it('with nothing stored (no API server wrote the bootstrap policy), nobody but system:masters is allowed', () => {
    const bare = clusterWith({});
    expect(judge(bare, { kind: 'authorized', user: 'jane', verb: 'create', resource: 'selfsubjectaccessreviews', group: 'authorization.k8s.io', allowed: false }).passed).toBe(true);
  });
});

describe('the authorized schema', () => {
  const parse = (fields: Record<string, unknown>) => goalCheckSchema.safeParse({ kind: 'authorized', verb: 'get', resource: 'pods', allowed: true, ...fields });
  const messages = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => i.message));

  it('takes a user or a ServiceAccount, not both and not neither', () => {
    expect(parse({ user: 'jane' }).success).toBe(true);
    expect(parse({ serviceAccount: CI }).success).toBe(true);
    expect(messages(parse({}))).toEqual(['give exactly one of user, serviceAccount']);
    expect(messages(parse({ user: 'jane', serviceAccount: CI }))).toEqual(['give exactly one of user, serviceAccount']);
  });

  it('says how to write a resource with its group, and a verb', () => {
    expect(messages(parse({ user: 'jane', resource: 'deployments.apps' }))).toEqual([
      'write the resource in lower-case plural without its group (deployments, secrets, pods), and the group in `group` (apps)',
    ]);
    expect(messages(parse({ user: 'jane', verb: 'read' }))[0]).toMatch(/^write one of get, list, watch, create/);
  });

  it('may be the condition of always and eventually', () => {
    expect(goalCheckSchema.safeParse({ kind: 'always', condition: { kind: 'authorized', serviceAccount: CI, verb: 'get', resource: 'secrets', namespace: 'shop', allowed: false } }).success).toBe(true);
  });
});
