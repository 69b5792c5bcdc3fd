import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Pod, Service } from '../apiserver';
import { Fixture } from './testing/fixture';
import { NS, pod, service, servicePods } from './testing/objects';
import { EndpointSliceController, MAX_ENDPOINTS_PER_SLICE } from './endpointSlice';

function setup(svc: Service | undefined, pods: Pod[], existing: EndpointSlice[] = []) {
  const f = new Fixture();
  if (svc) f.preload('services', svc);
  f.preload('pods', ...pods);
  f.preload('endpointslices', ...existing);
  const c = new EndpointSliceController({ services: f.lister('services'), pods: f.lister('pods'), endpointSlices: f.lister('endpointslices'), ctx: f.ctx });
  return { f, c };
}

const pods = servicePods;

const managedLabels = { 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' };

describe('EndpointSlice controller', () => {
  it('creates one IPv4 slice named after the Service, owned by it, with each Pod as an endpoint and its conditions', () => {
    const { f, c } = setup(service('web', { app: 'web' }), pods());
    c.reconcile(`${NS}/web`);
    expect(f.writeLines()).toEqual(['create endpointslices ']);
    const slice = f.writes()[0]?.object as EndpointSlice;
    expect(slice.metadata?.generateName).toBe('web-');
    expect(slice.metadata?.labels).toEqual(managedLabels);
    expect(slice.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'uid-web', controller: true, blockOwnerDeletion: true }]);
    expect(slice.addressType).toBe('IPv4');
    expect(slice.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(slice.endpoints).toEqual([
      { addresses: ['10.244.1.12'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: NS, name: 'web-1', uid: 'uid-web-1' } },
      { addresses: ['10.244.2.7'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'node-2', targetRef: { kind: 'Pod', namespace: NS, name: 'web-2', uid: 'uid-web-2' } },
      { addresses: ['10.244.3.4'], conditions: { ready: false, serving: false, terminating: false }, nodeName: 'node-3', targetRef: { kind: 'Pod', namespace: NS, name: 'web-slow', uid: 'uid-web-slow' } },
    ]);
  });

  it('writes nothing when the slice already matches, and updates it in place when a Pod turns ready', () => {
    const { f, c } = setup(service('web', { app: 'web' }), pods());
    c.reconcile(`${NS}/web`);
    f.settle();
    f.clearWrites();
    c.reconcile(`${NS}/web`);
    expect(f.writeLines()).toEqual([]);
    const slow = f.api.find('pods', `${NS}/web-slow`) as Pod;
    f.api.request({ verb: 'updateStatus', resource: 'pods', namespace: NS, body: { ...slow, status: { ...slow.status, conditions: [{ type: 'Ready', status: 'True' }] } } });
    f.settle();
    f.clearWrites();
    c.reconcile(`${NS}/web`);
    expect(f.writeLines()).toEqual(['update endpointslices ']);
    const slice = f.writes()[0]?.object as EndpointSlice;
    expect(slice.endpoints?.map((e) => e.conditions?.ready)).toEqual([true, true, true]);
  });

  it('a terminating Pod stays as a not-ready, terminating endpoint; publishNotReadyAddresses makes every endpoint ready', () => {
    const going = pod('web-1', { ip: '10.244.1.12' });
    going.metadata = { ...going.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' };
    const { f, c } = setup(service('web', { app: 'web' }), [going]);
    c.reconcile(`${NS}/web`);
    expect((f.writes()[0]?.object as EndpointSlice).endpoints?.[0]?.conditions).toEqual({ ready: false, serving: true, terminating: true });
    const open = setup(service('web', { app: 'web' }, { publishNotReady: true }), pods());
    open.c.reconcile(`${NS}/web`);
    expect((open.f.writes()[0]?.object as EndpointSlice).endpoints?.map((e) => e.conditions?.ready)).toEqual([true, true, true]);
  });

  it('a Service that selects nothing gets one empty placeholder slice; a selector-less or deleted Service gets no write', () => {
    const empty = setup(service('web', { app: 'nothing' }), pods());
    empty.c.reconcile(`${NS}/web`);
    const slice = empty.f.writes()[0]?.object as EndpointSlice;
    expect(slice.endpoints).toBeUndefined();
    expect(slice.ports).toBeUndefined();
    const manual = setup(service('external', undefined), pods());
    manual.c.reconcile(`${NS}/external`);
    expect(manual.f.writeLines()).toEqual([]);
    const gone = setup(undefined, pods(), [{ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abcde', namespace: NS, labels: managedLabels }, addressType: 'IPv4' }]);
    gone.c.reconcile(`${NS}/web`);
    expect(gone.f.writeLines()).toEqual([]); // the garbage collector follows the ownerReference
  });

  it(`splits more than ${MAX_ENDPOINTS_PER_SLICE} endpoints into several slices and deletes a slice no longer needed`, () => {
    const many = Array.from({ length: 150 }, (_, i) => pod(`web-${i}`, { ip: `10.244.${1 + (i >> 8)}.${i & 255}` }));
    const { f, c } = setup(service('web', { app: 'web' }), many);
    c.reconcile(`${NS}/web`);
    expect(f.writeLines()).toEqual(['create endpointslices ', 'create endpointslices ']);
    expect(f.writes().map((w) => (w.object as EndpointSlice).endpoints?.length)).toEqual([100, 50]);
    const extra: EndpointSlice = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-zzzzz', namespace: NS, labels: managedLabels }, addressType: 'IPv4' };
    const stale = setup(service('web', { app: 'web' }), [pod('web-1', { ip: '10.244.1.12' })], [
      { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-aaaaa', namespace: NS, labels: managedLabels }, addressType: 'IPv4' },
      extra,
    ]);
    stale.c.reconcile(`${NS}/web`);
    expect(stale.f.writeLines()).toEqual(['update endpointslices web-aaaaa', 'delete endpointslices web-zzzzz']);
  });
});
