import { describe, expect, it } from 'vitest';
import type { Endpoints, Pod, Service } from '../apiserver';
import { Fixture } from './testing/fixture';
import { NS, service, servicePods } from './testing/objects';
import { EndpointsController } from './endpoints';

function setup(svc: Service | undefined, pods: Pod[], existing?: Endpoints) {
  const f = new Fixture();
  if (svc) f.preload('services', svc);
  f.preload('pods', ...pods);
  if (existing) f.preload('endpoints', existing);
  const c = new EndpointsController({ services: f.lister('services'), pods: f.lister('pods'), endpoints: f.lister('endpoints'), ctx: f.ctx });
  return { f, c };
}

const pods = servicePods;

describe('Endpoints controller', () => {
  it('writes ready Pods as addresses and not-ready ones as notReadyAddresses, with the named targetPort resolved', () => {
    const { f, c } = setup(service('web', { app: 'web' }), pods());
    c.reconcile(`${NS}/web`);
    expect(f.writeLines()).toEqual(['create endpoints web']);
    const ep = f.writes()[0]?.object as Endpoints;
    expect(ep.subsets).toEqual([
      {
        addresses: [
          { ip: '10.244.1.12', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: NS, name: 'web-1', uid: 'uid-web-1' } },
          { ip: '10.244.2.7', nodeName: 'node-2', targetRef: { kind: 'Pod', namespace: NS, name: 'web-2', uid: 'uid-web-2' } },
        ],
        notReadyAddresses: [{ ip: '10.244.3.4', nodeName: 'node-3', targetRef: { kind: 'Pod', namespace: NS, name: 'web-slow', uid: 'uid-web-slow' } }],
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      },
    ]);
  });

  it('writes nothing when the Endpoints already match, and updates when a Pod turns ready', () => {
    const first = setup(service('web', { app: 'web' }), pods());
    first.c.reconcile(`${NS}/web`);
    first.f.settle();
    first.f.clearWrites();
    first.c.reconcile(`${NS}/web`);
    expect(first.f.writeLines()).toEqual([]);
    const slow = first.f.api.find('pods', `${NS}/web-slow`) as Pod;
    // the kubelet reports readiness through the status subresource
    first.f.api.request({ verb: 'updateStatus', resource: 'pods', namespace: NS, body: { ...slow, status: { ...slow.status, conditions: [{ type: 'Ready', status: 'True' }] } } });
    first.f.settle();
    first.f.clearWrites();
    first.c.reconcile(`${NS}/web`);
    expect(first.f.writeLines()).toEqual(['update endpoints web']);
    const ep = first.f.writes()[0]?.object as Endpoints;
    expect(ep.subsets?.[0]?.addresses?.map((a) => a.ip)).toEqual(['10.244.1.12', '10.244.2.7', '10.244.3.4']);
    expect(ep.subsets?.[0]?.notReadyAddresses).toBeUndefined();
  });

  it('publishNotReadyAddresses lists every Pod as ready', () => {
    const { f, c } = setup(service('web', { app: 'web' }, { publishNotReady: true }), pods());
    c.reconcile(`${NS}/web`);
    const ep = f.writes()[0]?.object as Endpoints;
    expect(ep.subsets?.[0]?.addresses).toHaveLength(3);
    expect(ep.subsets?.[0]?.notReadyAddresses).toBeUndefined();
  });

  it('deletes the Endpoints of a deleted Service and leaves a selector-less Service alone', () => {
    const gone = setup(undefined, pods(), { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', namespace: NS } });
    gone.c.reconcile(`${NS}/web`);
    expect(gone.f.writeLines()).toEqual(['delete endpoints web']);
    const manual = setup(service('external', undefined), pods());
    manual.c.reconcile(`${NS}/external`);
    expect(manual.f.writeLines()).toEqual([]);
  });
});
