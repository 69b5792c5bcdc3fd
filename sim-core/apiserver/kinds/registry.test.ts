// The registry: names kubectl accepts and the etcd keys the API server stores under.
import { describe, expect, test } from 'vitest';
import { KINDS, etcdKey, kindFor, kindForResource, qualifiedSingular } from './index';

describe('kind registry', () => {
  test('serves the seventeen kinds the simulation needs', () => {
    expect(KINDS.map((k) => `${k.apiVersion} ${k.kind}`).sort()).toEqual([
      'apps/v1 Deployment',
      'apps/v1 ReplicaSet',
      'coordination.k8s.io/v1 Lease',
      'discovery.k8s.io/v1 EndpointSlice',
      'rbac.authorization.k8s.io/v1 ClusterRole',
      'rbac.authorization.k8s.io/v1 ClusterRoleBinding',
      'rbac.authorization.k8s.io/v1 Role',
      'rbac.authorization.k8s.io/v1 RoleBinding',
      'v1 ConfigMap',
      'v1 Endpoints',
      'v1 Event',
      'v1 Namespace',
      'v1 Node',
      'v1 Pod',
      'v1 Secret',
      'v1 Service',
      'v1 ServiceAccount',
    ]);
  });

  test.each([
    ['deploy', 'Deployment'],
    ['deployments', 'Deployment'],
    ['deployment.apps', 'Deployment'],
    ['rs', 'ReplicaSet'],
    ['po', 'Pod'],
    ['Pods', 'Pod'],
    ['svc', 'Service'],
    ['ep', 'Endpoints'],
    ['cm', 'ConfigMap'],
    ['ns', 'Namespace'],
    ['no', 'Node'],
    ['sa', 'ServiceAccount'],
    ['ev', 'Event'],
    ['leases', 'Lease'],
    ['rolebindings.rbac.authorization.k8s.io', 'RoleBinding'],
  ])('kubectl name %s is %s', (name, kind) => {
    expect(kindForResource(name)?.kind).toBe(kind);
  });

  test('an unknown name or a wrong group finds nothing', () => {
    expect(kindForResource('frobs')).toBeUndefined();
    expect(kindForResource('deployments.batch')).toBeUndefined();
    expect(kindFor('v1', 'Deployment')).toBeUndefined();
  });

  test.each([
    ['apps/v1', 'Deployment', 'default', 'web', '/registry/deployments/default/web'],
    ['apps/v1', 'ReplicaSet', 'default', 'web-7d4', '/registry/replicasets/default/web-7d4'],
    ['v1', 'Pod', 'default', 'web-7d4-x', '/registry/pods/default/web-7d4-x'],
    ['v1', 'Service', 'default', 'kubernetes', '/registry/services/specs/default/kubernetes'],
    ['v1', 'Endpoints', 'default', 'kubernetes', '/registry/services/endpoints/default/kubernetes'],
    ['v1', 'Node', undefined, 'node-1', '/registry/minions/node-1'],
    ['v1', 'Namespace', undefined, 'kube-system', '/registry/namespaces/kube-system'],
    ['coordination.k8s.io/v1', 'Lease', 'kube-node-lease', 'node-1', '/registry/leases/kube-node-lease/node-1'],
    ['v1', 'Event', 'default', 'web.17a', '/registry/events/default/web.17a'],
    ['v1', 'ConfigMap', 'default', 'c', '/registry/configmaps/default/c'],
    ['v1', 'Secret', 'default', 's', '/registry/secrets/default/s'],
    ['v1', 'ServiceAccount', 'default', 'default', '/registry/serviceaccounts/default/default'],
    ['rbac.authorization.k8s.io/v1', 'Role', 'default', 'r', '/registry/roles/default/r'],
    ['rbac.authorization.k8s.io/v1', 'RoleBinding', 'default', 'rb', '/registry/rolebindings/default/rb'],
  ])('%s %s %s/%s is stored at %s', (apiVersion, kind, ns, name, key) => {
    const def = kindFor(apiVersion, kind);
    if (!def) throw new Error(`no ${kind}`);
    expect(etcdKey(def, ns, name)).toBe(key);
  });

  test('qualified names kubectl prints', () => {
    expect(qualifiedSingular(kindFor('apps/v1', 'Deployment')!)).toBe('deployment.apps');
    expect(qualifiedSingular(kindFor('v1', 'Pod')!)).toBe('pod');
  });
});
