// The scale subresource of Deployments and ReplicaSets, against the simulated API server:
// the Scale a GET answers, a PATCH and a PUT of it written into the object (generation
// bumped, one etcd revision), the resourceVersion and uid preconditions, validation, dry
// run, RBAC on `deployments/scale`, and the 404 of a kind without the subresource.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { TIMEOUT, configMap, deployment, must, stored, testCluster } from './testCluster';

const MERGE = 'application/merge-patch+json' as const;

function scaleGet(sim: ReturnType<typeof testCluster>, name = 'web') {
  return sim.kubectl.request({ verb: 'get', resource: 'deployments', namespace: 'default', name, subresource: 'scale' }, TIMEOUT);
}

describe('the scale subresource', () => {
  it('GET answers the autoscaling/v1 Scale of the stored Deployment', () => {
    const sim = testCluster();
    const d = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const r = scaleGet(sim);
    expect(r.ok).toBe(true);
    expect(r.ok && r.value).toEqual({
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      metadata: { name: 'web', namespace: 'default', uid: d.metadata?.uid, resourceVersion: d.metadata?.resourceVersion, creationTimestamp: d.metadata?.creationTimestamp },
      spec: { replicas: 3 },
      status: { replicas: 0, selector: 'app=web' },
    });
    // and its keys in Go's field order (what -o json prints)
    expect(Object.keys(r.ok ? (r.value.metadata as object) : {})).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']);
  });

  it('a merge PATCH of spec.replicas changes the Deployment: one revision, generation bumped, the answer is the new Scale', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const scale = must(sim, { verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: 5 } } });
    const kv = stored(sim, '/registry/deployments/default/web')!;
    const json = JSON.parse(kv.value) as KubeObject & { spec: { replicas: number } };
    expect(json.spec.replicas).toBe(5);
    expect(json.metadata?.generation).toBe(2);
    expect(scale.kind).toBe('Scale');
    expect(scale.spec).toEqual({ replicas: 5 });
    expect(scale.metadata?.resourceVersion).toBe(String(kv.mod_revision));
  });

  it('scaling to 0 leaves spec.replicas out of the Scale (omitempty)', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const scale = must(sim, { verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: 0 } } });
    expect(scale.spec).toEqual({});
    expect((JSON.parse(stored(sim, '/registry/deployments/default/web')!.value) as { spec: { replicas: number } }).spec.replicas).toBe(0);
  });

  it('a PUT with a stale resourceVersion is 409; with none it is unconditional; a ReplicaSet scales the same way', () => {
    const sim = testCluster();
    const d = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    must(sim, { verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: MERGE, patch: { metadata: { labels: { x: 'y' } } } });
    const stale = sim.kubectl.request(
      { verb: 'update', resource: 'deployments', namespace: 'default', subresource: 'scale', body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', resourceVersion: d.metadata?.resourceVersion }, spec: { replicas: 4 } } },
      TIMEOUT,
    );
    expect(stale.ok).toBe(false);
    expect(!stale.ok && stale.error.message).toBe('Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again');
    const free = must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', subresource: 'scale', body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web' }, spec: { replicas: 4 } } });
    expect(free.spec).toEqual({ replicas: 4 });
    const rs = { ...deployment('rs', 2), kind: 'ReplicaSet' };
    must(sim, { verb: 'create', resource: 'replicasets', namespace: 'default', body: rs });
    const rsScale = must(sim, { verb: 'patch', resource: 'replicasets', namespace: 'default', name: 'rs', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: 1 } } });
    expect(rsScale.spec).toEqual({ replicas: 1 });
  });

  it('refuses negative replicas with the Scale named, a foreign uid with the precondition text, and a kind without the subresource with 404', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const before = stored(sim, '/registry/deployments/default/web')!.mod_revision;
    const negative = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: -1 } } }, TIMEOUT);
    expect(!negative.ok && negative.error).toMatchObject({ code: 422, message: 'Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0' });
    const uid = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { metadata: { uid: 'other' }, spec: { replicas: 1 } } }, TIMEOUT);
    expect(!uid.ok && uid.error.message).toMatch(/^Operation cannot be fulfilled on deployments\/scale\.apps "web": Precondition failed: UID in precondition: other, UID in object meta: /);
    expect(stored(sim, '/registry/deployments/default/web')!.mod_revision).toBe(before);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    const cm = sim.kubectl.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c', subresource: 'scale' }, TIMEOUT);
    expect(!cm.ok && cm.error).toMatchObject({ code: 404, message: 'the server could not find the requested resource' });
    const missing = scaleGet(sim, 'nope');
    expect(!missing.ok && missing.error.message).toBe('deployments.apps "nope" not found');
  });

  it('a dry run answers the new Scale and writes nothing', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const before = stored(sim, '/registry/deployments/default/web')!;
    const scale = must(sim, { verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: 7 } }, dryRun: true });
    expect(scale.spec).toEqual({ replicas: 7 });
    expect(stored(sim, '/registry/deployments/default/web')).toEqual(before);
  });

  it('RBAC checks deployments/scale: a user who may patch deployments but not their scale is forbidden', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    must(sim, { verb: 'create', resource: 'roles', namespace: 'default', body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'edit-deploy' }, rules: [{ apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'patch'] }] } });
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'edit-deploy' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }] } });
    const r = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale', patchType: MERGE, patch: { spec: { replicas: 1 } } }, { ...TIMEOUT, impersonate: { user: 'jane' } });
    expect(!r.ok && r.error.message).toBe('deployments.apps "web" is forbidden: User "jane" cannot patch resource "deployments/scale" in API group "apps" in the namespace "default"');
  });
});
