// Watches served from the watch cache: event types computed from etcd's PUT/DELETE, order,
// 410 Gone below the compaction, and one etcd watch per resource prefix however many
// clients watch.
import { describe, expect, it } from 'vitest';
import type { ObjectList, WatchEvent } from '../../client';
import { KINDS } from '../kinds';
import { TIMEOUT, configMap, must, testCluster } from './testCluster';

function summary(events: WatchEvent[]): string[] {
  return events.map((e) => (e.type === 'ERROR' ? `ERROR ${e.status.code}` : `${e.type} ${e.object.metadata?.name} ${e.object.metadata?.resourceVersion}`));
}

describe('watch', () => {
  it('from a list resourceVersion: ADDED, MODIFIED, DELETED in order, each at its etcd revision', () => {
    const sim = testCluster();
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'configmaps', namespace: 'default' });
    const a = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a') });
    const changed = structuredClone(a);
    changed.data = { k: 'v2' };
    const a2 = must(sim, { verb: 'update', resource: 'configmaps', namespace: 'default', body: changed });
    const del = must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'a' });
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: list.resourceVersion }, TIMEOUT);
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    expect(summary(w.value)).toEqual([
      `ADDED a ${a.metadata?.resourceVersion}`,
      `MODIFIED a ${a2.metadata?.resourceVersion}`,
      `DELETED a ${del.metadata?.resourceVersion}`,
    ]);
    // from the middle: only what came after
    const later = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: a2.metadata!.resourceVersion! }, TIMEOUT);
    expect(later.ok && summary(later.value)).toEqual([`DELETED a ${del.metadata?.resourceVersion}`]);
  });

  it('resourceVersion "0" starts with the current objects as ADDED; a namespace filter applies', () => {
    const sim = testCluster();
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'namespaces', resourceVersion: '0' }, TIMEOUT);
    expect(w.ok && w.value.map((e) => (e.type === 'ERROR' ? '' : `${e.type} ${e.object.metadata?.name}`))).toEqual([
      'ADDED default',
      'ADDED kube-node-lease',
      'ADDED kube-public',
      'ADDED kube-system',
    ]);
    const leases = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'leases', namespace: 'default', resourceVersion: '0' }, TIMEOUT);
    expect(leases.ok && leases.value).toEqual([]);
    // a cluster-scoped resource ignores a namespace
    const nodes = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'nodes', namespace: 'default', resourceVersion: '0' }, TIMEOUT);
    expect(nodes.ok && nodes.value.length).toBe(2);
    const bad = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'nodes', resourceVersion: 'abc' }, TIMEOUT);
    expect(bad.ok ? 0 : bad.error.code).toBe(400);
  });

  it('an open watch (the terminal’s kubectl get -w) collects events with their arrival tick; a watch the server ended is forgotten without a message, Ctrl+C’s close sends api-cancel', () => {
    const sim = testCluster(7, { apiServer: { compactionIntervalTicks: 100 } });
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'configmaps', namespace: 'default' });
    const opened = sim.kubectl.openWatch({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: list.resourceVersion }, {});
    if (!opened.ok) throw new Error(opened.error.message);
    const a = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a') });
    sim.tick(20);
    const taken = opened.value.take();
    expect(taken.events.map((e) => (e.event.type === 'ERROR' ? 'ERROR' : `${e.event.type} ${e.event.object.metadata?.name} ${e.event.object.metadata?.resourceVersion}`))).toEqual([`ADDED a ${a.metadata?.resourceVersion}`]);
    expect(taken.events[0]!.at).toBeGreaterThan(0);
    expect(taken.events[0]!.at).toBeLessThanOrEqual(sim.now);
    expect(opened.value.take()).toEqual({ events: [], dropped: 0, closed: false, timedOut: false });
    const before = sim.kernel.network.inFlight().length;
    opened.value.close();
    expect(sim.kernel.network.inFlight().length).toBe(before + 1);

    // from below the compaction: the server answers 410 and ends it; forgetting it sends nothing
    sim.tick(250);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('b') });
    sim.tick(250);
    const stale = sim.kubectl.openWatch({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: String(Number(a.metadata?.resourceVersion) - 1) }, {});
    if (!stale.ok) throw new Error(stale.error.message);
    sim.tick(20);
    const gone = stale.value.take().events;
    expect(gone.map((e) => (e.event.type === 'ERROR' ? e.event.status.code : e.event.type))).toEqual([410]);
    const quiet = sim.kernel.network.inFlight().length;
    stale.value.forget();
    expect(sim.kernel.network.inFlight().length).toBe(quiet);
  });

  it('a resourceVersion below the API server compaction is 410 Gone "too old resource version"', () => {
    const sim = testCluster(7, { apiServer: { compactionIntervalTicks: 100 } });
    const first = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('old') });
    sim.tick(250); // two compaction rounds: the second compacts to the revision the first saw
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('new') });
    sim.tick(250);
    expect(sim.apiServer.compactedRevision).toBeGreaterThan(Number(first.metadata?.resourceVersion));
    const rv = Number(first.metadata?.resourceVersion) - 1;
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: String(rv) }, TIMEOUT);
    expect(w.ok).toBe(false);
    if (!w.ok) {
      expect(w.error.code).toBe(410);
      expect(w.error.reason).toBe('Expired');
      expect(w.error.message).toMatch(new RegExp(`^too old resource version: ${rv} \\(\\d+\\)$`));
    }
    // etcd itself was compacted too: an etcdctl read at the old revision is refused
    const old = sim.etcd.range({ key: '/registry/configmaps/default/old', revision: rv }, { endpoint: 'etcd-1', timeoutTicks: 500 });
    expect(old.ok ? 'served' : old.error.message).toBe('etcdserver: mvcc: required revision has been compacted');
  });

  it('after an API server restart the caches begin at etcd\'s revision: an older resourceVersion is 410 Expired, the newest resumes', () => {
    const sim = testCluster();
    const before = must<ObjectList>(sim, { verb: 'list', resource: 'configmaps', namespace: 'default' });
    const a = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a') });
    const rv = Number(a.metadata?.resourceVersion);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntil(() => sim.apiServer.ready, 1_000);
    const old = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: before.resourceVersion }, TIMEOUT);
    expect(old.ok ? 'served' : `${old.error.code} ${old.error.reason} ${old.error.message}`).toBe(`410 Expired too old resource version: ${before.resourceVersion} (${rv})`);
    // nothing was written since a: a watch from its revision misses nothing, and goes on
    const b = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('b') });
    const resumed = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: String(rv) }, TIMEOUT);
    expect(resumed.ok && summary(resumed.value)).toEqual([`ADDED b ${b.metadata?.resourceVersion}`]);
  });

  it('the watch cache holds ONE etcd watch per resource prefix, however many clients watch', () => {
    const sim = testCluster();
    const watchCreates = (): number =>
      sim.kernel.trace
        .events()
        .filter((e) => e.kind === 'send' && e.address === 'kube-apiserver' && (e.payload as { req?: { op?: string } }).req?.op === 'watchCreate').length;
    const before = watchCreates();
    for (let i = 0; i < 3; i++) sim.kubectl.watchSoFar({ verb: 'watch', resource: 'pods', resourceVersion: '0' }, TIMEOUT);
    expect(watchCreates()).toBe(before);
    const prefixes = new Set(
      sim.kernel.trace
        .events()
        .filter((e) => e.kind === 'send' && e.address === 'kube-apiserver' && (e.payload as { req?: { op?: string } }).req?.op === 'watchCreate')
        .map((e) => (e.payload as { req: { req: { key: string } } }).req.req.key),
    );
    // every kind but Events, which have no watch cache (etcdWatch.test.ts)
    expect([...prefixes].sort()).toEqual(KINDS.filter((k) => k.resource !== 'events').map((k) => `${k.etcdPrefix}/`).sort());
  });
});
