// A node dies (its kubelet is killed): the node lifecycle controller marks it Unknown and
// taints it after the grace period, the taint eviction controller deletes its Pods once the
// API server's default 300 s tolerations run out, and the ReplicaSet controller and the
// scheduler replace them on the nodes that are left. The evicted Pods stay Terminating:
// no kubelet is there to confirm their end (pod GC only force-deletes them once the node
// is gone or tainted out-of-service), exactly what a learner sees in a real cluster.
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../apiserver';
import { NODE_MONITOR_GRACE_PERIOD_TICKS, NODE_MONITOR_PERIOD_TICKS } from '../controllers';
import { nginxDeployment, runningPods, testCluster } from './testing/cluster';

const ready = (n: Node | undefined) => n?.status?.conditions?.find((c) => c.type === 'Ready');

describe('node failure → eviction → replacement', () => {
  it('kill kubelet@node-2: NotReady (Unknown) and tainted, its Pods evicted after 300 s and replaced elsewhere', () => {
    const c = testCluster(5);
    c.create('deployments', nginxDeployment('web', 3));
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok, 'reproduce with seed=5').toBe(true);
    const onNode2 = c.pods().filter((p) => p.spec?.nodeName === 'node-2').map((p) => p.metadata?.name ?? '');
    expect(onNode2.length).toBeGreaterThan(0);

    expect(c.sim.kill('kubelet@node-2').ok).toBe(true);
    const killedAt = c.sim.now;
    // last Lease renewal ≤ 10 s before the kill; seen ≤ 5 s later; Unknown on the first 5 s pass after 50 s more
    const unknown = c.sim.runUntil(() => ready(c.node('node-2'))?.status === 'Unknown', NODE_MONITOR_GRACE_PERIOD_TICKS + 3 * NODE_MONITOR_PERIOD_TICKS);
    expect(unknown.ok).toBe(true);
    expect(c.sim.now - killedAt).toBeGreaterThan(NODE_MONITOR_GRACE_PERIOD_TICKS - 1_000);
    expect(ready(c.node('node-2'))).toMatchObject({ reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    c.sim.tick(NODE_MONITOR_PERIOD_TICKS + 50);
    expect((c.node('node-2')?.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    for (const n of ['node-1', 'node-3']) expect(ready(c.node(n))?.status).toBe('True');
    for (const name of onNode2) {
      expect(c.get<Pod>('pods', 'default', name)?.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('False');
    }
    const taintedAt = c.sim.now;

    // the default tolerations: 300 s of unreachable before eviction
    // (a deleted Pod on a dead node stays Terminating: no kubelet confirms it, as in a real cluster)
    const evictedOrGone = (name: string) => {
      const p = c.get<Pod>('pods', 'default', name);
      return p === undefined || p.metadata?.deletionTimestamp !== undefined;
    };
    c.sim.tick(29_000);
    for (const name of onNode2) expect(evictedOrGone(name)).toBe(false);
    const evicted = c.sim.runUntil(() => onNode2.every(evictedOrGone), 2_000);
    expect(evicted.ok).toBe(true);
    expect(c.sim.now - taintedAt).toBeGreaterThanOrEqual(29_000);
    const events = c.list<{ reason?: string; message?: string; source?: { component?: string } }>('events', 'default');
    for (const name of onNode2) {
      expect(events).toContainEqual(expect.objectContaining({ reason: 'TaintManagerEviction', message: `Marking for deletion Pod default/${name}`, source: { component: 'taint-eviction-controller' } }));
    }

    // replaced on the nodes that are left (node-2 is tainted NoSchedule)
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 3_000).ok).toBe(true);
    const placed = runningPods(c).map((p) => p.spec?.nodeName);
    expect(placed.every((n) => n === 'node-1' || n === 'node-3')).toBe(true);
  });

  it('a node whose kubelet comes back is Ready again and loses the taints before any eviction', () => {
    const c = testCluster(8);
    c.create('deployments', nginxDeployment('web', 3));
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok, 'reproduce with seed=8').toBe(true);
    const before = c.pods().map((p) => p.metadata?.name).sort();
    c.sim.kill('kubelet@node-2');
    expect(c.sim.runUntil(() => (c.node('node-2')?.spec?.taints ?? []).some((t) => t.effect === 'NoExecute'), NODE_MONITOR_GRACE_PERIOD_TICKS + 4 * NODE_MONITOR_PERIOD_TICKS).ok).toBe(true);
    c.sim.restart('kubelet@node-2');
    const back = c.sim.runUntil(() => ready(c.node('node-2'))?.status === 'True' && c.node('node-2')?.spec?.taints === undefined, 3 * NODE_MONITOR_PERIOD_TICKS);
    expect(back.ok).toBe(true);
    // the taint eviction controller's Event is written after the cancellation, a request later
    const cancelled = () => c.list<{ reason?: string; message?: string }>('events', 'default').some((e) => e.reason === 'TaintManagerEviction' && e.message?.startsWith('Cancelling deletion of Pod default/web-'));
    expect(c.sim.runUntil(cancelled, 500).ok).toBe(true);
    c.sim.tick(31_000);
    expect(c.pods().map((p) => p.metadata?.name).sort()).toEqual(before);
  });
});
