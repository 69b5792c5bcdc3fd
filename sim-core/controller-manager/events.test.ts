// What the controllers leave behind in etcd, on the default topology: creating a
// Deployment leaves the deployment-controller's ScalingReplicaSet Event and the
// replicaset-controller's SuccessfulCreate Events under /registry/events/default/…, each
// on the API server's 1-hour etcd lease; deleting a Node deletes its Lease (the garbage
// collector) and, 40 s later, its Pods (the Pod garbage collector).
import { describe, expect, it } from 'vitest';
import type { Event, Pod, ReplicaSet } from '../apiserver';
import { POD_GC_CHECK_PERIOD_TICKS, POD_GC_QUARANTINE_TICKS } from '../controllers';
import { nginxDeployment, runningPods, testCluster } from './testing/cluster';

describe('the controllers\' Events in etcd', () => {
  it('kubectl create deployment web (3 replicas): ScalingReplicaSet and 3 SuccessfulCreate under /registry/events/default/, with a lease', () => {
    const c = testCluster(11);
    c.create('deployments', nginxDeployment('web', 3));
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok, 'reproduce with seed=11').toBe(true);
    const rs = c.list<ReplicaSet>('replicasets', 'default')[0] as ReplicaSet;
    const rsName = rs.metadata?.name ?? '';
    const stored = c.sim
      .etcdContents()
      .filter((kv) => kv.key.startsWith('/registry/events/default/'))
      .map((kv) => ({ key: kv.key, lease: kv.lease, ev: JSON.parse(kv.value) as Event }));
    const scaling = stored.filter((s) => s.ev.reason === 'ScalingReplicaSet');
    expect(scaling.map((s) => s.ev.message)).toEqual([`Scaled up replica set ${rsName} from 0 to 3`]);
    expect(scaling[0]?.ev).toMatchObject({ type: 'Normal', source: { component: 'deployment-controller' }, involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' }, count: 1 });
    expect(scaling[0]?.key).toMatch(/^\/registry\/events\/default\/web\.[0-9a-f]{16}$/);

    const created = stored.filter((s) => s.ev.reason === 'SuccessfulCreate');
    const podNames = c.pods().map((p: Pod) => p.metadata?.name ?? '');
    expect(created.map((s) => s.ev.message).sort()).toEqual(podNames.map((n) => `Created pod: ${n}`).sort());
    for (const s of created) {
      expect(s.ev).toMatchObject({ type: 'Normal', source: { component: 'replicaset-controller' }, involvedObject: { kind: 'ReplicaSet', name: rsName, uid: rs.metadata?.uid } });
      expect(s.key.startsWith(`/registry/events/default/${rsName}.`)).toBe(true);
    }
    for (const s of [...scaling, ...created]) expect(s.lease).not.toBe(0n); // the 1-hour TTL
  });

  it('kubectl delete node node-2: its Lease goes at once, its Pods after the 40 s quarantine', () => {
    const c = testCluster(12);
    c.create('deployments', nginxDeployment('web', 3));
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok, 'reproduce with seed=12').toBe(true);
    const onNode2 = c.pods().filter((p) => p.spec?.nodeName === 'node-2').map((p) => p.metadata?.name);
    expect(onNode2.length).toBeGreaterThan(0);
    expect(c.etcdKeys('/registry/leases/kube-node-lease/')).toContain('/registry/leases/kube-node-lease/node-2');
    c.sim.kill('kubelet@node-2'); // a kubelet that lived would register its Node again
    const del = c.sim.kubectl.request({ verb: 'delete', resource: 'nodes', namespace: '', name: 'node-2' }, { timeoutTicks: 2_000 });
    expect(del.ok).toBe(true);
    expect(c.sim.runUntil(() => !c.etcdKeys('/registry/leases/kube-node-lease/').includes('/registry/leases/kube-node-lease/node-2'), 500).ok).toBe(true);
    expect(c.etcdKeys('/registry/leases/kube-node-lease/')).toContain('/registry/leases/kube-node-lease/node-1');

    const deletedAt = c.sim.now;
    c.sim.tick(POD_GC_QUARANTINE_TICKS - 100);
    for (const name of onNode2) expect(c.pods().map((p) => p.metadata?.name)).toContain(name);
    const gone = c.sim.runUntil(() => !c.pods().some((p) => onNode2.includes(p.metadata?.name)), POD_GC_CHECK_PERIOD_TICKS + 500);
    expect(gone.ok).toBe(true);
    expect(c.sim.now - deletedAt).toBeGreaterThanOrEqual(POD_GC_QUARANTINE_TICKS);
    // and the ReplicaSet replaces them on the nodes that are left
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 3_000).ok).toBe(true);
    expect(runningPods(c).every((p) => p.spec?.nodeName !== 'node-2')).toBe(true);
  });
});
