// Test helpers: a small `default` cluster — the API server alone unless a test asks for
// processes (kubelets and the scheduler would write to the objects under test) — and
// shorthands for synchronous requests.
import type { KubeObject } from '../../client';
import { createDefaultSimulation, type DefaultSimulation, type DefaultSimulationOptions } from '../../cluster/default-topology';
import type { ServerRequest } from './wire';

export const TIMEOUT = { timeoutTicks: 3000 };

export function testCluster(seed = 7, options: Partial<DefaultSimulationOptions> = {}): DefaultSimulation {
  return createDefaultSimulation({ seed, workers: 1, processes: [], ...options });
}

/** A request that must succeed; the test fails with the Status text otherwise. */
export function must<T = KubeObject>(sim: DefaultSimulation, req: ServerRequest): T {
  const r = sim.kubectl.request(req, TIMEOUT);
  if (!r.ok) throw new Error(`${req.verb} ${req.resource} failed: ${r.error.message}`);
  return r.value as T;
}

export function deployment(name = 'web', replicas = 3): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  };
}

export function configMap(name: string, labels: Record<string, string> = {}, extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels, ...extra }, data: { k: 'v' } };
}

export function pod(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } };
}

/** An Event about Pod `pod` in `default`, as the scheduler records one. */
export function event(name: string, pod = 'web-x'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name },
    involvedObject: { kind: 'Pod', namespace: 'default', name: pod },
    reason: 'Scheduled',
    message: `Successfully assigned default/${pod} to node-1`,
    type: 'Normal',
    count: 1,
    source: { component: 'default-scheduler' },
  };
}

/** The stored key-value at `key`, as the etcd leader has it. */
export function stored(sim: DefaultSimulation, key: string) {
  return sim.etcdContents().find((kv) => kv.key === key);
}
