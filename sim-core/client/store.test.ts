// The cache's ownership rule (store.ts): `put` copies, `adopt` freezes the object itself;
// either way a reader cannot change what other readers see. The namespace index answers
// a lister's per-namespace list without the other namespaces, and stays right as objects go.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from './api';
import { listerFor } from './lister';
import { Store } from './store';
import { byControllerUid, CONTROLLER_UID_INDEX, NO_CONTROLLER } from './indexers';

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
});
