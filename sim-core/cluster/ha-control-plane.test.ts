// An HA control plane (`controlPlanes: 3`, kubeadm init + two kubeadm join --control-plane):
// three control-plane nodes registered as kubeadm registers the first, each running a
// kube-controller-manager and a kube-scheduler that stand for the same Leases; killing the
// leader's node hands the Lease to a standby on another node, which then does the work.
// One control-plane node stays exactly as it was.
import { describe, expect, it } from 'vitest';
import type { Lease, Node } from '../apiserver';
import { LEASE_DURATION_TICKS } from '../client';
import { runSim, SIM_USAGE_DEFAULT } from '../cli/sim';
import { ControllerManagerProcess } from '../controller-manager';
import { SchedulerProcess } from '../scheduler';
import { nginxDeploymentBody } from './bench';
import { createSimulation } from './index';
import type { DefaultSimulation } from './default-topology';

function get<T>(sim: DefaultSimulation, resource: string, namespace: string, name: string): T | undefined {
  const r = sim.kubectl.request({ verb: 'get', resource, namespace, name } as never, { timeoutTicks: 500 });
  return r.ok ? (r.value as T) : undefined;
}

const lease = (sim: DefaultSimulation, name: string) => get<Lease>(sim, 'leases', 'kube-system', name);
const holderHost = (sim: DefaultSimulation, name: string) => lease(sim, name)?.spec?.holderIdentity?.split('_')[0];

function candidates<T>(sim: DefaultSimulation, type: abstract new (...args: never[]) => T): { address: string; process: T }[] {
  return sim.clusterKernel
    .addresses()
    .map((address) => ({ address, process: sim.clusterKernel.process(address) as unknown }))
    .filter((c): c is { address: string; process: T } => c.process instanceof type);
}

function readyPods(sim: DefaultSimulation, app: string): number {
  const r = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' } as never, { timeoutTicks: 500 });
  if (!r.ok) return -1;
  const items = (r.value as { items?: Array<{ metadata?: { labels?: Record<string, string> }; status?: { phase?: string } }> }).items ?? [];
  return items.filter((p) => p.metadata?.labels?.['app'] === app && p.status?.phase === 'Running').length;
}

