// The namespace registry's lifecycle against a real simulated etcd (no controller-manager:
// nobody finalizes but the test): delete marks, a repeat delete answers with the namespace,
// the finalize subresource ends it, and any other spec finalizer keeps it.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { TIMEOUT, configMap, must, stored, testCluster } from './testCluster';

const namespace = (name: string, finalizers?: string[]): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, ...(finalizers ? { spec: { finalizers } } : {}) });

type Ns = KubeObject & { spec?: { finalizers?: string[] }; status?: { phase?: string } };

function storedNs(sim: ReturnType<typeof testCluster>, name: string): Ns | undefined {
  const kv = stored(sim, `/registry/namespaces/${name}`);
  return kv === undefined ? undefined : (JSON.parse(kv.value) as Ns);
}

/** What the namespace controller sends once the content is gone: the namespace with the `kubernetes` token removed. */
function finalizeBody(ns: Ns, keep: string[] = []): KubeObject {
  return { ...ns, spec: { finalizers: keep } };
}

describe('namespace deletion (pkg/registry/core/namespace/storage)', () => {
  it('the first delete marks the namespace Terminating and keeps it; a second one answers with it unchanged', () => {
    const sim = testCluster();
    const created = must<Ns>(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: namespace('team') });
    expect(created.spec?.finalizers).toEqual(['kubernetes']);
    expect(created.status?.phase).toBe('Active');
    const first = must<Ns>(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    expect(first.status?.phase).toBe('Terminating');
    expect(first.metadata?.deletionTimestamp).toMatch(/^2026-01-01T00:00:\d\dZ$/);
    // no grace period: only a Pod has one
    expect(first.metadata?.deletionGracePeriodSeconds).toBeUndefined();
    const kept = storedNs(sim, 'team');
    expect(kept?.status?.phase).toBe('Terminating');
    expect(kept?.spec?.finalizers).toEqual(['kubernetes']);
    const revision = stored(sim, '/registry/namespaces/team')?.mod_revision;
    // Kubernetes 1.17+ (kubernetes/kubernetes#84122): no more 409 while spec.finalizers remain
    const second = sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' }, TIMEOUT);
    expect(second.ok).toBe(true);
    if (second.ok) expect((second.value as Ns).metadata?.deletionTimestamp).toBe(first.metadata?.deletionTimestamp);
    expect(stored(sim, '/registry/namespaces/team')?.mod_revision).toBe(revision);
  });

  it('the finalize subresource that removes the last spec finalizer deletes the namespace', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: namespace('team') });
    const marked = must<Ns>(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    // a status write on the terminating namespace (the controller's conditions) does not delete it
    must(sim, { verb: 'updateStatus', resource: 'namespaces', namespace: '', body: { ...marked, status: { phase: 'Terminating', conditions: [] } } });
    expect(storedNs(sim, 'team')).toBeDefined();
    must(sim, { verb: 'update', resource: 'namespaces', namespace: '', body: finalizeBody(storedNs(sim, 'team')!), subresource: 'finalize' });
    expect(stored(sim, '/registry/namespaces/team')).toBeUndefined();
    const gone = sim.kubectl.request({ verb: 'get', resource: 'namespaces', namespace: '', name: 'team' }, TIMEOUT);
    expect(gone.ok ? 'found' : gone.error.message).toBe('namespaces "team" not found');
  });

  it('a namespace with another spec finalizer stays Terminating after the kubernetes one goes, until that one goes too', () => {
    const sim = testCluster();
    const created = must<Ns>(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: namespace('team', ['example.com/hold']) });
    expect(created.spec?.finalizers).toEqual(['example.com/hold', 'kubernetes']);
    must(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    must(sim, { verb: 'update', resource: 'namespaces', namespace: '', body: finalizeBody(storedNs(sim, 'team')!, ['example.com/hold']), subresource: 'finalize' });
    expect(storedNs(sim, 'team')?.spec?.finalizers).toEqual(['example.com/hold']);
    expect(storedNs(sim, 'team')?.status?.phase).toBe('Terminating');
    // still refusing new content
    const refused = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'team', body: configMap('late') }, TIMEOUT);
    expect(refused.ok ? 'created' : refused.error.code).toBe(403);
    must(sim, { verb: 'update', resource: 'namespaces', namespace: '', body: finalizeBody(storedNs(sim, 'team')!), subresource: 'finalize' });
    expect(storedNs(sim, 'team')).toBeUndefined();
  });

  it('an update of the namespace itself cannot change spec.finalizers; finalize keeps the status', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: namespace('team') });
    const current = storedNs(sim, 'team')!;
    const updated = must<Ns>(sim, { verb: 'update', resource: 'namespaces', namespace: '', body: { ...current, metadata: { ...current.metadata, labels: { a: 'b' } }, spec: { finalizers: [] } } });
    expect(updated.spec?.finalizers).toEqual(['kubernetes']);
    // the labels are the body's, and Canonicalize puts back the one naming the namespace
    expect(updated.metadata?.labels).toEqual({ a: 'b', 'kubernetes.io/metadata.name': 'team' });
    const finalized = must<Ns>(sim, { verb: 'update', resource: 'namespaces', namespace: '', body: { ...finalizeBody(updated), status: { phase: 'Terminating' } }, subresource: 'finalize' });
    // an Active namespace with no finalizer is not deleted; nothing deletes it but a delete
    expect(finalized.spec?.finalizers ?? []).toEqual([]);
    expect(finalized.status?.phase).toBe('Active');
    // a delete of a namespace with no spec finalizers still only marks it first
    const marked = must<Ns>(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    expect(marked.status?.phase).toBe('Terminating');
    must(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    expect(storedNs(sim, 'team')).toBeUndefined();
  });

  it('a uid precondition that does not match is 409 with the real text; an unknown namespace is 404', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: namespace('team') });
    const uid = storedNs(sim, 'team')?.metadata?.uid;
    const r = sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'team', uid: 'other' }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(`409 Operation cannot be fulfilled on namespaces "team": Precondition failed: UID in precondition: other, UID in object meta: ${uid}`);
    const missing = sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name: 'nope' }, TIMEOUT);
    expect(missing.ok ? '' : `${missing.error.code} ${missing.error.message}`).toBe('404 namespaces "nope" not found');
  });

  it('NamespaceLifecycle refuses to delete default, kube-system and kube-public with 403; kube-node-lease may go', () => {
    const sim = testCluster();
    for (const name of ['default', 'kube-system', 'kube-public']) {
      const r = sim.kubectl.request({ verb: 'delete', resource: 'namespaces', namespace: '', name }, TIMEOUT);
      expect(r.ok ? 'deleted' : `${r.error.code} ${r.error.message}`).toBe(`403 namespaces "${name}" is forbidden: this namespace may not be deleted`);
      expect(storedNs(sim, name)?.metadata?.deletionTimestamp).toBeUndefined();
    }
    expect(must<Ns>(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'kube-node-lease' }).status?.phase).toBe('Terminating');
  });
});
