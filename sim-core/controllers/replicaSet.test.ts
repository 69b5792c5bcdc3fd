import { describe, expect, it } from 'vitest';
import type { Pod, ReplicaSet } from '../apiserver';
import { statusError } from '../client';
import { Fixture } from './testing/fixture';
import { NS, pod, replicaSet } from './testing/objects';
import { ReplicaSetController } from './replicaSet';

function setup(rs: ReplicaSet, pods: Pod[] = []) {
  const f = new Fixture(7);
  f.preload('replicasets', rs);
  f.preload('pods', ...pods);
  const c = new ReplicaSetController({ replicaSets: f.lister('replicasets'), pods: f.lister('pods'), ctx: f.ctx });
  return { f, c, key: `${NS}/${rs.metadata?.name}` };
}

describe('ReplicaSet controller: scaling up', () => {
  it('creates the missing Pods in slow-start batches, owned by the ReplicaSet, named <rs>-<5 chars>', () => {
    const { f, c, key } = setup(replicaSet('web-7d4b9c8f6', 4, { available: 0 }));
    c.reconcile(key);
    // First batch: one Pod (then the status write).
    expect(f.writeLines().filter((l) => l.startsWith('create'))).toHaveLength(1);
    f.api.flush();
    const creates = f.writes().filter((a) => a.verb === 'create');
    expect(creates).toHaveLength(4); // 1, then 2, then the last 1
    for (const a of creates) {
      expect(a.name).toMatch(/^web-7d4b9c8f6-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(a.object?.metadata?.ownerReferences).toEqual([
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c8f6', uid: 'uid-web-7d4b9c8f6', controller: true, blockOwnerDeletion: true },
      ]);
      expect(a.object?.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': '7d4b9c8f6' });
    }
    expect(new Set(creates.map((a) => a.name)).size).toBe(4);
  });

  it('does not create again while the creations it expects are not yet in the cache', () => {
    const { f, c, key } = setup(replicaSet('web-a', 2, { available: 0 }));
    c.reconcile(key);
    f.api.flush();
    c.reconcile(key); // the informer has not delivered the Pods yet
    f.api.flush();
    expect(f.writes().filter((a) => a.verb === 'create')).toHaveLength(2);
  });

  it('stops at the first failing batch and requeues with back-off', () => {
    const { f, c, key } = setup(replicaSet('web-a', 10, { available: 0 }));
    f.api.failNext('create', 'pods', statusError('Forbidden', 'pods "x" is forbidden: exceeded quota'), 1);
    c.reconcile(key);
    f.api.flush();
    expect(f.writes().filter((a) => a.verb === 'create')).toHaveLength(1);
    expect(f.queue.numRequeues(key)).toBe(1);
    // the expectations were lowered, so the retry creates again
    f.settle();
    c.reconcile(key);
    f.api.flush();
    expect(f.writes().filter((a) => a.verb === 'create').length).toBe(11);
  });

  it('creates at most 500 Pods in one sync (burst limit)', () => {
    const { f, c, key } = setup(replicaSet('web-a', 800, { available: 0 }));
    c.reconcile(key);
    f.api.flush();
    expect(f.writes().filter((a) => a.verb === 'create')).toHaveLength(500);
  });
});

describe('ReplicaSet controller: scaling down', () => {
  it('deletes unscheduled, then not-ready, then the newest ready Pods first (ActivePods order)', () => {
    const rs = replicaSet('web-a', 2);
    const pods = [
      pod('old-ready', { owner: rs, created: 0 }),
      pod('new-ready', { owner: rs, created: 500, node: 'node-2' }),
      pod('mid-ready', { owner: rs, created: 200, node: 'node-3' }),
      pod('not-ready', { owner: rs, ready: false, created: 0, node: 'node-4' }),
      pod('unscheduled', { owner: rs, ready: false, node: '', created: 0 }),
    ];
    const { f, c, key } = setup(rs, pods);
    c.reconcile(key);
    expect(f.writeLines().filter((l) => l.startsWith('delete'))).toEqual([
      'delete pods unscheduled',
      'delete pods not-ready',
      'delete pods new-ready',
    ]);
  });

  it('among ready Pods, one doubled up on a node with its siblings goes before an older-is-newer tie-break', () => {
    const rs = replicaSet('web-a', 2);
    const pods = [
      pod('alone-new', { owner: rs, created: 900, node: 'node-1' }),
      pod('shared-old-1', { owner: rs, created: 0, node: 'node-2' }),
      pod('shared-old-2', { owner: rs, created: 100, node: 'node-2' }),
    ];
    const { f, c, key } = setup(rs, pods);
    c.reconcile(key);
    expect(f.writeLines().filter((l) => l.startsWith('delete'))).toEqual(['delete pods shared-old-2']);
  });

  it('writes status: replicas, readyReplicas, availableReplicas, observedGeneration', () => {
    const rs = replicaSet('web-a', 2, { available: 0 });
    const { f, c, key } = setup(rs, [pod('p1', { owner: rs }), pod('p2', { owner: rs, ready: false })]);
    c.reconcile(key);
    const status = f.writes().find((a) => a.verb === 'updateStatus')?.object?.status;
    expect(status).toMatchObject({ replicas: 2, readyReplicas: 1, availableReplicas: 1, fullyLabeledReplicas: 2, observedGeneration: 1 });
  });
});

describe('ReplicaSet controller: adoption and release', () => {
  it('adopts a matching orphan and releases an owned Pod whose labels no longer match', () => {
    const rs = replicaSet('web-a', 2);
    const orphan = pod('orphan', { labels: { app: 'web', 'pod-template-hash': 'a' } });
    const strayed = pod('strayed', { owner: rs, labels: { app: 'debug' } });
    const owned = pod('owned', { owner: rs, labels: { app: 'web', 'pod-template-hash': 'a' } });
    const other = pod('other-app', { labels: { app: 'db' } });
    const { f, c, key } = setup(rs, [orphan, strayed, owned, other]);
    c.reconcile(key);
    const updates = f.writes().filter((a) => a.verb === 'update');
    expect(updates.map((a) => a.name)).toEqual(['orphan', 'strayed']);
    expect(updates[0]?.object?.metadata?.ownerReferences?.[0]).toMatchObject({ name: 'web-a', uid: 'uid-web-a', controller: true });
    expect(updates[1]?.object?.metadata?.ownerReferences).toBeUndefined();
    // orphan + owned = 2 = replicas: nothing to create or delete
    expect(f.writes().filter((a) => a.verb === 'create' || a.verb === 'delete')).toEqual([]);
  });

  it("adopts only its own namespace's orphans and counts neither another namespace's Pods nor another controller's", () => {
    const rs = replicaSet('web-a', 5, { available: 0 });
    const labels = { app: 'web', 'pod-template-hash': 'a' };
    const sibling = replicaSet('web-b', 1);
    const elsewhere = (p: Pod): Pod => ({ ...p, metadata: { ...p.metadata, namespace: 'other' } });
    const { f, c, key } = setup(rs, [
      pod('a-owned', { owner: rs, labels }),
      pod('b-orphan', { labels }),
      pod('c-sibling', { owner: sibling, labels }),
      pod('d-owned', { owner: rs, labels }),
      pod('e-orphan', { labels }),
      elsewhere(pod('f-orphan', { labels })),
      elsewhere(pod('g-owned', { owner: rs, labels })),
    ]);
    c.reconcile(key);
    // adoptions go out in name order; 2 owned + 2 adopted = 4 of 5: one Pod to create
    expect(f.writeLines().filter((l) => !l.startsWith('updateStatus'))).toEqual(['update pods b-orphan', 'update pods e-orphan', expect.stringMatching(/^create pods web-a-/)]);
  });

  it('ends quietly when the ReplicaSet is gone (NotFound ends the work)', () => {
    const f = new Fixture();
    const c = new ReplicaSetController({ replicaSets: f.lister('replicasets'), pods: f.lister('pods'), ctx: f.ctx });
    expect(c.reconcile('default/missing')).toEqual({ ok: true });
    expect(f.writes()).toEqual([]);
  });

  it('a Conflict on a stale cache requeues the key with back-off', () => {
    const rs = replicaSet('web-a', 1);
    const orphan = pod('orphan', { labels: { app: 'web', 'pod-template-hash': 'a' } });
    const { f, c, key } = setup(rs, [orphan]);
    // the server's copy moved on; the cache still has the old resourceVersion
    f.api.request({ verb: 'update', resource: 'pods', namespace: NS, body: { ...(f.api.find('pods', 'default/orphan') ?? {}) } });
    f.api.flush();
    f.clearWrites();
    c.reconcile(key);
    f.api.flush();
    expect(f.queue.numRequeues(key)).toBe(1);
  });
});
