// The terminal's client keeps an answer only while someone will read it: one that comes
// after its request timed out, and the events still in flight when the terminal closed a
// watch, are dropped as a cancelled context's are — not kept for nobody, one small leak per
// interrupted `kubectl get -w` or late answer for as long as the page runs.
import { describe, expect, it } from 'vitest';
import { TIMEOUT, nginxDeployment, testCluster } from '../../controller-manager/testing/cluster';

describe('the terminal’s API client', () => {
  it('drops an answer that comes after its request timed out', () => {
    const c = testCluster(3);
    const late = c.sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 0 });
    expect(late.ok).toBe(false);
    c.sim.tick(200);
    expect(c.sim.kubectl.process.answers.size).toBe(0);
    expect(c.sim.kubectl.process.awaited.size).toBe(0);
    // one waited for is answered as before
    expect(c.sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, TIMEOUT).ok).toBe(true);
    expect(c.sim.kubectl.process.answers.size).toBe(0);
  });

  it('drops the events still in flight when a watch is closed', () => {
    const c = testCluster(3);
    const opened = c.sim.kubectl.openWatch({ verb: 'watch', resource: 'pods', namespace: 'default', resourceVersion: '0' }, {});
    if (!opened.ok) throw new Error('the watch did not open');
    c.create('deployments', nginxDeployment('web', 20));
    // close as the second Pod's creation arrives, while the ReplicaSet's next ones are on
    // their way: the cancel reaches the server after more of them left it
    let added = 0;
    c.sim.runUntil(() => (added += opened.value.take().events.filter((e) => e.event.type === 'ADDED').length) >= 2, 5_000);
    opened.value.close();
    c.sim.tick(2_000);
    expect(c.list('pods', 'default')).toHaveLength(20);
    expect(c.sim.kubectl.process.answers.size).toBe(0);
    expect(c.sim.kubectl.process.openWatches.size).toBe(0);
  });
});
