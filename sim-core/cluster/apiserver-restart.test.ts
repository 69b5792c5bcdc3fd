// The API server (alone, or with its whole node) down and back: every client's watches end
// with the connection, the clients back off while nothing answers, and once the server is
// back every informer follows a watch again, the Leases have one holder each, a new
// Deployment runs and `sim settle` settles. While it is down, settle runs to its cap:
// nothing converges, but every client is still trying (as with an etcd without quorum).
import { describe, expect, it } from 'vitest';
import { nginxDeploymentBody } from './bench';
import type { DefaultSimulation } from './default-topology';
import { createSimulation } from './index';
import { ControllerManagerProcess } from '../controller-manager';
import { SchedulerProcess } from '../scheduler';

const T = { timeoutTicks: 500 };
const CLIENTS = ['kube-controller-manager', 'kube-scheduler', 'kubelet@control-plane', 'kubelet@node-1', 'kubelet@node-2', 'kubelet@node-3', 'kube-proxy@node-1'];

function runningPods(sim: DefaultSimulation, app: string): number {
  const r = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default', labelSelector: `app=${app}` }, T);
  if (!r.ok) return -1;
  return (r.value.items as Array<{ status?: { phase?: string } }>).filter((p) => p.status?.phase === 'Running').length;
}

/** Requests that reached the API server's address while it was down (each one refused by its host). */
function refusedRequests(sim: DefaultSimulation): number {
  return sim.kernel.trace.events().filter((e) => e.kind === 'drop' && e.reason === 'receiver-down' && e.peer === 'kube-apiserver' && (e.payload as { type?: string }).type === 'api-request').length;
}

function leaders(sim: DefaultSimulation): string[] {
  return sim.clusterKernel
    .addresses()
    .map((a) => sim.clusterKernel.process(a))
    .filter((p) => (p instanceof ControllerManagerProcess || p instanceof SchedulerProcess) && p.leading)
    .map((p) => p!.address);
}

describe.each([
  ['the API server', 'kube-apiserver'],
  ['the control-plane node', 'control-plane'],
])('%s down and back', (_, target) => {
  it('clients retry with back-off while it is down, then every watch is back, a new Deployment runs and settle settles', () => {
    const sim = createSimulation({ topology: 'default', seed: 3 });
    sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: nginxDeploymentBody('web', 2) }, T);
    expect(sim.control.settle(10_000)).toBeLessThan(10_000);
    for (const c of CLIENTS) expect(sim.apiServer.watchesOf(c), c).toBeGreaterThan(0);
    expect(sim.kill(target).ok).toBe(true);
    // nothing can progress, but the clients keep trying: not settled
    expect(sim.control.settle(2_000)).toBe(2_000);
    sim.tick(8_000);
    // back-off: for 100 s some 35 informers, the kubelets' heartbeats and the leader
    // elections kept trying, a dozen times each at most (retrying one round trip after each
    // refusal would be tens of thousands of requests)
    const refused = refusedRequests(sim);
    expect(refused).toBeGreaterThan(35);
    expect(refused).toBeLessThan(600);
    expect(leaders(sim)).toEqual([]); // the renew deadline passed: both stopped leading
    expect(sim.restart(target).ok).toBe(true);
    const ran = sim.control.settle(10_000);
    expect(ran).toBeLessThan(10_000);
    for (const c of CLIENTS) expect(sim.apiServer.watchesOf(c), c).toBeGreaterThan(0);
    expect(leaders(sim)).toEqual(['kube-controller-manager', 'kube-scheduler']);
    expect(runningPods(sim, 'web')).toBe(2);
    sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: nginxDeploymentBody('api', 3) }, T);
    expect(sim.control.settle(10_000)).toBeLessThan(10_000);
    expect(runningPods(sim, 'api')).toBe(3);
  });
});
