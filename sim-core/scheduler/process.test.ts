// kube-scheduler's leader election at the process level: two schedulers on one (fake) API
// server; only the holder of kube-system/kube-scheduler watches and binds; the standby
// binds nothing until the leader dies and the Lease expires.
import { describe, expect, it } from 'vitest';
import type { Lease, Pod } from '../apiserver';
import { Kernel } from '../kernel';
import { LEASE_DURATION_TICKS, type KubeObject } from '../client';
import { SchedulerProcess } from './process';
import { FakeApiProcess } from './testing/fakeApiProcess';
import { controlPlane, node, pod } from './testing/objects';

function setup() {
  const kernel = new Kernel({ seed: 21 });
  const apiserver = new FakeApiProcess();
  apiserver.api.seed('nodes', controlPlane(), node('node-1'), node('node-2'));
  kernel.addProcess(apiserver);
  const a = new SchedulerProcess();
  const b = new SchedulerProcess({ address: 'kube-scheduler-2' });
  kernel.addProcess(a);
  kernel.addProcess(b);
  const lease = () => apiserver.api.find('leases', 'kube-system/kube-scheduler') as Lease | undefined;
  const create = (name: string) => {
    apiserver.api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod(name) as KubeObject });
    apiserver.api.flush();
  };
  const nodeOf = (name: string) => (apiserver.api.find('pods', `default/${name}`) as Pod | undefined)?.spec?.nodeName;
  return { kernel, apiserver, a, b, lease, create, nodeOf };
}

describe('SchedulerProcess leader election', () => {
  it('exactly one scheduler leads, holds the Lease as control-plane_<uuid>, and binds; the standby watches nothing', () => {
    const s = setup();
    s.kernel.runTicks(20);
    expect([s.a.leading, s.b.leading].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = s.a.leading ? [s.a, s.b] : [s.b, s.a];
    expect(s.lease()?.spec).toMatchObject({ holderIdentity: leader.identity, leaseDurationSeconds: 15, leaseTransitions: 0 });
    expect(leader.identity).toMatch(/^control-plane_[0-9a-f]{8}-/);
    expect(standby.current).toBeUndefined();
    const watchesBy = (addr: string) => s.kernel.trace.events().filter((e) => e.kind === 'send' && e.address === addr && (e.payload as { request?: { verb?: string } }).request?.verb === 'watch').length;
    expect(watchesBy(standby.address)).toBe(0);
    expect(watchesBy(leader.address)).toBe(2); // pods and nodes
    s.create('web');
    s.kernel.runTicks(20);
    expect(s.nodeOf('web')).toMatch(/^node-[12]$/);
    const events = s.apiserver.api.all('events') as { reason?: string; message?: string; source?: { component?: string } }[];
    expect(events).toContainEqual(expect.objectContaining({ reason: 'LeaderElection', message: `${leader.identity} became leader`, source: { component: 'default-scheduler' } }));
  });

  it('the standby binds nothing while the leader lives, and takes over once the dead leader\'s Lease expires', () => {
    const s = setup();
    s.kernel.runTicks(20);
    const [leader, standby] = s.a.leading ? [s.a, s.b] : [s.b, s.a];
    s.kernel.kill(leader.address);
    s.create('late');
    s.kernel.runTicks(LEASE_DURATION_TICKS - 300);
    expect(s.nodeOf('late')).toBeUndefined(); // nobody schedules: the Lease is still valid
    expect(standby.leading).toBe(false);
    s.kernel.runTicks(1200);
    expect(standby.leading).toBe(true);
    s.kernel.runTicks(20);
    expect(s.nodeOf('late')).toMatch(/^node-[12]$/);
    expect(s.lease()?.spec).toMatchObject({ holderIdentity: standby.identity, leaseTransitions: 1 });
  });
});
