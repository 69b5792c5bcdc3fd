// The watch cache's trigger index (the cacher's IndexerFuncs: Pods by spec.nodeName): a
// watch whose field selector pins spec.nodeName is only offered the events of Pods on that
// node, before or after the change — and still sees a Pod arrive when it is bound there.
import { describe, expect, it } from 'vitest';
import type { KubeObject, WatchEvent } from '../../client';
import type { WatchEvent as EtcdEvent } from '../../etcd/types';
import { KINDS } from '../kinds';
import { parseFieldSelector } from './fieldSelector';
import { WatchCache } from './watchCache';

const pods = KINDS.find((k) => k.resource === 'pods')!;

function pod(name: string, nodeName?: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: nodeName === undefined ? {} : { nodeName } };
}

let rev = 10;
function put(obj: KubeObject, created: boolean): EtcdEvent {
  rev++;
  const key = `/registry/pods/default/${obj.metadata!.name}`;
  return { type: 'PUT', kv: { key, value: JSON.stringify(obj), create_revision: created ? rev : 5, mod_revision: rev, version: 1, lease: 0n } };
}

/** How often each watcher's selector was asked about an object. */
const asked = new Map<number, number>();

function watcher(cache: WatchCache, id: number, selector: string | undefined, seen: string[]): void {
  const fields = parseFieldSelector(pods, selector);
  if (!fields.ok) throw new Error(fields.error);
  const trigger = selector === undefined ? undefined : fields.exact.get('spec.nodeName');
  const matches = (o: KubeObject) => {
    asked.set(id, (asked.get(id) ?? 0) + 1);
    return fields.matches(o);
  };
  cache.addWatcher(id, String(cache.revision), {
    namespace: undefined,
    ...(selector === undefined ? {} : { matches }),
    ...(trigger === undefined ? {} : { trigger }),
    send: (e: WatchEvent) => seen.push(e.type === 'ERROR' ? 'ERROR' : `${id}:${e.type} ${e.object.metadata?.name}`),
  });
}

describe('watch cache triggers', () => {
  it('offers a kubelet its own Pods only, in watcher order, binding and deletion included', () => {
    const cache = new WatchCache(pods, 100);
    cache.initialize([], 10);
    const seen: string[] = [];
    watcher(cache, 1, 'spec.nodeName=node-1', seen);
    watcher(cache, 2, undefined, seen); // the scheduler: everything
    watcher(cache, 3, 'spec.nodeName=node-2', seen);
    watcher(cache, 4, 'spec.nodeName=node-1,spec.nodeName=node-2', seen); // selects nothing
    cache.apply({ header: { revision: rev }, events: [put(pod('a'), true)] } as never);
    cache.apply({ header: { revision: rev }, events: [put(pod('a', 'node-1'), false)] } as never);
    cache.apply({ header: { revision: rev }, events: [put(pod('b', 'node-2'), true)] } as never);
    expect(seen).toEqual(['2:ADDED a', '1:ADDED a', '2:MODIFIED a', '2:ADDED b', '3:ADDED b']);
    // node-2's kubelet was never asked about a Pod that was not on node-2; the impossible selector never at all
    expect([asked.get(1), asked.get(3), asked.get(4)]).toEqual([2, 1, undefined]);
    expect(cache.removeWatcher(1)).toBe(true);
    expect(cache.removeWatcher(1)).toBe(false);
    seen.length = 0;
    cache.apply({ header: { revision: rev }, events: [put(pod('a', 'node-1'), false)] } as never);
    expect(seen).toEqual(['2:MODIFIED a']);
    expect(cache.watcherCount).toBe(3);
  });

  it('gives a selector with two values for one field no trigger a real value could match', () => {
    const fields = parseFieldSelector(pods, 'spec.nodeName=node-1,spec.nodeName=node-2');
    expect(fields.ok && fields.exact.get('spec.nodeName')).not.toMatch(/^node-/);
    const one = parseFieldSelector(pods, 'spec.nodeName=node-1,status.phase!=Failed');
    expect(one.ok && [...one.exact]).toEqual([['spec.nodeName', 'node-1']]);
  });
});
