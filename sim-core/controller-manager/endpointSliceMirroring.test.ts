// A Service without a selector plus a hand-written Endpoints of the same name, on the
// default cluster: kube-controller-manager's endpointslicemirroring controller mirrors the
// Endpoints into an EndpointSlice, kube-proxy programs it, and `sim curl` answers — as a
// real 1.32 cluster does. Without the Endpoints the slice goes and curl is refused.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Pod } from '../apiserver';
import { DEFAULT_PROCESSES } from '../cluster';
import { nginxDeployment, runningPods, testCluster, TIMEOUT } from './testing/cluster';

// the slices of Service `legacy` that the mirroring controller manages
const mirroredSlices = (slices: EndpointSlice[]) =>
  slices.filter((s) => s.metadata?.labels?.['kubernetes.io/service-name'] === 'legacy' && s.metadata.labels['endpointslice.kubernetes.io/managed-by'] === 'endpointslicemirroring-controller.k8s.io');

describe('EndpointSlice mirroring on a simulated cluster', () => {
  it('a selectorless Service with manual Endpoints answers sim curl; deleting the Endpoints removes the slice and curl is refused', () => {
    // the default processes: their kube-proxies reach containers through the kubelets' runtimes
    const c = testCluster(11, DEFAULT_PROCESSES);
    c.create('deployments', nginxDeployment('web', 1));
    expect(c.sim.runUntil(() => runningPods(c).length === 1, 5_000).ok, 'reproduce with seed=11').toBe(true);
    const pod = runningPods(c)[0] as Pod;
    const ip = pod.status?.podIP ?? '';
    expect(ip).toMatch(/^10\.244\./);

    c.create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'legacy', namespace: 'default' }, spec: { ports: [{ port: 80, targetPort: 80 }] } });
    expect(c.sim.curl('legacy').ok).toBe(false);
    c.create('endpoints', { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'legacy', namespace: 'default' }, subsets: [{ addresses: [{ ip }], ports: [{ port: 80 }] }] } as never);
    expect(c.sim.runUntil(() => mirroredSlices(c.list<EndpointSlice>('endpointslices', 'default')).length === 1, 2_000).ok, 'reproduce with seed=11').toBe(true);
    const slice = mirroredSlices(c.list<EndpointSlice>('endpointslices', 'default'))[0] as EndpointSlice;
    expect(slice.metadata?.name).toMatch(/^legacy-[a-z0-9]{5}$/);
    expect(slice.endpoints).toEqual([expect.objectContaining({ addresses: [ip], conditions: expect.objectContaining({ ready: true }) })]);
    c.sim.tick(300);
    const ok = c.sim.curl('legacy');
    expect(ok).toMatchObject({ ok: true });
    if (ok.ok) expect(ok.output).toContain('Welcome to nginx!');

    const del = c.sim.kubectl.request({ verb: 'delete', resource: 'endpoints', namespace: 'default', name: 'legacy' }, TIMEOUT);
    expect(del.ok).toBe(true);
    expect(c.sim.runUntil(() => mirroredSlices(c.list<EndpointSlice>('endpointslices', 'default')).length === 0, 2_000).ok, 'reproduce with seed=11').toBe(true);
    c.sim.tick(300);
    expect(c.sim.curl('legacy')).toMatchObject({ ok: false, exitCode: 7 });
  });
});
