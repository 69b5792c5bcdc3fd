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
      '422 Service "second" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    );
    expect(stored(sim, '/registry/services/specs/default/second')).toBeUndefined();
    const out = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('third', 8080) }, TIMEOUT);
    expect(out.ok ? '' : out.error.message).toBe(
      'Service "third" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
  });

  it('an update that leaves nodePort out keeps the allocated one', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('web') });
    const body = { ...nodePortService('web'), metadata: { name: 'web', resourceVersion: created.metadata?.resourceVersion } };
    const updated = must(sim, { verb: 'update', resource: 'services', namespace: 'default', body });
    expect(nodePorts(updated)).toEqual(nodePorts(created));
  });

  const svc = (name: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec });
  const specOf = (o: KubeObject) => o.spec as { ports: Array<{ nodePort?: number }>; healthCheckNodePort?: number; externalTrafficPolicy?: string; allocateLoadBalancerNodePorts?: boolean };
  const patch = (name: string, p: unknown) => ({ verb: 'patch' as const, resource: 'services', namespace: 'default', name, patchType: 'application/merge-patch+json' as const, patch: p });

  it('ports with the same number (TCP and UDP 53) share one node port (initNodePorts)', () => {
    const sim = testCluster();
    const dns = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('dns', { type: 'NodePort', ports: [{ name: 'tcp', port: 53 }, { name: 'udp', port: 53, protocol: 'UDP' }] }) });
    const [tcp, udp] = nodePorts(dns);
    expect(tcp).toBeDefined();
    expect(udp).toBe(tcp);
  });

  it('a Local LoadBalancer gets a health-check node port; allocateLoadBalancerNodePorts: false gives its ports none', () => {
    const sim = testCluster();
    const local = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('local', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ port: 80 }] }) });
    const hc = specOf(local).healthCheckNodePort!;
    expect(hc >= 30000 && hc <= 32767 && hc !== nodePorts(local)[0]).toBe(true);
    expect(specOf(local).allocateLoadBalancerNodePorts).toBe(true);
    const bare = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('bare', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: [{ port: 80 }] }) });
    expect(nodePorts(bare)).toEqual([undefined]);
    expect(specOf(bare).healthCheckNodePort).toBeUndefined();
    const taken = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('taken', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: hc, ports: [{ port: 80 }] }) }, TIMEOUT);
    expect(taken.ok ? '' : `${taken.error.code} ${taken.error.message}`).toBe(`500 Internal error occurred: failed to allocate requested HealthCheck NodePort ${hc}: provided port is already allocated`);
  });

  it('an update to NodePort allocates node ports, one back to ClusterIP drops them with the traffic policy, and a taken port is refused', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('web', { selector: { app: 'web' }, ports: [{ port: 80 }] }) });
    const toNodePort = must(sim, patch('web', { spec: { type: 'NodePort' } }));
    const allocated = nodePorts(toNodePort)[0]!;
    expect(allocated >= 30000 && allocated <= 32767).toBe(true);
    expect(specOf(toNodePort).externalTrafficPolicy).toBe('Cluster');
    // a PUT of the Service without the node port keeps it (patchAllocatedValues, by port name)
    const again = must(sim, { verb: 'update', resource: 'services', namespace: 'default', body: svc('web', { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80 }] }) });
    expect(nodePorts(again)).toEqual([allocated]);
    const toLocal = must(sim, patch('web', { spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local' } }));
    expect(nodePorts(toLocal)).toEqual([allocated]);
    expect(specOf(toLocal).healthCheckNodePort).toBeGreaterThanOrEqual(30000);
    const back = must(sim, patch('web', { spec: { type: 'ClusterIP' } }));
    expect(nodePorts(back)).toEqual([undefined]);
    expect(specOf(back).externalTrafficPolicy).toBeUndefined();
    expect(specOf(back).healthCheckNodePort).toBeUndefined();
    expect(specOf(back).allocateLoadBalancerNodePorts).toBeUndefined();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('other', 30081) });
    const clash = sim.kubectl.request(patch('web', { spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30081 }] } }), TIMEOUT);
    expect(clash.ok ? '' : `${clash.error.code} ${clash.error.message}`).toBe('422 Service "web" is invalid: spec.ports[0].nodePort: Invalid value: 30081: provided port is already allocated');
  });

  it('an update to ClusterIP that adds or drops ports still drops the node ports it kept; a port asked twice, or the health-check port, is refused', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('web', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ name: 'http', port: 80 }] }) });
    const lb = must(sim, { verb: 'get', resource: 'services', namespace: 'default', name: 'web' });
    const [np] = nodePorts(lb);
    const hc = specOf(lb).healthCheckNodePort!;
    const twice = sim.kubectl.request(patch('web', { spec: { ports: [{ name: 'http', port: 80, nodePort: np }, { name: 'b', port: 81, nodePort: 30555 }, { name: 'c', port: 82, nodePort: 30555 }] } }), TIMEOUT);
    expect(twice.ok ? '' : `${twice.error.code} ${twice.error.reason} ${twice.error.message}`).toBe('500  duplicate nodePort: {TCP 30555}');
    const onHealthCheck = sim.kubectl.request(patch('web', { spec: { ports: [{ name: 'http', port: 80 }, { name: 'b', port: 81, nodePort: hc }] } }), TIMEOUT);
    expect(onHealthCheck.ok ? '' : onHealthCheck.error.message).toBe(`Service "web" is invalid: spec.ports[1].nodePort: Invalid value: ${hc}: provided port is already allocated`);
    const cls = sim.kubectl.request(patch('web', { spec: { healthCheckNodePort: 31999 } }), TIMEOUT);
    expect(cls.ok ? '' : cls.error.message).toBe('Service "web" is invalid: spec.healthCheckNodePort: Forbidden: field is immutable');
    const toClusterIP = must(sim, { verb: 'update', resource: 'services', namespace: 'default', body: { ...svc('web', { type: 'ClusterIP', ports: [{ name: 'http', port: 80, nodePort: np }, { name: 'https', port: 443 }] }) } });
    expect(nodePorts(toClusterIP)).toEqual([undefined, undefined]);
  });

  it('a Service leaving ExternalName gets a cluster IP; a LoadBalancer keeps its class', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('ext', { type: 'ExternalName', externalName: 'db.example.com' }) });
    const np = must(sim, patch('ext', { spec: { type: 'NodePort', externalName: null, ports: [{ port: 80 }] } }));
    const spec = np.spec as { clusterIP?: string; clusterIPs?: string[] };
    expect(spec.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(spec.clusterIPs).toEqual([spec.clusterIP]);
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: svc('lb', { type: 'LoadBalancer', loadBalancerClass: 'example.com/a', ports: [{ port: 80 }] }) });
    const r = sim.kubectl.request(patch('lb', { spec: { loadBalancerClass: 'example.com/b' } }), TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe('Service "lb" is invalid: spec.loadBalancerClass: Invalid value: "example.com/b": may not change once set');
  });

  it('a patch that makes the spec or its ports malformed is refused, and the cluster goes on', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: nodePortService('web') });
    for (const p of [{ spec: { ports: 'x' } }, { spec: 'x' }, { spec: { ports: [null] } }, { spec: { clusterIPs: 'x', type: 'ExternalName' } }]) {
      const r = sim.kubectl.request(patch('web', p), TIMEOUT);
      expect(r.ok, JSON.stringify(p)).toBe(false);
    }
    expect(nodePorts(must(sim, { verb: 'get', resource: 'services', namespace: 'default', name: 'web' }))).toHaveLength(2);
  });
});
