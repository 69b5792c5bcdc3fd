// Events have no watch cache (kube-apiserver's DefaultWatchCacheSizes): the API server does
// not watch them in etcd at all until a client does, and each client watch of Events is an
// etcd watch of its own — the current state first for resourceVersion "0", selectors and
// their transitions as the cacher applies them, 410 Expired below the compaction.
import { describe, expect, it } from 'vitest';
import type { ObjectList, WatchEvent } from '../../client';
import { TIMEOUT, configMap, event, must, testCluster } from './testCluster';
import type { DefaultSimulation } from '../../cluster/default-topology';

function summary(events: WatchEvent[]): string[] {
  return events.map((e) => (e.type === 'ERROR' ? `ERROR ${e.status.code} ${e.status.reason}` : `${e.type} ${e.object.metadata?.name} ${e.object.metadata?.resourceVersion}`));
}

/** The etcd watches the API server has asked for, by key prefix. */
function watchCreates(sim: DefaultSimulation): string[] {
  return sim.kernel.trace
    .events()
    .filter((e) => e.kind === 'send' && e.address === 'kube-apiserver' && (e.payload as { req?: { op?: string } }).req?.op === 'watchCreate')
    .map((e) => (e.payload as { req: { req: { key: string } } }).req.req.key);
}

describe('a watch of Events (no watch cache)', () => {
  it('the API server watches no Events in etcd until a client does, then one etcd watch per client watch, on its namespace', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1') });
    expect(watchCreates(sim).filter((k) => k.startsWith('/registry/events'))).toEqual([]);
    sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', namespace: 'default', resourceVersion: '0' }, TIMEOUT);
    sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', resourceVersion: '0' }, TIMEOUT);
    expect(watchCreates(sim).filter((k) => k.startsWith('/registry/events'))).toEqual(['/registry/events/default/', '/registry/events/']);
    // watchSoFar cancels its watch: once the cancel arrives, nothing streams to kubectl any
    // more, and the API server has told etcd (so no member keeps sending Events to it)
    sim.tick(5);
    expect(sim.apiServer.watchesOf('kubectl')).toBe(0);
    const etcdWatchMessages = (): number =>
      sim.kernel.trace.events().filter((e) => {
        const p = e.payload as { kind?: string; resp?: { events?: { kv: { key: string } }[] } };
        return e.kind === 'send' && e.peer === 'kube-apiserver' && p.kind === 'watch' && (p.resp?.events ?? []).some((ev) => ev.kv.key.startsWith('/registry/events/'));
      }).length;
    const before = etcdWatchMessages();
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.2') });
    sim.tick(5);
    expect(etcdWatchMessages()).toBe(before);
  });

  it('from "0": the stored Events as ADDED, then the changes; from a list revision: only what came after', () => {
    const sim = testCluster();
    const a = must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1') });
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'events', namespace: 'default' });
    const b = must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.2') });
    const changed = { ...a, count: 2 };
    const a2 = must(sim, { verb: 'update', resource: 'events', namespace: 'default', body: changed });
    const del = must(sim, { verb: 'delete', resource: 'events', namespace: 'default', name: 'web-x.2' });
    const fromZero = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', namespace: 'default', resourceVersion: '0' }, TIMEOUT);
    expect(fromZero.ok && summary(fromZero.value)).toEqual([`ADDED web-x.1 ${a2.metadata?.resourceVersion}`]);
    const fromList = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', namespace: 'default', resourceVersion: list.resourceVersion }, TIMEOUT);
    expect(fromList.ok && summary(fromList.value)).toEqual([
      `ADDED web-x.2 ${b.metadata?.resourceVersion}`,
      `MODIFIED web-x.1 ${a2.metadata?.resourceVersion}`,
      `DELETED web-x.2 ${del.metadata?.resourceVersion}`,
    ]);
  });

  it('a field selector filters, and an Event that stops matching leaves the watch as DELETED', () => {
    const sim = testCluster();
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'events', namespace: 'default' });
    const a = must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1', 'web-x') });
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-y.1', 'web-y') });
    const moved = must(sim, { verb: 'update', resource: 'events', namespace: 'default', body: { ...a, reason: 'Pulled' } });
    const w = sim.kubectl.watchSoFar(
      { verb: 'watch', resource: 'events', namespace: 'default', resourceVersion: list.resourceVersion, fieldSelector: 'involvedObject.name=web-x,reason=Scheduled' },
      TIMEOUT,
    );
    expect(w.ok && summary(w.value)).toEqual([`ADDED web-x.1 ${a.metadata?.resourceVersion}`, `DELETED web-x.1 ${moved.metadata?.resourceVersion}`]);
    const bad = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', resourceVersion: '0', fieldSelector: 'nope=1' }, TIMEOUT);
    expect(bad.ok ? 'ok' : bad.error.code).toBe(400);
    const badRv = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', resourceVersion: 'abc' }, TIMEOUT);
    expect(badRv.ok ? 'ok' : badRv.error.code).toBe(400);
  });

  it('from a revision etcd has compacted: 410 Expired "The resourceVersion for the provided watch is too old."', () => {
    const sim = testCluster(7, { apiServer: { compactionIntervalTicks: 100 } });
    const first = must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('old.1') });
    sim.tick(250);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('new') });
    sim.tick(250);
    expect(sim.apiServer.compactedRevision).toBeGreaterThan(Number(first.metadata?.resourceVersion));
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'events', namespace: 'default', resourceVersion: String(Number(first.metadata?.resourceVersion) - 1) }, TIMEOUT);
    expect(w.ok ? 'ok' : `${w.error.code} ${w.error.reason} ${w.error.message}`).toBe('410 Expired The resourceVersion for the provided watch is too old.');
  });
});
