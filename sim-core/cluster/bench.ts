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
 * leader's keyspace without decoding. It follows the store's change history (what its
 * watchers read) from the last revision it looked at, so a count costs the changes since
 * the last one, not a range over every Pod; a new leader, or a compaction past that
 * revision, starts over from a range.
 */
export function runningPodCounter(sim: DefaultSimulation, name: string): () => number {
  const from = `/registry/pods/default/${name}-`;
  const to = `/registry/pods/default/${name}.`;
  const running = new Set<string>();
  let seenStore: unknown;
  let seenRev = 0;
  return () => {
    const store = (sim.leader() ?? sim.memberList()[0])?.sm?.store;
    if (store === undefined) return 0;
    if (store !== seenStore || store.compactRev > seenRev) {
      const r = store.range(from, to);
      if (!r.ok) return 0;
      running.clear();
      for (const kv of r.value.kvs) if (kv.value.includes('"phase":"Running"')) running.add(kv.key);
      seenStore = store;
      seenRev = store.currentRev;
      return running.size;
    }
    const events = store.events;
    for (let i = store.firstEventAt(seenRev + 1); i < events.length; i++) {
      const { kv, tombstone } = events[i]!;
      if (kv.key < from || kv.key >= to) continue;
      if (!tombstone && kv.value.includes('"phase":"Running"')) running.add(kv.key);
      else running.delete(kv.key);
    }
    seenRev = store.currentRev;
    return running.size;
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
