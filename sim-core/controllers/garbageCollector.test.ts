import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import { Fixture } from './testing/fixture';
import { NS, deployment, pod, replicaSet } from './testing/objects';
import { GarbageCollector } from './garbageCollector';

function setup() {
  const f = new Fixture();
  const gc = new GarbageCollector({
    listers: { deployments: f.lister('deployments'), replicasets: f.lister('replicasets'), pods: f.lister('pods') },
    ctx: f.ctx,
  });
  return { f, gc };
}

describe('garbage collector', () => {
  it('takes ownership changes and deletion transitions as work, not status writes (graph_builder)', () => {
    const { f, gc } = setup();
    const rs = replicaSet('web-a', 1);
    const before = { ...pod('web-a-1', { owner: rs }), metadata: { ...pod('web-a-1', { owner: rs }).metadata, resourceVersion: '10' } } as KubeObject;
    const h = gc.handlersFor('pods');
    const queued = () => f.drain(() => ({ ok: true }));
    h.onUpdate?.(before, { ...before, status: { phase: 'Running' }, metadata: { ...before.metadata, resourceVersion: '11' } });
    expect(queued()).toEqual([]);
    h.onUpdate?.(before, { ...before, metadata: { ...before.metadata, resourceVersion: '12', ownerReferences: [] } });
    expect(queued()).toEqual(['uid-web-a-1', 'uid-web-a']);
    h.onUpdate?.(before, { ...before, metadata: { ...before.metadata, resourceVersion: '13', deletionTimestamp: '2026-01-01T00:00:30Z' } });
    expect(queued()).toEqual(['uid-web-a-1', 'uid-web-a']);
  });

  it('background: once the owner is gone, its dependents are deleted', () => {
    const { f, gc } = setup();
    const rs = replicaSet('web-a', 2);
    f.preload('pods', pod('web-a-1', { owner: rs }), pod('web-a-2', { owner: rs }), pod('loner'));
    gc.reconcile('uid-web-a'); // the ReplicaSet was deleted (it is in no cache)
    expect(f.writeLines()).toEqual(['delete pods web-a-1 (Background)', 'delete pods web-a-2 (Background)']);
  });

  it('an owner of a kind it does not watch is taken as alive (the real collector would GET it)', () => {
    const { f, gc } = setup();
    const owned = (name: string, ref: { apiVersion: string; kind: string; uid: string }) => {
      const p = pod(name);
      return { ...p, metadata: { ...p.metadata, ownerReferences: [{ ...ref, name: 'x' }] } };
    };
    f.preload('pods', owned('by-namespace', { apiVersion: 'v1', kind: 'Namespace', uid: 'uid-ns' }), owned('by-replicaset', { apiVersion: 'apps/v1', kind: 'ReplicaSet', uid: 'uid-gone' }));
    gc.reconcile('uid-ns');
    expect(f.writeLines()).toEqual([]);
    // the same missing owner of a watched kind is gone
    gc.reconcile('uid-gone');
    expect(f.writeLines()).toEqual(['delete pods by-replicaset (Background)']);
  });

  it('a dependent with another live owner only loses the dangling reference', () => {
    const { f, gc } = setup();
    const rs = replicaSet('web-a', 1);
    const keeper = deployment('keeper', 1);
    f.preload('deployments', keeper);
    const shared = pod('shared', { owner: rs });
    shared.metadata?.ownerReferences?.push({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'keeper', uid: 'uid-keeper' });
    f.preload('pods', shared);
    gc.reconcile('uid-web-a');
    expect(f.writeLines()).toEqual(['update pods shared']);
    expect(f.writes()[0]?.object?.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['keeper']);
  });

  it('foreground: deletes the dependents first, then removes the owner\'s foregroundDeletion finalizer', () => {
    const { f, gc } = setup();
    const d = deployment('web', 1);
    f.preload('deployments', d);
    const rs = replicaSet('web-a', 1, { owner: d });
    f.preload('replicasets', rs);
    f.preload('pods', pod('web-a-1', { owner: rs }));
    // kubectl delete deployment web --cascade=foreground
    f.api.request({ verb: 'delete', resource: 'deployments', namespace: NS, name: 'web', propagationPolicy: 'Foreground' });
    f.settle();
    expect(f.api.find('deployments', `${NS}/web`)?.metadata?.finalizers).toEqual(['foregroundDeletion']);
    f.clearWrites();
    gc.reconcile('uid-web');
    expect(f.writeLines()).toEqual(['delete replicasets web-a (Foreground)']);
    f.settle();
    f.clearWrites();
    gc.reconcile('uid-web-a'); // the ReplicaSet, now waiting on its own Pods
    expect(f.writeLines()).toEqual(['delete pods web-a-1 (Background)']);
    f.settle();
    f.clearWrites();
    gc.reconcile('uid-web-a'); // no Pods left: the ReplicaSet goes
    f.settle();
    expect(f.api.find('replicasets', `${NS}/web-a`)).toBeUndefined();
    expect(f.api.find('deployments', `${NS}/web`)).toBeDefined(); // still waiting
    f.clearWrites();
    gc.reconcile('uid-web');
    expect(f.writeLines()).toEqual(['update deployments web']);
    f.settle();
    expect(f.api.find('deployments', `${NS}/web`)).toBeUndefined();
  });

  it('orphan: strips the owner reference from every dependent, then releases the owner', () => {
    const { f, gc } = setup();
    const rs = replicaSet('web-a', 2);
    f.preload('replicasets', rs);
    f.preload('pods', pod('web-a-1', { owner: rs }), pod('web-a-2', { owner: rs }));
    f.api.request({ verb: 'delete', resource: 'replicasets', namespace: NS, name: 'web-a', propagationPolicy: 'Orphan' });
    f.settle();
    f.clearWrites();
    gc.reconcile('uid-web-a');
    expect(f.writeLines()).toEqual(['update pods web-a-1', 'update pods web-a-2']);
    f.settle();
    expect(f.writeLines()).toEqual(['update pods web-a-1', 'update pods web-a-2', 'update replicasets web-a']);
    expect(f.api.find('replicasets', `${NS}/web-a`)).toBeUndefined();
    const left = f.api.all('pods') as KubeObject[];
    expect(left.map((p) => p.metadata?.ownerReferences)).toEqual([undefined, undefined]);
  });
});

describe('garbage collector: Nodes own their Leases', () => {
  const node = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}` } });
  const lease = (name: string): KubeObject => ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name, namespace: 'kube-node-lease', uid: `uid-lease-${name}`, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: `uid-${name}` }] },
  });

  it('kubectl delete node node-2: its Lease in kube-node-lease goes too; the other Leases stay', () => {
    const f = new Fixture();
    const gc = new GarbageCollector({ listers: { nodes: f.lister('nodes'), leases: f.lister('leases') }, ctx: f.ctx });
    f.preload('nodes', node('node-1'), node('node-3')); // node-2 was just deleted
    f.preload('leases', lease('node-1'), lease('node-2'), lease('node-3'));
    gc.handlersFor('nodes').onDelete?.(node('node-2'));
    f.drain((k) => gc.reconcile(k));
    expect(f.writeLines()).toEqual(['delete leases node-2 (Background)']);
    expect(f.writes()[0]?.namespace).toBe('kube-node-lease');
  });
});