describe('controlPlanes: 3', () => {
  // seed 2: the controller-manager on control-plane-2 wins the first election
  const sim = createSimulation({ topology: 'default', seed: 2, controlPlanes: 3 });
  sim.tick(300);

  it('registers control-plane, control-plane-2 and control-plane-3 as kubeadm registers the first, then the workers', () => {
    expect(sim.info.controlPlanes).toEqual(['control-plane', 'control-plane-2', 'control-plane-3']);
    expect(sim.info.workers).toEqual(['node-1', 'node-2', 'node-3']);
    expect(sim.nodes().map((n) => [n.name, n.role])).toEqual([
      ['control-plane', 'control-plane'],
      ['control-plane-2', 'control-plane'],
      ['control-plane-3', 'control-plane'],
      ['node-1', 'worker'],
      ['node-2', 'worker'],
      ['node-3', 'worker'],
    ]);
    const first = get<Node>(sim, 'nodes', '', 'control-plane')!;
    for (const name of ['control-plane-2', 'control-plane-3']) {
      const n = get<Node>(sim, 'nodes', '', name)!;
      expect(n.metadata?.labels).toEqual({ ...first.metadata?.labels, 'kubernetes.io/hostname': name });
      expect(n.metadata?.labels).toHaveProperty(['node-role.kubernetes.io/control-plane'], '');
      expect(n.spec?.taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
      expect(get<Lease>(sim, 'leases', 'kube-node-lease', name)?.spec?.holderIdentity).toBe(name);
    }
    // addresses and podCIDRs follow the node order
    expect(get<Node>(sim, 'nodes', '', 'control-plane-3')?.spec?.podCIDR).toBe('10.244.2.0/24');
    expect(get<Node>(sim, 'nodes', '', 'node-1')?.status?.addresses?.[0]?.address).toBe('172.18.0.5');
  });

  it('runs a kube-controller-manager and a kube-scheduler on each control-plane node, one leading each Lease', () => {
    expect(sim.nodeProcesses('control-plane-2')).toEqual(['kube-controller-manager@control-plane-2', 'kube-proxy@control-plane-2', 'kube-scheduler@control-plane-2', 'kubelet@control-plane-2']);
    expect(sim.nodeProcesses('control-plane')).toContain('kube-apiserver');
    expect(sim.processes().filter((p) => p.role === 'kube-controller-manager').map((p) => [p.address, p.node])).toEqual([
      ['kube-controller-manager', 'control-plane'],
      ['kube-controller-manager@control-plane-2', 'control-plane-2'],
      ['kube-controller-manager@control-plane-3', 'control-plane-3'],
    ]);
    const cms = candidates(sim, ControllerManagerProcess);
    const schedulers = candidates(sim, SchedulerProcess);
    expect(cms).toHaveLength(3);
    expect(schedulers).toHaveLength(3);
    const cmLeaders = cms.filter((c) => c.process.leading);
    expect(cmLeaders.map((c) => c.address)).toEqual(['kube-controller-manager@control-plane-2']);
    expect(lease(sim, 'kube-controller-manager')?.spec?.holderIdentity).toBe(cmLeaders[0]!.process.identity);
    expect(cmLeaders[0]!.process.identity).toMatch(/^control-plane-2_[0-9a-f-]{36}$/);
    expect(cms.filter((c) => !c.process.leading).every((c) => c.process.controllers === undefined)).toBe(true);
    expect(schedulers.filter((s) => s.process.leading)).toHaveLength(1);
  });

  it('killing control-plane-2 stops its processes; a standby on another node takes the Lease and reconciles the next change', () => {
    expect(sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: nginxDeploymentBody('web', 2) } as never, { timeoutTicks: 500 }).ok).toBe(true);
    expect(sim.runUntil(() => readyPods(sim, 'web') === 2, 5_000).ok).toBe(true);
    expect(runSim(['kill', 'control-plane-2'], sim.control).stdout).toBe('killed control-plane-2\n');
    for (const a of sim.nodeProcesses('control-plane-2')) expect(sim.kernel.isAlive(a), a).toBe(false);
    for (const a of ['kube-apiserver', 'kube-controller-manager', 'kube-controller-manager@control-plane-3', 'kube-scheduler', 'kubelet@control-plane-3']) expect(sim.kernel.isAlive(a), a).toBe(true);

    // the scale waits: nobody reconciles until the old holder's 15 s have run out
    const scaled = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { replicas: 4 } } } as never, { timeoutTicks: 500 });
    expect(scaled.ok).toBe(true);
    sim.tick(LEASE_DURATION_TICKS - 300);
    expect(readyPods(sim, 'web')).toBe(2);
    expect(holderHost(sim, 'kube-controller-manager')).toBe('control-plane-2');

    expect(sim.runUntil(() => readyPods(sim, 'web') === 4, 3_000).ok).toBe(true);
    const after = lease(sim, 'kube-controller-manager')!.spec!;
    expect(after.leaseTransitions).toBe(1);
    expect(['control-plane', 'control-plane-3']).toContain(after.holderIdentity?.split('_')[0]);
    const leader = candidates(sim, ControllerManagerProcess).filter((c) => c.process.leading);
    expect(leader).toHaveLength(1);
    expect(leader[0]!.process.identity).toBe(after.holderIdentity);
  });

  it('kills and restarts a single instance by its address, and names every instance when a target is unknown', () => {
    expect(runSim(['kill', 'kube-scheduler@control-plane-3'], sim.control).stdout).toBe('killed kube-scheduler@control-plane-3\n');
    expect(sim.kernel.isAlive('kube-scheduler@control-plane-3')).toBe(false);
    expect(sim.kernel.isAlive('kubelet@control-plane-3')).toBe(true);
    expect(runSim(['restart', 'kube-scheduler@control-plane-3'], sim.control).stdout).toBe('restarted kube-scheduler@control-plane-3\n');
    expect(runSim(['restart', 'control-plane-2'], sim.control).stdout).toBe('restarted control-plane-2\n');
    expect(sim.kernel.isAlive('kube-controller-manager@control-plane-2')).toBe(true);
    const unknown = runSim(['kill', 'kube-scheduler@control-plane-4'], sim.control);
    expect(unknown.stderr).toContain('processes kube-apiserver, kube-scheduler, kube-controller-manager, kube-scheduler@control-plane-2, kube-controller-manager@control-plane-2, kube-scheduler@control-plane-3, kube-controller-manager@control-plane-3, kubelet@<node>, kube-proxy@<node>)');
    const help = runSim(['help'], sim.control).stdout;
    expect(help).toContain('kube-controller-manager@<node> or kube-scheduler@<node> on control-plane-2,\ncontrol-plane-3');
    expect(help.slice(help.indexOf('A member is named')).split('\n').every((l) => l.length <= 80)).toBe(true);
  });
});

describe('controlPlanes: 1 (the default)', () => {
  const sim = createSimulation({ topology: 'default', seed: 2, workers: 2 });

  it('has one control-plane node whose processes keep their names', () => {
    expect(sim.info.controlPlanes).toEqual(['control-plane']);
    expect(sim.info.workers).toEqual(['node-1', 'node-2']);
    expect(sim.processes().filter((p) => p.node === 'control-plane').map((p) => p.address)).toEqual(['kube-apiserver', 'kube-controller-manager', 'kube-proxy@control-plane', 'kube-scheduler', 'kubelet@control-plane']);
    expect(sim.clusterKernel.addresses().filter((a) => a.includes('@control-plane-'))).toEqual([]);
    expect(runSim(['help'], sim.control).stdout).toBe(SIM_USAGE_DEFAULT);
  });

  it('refuses a control-plane count it cannot build', () => {
    expect(() => createSimulation({ topology: 'default', seed: 1, controlPlanes: 0 })).toThrow('controlPlanes must be 1–5, got 0');
    expect(() => createSimulation({ topology: 'default', seed: 1, controlPlanes: 6 })).toThrow('controlPlanes must be 1–5, got 6');
  });
});
