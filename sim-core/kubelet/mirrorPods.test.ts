// The control-plane's static Pods as a learner meets them: a mirror Pod per component in
// kube-system before the first command, a record that comes back when deleted while its
// process runs on, and a status that follows the process through `sim kill` and
// `sim restart`, and through a lost lease (the component exits, its kubelet starts it
// again). NodeRestriction lets a kubelet create only such Pods.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../cluster';
import type { DefaultSimulation } from '../cluster/default-topology';
import type { Pod } from '../apiserver';
import { authorizeNode } from '../apiserver/server/rbac/nodeAuthorizer';
import type { KubeletProcess } from './process';
import type { ProcessLife } from '../kernel';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { MirrorPods } from './mirrorPods';
import { mirrorPod, staticPodManifest, staticPodStatus, type StaticPod } from './staticPods';

function mirror(sim: DefaultSimulation, name: string): Pod | undefined {
  const r = sim.kubectl.request({ verb: 'get', resource: 'pods', namespace: 'kube-system', name }, { timeoutTicks: 500 });
  return r.ok ? (r.value as Pod) : undefined;
}

function kubeSystemPods(sim: DefaultSimulation): string[] {
  const r = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'kube-system' }, { timeoutTicks: 500 });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { items: Pod[] }).items.map((p) => p.metadata?.name ?? '').sort();
}

/** A default cluster with its leaders elected and nothing left to do. */
function settled(seed: number): DefaultSimulation {
  const sim = createSimulation({ topology: 'default', seed }) as DefaultSimulation;
  sim.runUntilIdle(5000);
  return sim;
}

function logs(sim: DefaultSimulation, name: string, options: { previous?: boolean } = {}): string {
  const r = sim.podLogs('kube-system', name, options);
  return r.ok ? r.text : `error: ${r.error}`;
}

