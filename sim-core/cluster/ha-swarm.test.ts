// A swarm over the HA control plane (STYLE.md's seeded swarms): many seeds, each a random
// schedule of scales of one Deployment and of faults on the three controller-managers,
// the three schedulers, the control-plane nodes (the first one with the API server) and
// the API server alone,
// checking every 10 ticks that
//   - at most one kube-controller-manager and at most one kube-scheduler lead at a time
//     (renewDeadline 10 s < leaseDuration 15 s: an old leader stops before a standby may start);
//   - no duplicate Pods: the Deployment never has more live Pods than the most replicas
//     ever asked of it (two leading controller-managers would each fill the same gap);
// and, once every process is back and the Leases have settled, that the Lease names the
// one leader and the Deployment has exactly the replicas last asked for.
// Size from HA_SWARM_SEEDS (default 6). A failure prints "reproduce with seed=…".
import { describe, expect, it } from 'vitest';
import type { Lease } from '../apiserver';
import { ControllerManagerProcess } from '../controller-manager';
import { Prng } from '../kernel';
import { SchedulerProcess } from '../scheduler';
import { nginxDeploymentBody } from './bench';
import type { DefaultSimulation } from './default-topology';
import { createSimulation } from './index';

const SEEDS = Number((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['HA_SWARM_SEEDS'] ?? 6);
const STEPS = 10;
const T = { timeoutTicks: 300 };
const TARGETS = [
  'kube-controller-manager',
  'kube-controller-manager@control-plane-2',
  'kube-controller-manager@control-plane-3',
  'kube-scheduler',
  'kube-scheduler@control-plane-2',
  'kube-scheduler@control-plane-3',
  'control-plane-2',
  'control-plane-3',
  'kube-apiserver',
  'control-plane',
];

type Step = { kind: 'scale'; replicas: number } | { kind: 'kill' | 'restart'; target: string } | { kind: 'tick'; ticks: number };

/** A schedule drawn from the seed (its own stream: the simulation's streams are untouched). */
function schedule(seed: number): Step[] {
  const rng = new Prng(seed).child('ha-swarm');
  const steps: Step[] = [];
  for (let i = 0; i < STEPS; i++) {
    const r = rng.int(0, 4);
    if (r <= 1) steps.push({ kind: 'scale', replicas: rng.int(1, 5) });
    else if (r <= 3) steps.push({ kind: 'kill', target: TARGETS[rng.int(0, TARGETS.length - 1)] as string });
    else steps.push({ kind: 'restart', target: TARGETS[rng.int(0, TARGETS.length - 1)] as string });
    // up to 25 s: long enough for a standby to wait out a Lease
    steps.push({ kind: 'tick', ticks: rng.int(50, 2_500) });
  }
  return steps;
}

function leaders(sim: DefaultSimulation): { cm: ControllerManagerProcess[]; scheduler: SchedulerProcess[] } {
  const procs = sim.clusterKernel.addresses().map((a) => sim.clusterKernel.process(a) as unknown);
  return {
    cm: procs.filter((p): p is ControllerManagerProcess => p instanceof ControllerManagerProcess && p.leading),
    scheduler: procs.filter((p): p is SchedulerProcess => p instanceof SchedulerProcess && p.leading),
  };
}

/** Live (not being deleted) Pods of the web Deployment, from etcd. */
function livePods(sim: DefaultSimulation): number {
  let n = 0;
  for (const kv of sim.etcdContents()) {
    if (!kv.key.startsWith('/registry/pods/default/')) continue;
    const p = JSON.parse(kv.value) as { metadata?: { labels?: Record<string, string>; deletionTimestamp?: string } };
    if (p.metadata?.labels?.['app'] === 'web' && p.metadata.deletionTimestamp === undefined) n++;
  }
  return n;
}

function readyPods(sim: DefaultSimulation): number {
  const r = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, T);
  if (!r.ok) return -1;
  const items = (r.value as { items?: Array<{ metadata?: { labels?: Record<string, string>; deletionTimestamp?: string }; status?: { phase?: string } }> }).items ?? [];
  return items.filter((p) => p.metadata?.labels?.['app'] === 'web' && p.metadata.deletionTimestamp === undefined && p.status?.phase === 'Running').length;
}

function scale(sim: DefaultSimulation, replicas: number): boolean {
  return sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { replicas } } }, T).ok;
}

/** The invariants checked while the schedule runs. */
class Invariants {
  readonly violations: string[] = [];
  /** the most replicas ever asked of web */
  most = 0;

