import { describe, expect, it } from 'vitest';
import { API_RESOURCES } from '../apiserver';
import { statusError, type KubeObject } from '../client';
import { Fixture } from './testing/fixture';
import { NamespaceController, NAMESPACE_DELETION_GRACE_PERIOD_TICKS, NAMESPACE_PASS_TIMEOUT_TICKS, remainingContentDelayTicks } from './namespaceController';
import type { NamespaceShape } from './namespaceDeleter';

const DELETED_AT = '2026-01-01T00:00:00Z';

function namespace(name: string, extra: { phase?: string; deleted?: string; finalizers?: string[] } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, uid: `uid-${name}`, ...(extra.deleted !== undefined ? { deletionTimestamp: extra.deleted } : {}) },
    spec: { finalizers: extra.finalizers ?? ['kubernetes'] },
    status: { phase: extra.phase ?? 'Terminating' },
  };
}

const item = (kind: string, apiVersion: string, name: string, ns = 'team', extra: Record<string, unknown> = {}): KubeObject => ({ apiVersion, kind, metadata: { name, namespace: ns }, ...extra });
const pod = (name: string, spec: Record<string, unknown> = {}, finalizers?: string[]): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'team', ...(finalizers ? { finalizers } : {}) },
  spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'nginx:1.27' }], ...spec },
  status: { phase: 'Running' },
});

function setup(...namespaces: KubeObject[]) {
  const f = new Fixture();
  f.preload('namespaces', ...namespaces);
  const c = new NamespaceController({ namespaces: f.lister('namespaces'), ctx: f.ctx, discoverResources: () => API_RESOURCES.filter((r) => r.namespaced) });
  return { f, c };
}

function conditions(f: Fixture, name = 'team'): Array<{ type: string; status: string; reason: string; message: string }> {
  const ns = f.api.find('namespaces', name) as NamespaceShape | undefined;
  return (ns?.status?.conditions ?? []).map(({ type, status, reason, message }) => ({ type, status, reason, message }));
}