describe('mirror Pods of the control plane', () => {
  it('are in etcd before the first command, Running, owned by their Node and bound to it', () => {
    const sim = createSimulation({ topology: 'default', seed: 3 }) as DefaultSimulation;
    expect(kubeSystemPods(sim)).toEqual(['kube-apiserver-control-plane', 'kube-controller-manager-control-plane', 'kube-scheduler-control-plane']);
    const nodeUid = (sim.kubectl.request({ verb: 'get', resource: 'nodes', namespace: '', name: 'control-plane' }, { timeoutTicks: 500 }) as { ok: true; value: Pod }).value.metadata?.uid;
    const p = mirror(sim, 'kube-scheduler-control-plane')!;
    expect(p.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'control-plane', uid: nodeUid, controller: true }]);
    const a = p.metadata?.annotations ?? {};
    expect(a['kubernetes.io/config.mirror']).toMatch(/^[0-9a-f]{32}$/);
    expect(a['kubernetes.io/config.hash']).toBe(a['kubernetes.io/config.mirror']);
    expect(a['kubernetes.io/config.source']).toBe('file');
    expect(p.metadata?.labels).toEqual({ component: 'kube-scheduler', tier: 'control-plane' });
    expect(p.spec?.nodeName).toBe('control-plane');
    expect(p.spec?.priority).toBe(2000001000);
    expect(p.spec?.priorityClassName).toBe('system-node-critical');
    // the kubelet's one toleration covers not-ready/unreachable: DefaultTolerationSeconds adds nothing
    expect(p.spec?.tolerations).toEqual([{ operator: 'Exists', effect: 'NoExecute' }]);
    // ServiceAccount admission leaves a mirror Pod alone: no token volume
    expect(p.spec?.serviceAccountName).toBeUndefined();
    expect((p.spec?.volumes ?? []).map((v) => v.name)).toEqual(['kubeconfig']);
    expect(p.status?.phase).toBe('Running');
    expect(p.status?.podIP).toBe('172.18.0.2');
    expect(p.status?.qosClass).toBe('Burstable');
    expect(p.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    expect(p.status?.containerStatuses?.[0]).toMatchObject({ name: 'kube-scheduler', ready: true, restartCount: 0, image: 'registry.k8s.io/kube-scheduler:v1.32.2' });
  });

  it('the kubelet keeps the status it finds and runs nothing for them', () => {
    const sim = createSimulation({ topology: 'default', seed: 4 }) as DefaultSimulation;
    const before = mirror(sim, 'kube-apiserver-control-plane')!;
    sim.tick(1500);
    const after = mirror(sim, 'kube-apiserver-control-plane')!;
    // the bootstrap wrote the status the kubelet would: it writes nothing more
    expect(after.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
    const events = sim.kubectl.request({ verb: 'list', resource: 'events', namespace: 'kube-system' }, { timeoutTicks: 500 });
    if (!events.ok) throw new Error(events.error.message);
    const reasons = (events.value as { items: { reason?: string; involvedObject?: { kind?: string } }[] }).items.filter((e) => e.involvedObject?.kind === 'Pod').map((e) => e.reason);
    expect(reasons).toEqual([]);
  });

  it('comes back under a new uid when deleted, while the process runs on', () => {
    const sim = createSimulation({ topology: 'default', seed: 5 }) as DefaultSimulation;
    const old = mirror(sim, 'kube-scheduler-control-plane')!;
    const del = sim.kubectl.request({ verb: 'delete', resource: 'pods', namespace: 'kube-system', name: 'kube-scheduler-control-plane' }, { timeoutTicks: 500 });
    expect(del.ok).toBe(true);
    sim.tick(200);
    const again = mirror(sim, 'kube-scheduler-control-plane')!;
    expect(again.metadata?.uid).not.toBe(old.metadata?.uid);
    expect(again.metadata?.annotations?.['kubernetes.io/config.mirror']).toBe(old.metadata?.annotations?.['kubernetes.io/config.mirror']);
    expect(again.status?.phase).toBe('Running');
    expect(again.status?.containerStatuses?.[0]?.restartCount).toBe(0);
    expect(sim.processes().find((p) => p.address === 'kube-scheduler')).toMatchObject({ up: true });
  });

  it('says Error while its process is killed, and counts the restart when it is back', () => {
    const sim = createSimulation({ topology: 'default', seed: 6 }) as DefaultSimulation;
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(100);
    const down = mirror(sim, 'kube-scheduler-control-plane')!;
    expect(down.status?.phase).toBe('Running');
    expect(down.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady' });
    expect(down.status?.containerStatuses?.[0]).toMatchObject({ ready: false, restartCount: 0, state: { terminated: { exitCode: 137, reason: 'Error' } } });
    expect(sim.restart('kube-scheduler').ok).toBe(true);
    const restartedAt = sim.now;
    sim.tick(100);
    // running again, but not started nor ready until its startup probe first passes, 10 s in
    const starting = mirror(sim, 'kube-scheduler-control-plane')!;
    expect(starting.status?.containerStatuses?.[0]).toMatchObject({ ready: false, started: false, restartCount: 1 });
    expect(starting.status?.containerStatuses?.[0]?.state?.running).toBeDefined();
    expect(starting.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady' });
    sim.tick(950);
    const up = mirror(sim, 'kube-scheduler-control-plane')!;
    const c = up.status?.containerStatuses?.[0];
    expect(c).toMatchObject({ ready: true, started: true, restartCount: 1, lastState: { terminated: { exitCode: 137, reason: 'Error' } } });
    expect(up.status?.conditions?.find((x) => x.type === 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: tickToTimestamp(restartedAt + 1000) });
    expect(c?.state?.running).toBeDefined();
    expect(c?.containerID).not.toBe(down.status?.containerStatuses?.[0]?.containerID);
    // the other components were never touched
    expect(mirror(sim, 'kube-controller-manager-control-plane')?.status?.containerStatuses?.[0]?.restartCount).toBe(0);
  });

  it('are collected with a deleted Node and not written again', () => {
    const sim = createSimulation({ topology: 'default', seed: 8 }) as DefaultSimulation;
    expect(sim.kubectl.request({ verb: 'delete', resource: 'nodes', namespace: '', name: 'control-plane' }, { timeoutTicks: 500 }).ok).toBe(true);
    sim.tick(3000);
    expect(kubeSystemPods(sim)).toEqual([]);
    // nothing keeps writing: the cluster settles
    expect(sim.runUntilIdle(10_000)).toBeLessThan(10_000);
  });

  it('is repaired when someone else writes its status, and keeps the annotation that makes it a mirror Pod', () => {
    const sim = createSimulation({ topology: 'default', seed: 9 }) as DefaultSimulation;
    // the kubelet writes the status itself first (the process down, then up again)
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(100);
    expect(sim.restart('kube-scheduler').ok).toBe(true);
    sim.tick(1100);
    const forged = sim.kubectl.request(
      { verb: 'patch', resource: 'pods', namespace: 'kube-system', name: 'kube-scheduler-control-plane', subresource: 'status', patchType: 'application/merge-patch+json', patch: { status: { conditions: [{ type: 'Ready', status: 'False' }] } } },
      { timeoutTicks: 500 },
    );
    expect(forged.ok).toBe(true);
    sim.tick(100);
    expect(mirror(sim, 'kube-scheduler-control-plane')?.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    const annotate = (name: string, annotations: Record<string, string | null>) =>
      sim.kubectl.request({ verb: 'patch', resource: 'pods', namespace: name === 'web' ? 'default' : 'kube-system', name, patchType: 'application/merge-patch+json', patch: { metadata: { annotations } } }, { timeoutTicks: 500 });
    const removed = annotate('kube-scheduler-control-plane', { 'kubernetes.io/config.mirror': null });
    expect(removed.ok ? '' : removed.error.message).toBe('Pod "kube-scheduler-control-plane" is invalid: metadata.annotations[kubernetes.io/config.mirror]: Forbidden: may not remove or update mirror pod annotation');
    const plain = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    expect(sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: plain }, { timeoutTicks: 500 }).ok).toBe(true);
    const added = annotate('web', { 'kubernetes.io/config.mirror': 'x' });
    expect(added.ok ? '' : added.error.message).toContain('Forbidden: may not add mirror pod annotation');
    const unbound = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { ...plain, metadata: { name: 'fake', namespace: 'default', annotations: { 'kubernetes.io/config.mirror': 'abc' } } } }, { timeoutTicks: 500 });
    expect(unbound.ok ? '' : unbound.error.message).toContain('metadata.annotations[kubernetes.io/config.mirror]: Invalid value: map[string]string{"kubernetes.io/config.mirror":"abc"}: must set spec.nodeName if mirror pod annotation is set');
  });

  it('deletes a mirror Pod its node runs no static Pod for, again after an API server outage', () => {
    const sim = createSimulation({ topology: 'default', seed: 10 }) as DefaultSimulation;
    // a mirror Pod bound to a worker, whose kubelet has no manifest for it (written as an admin: NodeRestriction binds only kubelets)
    const orphan = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray-node-1', namespace: 'kube-system', annotations: { 'kubernetes.io/config.mirror': 'abc' } }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    expect(sim.kill('kubelet@node-1').ok).toBe(true);
    expect(sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'kube-system', body: orphan }, { timeoutTicks: 500 }).ok).toBe(true);
    expect(sim.restart('kubelet@node-1').ok).toBe(true);
    // the API server goes down while the kubelet's first delete is on its way: it fails, and the kubelet tries again
    const kubelet = sim.clusterKernel.process('kubelet@node-1') as KubeletProcess;
    const deleting = () => (kubelet.current as unknown as { mirrors: { orphanDeletes: number } } | undefined)?.mirrors.orphanDeletes ?? 0;
    expect(sim.runUntil(() => deleting() > 0, 1000).ok).toBe(true);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(300);
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.tick(3000);
    expect(kubeSystemPods(sim)).not.toContain('stray-node-1');
    // it was never run: no image pulled for it
    const events = sim.kubectl.request({ verb: 'list', resource: 'events', namespace: 'kube-system' }, { timeoutTicks: 500 });
    if (!events.ok) throw new Error(events.error.message);
    expect((events.value as { items: { involvedObject?: { name?: string } }[] }).items.filter((e) => e.involvedObject?.name === 'stray-node-1')).toEqual([]);
  });

  it('an HA control plane has one API server and a controller-manager and a scheduler per control-plane node', () => {
    const sim = createSimulation({ topology: 'default', seed: 7, controlPlanes: 3, workers: 1 }) as DefaultSimulation;
    expect(kubeSystemPods(sim)).toEqual([
      'kube-apiserver-control-plane',
      'kube-controller-manager-control-plane',
      'kube-controller-manager-control-plane-2',
      'kube-controller-manager-control-plane-3',
      'kube-scheduler-control-plane',
      'kube-scheduler-control-plane-2',
      'kube-scheduler-control-plane-3',
    ]);
    expect(sim.kill('kube-scheduler@control-plane-2').ok).toBe(true);
    sim.tick(100);
    expect(mirror(sim, 'kube-scheduler-control-plane-2')?.status?.containerStatuses?.[0]?.ready).toBe(false);
    expect(mirror(sim, 'kube-scheduler-control-plane')?.status?.containerStatuses?.[0]?.ready).toBe(true);
    expect(mirror(sim, 'kube-scheduler-control-plane-2')?.status?.podIP).toBe('172.18.0.3');
  });
});

