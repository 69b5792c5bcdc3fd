// The control-plane swarm (TigerBeetle's VOPR, STYLE.md): many seeds, each a random
// schedule of Deployments created, scaled and deleted through the API port and of faults
// (a node, the controller-manager, the scheduler, the API server, the whole control-plane
// node, an etcd member down and back; etcd partitioned and healed), checking as it runs:
//   - every Pod is bound to at most one node and never rebound;
//   - no Pod is lost from etcd: a Pod disappears only after a delete request for it;
//   - ownerReferences are consistent: a Pod's owner ReplicaSet (and a ReplicaSet's
//     Deployment) exists, or existed and is being collected — once the control plane has
//     settled with every process up, no Pod's owner is missing;
//   - history goals are judged identically on replay: the same schedule from the same
//     seed gives the same state hash and the same verdicts.
// Size from CONTROL_PLANE_SWARM_SEEDS (default 20). A failure prints "reproduce with seed=…".
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { createSimulation } from './index';
import { nginxDeploymentBody } from './bench';
import type { DefaultSimulation } from './default-topology';
import type { ApiTraceDetail } from '../apiserver/server/requestTrace';
import { goalCheckSchema, type GoalCheck } from '../grading/goals';
import { HistoryTracker, isHistoryCheck } from '../grading/history';
import { JsonCache, simulationView } from '../grading/view';

type HistoryCheck = Extract<GoalCheck, { kind: 'always' | 'eventually' }>;

const SEEDS = Number((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['CONTROL_PLANE_SWARM_SEEDS'] ?? 20);
const STEPS = 8;
const NAMES = ['web', 'api', 'db'];

type Step =
  | { kind: 'create'; name: string; replicas: number }
  | { kind: 'scale'; name: string; replicas: number }
  | { kind: 'delete'; name: string }
  | { kind: 'pod'; name: string }
  | { kind: 'deletePod'; name: string }
  | { kind: 'kill' | 'restart'; target: string }
  | { kind: 'partition' }
  | { kind: 'heal' }
  | { kind: 'tick'; ticks: number };

/** A schedule drawn from the seed (its own stream: the simulation's streams are untouched). */
function schedule(seed: number): Step[] {
  const rng = new Prng(seed).child('control-plane-swarm');
  const targets = ['node-1', 'node-2', 'node-3', 'kube-controller-manager', 'kube-scheduler', 'etcd-2', 'kube-apiserver', 'control-plane'];
  const steps: Step[] = [];
  for (let i = 0; i < STEPS; i++) {
    const r = rng.int(0, 11);
    const name = NAMES[rng.int(0, NAMES.length - 1)] as string;
    // bare Pods too: the scheduler and the kubelets act on them with or without controllers
    if (r === 10) steps.push({ kind: 'pod', name: `solo-${rng.int(1, 3)}` });
    else if (r === 11) steps.push({ kind: 'deletePod', name: `solo-${rng.int(1, 3)}` });
    else if (r <= 2) steps.push({ kind: 'create', name, replicas: rng.int(1, 4) });
    else if (r <= 4) steps.push({ kind: 'scale', name, replicas: rng.int(0, 5) });
    else if (r === 5) steps.push({ kind: 'delete', name });
    else if (r <= 7) {
      const target = targets[rng.int(0, targets.length - 1)] as string;
      steps.push({ kind: 'kill', target }, { kind: 'tick', ticks: rng.int(50, 250) }, { kind: 'restart', target });
    } else if (r === 8) steps.push({ kind: 'partition' }, { kind: 'tick', ticks: rng.int(50, 200) }, { kind: 'heal' });
    steps.push({ kind: 'tick', ticks: rng.int(20, 150) });
  }
  return steps;
}

const T = { timeoutTicks: 300 };

function apply(sim: DefaultSimulation, step: Step): void {
  switch (step.kind) {
    case 'create':
      sim.kubectl.request(
        {
          verb: 'create',
          resource: 'deployments',
          namespace: 'default',
          body: nginxDeploymentBody(step.name, step.replicas),
        },
        T,
      );
      return;
    case 'scale': {
      const got = sim.kubectl.request(
        {
          verb: 'get',
          resource: 'deployments',
          namespace: 'default',
          name: step.name,
        },
        T,
      );
      if (!got.ok) return;
      const d = got.value as { spec: { replicas?: number } };
      sim.kubectl.request(
        {
          verb: 'update',
          resource: 'deployments',
          namespace: 'default',
          body: { ...d, spec: { ...d.spec, replicas: step.replicas } } as never,
        },
        T,
      );
      return;
    }
    case 'delete':
      sim.kubectl.request(
        {
          verb: 'delete',
          resource: 'deployments',
          namespace: 'default',
          name: step.name,
        },
        T,
      );
      return;
    case 'pod':
      sim.kubectl.request(
        {
          verb: 'create',
          resource: 'pods',
          namespace: 'default',
          body: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: {
              name: step.name,
              namespace: 'default',
              labels: { app: 'solo' },
            },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
          },
        },
        T,
      );
      return;
    case 'deletePod':
      sim.kubectl.request(
        {
          verb: 'delete',
          resource: 'pods',
          namespace: 'default',
          name: step.name,
        },
        T,
      );
      return;
    case 'kill':
      sim.kill(step.target); // an absent process (no controller-manager yet) is an error value, not a fault
      return;
    case 'restart':
      sim.restart(step.target);
      return;
    case 'partition':
      sim.partition([['etcd-1'], ['etcd-2', 'etcd-3']]);
      return;
    case 'heal':
      sim.heal();
      return;
    case 'tick':
      sim.tick(step.ticks);
      return;
  }
}

