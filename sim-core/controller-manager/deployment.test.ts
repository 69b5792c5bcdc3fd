// Note 02's chain end to end on the default topology: `kubectl create` a Deployment of 3
// nginx:1.27 Pods; the controller-manager (leading through its Lease) creates one
// ReplicaSet and three Pods, the scheduler binds them to workers, the kubelets run them —
// and every one of those objects is JSON under its /registry key in etcd.
import { describe, expect, it } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from '../apiserver';
import { nginxDeployment, runningPods, testCluster } from './testing/cluster';

describe('kube-controller-manager on the default topology', () => {
  it('converges a Deployment of 3 nginx:1.27 Pods: one ReplicaSet owned by it, 3 Running Pods owned by the ReplicaSet, bound to workers, all in etcd', () => {
    const c = testCluster(1);
    c.create('deployments', nginxDeployment('web', 3));
    const done = c.sim.runUntil(() => runningPods(c).length === 3, 5_000);
    expect(done.ok, 'reproduce with seed=1').toBe(true);

    const d = c.get<Deployment>('deployments', 'default', 'web') as Deployment;
    const rss = c.list<ReplicaSet>('replicasets', 'default');
    expect(rss).toHaveLength(1);
    const rs = rss[0] as ReplicaSet;
    const hash = rs.metadata?.labels?.['pod-template-hash'] ?? '';
    expect(rs.metadata?.name).toBe(`web-${hash}`);
    expect(rs.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'Deployment', name: 'web', uid: d.metadata?.uid, controller: true })]);
    const pods = c.pods();
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata?.name).toMatch(new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
      expect(p.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'ReplicaSet', name: rs.metadata?.name, uid: rs.metadata?.uid, controller: true })]);
      expect(['node-1', 'node-2', 'node-3']).toContain(p.spec?.nodeName);
      expect(p.spec?.containers?.[0]?.image).toBe('nginx:1.27');
    }

    // the objects are JSON in etcd, under the real key layout
    expect(c.etcdKeys('/registry/deployments/')).toEqual(['/registry/deployments/default/web']);
    expect(c.etcdKeys('/registry/replicasets/')).toEqual([`/registry/replicasets/default/${rs.metadata?.name}`]);
    expect(c.etcdKeys('/registry/pods/default/')).toEqual(pods.map((p: Pod) => `/registry/pods/default/${p.metadata?.name}`).sort());
    const stored = c.sim.etcdContents().find((kv) => kv.key === `/registry/replicasets/default/${rs.metadata?.name}`);
    expect(JSON.parse(stored?.value ?? '{}')).toMatchObject({ kind: 'ReplicaSet', spec: { replicas: 3 } });

    // the Deployment's status says so too
    c.sim.runUntil(() => c.get<Deployment>('deployments', 'default', 'web')?.status?.availableReplicas === 3, 2_000);
    expect(c.get<Deployment>('deployments', 'default', 'web')?.status).toMatchObject({ replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
  });

  it('holds the kube-system/kube-controller-manager Lease as <hostname>_<uuid> and traces every reconcile', () => {
    const c = testCluster(2);
    c.create('deployments', nginxDeployment('web', 2));
    c.sim.runUntil(() => runningPods(c).length === 2, 5_000);
    const lease = c.lease('kube-controller-manager');
    expect(lease?.spec).toMatchObject({ leaseDurationSeconds: 15, leaseTransitions: 0 });
    expect(lease?.spec?.holderIdentity).toMatch(/^control-plane_[0-9a-f-]{36}$/);
    expect(c.etcdKeys('/registry/leases/kube-system/')).toEqual(['/registry/leases/kube-system/kube-controller-manager', '/registry/leases/kube-system/kube-scheduler']);
    // the chain, as the UI animates it: the Deployment reconciled, then its ReplicaSet
    const reconciles = c.trace.filter((e) => e.address === 'kube-controller-manager' && (e.detail as { controller?: string }).controller !== undefined).map((e) => e.detail as { controller: string; key: string });
    const first = (controller: string, key: RegExp) => reconciles.findIndex((r) => r.controller === controller && key.test(r.key));
    expect(first('deployment-controller', /^default\/web$/)).toBeGreaterThanOrEqual(0);
    expect(first('replicaset-controller', /^default\/web-[a-z0-9]+$/)).toBeGreaterThan(first('deployment-controller', /^default\/web$/));
    // a LeaderElection Event on the Lease, from the component's recorder
    const events = c.list<{ reason?: string; message?: string; involvedObject?: { kind?: string; name?: string } }>('events', 'kube-system');
    expect(events.filter((e) => e.reason === 'LeaderElection' && e.involvedObject?.name === 'kube-controller-manager').map((e) => e.message)).toEqual([`${lease?.spec?.holderIdentity} became leader`]);
  });

  it('is a function of the seed: the same run twice gives the same state hash and Pod names', () => {
    const run = () => {
      const c = testCluster(7);
      c.create('deployments', nginxDeployment('web', 3));
      c.sim.runUntil(() => runningPods(c).length === 3, 5_000);
      c.sim.tick(300);
      return { hash: c.sim.stateHash(), pods: c.pods().map((p) => p.metadata?.name).sort(), holder: c.lease('kube-controller-manager')?.spec?.holderIdentity };
    };
    const a = run();
    const b = run();
    expect(b).toEqual(a);
    expect(a.pods).toHaveLength(3);
  });
});
