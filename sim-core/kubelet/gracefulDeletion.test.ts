// Graceful deletion end to end, on the default topology (real API server over etcd,
// kubelets as processes): `kubectl delete pod` marks a bound Pod Terminating and keeps it;
// its kubelet stops the containers (SIGTERM; SIGKILL when the grace period ends) and then
// deletes it with grace period 0, which removes it from etcd.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import type { Pod } from '../apiserver';
import { createDefaultSimulation, type DefaultSimulation } from '../cluster/default-topology';
import { summarizePod } from '../cli/kubectl/printers';
import { parseTimestamp } from '../cli/kubectl/clock';

const TIMEOUT = { timeoutTicks: 3000 };

function cluster(): DefaultSimulation {
  return createDefaultSimulation({ seed: 5, workers: 1 });
}

function runningPod(sim: DefaultSimulation, name: string, spec: Record<string, unknown>): void {
  const body: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { nodeName: 'node-1', ...spec } };
  const r = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body }, TIMEOUT);
  expect(r.ok).toBe(true);
  const up = sim.runUntil(() => (stored(sim, name)?.status?.containerStatuses ?? []).some((c) => c.state?.running), 5000);
  expect(up.ok).toBe(true);
}

function stored(sim: DefaultSimulation, name: string): Pod | undefined {
  const kv = sim.etcdContents().find((k) => k.key === `/registry/pods/default/${name}`);
  return kv === undefined ? undefined : (JSON.parse(kv.value) as Pod);
}

function del(sim: DefaultSimulation, name: string, gracePeriodSeconds?: number): Pod {
  const r = sim.kubectl.request({ verb: 'delete', resource: 'pods', namespace: 'default', name, ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}) }, TIMEOUT);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as Pod;
}

const seconds = (ts: string | undefined): number => (parseTimestamp(ts ?? '') ?? 0) / 1000;

describe('graceful deletion of a Pod', () => {
  it('a process that honours SIGTERM: Terminating, stopped, then removed by its kubelet', () => {
    const sim = cluster();
    runningPod(sim, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    const start = sim.now;
    const marked = del(sim, 'web');
    // deletionTimestamp = now + terminationGracePeriodSeconds (defaulted to 30)
    expect(marked.metadata?.deletionGracePeriodSeconds).toBe(30);
    expect(seconds(marked.metadata?.deletionTimestamp) - seconds(marked.metadata?.creationTimestamp)).toBeGreaterThanOrEqual(30);
    const kept = stored(sim, 'web');
    expect(kept?.metadata?.deletionTimestamp).toBe(marked.metadata?.deletionTimestamp);
    expect(summarizePod(kept!).status).toBe('Terminating');
    const gone = sim.runUntil(() => stored(sim, 'web') === undefined, 3000);
    expect(gone.ok).toBe(true);
    // nginx stops on SIGTERM: well within the 30 s grace period
    expect(sim.now - start).toBeLessThan(300);
    // the kubelet's final delete was the one with grace period 0
    sim.tick(20); // etcd has removed the key; the API server's answer is still on its way
    const deletes = sim.kernel.trace.events().filter((e) => e.kind === 'state' && (e.detail as { api?: { verb?: string; from?: string } }).api?.verb === 'delete');
    expect(deletes.map((e) => (e.detail as { api: { from: string } }).api.from)).toEqual(['kubectl', 'kubelet@node-1']);
  });

  it('a shell as PID 1 ignores SIGTERM: the Pod stays until the grace period has passed (SIGKILL)', () => {
    const sim = cluster();
    runningPod(sim, 'sleeper', { terminationGracePeriodSeconds: 5, containers: [{ name: 'sh', image: 'busybox:1.36', command: ['sh', '-c', 'sleep infinity'] }] });
    const start = sim.now;
    del(sim, 'sleeper');
    sim.tick(400);
    expect(summarizePod(stored(sim, 'sleeper')!).status).toBe('Terminating');
    expect(sim.runUntil(() => stored(sim, 'sleeper') === undefined, 2000).ok).toBe(true);
    expect(sim.now - start).toBeGreaterThanOrEqual(500);
  });

  it('a second delete with a shorter grace period shortens it; gracePeriodSeconds 0 removes at once', () => {
    const sim = cluster();
    runningPod(sim, 'slow', { containers: [{ name: 'sh', image: 'busybox:1.36', command: ['sh', '-c', 'sleep infinity'] }] });
    const first = del(sim, 'slow', 60);
    expect(first.metadata?.deletionGracePeriodSeconds).toBe(60);
    const longer = del(sim, 'slow', 120);
    expect(longer.metadata?.deletionTimestamp).toBe(first.metadata?.deletionTimestamp); // only shorter counts
    const shorter = del(sim, 'slow', 2);
    expect(shorter.metadata?.deletionGracePeriodSeconds).toBe(2);
    expect(seconds(first.metadata?.deletionTimestamp) - seconds(shorter.metadata?.deletionTimestamp)).toBe(58);
    const start = sim.now;
    expect(sim.runUntil(() => stored(sim, 'slow') === undefined, 1000).ok).toBe(true);
    expect(sim.now - start).toBeLessThan(400);

    runningPod(sim, 'now', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    del(sim, 'now', 0);
    expect(stored(sim, 'now')).toBeUndefined();
  });

  it('an unbound Pod is deleted at once', () => {
    const sim = createDefaultSimulation({ seed: 5, workers: 1, processes: [] });
    const body: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pending' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    expect(sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body }, TIMEOUT).ok).toBe(true);
    del(sim, 'pending');
    expect(stored(sim, 'pending')).toBeUndefined();
  });
});
