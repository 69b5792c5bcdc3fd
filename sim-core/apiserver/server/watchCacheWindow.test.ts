// The watch cache's window (watch_cache.go getAllEventsSinceLocked): a watch may start at
// the list's revision or later while no event has left the window; once one has, at the
// revision before the oldest event still kept. Older is 410 Expired, naming that revision.
import { describe, expect, it } from 'vitest';
import type { KubeObject, WatchEvent } from '../../client';
import type { WatchEvent as EtcdEvent } from '../../etcd/types';
import { KINDS } from '../kinds';
import { WatchCache } from './watchCache';

const configmaps = KINDS.find((k) => k.resource === 'configmaps')!;

function put(name: string, rev: number): EtcdEvent {
  const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } };
  return { type: 'PUT', kv: { key: `/registry/configmaps/default/${name}`, value: JSON.stringify(obj), create_revision: rev, mod_revision: rev, version: 1, lease: 0n } };
}

function watchFrom(cache: WatchCache, id: number, rv: number): string[] {
  const seen: string[] = [];
  const error = cache.addWatcher(id, String(rv), { namespace: undefined, send: (e: WatchEvent) => seen.push(e.type === 'ERROR' ? 'ERROR' : `${e.type} ${e.object.metadata?.name}`) });
  return error === undefined ? seen : [`${error.code} ${error.reason} ${error.message}`];
}

describe('watch cache window', () => {
  it('right after its list (a restarted API server): the list revision resumes, anything older is 410 Expired', () => {
    const cache = new WatchCache(configmaps, 10);
    cache.initialize([], 40);
    expect(watchFrom(cache, 1, 40)).toEqual([]);
    expect(watchFrom(cache, 2, 39)).toEqual(['410 Expired too old resource version: 39 (40)']);
    cache.apply({ header: { revision: 41 }, events: [put('a', 41)] } as never);
    expect(watchFrom(cache, 3, 40)).toEqual(['ADDED a']);
  });

  it('once events left the window, only from the revision before the oldest one kept', () => {
    const cache = new WatchCache(configmaps, 2);
    cache.initialize([], 10);
    for (const [name, rev] of [['a', 12], ['b', 15], ['c', 20]] as const) cache.apply({ header: { revision: rev }, events: [put(name, rev)] } as never);
    // a (12) fell out: 13 would miss nothing of this resource, but the real cache cannot know that
    expect(watchFrom(cache, 1, 14)).toEqual(['ADDED b', 'ADDED c']);
    expect(watchFrom(cache, 2, 13)).toEqual(['410 Expired too old resource version: 13 (14)']);
  });
});
