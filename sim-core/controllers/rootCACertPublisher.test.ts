import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import { statusError } from '../client';
import { Fixture } from './testing/fixture';
import { ROOT_CA_CERT, ROOT_CA_CONFIGMAP, RootCACertPublisher, rootCAConfigMap } from './rootCACertPublisher';

function setup(configMaps: KubeObject[] = []) {
  const f = new Fixture();
  f.preload('configmaps', ...configMaps);
  const c = new RootCACertPublisher({ configMaps: f.lister('configmaps'), ctx: f.ctx });
  return { f, c };
}

const stored = (ns: string): KubeObject => {
  const cm = rootCAConfigMap(ns);
  return { ...cm, metadata: { ...cm.metadata, uid: `uid-${ns}`, resourceVersion: '7' } };
};

describe('root CA certificate publisher', () => {
  it('creates kube-root-ca.crt with the CA and its description where it is missing, and nothing once it is right', () => {
    const { f, c } = setup();
    c.reconcile('team');
    expect(f.writeLines()).toEqual([`create configmaps ${ROOT_CA_CONFIGMAP}`]);
    const cm = f.writes()[0]?.object as KubeObject & { data?: Record<string, string> };
    expect(cm.data).toEqual({ 'ca.crt': ROOT_CA_CERT });
    expect(cm.metadata?.annotations?.['kubernetes.io/description']).toMatch(/^Contains a CA bundle/);
    expect(ROOT_CA_CERT).toMatch(/^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/]{64}\n){17}-----END CERTIFICATE-----\n$/);
    f.settle();
    f.clearWrites();
    c.reconcile('team');
    expect(f.writeLines()).toEqual([]);
  });

  it('puts back changed data and a dropped annotation, keeping the other annotations', () => {
    const edited = stored('team') as KubeObject & { data?: Record<string, string> };
    const { f, c } = setup([{ ...edited, metadata: { ...edited.metadata, annotations: { mine: 'x' } }, data: { 'ca.crt': 'tampered', extra: 'y' } }]);
    c.reconcile('team');
    expect(f.writeLines()).toEqual([`update configmaps ${ROOT_CA_CONFIGMAP}`]);
    const fixed = f.writes()[0]?.object as KubeObject & { data?: Record<string, string> };
    expect(fixed.data).toEqual({ 'ca.crt': ROOT_CA_CERT });
    expect(Object.keys(fixed.metadata?.annotations ?? {}).sort()).toEqual(['kubernetes.io/description', 'mine']);
  });

  it('hears of its own ConfigMap only, and does not retry a create in a namespace that is gone or terminating', () => {
    const { f, c } = setup();
    c.configMapHandlers.onDelete?.({ metadata: { name: 'other', namespace: 'a' } } as never);
    c.configMapHandlers.onDelete?.(stored('b') as never);
    c.namespaceHandlers.onAdd?.({ metadata: { name: 'c' } } as never);
    expect([f.queue.get(), f.queue.get(), f.queue.get()]).toEqual(['b', 'c', undefined]);
    f.api.failNext('create', 'configmaps', statusError('Forbidden', `configmaps "${ROOT_CA_CONFIGMAP}" is forbidden: unable to create new content in namespace gone because it is being terminated`));
    c.reconcile('gone');
    f.settle();
    expect(f.queue.numRequeues('gone')).toBe(0);
    f.api.failNext('create', 'configmaps', statusError('InternalError', 'etcdserver: request timed out'));
    c.reconcile('busy');
    f.settle();
    expect(f.queue.numRequeues('busy')).toBe(1);
  });
});