describe('a static Pod’s log', () => {
  it('is its leader election, in klog’s format: the leader acquired the lease, a standby only attempts', () => {
    const sim = createSimulation({ topology: 'default', seed: 11, controlPlanes: 2, workers: 1 }) as DefaultSimulation;
    sim.runUntilIdle(5000);
    const holder = (sim.kubectl.request({ verb: 'get', resource: 'leases', namespace: 'kube-system', name: 'kube-scheduler' }, { timeoutTicks: 500 }) as { ok: true; value: { spec: { holderIdentity: string } } }).value.spec.holderIdentity;
    const leaderNode = holder.split('_')[0]!;
    const standbyNode = leaderNode === 'control-plane' ? 'control-plane-2' : 'control-plane';
    const leader = logs(sim, `kube-scheduler-${leaderNode}`).split('\n');
    expect(leader[0]).toMatch(/^I0101 00:00:\d\d\.\d{6} {7}1 leaderelection\.go:257\] attempting to acquire leader lease kube-system\/kube-scheduler\.\.\.$/);
    expect(leader[1]).toMatch(/^I0101 \S+ {7}1 leaderelection\.go:271\] successfully acquired lease kube-system\/kube-scheduler$/);
    expect(logs(sim, `kube-scheduler-${standbyNode}`)).toMatch(/^I0101 \S+ {7}1 leaderelection\.go:257\] attempting to acquire leader lease kube-system\/kube-scheduler\.\.\.\n$/);
    expect(logs(sim, 'kube-apiserver-control-plane')).toBe('');
    expect(logs(sim, `kube-scheduler-${leaderNode}`, { previous: true })).toBe(`error: previous terminated container "kube-scheduler" in pod "kube-scheduler-${leaderNode}" not found`);
  });

  it('while the process is down, is the life that just ended, and --previous the one before', () => {
    const sim = settled(12);
    const first = logs(sim, 'kube-scheduler-control-plane');
    expect(first).toMatch(/successfully acquired lease kube-system\/kube-scheduler\n$/);
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(10);
    // the kubelet reads the terminated container's log; there is no container before it
    expect(logs(sim, 'kube-scheduler-control-plane')).toBe(first);
    expect(logs(sim, 'kube-scheduler-control-plane', { previous: true })).toBe('error: previous terminated container "kube-scheduler" in pod "kube-scheduler-control-plane" not found');
    expect(sim.restart('kube-scheduler').ok).toBe(true);
    sim.tick(10);
    const second = logs(sim, 'kube-scheduler-control-plane');
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(10);
    expect(logs(sim, 'kube-scheduler-control-plane')).toBe(second);
    expect(logs(sim, 'kube-scheduler-control-plane', { previous: true })).toBe(first);
  });

  it('says when the leader could not renew and exited; the life before the restart is --previous', () => {
    const sim = settled(12);
    // no API server for longer than renewDeadline (10 s): the leader gives the lease up and exits
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(1200);
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntilIdle(5000);
    const bare = (text: string) => text.split('\n').map((l) => l.replace(/^(\w)\S+ \S+ +1 /, '$1 '));
    expect(bare(logs(sim, 'kube-scheduler-control-plane', { previous: true }))).toEqual([
      'I leaderelection.go:257] attempting to acquire leader lease kube-system/kube-scheduler...',
      'I leaderelection.go:271] successfully acquired lease kube-system/kube-scheduler',
      'I leaderelection.go:297] failed to renew lease kube-system/kube-scheduler: context deadline exceeded',
      'E server.go:298] "Leaderelection lost"',
      '',
    ]);
    expect(bare(logs(sim, 'kube-controller-manager-control-plane', { previous: true })).at(-2)).toBe('E controllermanager.go:328] "leaderelection lost"');
    expect(bare(logs(sim, 'kube-scheduler-control-plane'))).toEqual([
      'I leaderelection.go:257] attempting to acquire leader lease kube-system/kube-scheduler...',
      'I leaderelection.go:271] successfully acquired lease kube-system/kube-scheduler',
      '',
    ]);
    // a kill and a restart by hand: that life is --previous now
    const before = logs(sim, 'kube-scheduler-control-plane');
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(10);
    expect(sim.restart('kube-scheduler').ok).toBe(true);
    sim.tick(10);
    expect(logs(sim, 'kube-scheduler-control-plane', { previous: true })).toBe(before);
    expect(logs(sim, 'kube-scheduler-control-plane')).toMatch(/attempting to acquire leader lease kube-system\/kube-scheduler\.\.\.\n$/);
  });
});

