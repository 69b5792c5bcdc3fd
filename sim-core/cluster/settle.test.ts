// `sim settle` on the default topology waits for convergence: after a Deployment is
// created, it returns only once its Pods are created, bound, Running and Ready and its
// status says so, and etcd has seen nothing but Lease renewals and Events for a while.
import { describe, expect, it } from 'vitest';
import { createSimulation } from './index';
import { SETTLE_QUIET_TICKS } from './default-topology';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
};

describe('sim settle on the default topology', () => {
  it.each([1, 2, 3])('seed %i: returns with every Pod bound, Running and Ready, and nothing left to write', (seed) => {
    const sim = createSimulation({ topology: 'default', seed });
    expect(sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment }, { timeoutTicks: 500 }).ok).toBe(true);
    const ran = sim.control.settle(10_000);
    expect(ran).toBeLessThan(10_000);
    expect(sim.now - sim.apiServer.lastObjectChange).toBeGreaterThanOrEqual(SETTLE_QUIET_TICKS);
    const pods = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 500 });
    expect(pods.ok).toBe(true);
    const items = pods.ok ? (pods.value as { items: Array<{ spec?: { nodeName?: string }; status?: { phase?: string; conditions?: Array<{ type: string; status: string }> } }> }).items : [];
    expect(items).toHaveLength(3);
    for (const p of items) {
      expect(p.spec?.nodeName).toMatch(/^node-\d$/);
      expect(p.status?.phase).toBe('Running');
      expect(p.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    }
    const d = sim.kubectl.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' }, { timeoutTicks: 500 });
    expect(d.ok && (d.value as { status?: { readyReplicas?: number } }).status?.readyReplicas).toBe(3);
    // converged: settling again waits at most for a heartbeat in flight, and nothing changes
    const changed = sim.apiServer.lastObjectChange;
    expect(sim.control.settle(10_000)).toBeLessThan(SETTLE_QUIET_TICKS);
    expect(sim.apiServer.lastObjectChange).toBe(changed);
  });
});