describe('namespace controller', () => {
  it('queues only namespaces being deleted, 5 s after it hears of them', () => {
    const { f, c } = setup();
    c.namespaceHandlers.onAdd?.(namespace('active', { phase: 'Active' }) as never);
    c.namespaceHandlers.onUpdate?.(namespace('active', { phase: 'Active' }) as never, namespace('active', { phase: 'Active' }) as never);
    expect(f.queue.nextDueIn()).toBeUndefined();
    c.namespaceHandlers.onUpdate?.(namespace('team', { phase: 'Active' }) as never, namespace('team', { deleted: DELETED_AT }) as never);
    expect(f.queue.nextDueIn()).toBe(NAMESPACE_DELETION_GRACE_PERIOD_TICKS);
    expect(f.queue.get()).toBeUndefined();
    f.queue.advance(NAMESPACE_DELETION_GRACE_PERIOD_TICKS);
    expect(f.queue.get()).toBe('team');
  });

  it('deletes every item of every namespaced resource, writes the conditions, then removes its finalizer through finalize', () => {
    const { f, c } = setup(namespace('team', { phase: 'Active', deleted: DELETED_AT }), namespace('other', { phase: 'Active' }));
    f.preload('configmaps', item('ConfigMap', 'v1', 'kube-root-ca.crt'), item('ConfigMap', 'v1', 'settings'), item('ConfigMap', 'v1', 'elsewhere', 'other'));
    f.preload('serviceaccounts', item('ServiceAccount', 'v1', 'default'));
    f.preload('deployments', item('Deployment', 'apps/v1', 'web'));
    c.reconcile('team');
    f.settle();
    expect(f.writeLines()).toEqual([
      // the phase first (the registry sets it on delete; an older writer may not have)
      'updateStatus namespaces team',
      'delete configmaps kube-root-ca.crt (Background)',
      'delete configmaps settings (Background)',
      'delete serviceaccounts default (Background)',
      'delete deployments web (Background)',
      'updateStatus namespaces team',
      // the conditions write moved the resourceVersion the finalize body carries: 409, read again, retry (retryOnConflictError)
      'update namespaces/finalize team',
      'update namespaces/finalize team',
    ]);
    const finalize = f.writes().at(-1)?.object as NamespaceShape;
    expect(finalize.spec?.finalizers).toBeUndefined(); // omitempty: the token was the only one
    expect(f.api.find('namespaces', 'team')).toBeUndefined();
    expect(f.api.all('configmaps').map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`)).toEqual(['other/elsewhere']);
    expect(f.queue.nextDueIn()).toBeUndefined();
  });

  it('Pods still terminating: conditions say what remains, and the namespace comes back after estimate/2 + 1 seconds', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT }));
    // a finalizer keeps the Pod in the fake server as a kubelet would while it stops the containers
    f.preload('pods', pod('web-1', { terminationGracePeriodSeconds: 30 }, ['example.com/hold']), pod('done', { terminationGracePeriodSeconds: 600 }));
    f.api.actions.length = 0;
    f.tick = 500; // 5 s after the deletion, as the grace period queue delivers it
    c.reconcile('team');
    f.settle();
    expect(f.writeLines()).toEqual(['delete pods done (Background)', 'delete pods web-1 (Background)', 'updateStatus namespaces team']);
    expect(conditions(f)).toEqual([
      { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
      { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
      { type: 'NamespaceDeletionContentFailure', status: 'False', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
      { type: 'NamespaceContentRemaining', status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 1 resource instances' },
      { type: 'NamespaceFinalizersRemaining', status: 'True', reason: 'SomeFinalizersRemain', message: 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances' },
    ]);
    // the estimate is the longest grace period of the Pods still running (600 s, of the one the pass just deleted): 600/2 + 1 s
    expect(remainingContentDelayTicks(600)).toBe(30_100);
    expect(f.queue.nextDueIn()).toBe(30_100);
    expect(f.api.find('namespaces', 'team')).toBeDefined();
  });

  it('once the grace period has passed, content held by a finalizer is given the default 15 s estimate: back after 8 s', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT }));
    f.preload('pods', pod('web-1', { terminationGracePeriodSeconds: 30 }, ['example.com/hold']));
    f.tick = 3100; // 31 s after the deletion
    c.reconcile('team');
    f.settle();
    expect(f.queue.nextDueIn()).toBe(800);
    // nothing changed in the conditions on a second pass: no status write
    f.clearWrites();
    c.reconcile('team');
    f.settle();
    expect(f.writeLines()).toEqual(['delete pods web-1 (Background)']);
  });

  it('a delete that fails is a NamespaceDeletionContentFailure; the namespace is retried with back-off and keeps its finalizer', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT }));
    f.preload('secrets', item('Secret', 'v1', 'token'));
    f.api.failNext('delete', 'secrets', statusError('InternalError', 'etcdserver: request timed out'));
    c.reconcile('team');
    f.settle();
    expect(f.writeLines()).toEqual(['delete secrets token (Background)', 'updateStatus namespaces team']);
    expect(conditions(f)[2]).toEqual({
      type: 'NamespaceDeletionContentFailure',
      status: 'True',
      reason: 'ContentDeletionFailed',
      message: 'Failed to delete all resource types, 1 remaining: etcdserver: request timed out',
    });
    expect(f.queue.nextDueIn()).toBe(1);
    expect((f.api.find('namespaces', 'team') as NamespaceShape).spec?.finalizers).toEqual(['kubernetes']);
    // the next pass deletes it and clears the failure: the condition flips back, with a new transition time
    f.tick = 100;
    f.clearWrites();
    c.reconcile('team');
    f.settle();
    expect(f.writeLines()).toEqual(['delete secrets token (Background)', 'updateStatus namespaces team', 'update namespaces/finalize team', 'update namespaces/finalize team']);
    expect(f.api.find('namespaces', 'team')).toBeUndefined();
  });

  it('leaves alone a namespace that is not being deleted, one already finalized, and one the cache no longer has', () => {
    const { f, c } = setup(namespace('active', { phase: 'Active' }), namespace('finalized', { deleted: DELETED_AT, finalizers: [] }));
    f.preload('configmaps', item('ConfigMap', 'v1', 'kube-root-ca.crt', 'active'), item('ConfigMap', 'v1', 'kube-root-ca.crt', 'finalized'));
    c.reconcile('active');
    c.reconcile('finalized');
    c.reconcile('gone');
    f.settle();
    expect(f.writeLines()).toEqual([]);
    expect(f.queue.nextDueIn()).toBeUndefined();
  });

  it('keeps a namespace with another spec finalizer, removing only its own token', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT, finalizers: ['kubernetes', 'example.com/hold'] }));
    c.reconcile('team');
    f.settle();
    const finalize = f.writes().at(-1)?.object as NamespaceShape;
    expect(finalize.spec?.finalizers).toEqual(['example.com/hold']);
    expect((f.api.find('namespaces', 'team') as NamespaceShape).spec?.finalizers).toEqual(['example.com/hold']);
  });

  it('one pass at a time per namespace: a sync asked for during a pass runs when it ends', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT }));
    f.preload('configmaps', item('ConfigMap', 'v1', 'a'));
    c.reconcile('team');
    expect(c.syncing('team')).toBe(true);
    c.reconcile('team'); // handed out again meanwhile: no second pass
    f.api.flush();
    expect(f.writeLines().filter((l) => l.startsWith('delete'))).toEqual(['delete configmaps a (Background)']);
    expect(c.syncing('team')).toBe(false);
    expect(f.queue.get()).toBe('team');
  });

  it('a pass whose answers never come is given up after 45 s and retried; its late answers change nothing', () => {
    const { f, c } = setup(namespace('team', { deleted: DELETED_AT }));
    c.reconcile('team');
    expect(c.syncing('team')).toBe(true);
    c.tick(NAMESPACE_PASS_TIMEOUT_TICKS - 1);
    expect(c.syncing('team')).toBe(true);
    c.tick(NAMESPACE_PASS_TIMEOUT_TICKS);
    expect(c.syncing('team')).toBe(false);
    expect(f.queue.nextDueIn()).toBe(1); // the first failure's back-off
    f.settle(); // the old pass's answers arrive after all: ignored, it was given up
    expect(f.writeLines()).toEqual([]);
    expect(c.syncing('team')).toBe(false);
  });
});
