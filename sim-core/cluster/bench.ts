// The `deployment_1000_converge_ms` workload for scripts/bench.ts: a `default` cluster of
// 100 workers (trace capacity 0), then one 1,000-replica Deployment created through the
// API port and the simulation run until every one of its Pods is Running. No timing here
// (sim-core has no clock): the caller builds the cluster with `prepareDeploymentConverge`
// (not timed: a cluster is built once per lab; it also runs until the freshly booted
// cluster is quiet — Nodes registered, kube-proxies synced — so the timed run is the
// Deployment's own work) and times `converge()`.
import { createSimulation } from './simulation';
import type { DefaultSimulation } from './default-topology';

export interface ConvergeOptions {
  replicas?: number;
  workers?: number;
  seed?: number;
  /** most simulated ticks to wait for every Pod to be Running; default 20,000 (200 s) */
  capTicks?: number;
}

export type ConvergeResult = { ok: true; ticks: number; running: number } | { ok: false; error: string; ticks: number; running: number };

export interface ConvergeBench {
  sim: DefaultSimulation;
  converge(): ConvergeResult;
}

/**
 * Counts the stored Pods of the Deployment that say `phase: Running`, read from the
 * leader's keyspace without decoding; a Pod whose mod_revision did not change since the
 * last count is not looked at again.
 */
function runningPodCounter(sim: DefaultSimulation, name: string): () => number {
  const seen = new Map<string, { rev: number; running: boolean }>();
  return () => {
    const store = (sim.leader() ?? sim.memberList()[0])?.sm?.store;
    if (store === undefined) return 0;
    const r = store.range(`/registry/pods/default/${name}-`, `/registry/pods/default/${name}.`);
    if (!r.ok) return 0;
    let n = 0;
    for (const kv of r.value.kvs) {
      let s = seen.get(kv.key);
      if (s === undefined || s.rev !== kv.mod_revision) {
        s = { rev: kv.mod_revision, running: kv.value.includes('"phase":"Running"') };
        seen.set(kv.key, s);
      }
      if (s.running) n++;
    }
    return n;
  };
}

/** An nginx Deployment in `default` whose Pods carry `app: <name>` (also the control-plane swarm's). */
export function nginxDeploymentBody(name: string, replicas: number) {
  const labels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    },
  };
}

export function prepareDeploymentConverge(options: ConvergeOptions = {}): ConvergeBench {
  const { replicas = 1_000, workers = 100, seed = 1, capTicks = 20_000 } = options;
  const sim = createSimulation({
    topology: 'default',
    seed,
    workers,
    traceCapacity: 0,
  });
  sim.runUntilIdle(capTicks);
  const name = 'bench';
  const body = nginxDeploymentBody(name, replicas);
  return {
    sim,
    converge(): ConvergeResult {
      if (!sim.processes().some((p) => p.address === 'kube-controller-manager')) {
        return {
          ok: false,
          error: 'the default topology has no kube-controller-manager: nothing turns a Deployment into Pods',
          ticks: 0,
          running: 0,
        };
      }
      const start = sim.now;
      const created = sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body }, { timeoutTicks: 500 });
      if (!created.ok)
        return {
          ok: false,
          error: created.error.message,
          ticks: sim.now - start,
          running: 0,
        };
      let running = 0;
      const count = runningPodCounter(sim, name);
      // checking every tick would cost more than the work it waits for; every 10 ticks (100 ms simulated)
      const done = sim.runUntil(() => (sim.now - start) % 10 === 0 && (running = count()) >= replicas, capTicks);
      if (!done.ok)
        return {
          ok: false,
          error: `only ${running} of ${replicas} Pods Running after ${capTicks} ticks`,
          ticks: sim.now - start,
          running,
        };
      return { ok: true, ticks: sim.now - start, running };
    },
  };
}
