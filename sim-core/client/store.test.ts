// The cache's ownership rule (store.ts): `put` copies, `adopt` freezes the object itself;
// either way a reader cannot change what other readers see. The namespace index answers
// a lister's per-namespace list without the other namespaces, and stays right as objects go.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from './api';
import { listerFor } from './lister';
import { Store, deepCopy, deepFreeze, isReadOnly, setCacheMutationDetector } from './store';
import { byControllerUid, byOwnerUid, CONTROLLER_UID_INDEX, NO_CONTROLLER, OWNER_UID_INDEX } from './indexers';
import { Prng } from '../kernel';

const obj = (ns: string, name: string, labels: Record<string, string> = {}): KubeObject => ({ metadata: { namespace: ns, name, labels } });

describe('Store', () => {
  it('put keeps a frozen copy: the caller may go on changing its own object', () => {
    const s = new Store<KubeObject>();
    const mine = obj('default', 'a');
    s.put(mine);
    mine.metadata!.labels!.app = 'changed';
    expect(s.get('default/a')?.metadata?.labels).toEqual({});
    expect(() => {
      (s.get('default/a')!.metadata!.labels as Record<string, string>).app = 'x';
    }).toThrow(TypeError);
  });

  it('adopt stores the object itself, frozen, so no holder can change it by accident', () => {
    const s = new Store<KubeObject>();
    const fromWire = obj('default', 'a', { app: 'web' });
    s.adopt(fromWire);
    expect(s.get('default/a')).toBe(fromWire);
    expect(() => {
      (fromWire.metadata!.labels as Record<string, string>).app = 'x';
    }).toThrow(TypeError);
  });

  it('with the cache mutation detector off (production) keeps objects unfrozen but still read-only to its readers', () => {
    setCacheMutationDetector(false);
    try {
      const s = new Store<KubeObject>();
      const fromWire = obj('default', 'a', { app: 'web' });
      s.adopt(fromWire);
      expect(s.get('default/a')).toBe(fromWire);
      expect(Object.isFrozen(fromWire)).toBe(false);
      expect(isReadOnly(fromWire)).toBe(true);
      expect(isReadOnly(obj('default', 'b', {}))).toBe(false);
    } finally {
      setCacheMutationDetector(true);
    }
    const s = new Store<KubeObject>();
    const again = obj('default', 'c', {});
    s.adopt(again);
    expect(Object.isFrozen(again.metadata)).toBe(true);
    expect(isReadOnly(again)).toBe(true);
  });

  it('lists one namespace through its index, sorted, and forgets removed objects', () => {
    const s = new Store<KubeObject>();
    for (const [ns, n] of [['b', 'z'], ['a', 'y'], ['b', 'x'], ['a', 'w']] as const) s.put(obj(ns, n, { tier: n === 'x' ? 'db' : 'web' }));
    const lister = listerFor(s);
    expect(lister.list('b').map((o) => o.metadata?.name)).toEqual(['x', 'z']);
    expect(lister.list('b', { matchLabels: { tier: 'web' } }).map((o) => o.metadata?.name)).toEqual(['z']);
    expect(lister.list().map((o) => o.metadata?.name)).toEqual(['w', 'y', 'x', 'z']);
    s.remove('b/x');
    s.put(obj('b', 'v'));
    expect(lister.list('b').map((o) => o.metadata?.name)).toEqual(['v', 'z']);
    expect(lister.list('c')).toEqual([]);
    expect(s.keys()).toEqual(['a/w', 'a/y', 'b/v', 'b/z']);
  });

  it('answers an index (Pods by their controller) without a scan, and keeps it current as owners change', () => {
    const s = new Store<KubeObject>();
    const owned = (name: string, uid: string): KubeObject => ({ metadata: { namespace: 'default', name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid, controller: true }] } });
    s.put(owned('b', 'rs-1'));
    s.addIndex(CONTROLLER_UID_INDEX, byControllerUid);
    s.put(owned('a', 'rs-1'));
    s.put(owned('c', 'rs-2'));
    s.put(obj('default', 'orphan'));
    const lister = listerFor(s);
    expect(lister.byIndex(CONTROLLER_UID_INDEX, 'rs-1').map((o) => o.metadata?.name)).toEqual(['a', 'b']);
    s.put(owned('a', 'rs-2')); // adopted by another controller
    s.remove('default/c');
    expect(lister.byIndex(CONTROLLER_UID_INDEX, 'rs-1').map((o) => o.metadata?.name)).toEqual(['b']);
    expect(lister.byIndex(CONTROLLER_UID_INDEX, 'rs-2').map((o) => o.metadata?.name)).toEqual(['a']);
    expect(lister.byIndex(CONTROLLER_UID_INDEX, 'none')).toEqual([]);
    expect(lister.byIndex(CONTROLLER_UID_INDEX, NO_CONTROLLER).map((o) => o.metadata?.name)).toEqual(['orphan']);
  });

  it('hands out an updated object in its bucket at once, and the bucket in key order, through any mix of updates and owner changes', () => {
    // the kept bucket lists (store.ts) must always equal a fresh scan of the cache
    const prng = new Prng(7);
    const s = new Store<KubeObject>();
    s.addIndex(CONTROLLER_UID_INDEX, byControllerUid);
    s.addIndex(OWNER_UID_INDEX, byOwnerUid);
    const owners = ['rs-a', 'rs-b', 'rs-c'];
    const scan = (pick: (o: KubeObject) => readonly string[], value: string) =>
      s
        .list()
        .filter((o) => pick(o).includes(value))
        .map((o) => o.metadata?.resourceVersion);
    let rv = 0;
    for (let step = 0; step < 600; step++) {
      const name = `pod-${prng.int(0, 30)}`;
      const op = prng.int(0, 9);
      if (op === 0) s.remove(`default/${name}`);
      else {
        const refs = [];
        const controller = prng.int(0, 3);
        if (controller < 3) refs.push({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: owners[controller] as string, controller: true });
        if (prng.chance(0.3)) refs.push({ apiVersion: 'v1', kind: 'Node', name: 'n', uid: prng.pick(owners) });
        s.adopt({ metadata: { namespace: 'default', name, resourceVersion: String(++rv), ...(refs.length ? { ownerReferences: refs } : {}) } });
      }
      // read a bucket now and then, so kept buckets live through later updates
      const value = prng.pick([...owners, NO_CONTROLLER]);
      if (prng.chance(0.5)) {
        expect(s.byIndex(CONTROLLER_UID_INDEX, value).map((o) => o.metadata?.resourceVersion)).toEqual(scan(byControllerUid, value));
      }
      if (prng.chance(0.5) && value !== NO_CONTROLLER) {
        expect(s.byIndex(OWNER_UID_INDEX, value).map((o) => o.metadata?.resourceVersion)).toEqual(scan(byOwnerUid, value));
      }
    }
  });

  it('gives each reader its own list: changing one does not change the bucket', () => {
    const s = new Store<KubeObject>();
    s.addIndex(CONTROLLER_UID_INDEX, byControllerUid);
    s.put(obj('default', 'b'));
    s.put(obj('default', 'a'));
    const first = s.byIndex(CONTROLLER_UID_INDEX, NO_CONTROLLER);
    first.reverse();
    expect(s.byIndex(CONTROLLER_UID_INDEX, NO_CONTROLLER).map((o) => o.metadata?.name)).toEqual(['a', 'b']);
  });

  it('deepCopy gives what a JSON round trip gives, member order included, sharing nothing with the original', () => {
    const prng = new Prng(5);
    const KEYS = ['b', 'a', '10', '2', '__proto__', 'toString', 'x'];
    const leaf = (): unknown =>
      prng.pick<unknown>(['', 'web', 0, -0, 1.5, -7, NaN, Infinity, true, false, null, undefined, () => 1, Symbol('s')]);
    const value = (depth: number): unknown => {
      const r = prng.int(0, 3);
      if (depth === 0 || r === 0) return leaf();
      if (r === 1) return Array.from({ length: prng.int(0, 4) }, () => value(depth - 1));
      if (r === 2) return new Date(prng.int(0, 4e9) * 100);
      const o: Record<string, unknown> = {};
      for (let i = prng.int(0, 5); i > 0; i--) Object.defineProperty(o, prng.pick(KEYS), { value: value(depth - 1), enumerable: true, writable: true, configurable: true });
      return o;
    };
    for (let i = 0; i < 500; i++) {
      const v = { root: value(4) };
      const want = JSON.parse(JSON.stringify(v)) as unknown;
      const got = deepCopy(v);
      expect(got).toEqual(want);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
    const frozen = deepFreeze({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c' }] } });
    const copy = deepCopy(frozen);
    copy.metadata.labels.app = 'db';
    copy.spec.containers.push({ name: 'd' });
    expect(frozen.metadata.labels.app).toBe('web');
    expect(frozen.spec.containers).toHaveLength(1);
  });
});