  check(sim: DefaultSimulation, when: string): void {
    const l = leaders(sim);
    if (l.cm.length > 1) this.violations.push(`${when}: ${l.cm.length} controller-managers lead (${l.cm.map((p) => p.address).join(', ')})`);
    if (l.scheduler.length > 1) this.violations.push(`${when}: ${l.scheduler.length} schedulers lead (${l.scheduler.map((p) => p.address).join(', ')})`);
    const live = livePods(sim);
    if (live > this.most) this.violations.push(`${when}: ${live} live web Pods, but at most ${this.most} were ever asked for`);
  }
}

function haCluster(seed: number): DefaultSimulation {
  return createSimulation({ topology: 'default', seed, controlPlanes: 3, traceCapacity: 1, journalCapacity: 0 });
}

function run(seed: number, steps: readonly Step[]): { violations: string[]; handovers: number } {
  const sim = haCluster(seed);
  const inv = new Invariants();
  const violations = inv.violations;
  inv.most = 2;
  let wanted = 2;
  sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: nginxDeploymentBody('web', 2) }, T);
  const check = (when: string) => inv.check(sim, when);
  const tick = (ticks: number, when: string) => {
    for (let t = 0; t < ticks; t += 10) {
      sim.tick(Math.min(10, ticks - t));
      check(`${when} +${t + 10}`);
    }
  };
  tick(500, 'start');
  steps.forEach((step, i) => {
    const when = `step ${i + 1} (${step.kind}${step.kind === 'tick' ? '' : ` ${'target' in step ? step.target : step.replicas}`})`;
    if (step.kind === 'scale') {
      if (scale(sim, step.replicas)) {
        wanted = step.replicas;
        inv.most = Math.max(inv.most, wanted);
      }
    } else if (step.kind === 'tick') tick(step.ticks, when);
    else if (step.kind === 'kill') sim.kill(step.target);
    else sim.restart(step.target);
    check(when);
  });
  // recover: every instance up, then long enough for any Lease to expire and be taken, and the Pods to follow
  for (const t of ['control-plane', 'control-plane-2', 'control-plane-3', ...TARGETS]) sim.restart(t);
  tick(4_000, 'settling');
  const l = leaders(sim);
  if (l.cm.length !== 1 || l.scheduler.length !== 1) violations.push(`after settling: ${l.cm.length} controller-manager and ${l.scheduler.length} scheduler leaders, expected one each`);
  const lease = sim.kubectl.request({ verb: 'get', resource: 'leases', namespace: 'kube-system', name: 'kube-controller-manager' }, T);
  const spec = lease.ok ? (lease.value as Lease).spec : undefined;
  if (l.cm[0] !== undefined && spec?.holderIdentity !== l.cm[0].identity) violations.push(`after settling: the Lease names ${spec?.holderIdentity}, the leader is ${l.cm[0].identity}`);
  const ready = readyPods(sim);
  if (ready !== wanted) violations.push(`after settling: ${ready} ready web Pods, ${wanted} wanted`);
  return { violations, handovers: spec?.leaseTransitions ?? 0 };
}

describe(`HA control-plane swarm (${SEEDS} seeds; HA_SWARM_SEEDS)`, () => {
  it('never has two leaders of a Lease or duplicate Pods, and converges to one leader and the wanted replicas', () => {
    let handovers = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = run(seed, schedule(seed));
      if (r.violations.length > 0) throw new Error(`reproduce with seed=${seed}:\n${r.violations.slice(0, 10).join('\n')}`);
      handovers += r.handovers;
    }
    // the faults reached leaders: the invariants were checked across handovers
    expect(handovers).toBeGreaterThan(0);
  }, 240_000);

  it('catches a second leader and a duplicate Pod (the invariants can fail)', () => {
    const sim = haCluster(1);
    sim.tick(300);
    const inv = new Invariants();
    inv.most = 1;
    inv.check(sim, 'quiet');
    expect(inv.violations).toEqual([]);
    // a fourth controller-manager with the holder's own identity believes it leads too
    const holder = leaders(sim).cm[0]!;
    const twin = new ControllerManagerProcess({ address: 'kube-controller-manager-twin', identity: holder.identity });
    sim.addProcess(twin);
    sim.tick(500);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'extra', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    for (const name of ['extra-1', 'extra-2']) sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod, metadata: { ...pod.metadata, name } } }, T);
    inv.check(sim, 'twin');
    expect(inv.violations).toEqual([expect.stringMatching(/^twin: 2 controller-managers lead \((kube-controller-manager\S*, kube-controller-manager-twin|kube-controller-manager-twin, kube-controller-manager\S*)\)$/), 'twin: 2 live web Pods, but at most 1 were ever asked for']);
  });
});
