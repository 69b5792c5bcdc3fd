import { describe, expect, it } from 'vitest';
import { prepareDeploymentConverge, runningPodCounter } from './bench';
import type { DefaultSimulation } from './default-topology';

/** The Running Pods of `bench` counted the slow way: a range over the leader's keyspace. */
function scanRunning(sim: DefaultSimulation): number {
  const store = (sim.leader() ?? sim.memberList()[0])!.sm!.store;
  const r = store.range('/registry/pods/default/bench-', '/registry/pods/default/bench.');
  if (!r.ok) throw new Error(r.error.message);
  return r.value.kvs.filter((kv) => kv.value.includes('"phase":"Running"')).length;
}

describe('deployment converge benchmark', () => {
  it('runs until every Pod is Running, and its incremental count agrees with a full scan as Pods come and go', () => {
    const b = prepareDeploymentConverge({ replicas: 12, workers: 2 });
    const r = b.converge();
    expect(r).toMatchObject({ ok: true, running: 12 });
    expect(scanRunning(b.sim)).toBe(12);
    const count = runningPodCounter(b.sim, 'bench');
    expect(count()).toBe(12);
    // delete two Pods: the count follows the tombstones, then the replacements
    const pods = b.sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 100 });
    if (!pods.ok) throw new Error(pods.error.message);
    const names = (pods.value as { items: { metadata: { name: string } }[] }).items.map((p) => p.metadata.name).slice(0, 2);
    for (const name of names) b.sim.kubectl.request({ verb: 'delete', resource: 'pods', namespace: 'default', name, gracePeriodSeconds: 0 }, { timeoutTicks: 100 });
    let sawFewer = false;
    for (let i = 0; i < 400; i++) {
      b.sim.runUntil(() => false, 5);
      const n = count();
      expect(n).toBe(scanRunning(b.sim));
      if (n < 12) sawFewer = true;
    }
    expect(sawFewer).toBe(true);
    expect(count()).toBe(12);
  });
});
