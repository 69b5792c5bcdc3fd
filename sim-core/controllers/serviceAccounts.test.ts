import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import { statusError } from '../client';
import { Fixture } from './testing/fixture';
import { ServiceAccountsController } from './serviceAccounts';

function namespace(name: string, extra: { phase?: string; deletionTimestamp?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, uid: `uid-${name}`, ...(extra.deletionTimestamp ? { deletionTimestamp: extra.deletionTimestamp } : {}) },
    status: { phase: extra.phase ?? 'Active' },
  };
}

const account = (ns: string, name = 'default'): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: ns, uid: `uid-${ns}-${name}` } });

function setup(namespaces: KubeObject[], accounts: KubeObject[] = []) {
  const f = new Fixture();
  f.preload('namespaces', ...namespaces);
  f.preload('serviceaccounts', ...accounts);
  const c = new ServiceAccountsController({ namespaces: f.lister('namespaces'), serviceAccounts: f.lister('serviceaccounts'), ctx: f.ctx });
  return { f, c };
}

describe('ServiceAccounts controller', () => {
  it('creates the default ServiceAccount of an active namespace that lacks it, and nothing once it exists', () => {
    const { f, c } = setup([namespace('team')]);
    c.reconcile('team');
    expect(f.writeLines()).toEqual(['create serviceaccounts default']);
    expect(f.writes()[0]).toMatchObject({ namespace: 'team', object: { kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'team' } } });
    f.settle();
    f.clearWrites();
    c.reconcile('team');
    expect(f.writeLines()).toEqual([]);
  });

  it('leaves terminating and unknown namespaces alone', () => {
    const { f, c } = setup([namespace('going', { phase: 'Terminating', deletionTimestamp: '2026-01-01T00:00:09Z' })]);
    c.reconcile('going');
    c.reconcile('never-existed');
    expect(f.writeLines()).toEqual([]);
  });

  it('is told by the informers: a namespace added or updated, a ServiceAccount deleted', () => {
    const { f, c } = setup([namespace('a'), namespace('b')], [account('b')]);
    c.namespaceHandlers.onAdd?.(namespace('a') as never);
    c.serviceAccountHandlers.onDelete?.(account('b') as never);
    expect([f.queue.get(), f.queue.get()]).toEqual(['a', 'b']);
  });

  it('requeues a failed create, but not one refused because the account exists or the namespace is terminating', () => {
    const { f, c } = setup([namespace('team')]);
    f.api.failNext('create', 'serviceaccounts', statusError('InternalError', 'etcdserver: request timed out'));
    c.reconcile('team');
    f.settle();
    expect(f.queue.numRequeues('team')).toBe(1);
    const again = setup([namespace('team')]);
    again.f.api.failNext('create', 'serviceaccounts', statusError('AlreadyExists', 'serviceaccounts "default" already exists'));
    again.c.reconcile('team');
    again.f.settle();
    expect(again.f.queue.numRequeues('team')).toBe(0);
    const terminating = setup([namespace('team')]);
    terminating.f.api.failNext('create', 'serviceaccounts', statusError('Forbidden', 'serviceaccounts "default" is forbidden: unable to create new content in namespace team because it is being terminated'));
    terminating.c.reconcile('team');
    terminating.f.settle();
    expect(terminating.f.queue.numRequeues('team')).toBe(0);
  });
});
