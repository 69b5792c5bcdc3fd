// NodePort allocation on the API server (pkg/registry/core/service/portallocator): what a
// learner sees in `kubectl get svc` (80:3xxxx/TCP) and the refusal of a port in use.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { TIMEOUT, must, stored, testCluster } from './testCluster';

type Ports = { spec: { ports: Array<{ port: number; nodePort?: number }> } };

function nodePortService(name: string, nodePort?: number, type = 'NodePort'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name },
    spec: { type, selector: { app: name }, ports: [{ name: 'http', port: 80, ...(nodePort ? { nodePort } : {}) }, { name: 'https', port: 443 }] },
  };
}

const nodePorts = (o: KubeObject) => (o as unknown as Ports).spec.ports.map((p) => p.nodePort);

describe('NodePort allocation', () => {
  it('gives every port of a NodePort or LoadBalancer Service a distinct port in 30000-32767, stored in etcd', () => {
    const sim = testCluster();
    const a = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('a') });
    const b = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('b', undefined, 'LoadBalancer') });
    const all = [...nodePorts(a), ...nodePorts(b)];
    for (const p of all) expect(p! >= 30000 && p! <= 32767, String(p)).toBe(true);
    expect(new Set(all).size).toBe(4);
    expect(nodePorts(JSON.parse(stored(sim, '/registry/services/specs/default/a')!.value) as KubeObject)).toEqual(nodePorts(a));
  });

  it('a ClusterIP Service gets no node port', () => {
    const sim = testCluster();
    const c = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('c', undefined, 'ClusterIP') });
    expect(nodePorts(c)).toEqual([undefined, undefined]);
  });

  it('honours a requested free port and refuses one already allocated with the real 422 text, storing nothing', () => {
    const sim = testCluster();
    const first = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('first', 30080) });
    expect(nodePorts(first)[0]).toBe(30080);
    const r = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('second', 30080) }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(
      '422 The Service "second" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    );
    expect(stored(sim, '/registry/services/specs/default/second')).toBeUndefined();
    const out = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('third', 8080) }, TIMEOUT);
    expect(out.ok ? '' : out.error.message).toBe(
      'The Service "third" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
  });

  it('an update that leaves nodePort out keeps the allocated one', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('web') });
    const body = { ...nodePortService('web'), metadata: { name: 'web', resourceVersion: created.metadata?.resourceVersion } };
    const updated = must(sim, { verb: 'update', resource: 'services', namespace: 'default', body });
    expect(nodePorts(updated)).toEqual(nodePorts(created));
  });
});