describe('a control-plane component that loses its lease', () => {
  it('exits with code 1 and its kubelet starts it again: RESTARTS 1, the exit in lastState, a new identity', () => {
    const sim = settled(12);
    const lease = () => (sim.kubectl.request({ verb: 'get', resource: 'leases', namespace: 'kube-system', name: 'kube-scheduler' }, { timeoutTicks: 500 }) as { ok: true; value: { spec: { holderIdentity: string } } }).value.spec.holderIdentity;
    const first = lease();
    const seen: string[] = [];
    const stop = sim.subscribe((e) => seen.push(`${e.kind} ${e.address}${e.kind === 'exit' ? ` ${(e.detail as { exitCode: number }).exitCode}` : ''}`), { kinds: ['kill', 'exit', 'restart'] });
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(1200);
    // both leaders exited on their own, and their kubelet started them again a relist later, with no API server
    expect(seen).toEqual(['kill kube-apiserver', 'exit kube-controller-manager 1', 'exit kube-scheduler 1', 'restart kube-controller-manager', 'restart kube-scheduler']);
    expect(sim.kernel.lifeOf('kube-scheduler')).toMatchObject({ alive: true, kills: 1, exitCode: 1, exited: true });
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntilIdle(5000);
    stop();
    const c = mirror(sim, 'kube-scheduler-control-plane')?.status?.containerStatuses?.[0];
    expect(c).toMatchObject({ ready: true, restartCount: 1, lastState: { terminated: { exitCode: 1, reason: 'Error' } } });
    expect(c?.state?.running).toBeDefined();
    expect(c?.containerID).not.toBe(c?.lastState?.terminated?.containerID);
    expect(mirror(sim, 'kube-controller-manager-control-plane')?.status?.containerStatuses?.[0]).toMatchObject({ restartCount: 1, lastState: { terminated: { exitCode: 1 } } });
    // a new process: a new identity holds the lease now
    expect(lease()).not.toBe(first);
    expect(lease()).toMatch(/^control-plane_/);
  });

  it('exits again and again on a flapping API server: the kubelet backs off, the Pod says CrashLoopBackOff, its log the life that ended', () => {
    const sim = settled(12);
    const leading = () => (sim.clusterKernel.process('kube-scheduler') as { leading?: boolean } | undefined)?.leading === true;
    const gaps: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(sim.runUntil(leading, 5000).ok).toBe(true);
      expect(sim.kill('kube-apiserver').ok).toBe(true);
      expect(sim.runUntil(() => !sim.kernel.isAlive('kube-scheduler'), 2000).ok).toBe(true);
      const exitedAt = sim.now;
      expect(sim.restart('kube-apiserver').ok).toBe(true);
      if (i === 2) break;
      expect(sim.runUntil(() => sim.kernel.isAlive('kube-scheduler'), 5000).ok).toBe(true);
      gaps.push(sim.now - exitedAt);
    }
    // the first restart at the next relist, the second after 10 s
    expect(gaps).toEqual([100, 1000]);
    // the third waits 20 s: the status manager's next sync (10 s) writes the back-off
    sim.tick(1100);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(false);
    const c = mirror(sim, 'kube-scheduler-control-plane')?.status?.containerStatuses?.[0];
    expect(c?.state?.waiting).toMatchObject({ reason: 'CrashLoopBackOff', message: expect.stringMatching(/^back-off 20s restarting failed container=kube-scheduler pod=kube-scheduler-control-plane_kube-system\([0-9a-f]{32}\)$/) });
    expect(c).toMatchObject({ ready: false, restartCount: 2, lastState: { terminated: { exitCode: 1, reason: 'Error' } } });
    // in the back-off, the log and --previous both read the life that ended
    const ended = logs(sim, 'kube-scheduler-control-plane');
    expect(ended).toMatch(/E\S+ \S+ +1 server\.go:298\] "Leaderelection lost"\n$/);
    expect(logs(sim, 'kube-scheduler-control-plane', { previous: true })).toBe(ended);
    sim.tick(1000);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(true);
  });

  it('in sim events, the exit and the kubelet’s start are the processes’ own steps, not the learner’s faults', () => {
    const sim = settled(12);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(1500);
    const hops = (sim.journal?.hops() ?? []).filter((h) => h.to === 'kube-scheduler' && (h.kind === 'step' || h.kind === 'fault'));
    expect(hops.map((h) => `${h.kind} ${h.from} → ${h.to} ${h.what}`)).toEqual(['step kube-scheduler → kube-scheduler exit kube-scheduler (code 1)', 'step kubelet@control-plane → kube-scheduler start kube-scheduler again']);
  });

  it('on an HA control plane, only the leaders exit; the standbys keep trying', () => {
    const sim = createSimulation({ topology: 'default', seed: 7, controlPlanes: 3, workers: 1 }) as DefaultSimulation;
    sim.runUntilIdle(5000);
    const exits: string[] = [];
    const stop = sim.subscribe((e) => exits.push(e.address), { kinds: ['exit'] });
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(1500);
    stop();
    const leaders = (['kube-scheduler', 'kube-controller-manager'] as const).map((lease) => {
      const holder = sim.clusterKernel.addresses().filter((a) => a === lease || a.startsWith(`${lease}@`));
      return holder.filter((a) => sim.kernel.lifeOf(a)?.kills === 1);
    });
    // exactly one process per Lease ended its life, and it was by its own exit
    expect(leaders.map((l) => l.length)).toEqual([1, 1]);
    expect([...exits].sort()).toEqual([...leaders.flat()].sort());
    const standbys = sim.clusterKernel.addresses().filter((a) => /^kube-(scheduler|controller-manager)/.test(a) && !exits.includes(a));
    expect(standbys).toHaveLength(4);
    expect(standbys.every((a) => sim.kernel.lifeOf(a)?.kills === 0 && sim.kernel.isAlive(a))).toBe(true);
  });

  it('comes back with its node when the node was restarted while the process was down after its exit', () => {
    const sim = settled(12);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    expect(sim.runUntil(() => !sim.kernel.isAlive('kube-scheduler'), 2000).ok).toBe(true);
    // the whole node goes down before the kubelet gets to it, and comes back
    expect(sim.kill('control-plane').ok).toBe(true);
    expect(sim.restart('control-plane').ok).toBe(true);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(true);
    expect(sim.kernel.isAlive('kube-apiserver')).toBe(true);
    expect(sim.runUntilIdle(10_000)).toBeLessThan(10_000);
    expect(sim.kernel.lifeOf('kube-scheduler')).toMatchObject({ alive: true, kills: 1 });
  });

  it('is not restarted when it was killed: sim kill stands for a container that stays down', () => {
    const sim = settled(12);
    expect(sim.kill('kube-scheduler').ok).toBe(true);
    sim.tick(3000);
    expect(sim.kernel.lifeOf('kube-scheduler')).toMatchObject({ alive: false, exitCode: 137, exited: false });
    expect(mirror(sim, 'kube-scheduler-control-plane')?.status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('between its exit and its restart, sim kill says it is already down and that its kubelet will start it', () => {
    const sim = settled(12);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    expect(sim.runUntil(() => sim.kernel.lifeOf('kube-scheduler')?.alive === false, 2000).ok).toBe(true);
    expect(sim.kill('kube-scheduler')).toEqual({ ok: false, error: 'kube-scheduler is already down: it exited with code 1, and its kubelet will start it again' });
    sim.tick(150);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(true);
  });

  it('is started again by nobody while its kubelet is down', () => {
    const sim = settled(12);
    expect(sim.kill('kubelet@control-plane').ok).toBe(true);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(1500);
    expect(sim.kernel.lifeOf('kube-scheduler')).toMatchObject({ alive: false, exited: true });
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntilIdle(5000);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(false);
    // a kubelet just started has its start to do: settle waits for it, and for the restart it makes
    expect(sim.restart('kubelet@control-plane').ok).toBe(true);
    expect(sim.runUntilIdle(5000)).toBeGreaterThan(100);
    expect(sim.kernel.isAlive('kube-scheduler')).toBe(true);
    expect(sim.kernel.isAlive('kube-controller-manager')).toBe(true);
  });
});

describe('MirrorPods restarting an exited static container', () => {
  const s: StaticPod = {
    component: 'kube-scheduler',
    address: 'kube-scheduler',
    manifest: staticPodManifest('kube-scheduler', { nodeName: 'control-plane', hostIP: '172.18.0.2', version: 'v1.32.2', etcdServers: [], securePort: 6443 }),
  };
  const setup = () => {
    let life: ProcessLife = { alive: true, kills: 0, startedAt: 0, startedBefore: undefined, killedAt: undefined, exitCode: undefined, exited: false };
    const started: number[] = [];
    let now = 0;
    const mirrors = new MirrorPods([s], 'control-plane', () => life, () => {}, () => {
      started.push(now);
      life = { ...life, alive: true, startedBefore: life.startedAt, startedAt: now };
    });
    const exitAt = (t: number) => {
      life = { ...life, alive: false, kills: life.kills + 1, killedAt: t, exitCode: 1, exited: true };
    };
    const run = (from: number, to: number) => {
      for (now = from; now <= to; now++) mirrors.restartExited(now);
    };
    return { mirrors, started, exitAt, run, kill: (t: number) => (life = { ...life, alive: false, kills: life.kills + 1, killedAt: t, exitCode: 137, exited: false }) };
  };

  it('starts the first exit at the next relist, then waits 10 s, 20 s … after each exit, and forgets after 10 quiet minutes', () => {
    const { mirrors, started, exitAt, run } = setup();
    exitAt(1000);
    expect(mirrors.hasPendingWork()).toBe(true);
    run(1000, 1200);
    expect(started).toEqual([1100]);
    exitAt(1500);
    run(1500, 3000);
    expect(started).toEqual([1100, 2500]);
    exitAt(3000);
    run(3000, 6000);
    expect(started).toEqual([1100, 2500, 5000]);
    // quiet for more than twice the 300 s cap since the back-off last moved: at once again
    exitAt(5000 + 2 * 30_000 + 1);
    run(65_001, 65_200);
    expect(started.at(-1)).toBe(65_101);
  });

  it('counts a back-off as no pending work, and starts nothing that was killed', () => {
    const { mirrors, started, exitAt, run, kill } = setup();
    exitAt(10);
    run(10, 200);
    exitAt(300);
    run(300, 500);
    // in CrashLoopBackOff for 10 s: not work `sim settle` waits for
    expect(mirrors.hasPendingWork()).toBe(false);
    run(501, 1400);
    expect(started).toEqual([110, 1300]);
    kill(2000);
    run(2000, 5000);
    expect(started).toEqual([110, 1300]);
    expect(mirrors.hasPendingWork()).toBe(false);
  });
});

describe('staticPodStatus', () => {
  const s: StaticPod = {
    component: 'kube-scheduler',
    address: 'kube-scheduler',
    manifest: staticPodManifest('kube-scheduler', { nodeName: 'control-plane', hostIP: '172.18.0.2', version: 'v1.32.2', etcdServers: [], securePort: 6443 }),
  };
  it('says how a life ended (137 killed, 1 exited) and, in a back-off, CrashLoopBackOff with the exit in lastState', () => {
    const down = { alive: false, kills: 2, startedAt: 900, startedBefore: 0, killedAt: 1200, exitCode: 1, exited: true } as const;
    const exited = staticPodStatus(s, down, '172.18.0.2').containerStatuses?.[0];
    expect(exited).toMatchObject({ ready: false, restartCount: 1, state: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:09Z', finishedAt: '2026-01-01T00:00:12Z' } } });
    const waiting = staticPodStatus(s, down, '172.18.0.2', { seconds: 10, podRef: 'kube-scheduler-control-plane_kube-system(abc)' }).containerStatuses?.[0];
    expect(waiting?.state).toEqual({ waiting: { reason: 'CrashLoopBackOff', message: 'back-off 10s restarting failed container=kube-scheduler pod=kube-scheduler-control-plane_kube-system(abc)' } });
    expect(waiting?.lastState).toEqual(exited?.state);
    // the kubelet prints the back-off as a Go duration
    expect(staticPodStatus(s, down, '172.18.0.2', { seconds: 160, podRef: 'p' }).containerStatuses?.[0]?.state?.waiting?.message).toBe('back-off 2m40s restarting failed container=kube-scheduler pod=p');
    expect(waiting).toMatchObject({ ready: false, restartCount: 1, containerID: exited?.containerID });
    const killed = staticPodStatus(s, { ...down, exitCode: 137, exited: false }, '172.18.0.2').containerStatuses?.[0];
    expect(killed?.state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('is not ready in a restarted life until its startup probe first passes, 10 s in; the boot life is ready from the start', () => {
    const restarted = { alive: true, kills: 1, startedAt: 900, startedBefore: 0, killedAt: 700, exitCode: 1, exited: true } as const;
    const at = (now: number) => staticPodStatus(s, restarted, '172.18.0.2', undefined, now);
    expect(at(1899).containerStatuses?.[0]).toMatchObject({ ready: false, started: false, state: { running: {} } });
    expect(at(1899).conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', lastTransitionTime: '2026-01-01T00:00:07Z' });
    expect(at(1900).containerStatuses?.[0]).toMatchObject({ ready: true, started: true });
    expect(at(1900).conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:19Z' });
    const boot = { alive: true, kills: 0, startedAt: 0, startedBefore: undefined, killedAt: undefined, exitCode: undefined, exited: false } as const;
    expect(staticPodStatus(s, boot, '172.18.0.2', undefined, 0).containerStatuses?.[0]).toMatchObject({ ready: true, started: true });
  });

  it('dates a first life from boot, and a later one from its restart', () => {
    const first = staticPodStatus(s, { alive: true, kills: 0, startedAt: 500, startedBefore: undefined, killedAt: undefined, exitCode: undefined, exited: false }, '172.18.0.2');
    expect(first.containerStatuses?.[0]?.state?.running?.startedAt).toBe(staticPodStatus(s, { alive: true, kills: 0, startedAt: 0, startedBefore: undefined, killedAt: undefined, exitCode: undefined, exited: false }, '172.18.0.2').containerStatuses?.[0]?.state?.running?.startedAt);
    const second = staticPodStatus(s, { alive: true, kills: 1, startedAt: 900, startedBefore: 0, killedAt: 700, exitCode: 137, exited: false }, '172.18.0.2');
    expect(first.containerStatuses?.[0]?.state?.running?.startedAt).toBe('2026-01-01T00:00:00Z');
    expect(second.containerStatuses?.[0]?.state?.running?.startedAt).toBe('2026-01-01T00:00:09Z');
    expect(second.containerStatuses?.[0]?.lastState?.terminated?.finishedAt).toBe(staticPodStatus(s, { alive: false, kills: 1, startedAt: 0, startedBefore: undefined, killedAt: 700, exitCode: 137, exited: false }, '172.18.0.2').containerStatuses?.[0]?.state?.terminated?.finishedAt);
  });
});

describe('NodeRestriction on a kubelet creating Pods', () => {
  const attrs = { verb: 'create', resource: 'pods', subresource: '', apiGroup: '', namespace: 'kube-system', name: '' } as Parameters<typeof authorizeNode>[1];
  const view = { podOf: () => undefined };
  const s: StaticPod = {
    component: 'kube-scheduler',
    address: 'kube-scheduler',
    manifest: staticPodManifest('kube-scheduler', { nodeName: 'control-plane', hostIP: '172.18.0.2', version: 'v1.32.2', etcdServers: [], securePort: 6443 }),
  };
  const own = mirrorPod(s, { name: 'control-plane', uid: 'u1' });
  it('admits its own mirror Pod', () => {
    expect(authorizeNode('control-plane', attrs, own.metadata?.name ?? '', view, own as never)).toEqual({ kind: 'allow' });
  });
  it('refuses a Pod that is not a mirror Pod, one bound elsewhere, and one owned by another Node', () => {
    const plain = { ...own, metadata: { ...own.metadata, annotations: {} } };
    expect(authorizeNode('control-plane', attrs, 'x', view, plain as never)).toMatchObject({ kind: 'restricted', message: 'pod does not have "kubernetes.io/config.mirror" annotation, node "control-plane" can only create mirror pods' });
    expect(authorizeNode('node-1', attrs, 'x', view, own as never)).toMatchObject({ kind: 'restricted', message: 'node "node-1" can only create pods with spec.nodeName set to itself' });
    const other = { ...own, metadata: { ...own.metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'u2', controller: true }] } };
    expect(authorizeNode('control-plane', attrs, 'x', view, other as never)).toMatchObject({ kind: 'restricted', message: 'node "control-plane" can only create pods with an owner reference set to itself' });
  });
  it('refuses a mirror Pod with no owner, two owners, a non-controller owner, or one blocking its Node’s deletion', () => {
    const withOwners = (ownerReferences: unknown[]) => ({ ...own, metadata: { ...own.metadata, ownerReferences } }) as never;
    const ref = own.metadata!.ownerReferences![0]!;
    expect(authorizeNode('control-plane', attrs, 'x', view, withOwners([]))).toMatchObject({ message: 'node "control-plane" can only create pods with an owner reference set to itself' });
    expect(authorizeNode('control-plane', attrs, 'x', view, withOwners([ref, ref]))).toMatchObject({ message: 'node "control-plane" can only create pods with a single owner reference set to itself' });
    expect(authorizeNode('control-plane', attrs, 'x', view, withOwners([{ ...ref, controller: false }]))).toMatchObject({ message: 'node "control-plane" can only create pods with a controller owner reference set to itself' });
    expect(authorizeNode('control-plane', attrs, 'x', view, withOwners([{ ...ref, blockOwnerDeletion: true }]))).toMatchObject({ message: 'node "control-plane" must not set blockOwnerDeletion on an owner reference' });
  });
});
