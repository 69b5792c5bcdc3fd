// Active/standby through Leases: two kube-controller-managers (and two kube-schedulers);
// the leader is killed; the standby takes the Lease once it has seen it unchanged for
// leaseDuration (15 s) by its own clock, and then does the work — a new change is
// reconciled, a new Pod is bound.
import { describe, expect, it } from 'vitest';
import type { Lease, Pod } from '../apiserver';
import { SIM_EPOCH_MS, parseTimestamp } from '../cli/kubectl/clock';
import { JITTER_FACTOR, LEASE_DURATION_TICKS, RETRY_PERIOD_TICKS, type KubeObject } from '../client';
import { SchedulerProcess } from '../scheduler/process';
import { ControllerManagerProcess } from './process';
import { controllerManager, nginxDeployment, nodeProcesses, runningPods, scheduler, testCluster } from './testing/cluster';

const tickOf = (microTime: string | undefined) => ((parseTimestamp(microTime ?? '') ?? NaN) - SIM_EPOCH_MS) / 10;
/** the standby sees the last renewal at most one jittered retry late, and retries at most one jittered retry after expiry; plus a few ticks of network */
const TAKEOVER_SLACK = 2 * Math.ceil((1 + JITTER_FACTOR) * RETRY_PERIOD_TICKS) + 50;

describe('leader handover', () => {
  it('a standby kube-controller-manager takes the Lease after it expires and reconciles the next change', () => {
    const cm1 = new ControllerManagerProcess();
    const cm2 = new ControllerManagerProcess({ address: 'kube-controller-manager-2' });
    const c = testCluster(3, [() => [cm1, cm2], () => new SchedulerProcess(), nodeProcesses]);
    c.create('deployments', nginxDeployment('web', 2));
    expect(c.sim.runUntil(() => runningPods(c).length === 2, 5_000).ok, 'reproduce with seed=3').toBe(true);
    expect([cm1.leading, cm2.leading].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = cm1.leading ? [cm1, cm2] : [cm2, cm1];
    expect(standby.controllers).toBeUndefined(); // a standby runs no informers and no controllers
    const before = c.lease('kube-controller-manager') as Lease;
    expect(before.spec?.holderIdentity).toBe(leader.identity);

    expect(c.sim.kill(leader.address).ok).toBe(true);
    const lastRenew = tickOf(c.lease('kube-controller-manager')?.spec?.renewTime);
    const took = c.sim.runUntil(() => standby.leading, LEASE_DURATION_TICKS + TAKEOVER_SLACK + 500);
    expect(took.ok).toBe(true);
    const takeover = c.sim.now;
    expect(takeover).toBeGreaterThanOrEqual(lastRenew + LEASE_DURATION_TICKS);
    expect(takeover).toBeLessThanOrEqual(lastRenew + LEASE_DURATION_TICKS + TAKEOVER_SLACK);
    c.sim.tick(20);
    const after = c.lease('kube-controller-manager') as Lease;
    expect(after.spec).toMatchObject({ holderIdentity: standby.identity, leaseTransitions: (before.spec?.leaseTransitions ?? 0) + 1 });

    // kubectl scale deployment web --replicas=3 (a patch): only the new leader can act on it
    c.scale('web', 3);
    const scaledAt = c.sim.now;
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok).toBe(true);
    const reconciledBy = c.trace.filter((e) => e.tick >= scaledAt && (e.detail as { controller?: string } | undefined)?.controller === 'deployment-controller').map((e) => e.address);
    expect(new Set(reconciledBy)).toEqual(new Set([standby.address]));

    // the old leader comes back as a new candidate and stands by
    c.sim.restart(leader.address);
    c.sim.tick(3 * LEASE_DURATION_TICKS);
    expect(leader.leading).toBe(false);
    expect(standby.leading).toBe(true);
    expect(c.lease('kube-controller-manager')?.spec?.holderIdentity).toBe(standby.identity);
  });

  it('a standby kube-scheduler takes over and binds the next Pod', () => {
    const s1 = new SchedulerProcess();
    const s2 = new SchedulerProcess({ address: 'kube-scheduler-2' });
    const c = testCluster(4, [controllerManager, () => [s1, s2], nodeProcesses]);
    c.sim.tick(100);
    expect([s1.leading, s2.leading].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = s1.leading ? [s1, s2] : [s2, s1];
    expect(standby.current).toBeUndefined();
    c.sim.kill(leader.address);
    const lastRenew = tickOf(c.lease('kube-scheduler')?.spec?.renewTime);
    expect(c.sim.runUntil(() => standby.leading, LEASE_DURATION_TICKS + TAKEOVER_SLACK + 500).ok).toBe(true);
    expect(c.sim.now).toBeGreaterThanOrEqual(lastRenew + LEASE_DURATION_TICKS);
    expect(c.sim.now).toBeLessThanOrEqual(lastRenew + LEASE_DURATION_TICKS + TAKEOVER_SLACK);

    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'solo', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } };
    c.create('pods', pod as KubeObject);
    expect(c.sim.runUntil(() => c.get<Pod>('pods', 'default', 'solo')?.spec?.nodeName !== undefined, 1_000).ok).toBe(true);
    const decisions = c.trace.filter((e) => (e.detail as { scheduling?: { pod?: string } } | undefined)?.scheduling?.pod === 'default/solo');
    expect(decisions.map((e) => e.address)).toEqual([standby.address]);
    expect(c.lease('kube-scheduler')?.spec).toMatchObject({ holderIdentity: standby.identity, leaseTransitions: 1 });
  });

  it('a lone kube-controller-manager killed and restarted waits out its old Lease, then relists and catches up', () => {
    const cm = new ControllerManagerProcess();
    const c = testCluster(6, [() => cm, scheduler, nodeProcesses]);
    c.create('deployments', nginxDeployment('web', 2));
    expect(c.sim.runUntil(() => runningPods(c).length === 2, 5_000).ok, 'reproduce with seed=6').toBe(true);
    const firstIdentity = cm.identity;
    c.sim.kill(cm.address);
    expect(cm.controllers).toBeUndefined(); // a crash loses the caches and the queues
    c.scale('web', 3);
    c.sim.tick(500);
    expect(c.pods()).toHaveLength(2); // nobody is reconciling
    c.sim.restart(cm.address);
    const restartedAt = c.sim.now;
    // a new process is a new identity: its predecessor's Lease must expire first
    expect(c.sim.runUntil(() => cm.leading, LEASE_DURATION_TICKS + TAKEOVER_SLACK + 500).ok).toBe(true);
    expect(cm.identity).not.toBe(firstIdentity);
    expect(c.sim.runUntil(() => runningPods(c).length === 3, 5_000).ok).toBe(true);
    expect(c.lease('kube-controller-manager')?.spec).toMatchObject({ holderIdentity: cm.identity, leaseTransitions: 1 });
    const lists = c.trace
      .filter((e) => e.tick >= restartedAt && e.address === 'kube-apiserver')
      .map((e) => (e.detail as { api?: { from?: string; verb?: string; resource?: string } } | undefined)?.api)
      .filter((a) => a?.from === cm.address && a.verb === 'list')
      .map((a) => a?.resource);
    expect([...new Set(lists)].sort()).toEqual(['clusterrolebindings', 'clusterroles', 'configmaps', 'deployments', 'endpoints', 'endpointslices', 'leases', 'namespaces', 'nodes', 'pods', 'replicasets', 'rolebindings', 'roles', 'secrets', 'serviceaccounts', 'services']);
  });
});
