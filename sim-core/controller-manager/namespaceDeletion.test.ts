// Deleting a namespace end to end on the default topology: the API server marks it
// Terminating and keeps it, NamespaceLifecycle refuses new content, the namespace
// controller deletes everything in it (its Pods gracefully, through their kubelet), and
// once nothing is left removes the `kubernetes` finalizer, which ends the namespace — with
// nothing of it left in etcd. Its timing follows the real controller's arithmetic: the
// first pass 5 s after the deletion (namespaceDeletionGracePeriod) finds the Pod still
// terminating and writes the conditions; that write brings the namespace back 5 s later,
// sooner than the estimate's 30/2 + 1 = 16 s, and by then the Pod is gone.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import type { NamespaceShape } from '../controllers/namespaceDeleter';
import { NAMESPACE_DELETION_GRACE_PERIOD_TICKS, remainingContentDelayTicks } from '../controllers';
import { TIMEOUT, nginxDeployment, testCluster } from './testing/cluster';

const SEED = 1;

describe('namespace deletion', () => {
  it('kubectl delete namespace: Terminating, new content refused, its content deleted, then the namespace itself, nothing left in etcd', () => {
    const c = testCluster(SEED);
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } });
    const web = nginxDeployment('web', 2);
    web.metadata = { ...web.metadata, namespace: 'team' };
    c.create('deployments', web);
    const running = c.sim.runUntil(() => c.list<KubeObject>('pods', 'team').filter((p) => (p.status as { phase?: string } | undefined)?.phase === 'Running').length === 2, 5_000);
    expect(running.ok, `reproduce with seed=${SEED}`).toBe(true);
    // the controllers put their own objects in every namespace
    expect(c.etcdKeys('/registry/configmaps/team/')).toEqual(['/registry/configmaps/team/kube-root-ca.crt']);
    expect(c.etcdKeys('/registry/serviceaccounts/team/')).toEqual(['/registry/serviceaccounts/team/default']);

    const deleted = c.sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' }, TIMEOUT);
    expect(deleted.ok).toBe(true);
    const start = c.sim.now;
    const marked = (deleted.ok ? deleted.value : {}) as NamespaceShape;
    expect(marked.status?.phase).toBe('Terminating');
    expect(c.get<NamespaceShape>('namespaces', '', 'team')?.status?.phase).toBe('Terminating');

    // NamespaceLifecycle: nothing new while it terminates
    const refused = c.sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'team', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late' } } }, TIMEOUT);
    expect(refused.ok ? 'created' : refused.error.message).toBe('configmaps "late" is forbidden: unable to create new content in namespace team because it is being terminated');

    // nothing happens before the namespace controller's 5 s
    c.sim.tick(NAMESPACE_DELETION_GRACE_PERIOD_TICKS - 60);
    expect(c.etcdKeys('/registry/deployments/team/')).toEqual(['/registry/deployments/team/web']);

    // the first pass: the Pods are still terminating when it looks again, and the conditions say so
    const conditionsWritten = c.sim.runUntil(() => (c.get<NamespaceShape>('namespaces', '', 'team')?.status?.conditions ?? []).length > 0, 1_000);
    expect(conditionsWritten.ok, `reproduce with seed=${SEED}`).toBe(true);
    const remaining = c.get<NamespaceShape>('namespaces', '', 'team')?.status?.conditions?.find((k) => k.type === 'NamespaceContentRemaining');
    expect(remaining).toMatchObject({ status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 2 resource instances' });
    expect(c.etcdKeys('/registry/deployments/team/')).toEqual([]);
    expect(c.etcdKeys('/registry/replicasets/team/')).toEqual([]);

    const gone = c.sim.runUntil(() => c.etcdKeys('/registry/namespaces/team').length === 0, 3_000);
    expect(gone.ok, `reproduce with seed=${SEED}`).toBe(true);
    const took = c.sim.now - start;
    // two passes 5 s apart, the second sooner than the 16 s the Pods' estimate asked for
    expect(took).toBeGreaterThanOrEqual(2 * NAMESPACE_DELETION_GRACE_PERIOD_TICKS);
    expect(took).toBeLessThan(NAMESPACE_DELETION_GRACE_PERIOD_TICKS + remainingContentDelayTicks(30));

    // nothing of the namespace is left: not its objects, nor the ones the controllers made in it
    expect(c.sim.etcdContents().filter((kv) => kv.key.includes('/team/') || kv.key.endsWith('/team'))).toEqual([]);
    // and the controllers that make objects in every namespace did not bring any back
    c.sim.tick(1_000);
    expect(c.sim.etcdContents().filter((kv) => kv.key.includes('/team/'))).toEqual([]);

    // the finalize subresource was the namespace controller's last word, with its RBAC
    const finalize = c.trace.filter((e) => {
      const api = (e.detail as { api?: { from?: string; subresource?: string; code?: number } } | undefined)?.api;
      return api?.from === 'kube-controller-manager' && api.subresource === 'finalize';
    });
    expect(finalize.length).toBeGreaterThan(0);
    expect((finalize.at(-1)?.detail as { api: { code: number } }).api.code).toBe(200);
  });

  it('a namespace with another spec finalizer is emptied but stays Terminating until that finalizer is removed', () => {
    const c = testCluster(SEED);
    c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'held' }, spec: { finalizers: ['example.com/hold'] } });
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'held' } });
    c.sim.tick(300);
    expect(c.sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'held' }, TIMEOUT).ok).toBe(true);
    const emptied = c.sim.runUntil(() => (c.get<NamespaceShape>('namespaces', '', 'held')?.spec?.finalizers ?? []).join() === 'example.com/hold', 3_000);
    expect(emptied.ok, `reproduce with seed=${SEED}`).toBe(true);
    expect(c.etcdKeys('/registry/configmaps/held/')).toEqual([]);
    c.sim.tick(2_000);
    const held = c.get<NamespaceShape>('namespaces', '', 'held');
    expect(held?.status?.phase).toBe('Terminating');
    // whoever owns that finalizer releases it through the finalize subresource
    const released = c.sim.kubectl.request({ verb: 'update', resource: 'namespaces', namespace: '', body: { ...held, spec: {} } as KubeObject, subresource: 'finalize' }, TIMEOUT);
    expect(released.ok).toBe(true);
    expect(c.etcdKeys('/registry/namespaces/held')).toEqual([]);
  });

  it('--cascade=foreground and --cascade=orphan: the garbage collector removes its finalizer from the namespace, the namespace controller its token, and the namespace ends', () => {
    const c = testCluster(SEED);
    for (const name of ['fg', 'orphans']) {
      c.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
      c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: name } });
    }
    c.sim.tick(300);
    const fg = c.sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'fg', propagationPolicy: 'Foreground' }, TIMEOUT);
    expect(fg.ok ? (fg.value as NamespaceShape).metadata?.finalizers : fg.error.message).toEqual(['foregroundDeletion']);
    const orphan = c.sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'orphans', propagationPolicy: 'Orphan' }, TIMEOUT);
    expect(orphan.ok ? (orphan.value as NamespaceShape).metadata?.finalizers : orphan.error.message).toEqual(['orphan']);
    const gone = c.sim.runUntil(() => c.etcdKeys('/registry/namespaces/fg').length === 0 && c.etcdKeys('/registry/namespaces/orphans').length === 0, 3_000);
    expect(gone.ok, `reproduce with seed=${SEED}`).toBe(true);
    expect(c.sim.etcdContents().filter((kv) => kv.key.includes('/fg/') || kv.key.includes('/orphans/'))).toEqual([]);
  });
});
