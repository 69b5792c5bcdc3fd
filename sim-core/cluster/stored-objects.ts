// The StoredObjectsPort of a cluster (cli/ports.ts): API objects read straight from the
// committed keyspace — the store of the member that has applied the most, as the grading's
// view and the lab editor's checks read it — with no request and no simulated time passing.
// `kubectl edit` opens what this reads, and its save reads it again at the same tick; it
// opens only what the API server's authorizer would let kubectl's own GET read.
import type { KindDefinition } from '../apiserver/kinds';
import { decodeKv, keyOf } from '../apiserver/server';
import { prefixEnd } from '../apiserver/server/storage';
import type { KubeObject } from '../client';
import type { MvccStore } from '../etcd/mvcc';
import type { StoredObjectsPort } from '../cli/ports';

/**
 * `stores`: every member's applied store (undefined for one that is not running); `serving`:
 * whether the API server runs; `authorizes`: its authorization of a request of kubectl's.
 */
export function storedObjects(stores: () => readonly (MvccStore | undefined)[], serving: () => boolean, authorizes: StoredObjectsPort['authorizes']): StoredObjectsPort {
  const committed = (): MvccStore | undefined => {
    let best: MvccStore | undefined;
    for (const store of stores()) if (store !== undefined && (best === undefined || store.currentRev > best.currentRev)) best = store;
    return best;
  };
  const range = (key: string, end: string | undefined): KubeObject[] => {
    const r = committed()?.range(key, end);
    if (r === undefined || !r.ok) return [];
    const objects: KubeObject[] = [];
    for (const kv of r.value.kvs) {
      const o = decodeKv(kv);
      if (o !== undefined) objects.push(o);
    }
    return objects;
  };
  return {
    serving,
    authorizes,
    get: (def: KindDefinition, namespace: string, name: string) => range(keyOf(def, namespace, name), undefined)[0],
    list: (def: KindDefinition, namespace: string) => {
      const prefix = def.namespaced ? `${def.etcdPrefix}/${namespace}/` : `${def.etcdPrefix}/`;
      return range(prefix, prefixEnd(prefix));
    },
  };
}
