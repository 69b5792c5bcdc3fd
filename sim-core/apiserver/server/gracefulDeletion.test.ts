// Graceful deletion at the API server alone (no kubelet runs here): a bound Pod is marked,
// not removed, until a delete with grace period 0 comes; finalizers still hold it after.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { parseTimestamp } from '../../cli/kubectl/clock';
import { TIMEOUT, configMap, must, pod, stored, testCluster } from './testCluster';

function bound(name: string, extra: Record<string, unknown> = {}): KubeObject {
  const p = pod(name);
  return { ...p, metadata: { ...p.metadata, ...extra }, spec: { ...(p.spec as object), nodeName: 'node-1' } };
}

const secs = (o: KubeObject, f: 'deletionTimestamp' | 'creationTimestamp'): number => (parseTimestamp(o.metadata?.[f] ?? '') ?? 0) / 1000;

describe('graceful deletion at the API server', () => {
  it('a bound Pod gets deletionTimestamp = now + grace and stays; grace 0 removes it', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: bound('web') });
    const marked = must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'web' });
    const deletedAt = Math.floor(sim.now / 100); // the second the delete was answered in (a tick is 10 ms)
    expect(marked.metadata?.deletionGracePeriodSeconds).toBe(30);
    // deletionTimestamp = the delete's time + 30 s (it may fall in the second after the create's)
    expect(secs(marked, 'deletionTimestamp') - secs(created, 'creationTimestamp')).toBeGreaterThanOrEqual(30);
    expect(secs(marked, 'deletionTimestamp') - (parseTimestamp('2026-01-01T00:00:00Z')! / 1000 + deletedAt)).toBeLessThanOrEqual(30);
    expect(marked.metadata?.generation).toBeUndefined(); // a 1.32 Pod has no generation to bump
    expect(stored(sim, '/registry/pods/default/web')).toBeDefined();
    // an update to a terminating Pod (its kubelet's status) does not end it
    must(sim, { verb: 'updateStatus', resource: 'pods', namespace: 'default', body: { ...marked, status: { phase: 'Running' } } });
    expect(stored(sim, '/registry/pods/default/web')).toBeDefined();
    must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'web', gracePeriodSeconds: 0, uid: created.metadata?.uid });
    expect(stored(sim, '/registry/pods/default/web')).toBeUndefined();
  });

  it('the grace period comes from the request, else spec.terminationGracePeriodSeconds; other kinds never wait', () => {
    const sim = testCluster();
    const p = bound('short');
    (p.spec as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds = 7;
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: p });
    expect(must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'short' }).metadata?.deletionGracePeriodSeconds).toBe(7);
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: bound('asked') });
    expect(must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'asked', gracePeriodSeconds: 3 }).metadata?.deletionGracePeriodSeconds).toBe(3);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('cm') });
    must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'cm', gracePeriodSeconds: 30 });
    expect(stored(sim, '/registry/configmaps/default/cm')).toBeUndefined();
    const bad = sim.kubectl.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'asked', gracePeriodSeconds: -1 }, TIMEOUT);
    expect(bad.ok ? 0 : bad.error.code).toBe(400);
  });

  it('with a finalizer: grace 0 ends the grace period, and the Pod goes when the finalizer does', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: bound('held', { finalizers: ['example.com/hold'] }) });
    must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'held' });
    const zero = must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'held', gracePeriodSeconds: 0 });
    expect(zero.metadata?.deletionGracePeriodSeconds).toBe(0);
    expect(stored(sim, '/registry/pods/default/held')).toBeDefined();
    const cur = must(sim, { verb: 'get', resource: 'pods', namespace: 'default', name: 'held' });
    // a terminating object cannot gain finalizers (ValidateObjectMetaUpdate)
    const more = sim.kubectl.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'held', patchType: 'application/merge-patch+json', patch: { metadata: { finalizers: ['example.com/hold', 'x/y'] } } }, TIMEOUT);
    expect(more.ok ? '' : `${more.error.code} ${more.error.message}`).toBe(
      '422 Pod "held" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"x/y"}',
    );
    cur.metadata!.finalizers = [];
    must(sim, { verb: 'update', resource: 'pods', namespace: 'default', body: cur });
    expect(stored(sim, '/registry/pods/default/held')).toBeUndefined();
  });
});