interface StoredObject {
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    deletionTimestamp?: string;
    ownerReferences?: Array<{ uid: string; controller?: boolean }>;
  };
  spec?: { nodeName?: string };
}

function stored(sim: DefaultSimulation, prefix: string): StoredObject[] {
  return sim
    .etcdContents()
    .filter((kv) => kv.key.startsWith(prefix))
    .map((kv) => JSON.parse(kv.value) as StoredObject);
}

/** Watches the run and collects every invariant broken. */
class Invariants {
  readonly violations: string[] = [];
  /** distinct Pods seen bound to a node: the swarm is not vacuous */
  get boundPods(): number {
    return this.boundTo.size;
  }
  private readonly boundTo = new Map<string, string>();
  private readonly pods = new Map<string, StoredObject>();
  private readonly ownersSeen = new Set<string>();
  private readonly deleted = new Set<string>();

  constructor(sim: DefaultSimulation) {
    // a Pod may leave etcd only after a delete the API server accepted
    sim.subscribe(
      (e) => {
        const api = (e.detail as Partial<ApiTraceDetail> | undefined)?.api;
        if (api?.verb === 'delete' && api.resource === 'pods' && api.code < 300) this.deleted.add(`${api.namespace}/${api.name}`);
      },
      { kinds: ['state'], address: 'kube-apiserver' },
    );
  }

  check(sim: DefaultSimulation, when: string): void {
    const rss = stored(sim, '/registry/replicasets/');
    const deployments = stored(sim, '/registry/deployments/');
    // the control-plane's mirror Pods are owned by their Node
    const nodes = stored(sim, '/registry/minions/');
    for (const o of [...rss, ...deployments, ...nodes]) this.ownersSeen.add(o.metadata.uid);
    const live = new Set([...rss, ...deployments, ...nodes].map((o) => o.metadata.uid));
    const now = new Map<string, StoredObject>();
    for (const p of stored(sim, '/registry/pods/')) {
      const m = p.metadata;
      now.set(m.uid, p);
      const node = p.spec?.nodeName ?? '';
      const was = this.boundTo.get(m.uid);
      if (was !== undefined && node !== was) this.violations.push(`${when}: Pod ${m.namespace}/${m.name} rebound from ${was} to ${node || '(none)'}`);
      if (node !== '') this.boundTo.set(m.uid, node);
      for (const ref of m.ownerReferences ?? []) {
        if (!live.has(ref.uid) && !this.ownersSeen.has(ref.uid)) this.violations.push(`${when}: Pod ${m.namespace}/${m.name} names an owner ${ref.uid} that never existed`);
      }
    }
    for (const [uid, p] of this.pods) {
      const key = `${p.metadata.namespace}/${p.metadata.name}`;
      if (!now.has(uid) && !this.deleted.has(key)) this.violations.push(`${when}: Pod ${key} vanished from etcd without a delete`);
    }
    for (const rs of rss) {
      for (const ref of rs.metadata.ownerReferences ?? []) {
        if (!live.has(ref.uid) && !this.ownersSeen.has(ref.uid)) this.violations.push(`${when}: ReplicaSet ${rs.metadata.name} names an owner that never existed`);
      }
    }
    this.pods.clear();
    for (const [uid, p] of now) this.pods.set(uid, p);
  }

  /** After the control plane settled with everything up: no Pod or ReplicaSet is left without its owner. */
  checkCollected(sim: DefaultSimulation): void {
    const rss = stored(sim, '/registry/replicasets/');
    const live = new Set([...rss, ...stored(sim, '/registry/deployments/'), ...stored(sim, '/registry/minions/')].map((o) => o.metadata.uid));
    for (const o of [...rss, ...stored(sim, '/registry/pods/')]) {
      const ref = o.metadata.ownerReferences?.find((r) => r.controller === true);
      if (ref !== undefined && !live.has(ref.uid) && o.metadata.deletionTimestamp === undefined) {
        this.violations.push(`after settling: ${o.metadata.namespace}/${o.metadata.name} still has its deleted owner ${ref.uid} (the garbage collector should have removed it)`);
      }
    }
  }
}

