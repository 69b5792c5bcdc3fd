// The chain of note 02 on the kernel, message by message: a Pod is created → the
// scheduler process binds it → the kubelet process runs it and reports Running → once
// its EndpointSlice exists, kube-proxy's curl reaches nginx. (The API server here is the
// client fake behind a process; the real one is another part.)
import { describe, expect, it } from 'vitest';
import { Kernel } from '../kernel';
import type { EndpointSlice, Pod } from '../apiserver';
import { SchedulerProcess } from '../scheduler';
import { FakeApiProcess } from '../scheduler/testing/fakeApiProcess';
import { controlPlane, node, pod } from '../scheduler/testing/objects';
import { KubeletProcess } from './process';
import { KubeProxyProcess } from '../kube-proxy';

describe('scheduler → kubelet → kube-proxy over the simulated network', () => {
  it('a Pod goes Pending → bound → Running → reachable through its Service', () => {
    const kernel = new Kernel({ seed: 11 });
    const apiserver = new FakeApiProcess();
    apiserver.api.seed('nodes', controlPlane(), node('node-1', { podCIDR: '10.244.1.0/24' }), node('node-2', { podCIDR: '10.244.2.0/24' }));
    kernel.addProcess(apiserver);
    kernel.addProcess(new SchedulerProcess());
    const kubelets = ['node-1', 'node-2'].map((n) => new KubeletProcess({ nodeName: n }));
    for (const k of kubelets) kernel.addProcess(k);
    const proxy = new KubeProxyProcess({
      nodeName: 'node-1',
      backends: (ip) => {
        for (const k of kubelets) {
          const b = k.current?.backend(ip);
          if (b) return b;
        }
        return undefined;
      },
    });
    kernel.addProcess(proxy);
    kernel.runTicks(20);
    apiserver.api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    apiserver.api.flush();
    const get = () => apiserver.api.find('pods', 'default/web') as Pod;
    const bound = kernel.runUntil(() => get().spec?.nodeName !== undefined, 100);
    expect(bound.ok).toBe(true);
    // `sim settle` waits for the pull and the start, not just for the messages
    const settled = kernel.settle(3000);
    expect(settled).toBeLessThan(3000);
    expect(get().status?.phase).toBe('Running');
    expect(get().status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    const ip = get().status?.podIP ?? '';
    expect(ip).toMatch(/^10\.244\.[12]\.2$/);
    // the scheduler's bind and the kubelet's status went over the network as messages
    const sends = kernel.trace.events().filter((e) => e.kind === 'send').map((e) => `${e.address}->${e.peer}`);
    expect(sends).toContain('kube-scheduler->kube-apiserver');
    expect(sends).toContain(`kubelet@${get().spec?.nodeName}->kube-apiserver`);
    // and the decisions are in the trace, for the UI to animate
    const states = kernel.trace.events().filter((e) => e.kind === 'state');
    expect(states.some((e) => e.address === 'kube-scheduler' && JSON.stringify(e.detail) === JSON.stringify({ scheduling: { pod: 'default/web', node: get().spec?.nodeName } }))).toBe(true);
    expect(states.some((e) => e.address === `kubelet@${get().spec?.nodeName}` && (e.detail as { reason?: string }).reason === 'Started')).toBe(true);
    // the EndpointSlice controller's part, by hand (kube-proxy reads EndpointSlices)
    apiserver.api.request({ verb: 'create', resource: 'services', namespace: 'default', body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.12.34', selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] } } });
    const slice: EndpointSlice = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abcde', namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } }, addressType: 'IPv4', endpoints: [{ addresses: [ip], conditions: { ready: true } }], ports: [{ name: '', port: 80, protocol: 'TCP' }] };
    apiserver.api.request({ verb: 'create', resource: 'endpointslices', namespace: 'default', body: slice });
    apiserver.api.flush();
    kernel.runTicks(5);
    expect(proxy.current?.curl('web').output).toContain('Welcome to nginx!');
    // the node heartbeats arrived
    expect(apiserver.api.find('leases', 'kube-node-lease/node-1')).toBeDefined();
  });
});
