import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Endpoints, Service } from '../apiserver';
import { Fixture } from './testing/fixture';
import { NS, service } from './testing/objects';
import { EndpointSliceMirroringController, MAX_MIRRORED_PER_SUBSET, MIRRORING_MANAGED_BY } from './endpointSliceMirroring';

function endpoints(name: string, subsets: Endpoints['subsets'], labels?: Record<string, string>): Endpoints {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name, namespace: NS, uid: `uid-ep-${name}`, ...(labels ? { labels } : {}), annotations: { team: 'db', 'kubectl.kubernetes.io/last-applied-configuration': '{}' } },
    subsets,
  };
}

const legacy = (): Endpoints =>
  endpoints('legacy', [{ addresses: [{ ip: '10.0.0.5', hostname: 'db-0' }], notReadyAddresses: [{ ip: '10.0.0.6' }], ports: [{ name: 'sql', port: 5432, protocol: 'TCP' }] }]);

function setup(svc: Service | undefined, ep: Endpoints | undefined, slices: EndpointSlice[] = []) {
  const f = new Fixture();
  if (svc) f.preload('services', svc);
  if (ep) f.preload('endpoints', ep);
  f.preload('endpointslices', ...slices);
  const c = new EndpointSliceMirroringController({ services: f.lister('services'), endpoints: f.lister('endpoints'), endpointSlices: f.lister('endpointslices'), ctx: f.ctx });
  return { f, c };
}

describe('EndpointSlice mirroring controller', () => {
  it('mirrors the hand-written Endpoints of a selectorless Service: ready and not-ready addresses, ports, owner, labels', () => {
    const { f, c } = setup(service('legacy', undefined), legacy());
    c.reconcile(`${NS}/legacy`);
    expect(f.writes().map((w) => `${w.verb} ${w.resource}`)).toEqual(['create endpointslices']);
    const slice = f.writes()[0]?.object as EndpointSlice;
    expect(slice.metadata).toMatchObject({
      generateName: 'legacy-',
      labels: { 'kubernetes.io/service-name': 'legacy', 'endpointslice.kubernetes.io/managed-by': MIRRORING_MANAGED_BY },
      annotations: { team: 'db' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name: 'legacy', uid: 'uid-ep-legacy', controller: true }],
    });
    expect(slice.addressType).toBe('IPv4');
    expect(slice.endpoints).toEqual([
      { addresses: ['10.0.0.5'], conditions: { ready: true }, hostname: 'db-0' },
      { addresses: ['10.0.0.6'], conditions: { ready: false } },
    ]);
    expect(slice.ports).toEqual([{ name: 'sql', port: 5432, protocol: 'TCP' }]);
    f.settle();
    f.clearWrites();
    c.reconcile(`${NS}/legacy`);
    expect(f.writeLines()).toEqual([]);
  });

  it('mirrors nothing for a Service with a selector, skip-mirror Endpoints or Endpoints without a Service, and deletes what it had mirrored', () => {
    const mirrored = { f: undefined as unknown as Fixture };
    {
      const { f, c } = setup(service('legacy', undefined), legacy());
      c.reconcile(`${NS}/legacy`);
      f.settle();
      mirrored.f = f;
    }
    const slice = mirrored.f.api.all('endpointslices')[0] as EndpointSlice;
    const named = { ...slice, metadata: { ...slice.metadata, name: 'legacy-abcde' } };
    for (const [svc, ep] of [
      [service('legacy', { app: 'db' }), legacy()],
      [service('legacy', undefined), endpoints('legacy', legacy().subsets, { 'endpointslice.kubernetes.io/skip-mirror': 'true' })],
      [undefined, legacy()],
      [service('legacy', undefined), undefined],
    ] as const) {
      const { f, c } = setup(svc, ep, [named]);
      c.reconcile(`${NS}/legacy`);
      expect(f.writeLines()).toEqual(['delete endpointslices legacy-abcde']);
    }
  });

  it('updates the slice when the Endpoints change, and caps a subset at 1,000 addresses', () => {
    const many = endpoints('big', [{ addresses: Array.from({ length: MAX_MIRRORED_PER_SUBSET + 5 }, (_, i) => ({ ip: `10.1.${Math.floor(i / 250)}.${i % 250}` })), ports: [{ port: 80 }] }]);
    const { f, c } = setup(service('big', undefined), many);
    c.reconcile(`${NS}/big`);
    expect((f.writes()[0]?.object as EndpointSlice).endpoints).toHaveLength(MAX_MIRRORED_PER_SUBSET);
    f.settle();
    f.clearWrites();
    const stored = f.api.find('endpoints', `${NS}/big`) as Endpoints;
    f.api.request({ verb: 'update', resource: 'endpoints', namespace: NS, body: { ...stored, subsets: [{ addresses: [{ ip: '10.9.9.9' }], ports: [{ port: 80 }] }] } });
    f.settle();
    f.clearWrites();
    c.reconcile(`${NS}/big`);
    expect(f.writes().map((w) => `${w.verb} ${w.resource}`)).toEqual(['update endpointslices']);
    expect((f.writes()[0]?.object as EndpointSlice).endpoints).toEqual([{ addresses: ['10.9.9.9'], conditions: { ready: true } }]);
  });

  it('looks at a Service again when one of its mirrored slices changes, and ignores the other controllers\' slices', () => {
    const { f, c } = setup(undefined, undefined);
    const slice = (managedBy: string): EndpointSlice => ({ metadata: { name: 's', namespace: NS, labels: { 'kubernetes.io/service-name': 'legacy', 'endpointslice.kubernetes.io/managed-by': managedBy } } }) as EndpointSlice;
    c.endpointSliceHandlers.onDelete?.(slice('endpointslice-controller.k8s.io'));
    c.endpointSliceHandlers.onDelete?.(slice(MIRRORING_MANAGED_BY));
    expect([f.queue.get(), f.queue.get()]).toEqual([`${NS}/legacy`, undefined]);
  });
});