const HISTORY: HistoryCheck[] = [
  {
    kind: 'always',
    condition: {
      kind: 'countObjects',
      resource: 'pods',
      selector: { matchLabels: { app: 'web' } },
      count: { lte: 8 },
    },
  },
  {
    kind: 'eventually',
    condition: {
      kind: 'podsReady',
      selector: { matchLabels: { app: 'api' } },
      count: { gte: 1 },
    },
  },
  { kind: 'always', condition: { kind: 'raftHealthy', members: 2 } },
].map((c) => {
  const parsed = goalCheckSchema.parse(c);
  if (!isHistoryCheck(parsed)) throw new Error('not a history check');
  return parsed;
});

interface RunResult {
  boundPods: number;
  stateHash: string;
  verdicts: string[];
  violations: string[];
  controllerManager: boolean;
}

function run(seed: number, steps: readonly Step[]): RunResult {
  const sim = createSimulation({
    topology: 'default',
    seed,
    traceCapacity: 1,
    journalCapacity: 0,
  });
  const invariants = new Invariants(sim);
  const history = new HistoryTracker(HISTORY);
  const cache = new JsonCache();
  const observe = () => history.observe(simulationView(sim, cache, undefined));
  observe();
  steps.forEach((step, i) => {
    apply(sim, step);
    invariants.check(sim, `step ${i + 1} (${step.kind})`);
    observe();
  });
  // recover: every process up, the network whole, then let the control plane converge
  sim.heal();
  for (const t of ['node-1', 'node-2', 'node-3', 'control-plane', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'etcd-2']) sim.restart(t);
  for (let i = 0; i < 6; i++) {
    sim.tick(250);
    invariants.check(sim, `settling ${i + 1}`);
    observe();
  }
  const controllerManager = sim.processes().some((p) => p.address === 'kube-controller-manager');
  if (controllerManager) invariants.checkCollected(sim);
  return {
    boundPods: invariants.boundPods,
    stateHash: sim.stateHash(),
    verdicts: HISTORY.map((_, i) => JSON.stringify(history.verdictOf(i))),
    violations: invariants.violations,
    controllerManager,
  };
}

describe(`control-plane swarm (${SEEDS} seeds; CONTROL_PLANE_SWARM_SEEDS)`, () => {
  it('keeps Pods bound once, never lost, owned consistently; replays identically', () => {
    let bound = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const steps = schedule(seed);
      const first = run(seed, steps);
      bound += first.boundPods;
      if (first.violations.length > 0) throw new Error(`reproduce with seed=${seed}:\n${first.violations.slice(0, 10).join('\n')}`);
      // replay every fourth seed in full (the cost of a run is the cost of the check)
      if (seed % 4 === 1) {
        const again = run(seed, steps);
        expect({
          seed,
          hash: again.stateHash,
          verdicts: again.verdicts,
        }).toEqual({ seed, hash: first.stateHash, verdicts: first.verdicts });
      }
    }
    // the schedules made Pods and the scheduler bound them: the invariants had something to check
    expect(bound).toBeGreaterThan(SEEDS);
  }, 120_000);

  it('catches a rebound Pod (the invariant can fail)', () => {
    const sim = createSimulation({
      topology: 'default',
      seed: 1,
      workers: 2,
      traceCapacity: 1,
      journalCapacity: 0,
      processes: [],
    });
    const inv = new Invariants(sim);
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: {
        nodeName: 'node-1',
        containers: [{ name: 'c', image: 'nginx:1.27' }],
      },
    };
    const created = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod }, T);
    expect(created.ok).toBe(true);
    inv.check(sim, 'created');
    expect(inv.violations).toEqual([]);
    // rewrite the binding behind the API server's back
    const kv = sim.etcdContents().find((k) => k.key === '/registry/pods/default/p')!;
    const moved = JSON.parse(kv.value) as StoredObject;
    moved.spec = { ...moved.spec, nodeName: 'node-2' };
    sim.etcd.put({ key: kv.key, value: JSON.stringify(moved) }, { endpoint: 'etcd-1', timeoutTicks: 300 });
    inv.check(sim, 'moved');
    expect(inv.violations).toEqual(['moved: Pod default/p rebound from node-1 to node-2']);
    sim.etcd.deleteRange({ key: kv.key }, { endpoint: 'etcd-1', timeoutTicks: 300 });
    inv.check(sim, 'gone');
    expect(inv.violations[1]).toBe('gone: Pod default/p vanished from etcd without a delete');
  });
});
