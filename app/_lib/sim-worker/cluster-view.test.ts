import { describe, expect, it } from 'vitest';
import { createDefaultSimulation, type DefaultSimulation, type ProcessFactory } from '@/sim-core/cluster';
import { SchedulerProcess } from '@/sim-core/scheduler';
import { KubeletProcess } from '@/sim-core/kubelet';
import { KubeProxyProcess } from '@/sim-core/kube-proxy';
import { ControllerManagerProcess } from '@/sim-core/controller-manager';
import type { KubeObject } from '@/sim-core/client';
import { clusterViewSchema, describeCluster } from './cluster-view';

const processes: ProcessFactory[] = [
  () => new SchedulerProcess(),
  (info) => info.nodes.map((nodeName) => new KubeletProcess({ nodeName })),
  (info) => info.nodes.map((nodeName) => new KubeProxyProcess({ nodeName })),
];

function cluster(seed = 3): DefaultSimulation {
  return createDefaultSimulation({ seed, processes });
}

function create(sim: DefaultSimulation, resource: string, body: KubeObject, namespace = 'default'): KubeObject {
  const r = sim.kubectl.request({ verb: 'create', resource, namespace, body }, { timeoutTicks: 3000 });
  if (!r.ok) throw new Error(`create ${resource}: ${r.error.message}`);
  return r.value;
}

const nginx = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { app: 'web' }, ...((extra.metadata as object) ?? {}) },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...((extra.spec as object) ?? {}) },
});

describe('describeCluster on the default topology', () => {
  it('draws the control-plane node and three workers, with their roles, taints and kubelets', () => {
    const sim = cluster();
    const view = clusterViewSchema.parse(describeCluster(sim));
    expect(view.nodes.map((n) => n.name)).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    const cp = view.nodes[0]!;
    expect(cp.roles).toEqual(['control-plane']);
    expect(cp.taints).toEqual(['node-role.kubernetes.io/control-plane:NoSchedule']);
    expect(view.nodes.every((n) => n.kubelet === 'up')).toBe(true);
    expect(view.controlPlane.find((p) => p.name === 'kube-apiserver')?.state).toBe('up');
    expect(view.controlPlane.find((p) => p.name === 'kube-scheduler')?.state).toBe('up');
    // this cluster was built without a controller-manager: the view says so instead of inventing one
    expect(view.controlPlane.find((p) => p.name === 'kube-controller-manager')).toMatchObject({ state: 'absent', leader: 'no-lease' });
    expect(view.etcd).toMatchObject({ total: 3, up: 3 });
    expect(view.etcd.leader).toMatch(/^etcd-[123]$/);
    expect(view.services.map((s) => s.name)).toEqual(['kubernetes']);
  });

  it('shows a created Pod in the not-scheduled lane, then Running on the node the scheduler chose', () => {
    const sim = cluster();
    create(sim, 'pods', nginx('web'));
    const before = describeCluster(sim);
    expect(before.unscheduled.map((p) => p.name)).toEqual(['web']);
    expect(before.unscheduled[0]).toMatchObject({ phase: 'Pending', status: 'Pending', ready: '0/1' });
    // the stored JSON has no resourceVersion; like the API server, the view takes the key's mod_revision
    const stored = sim.etcdContents().find((kv) => kv.key === '/registry/pods/default/web')!;
    expect(before.unscheduled[0]!.resourceVersion).toBe(String(stored.mod_revision));

    sim.runUntil(() => describeCluster(sim).nodes.some((n) => n.pods.some((p) => p.name === 'web' && p.status === 'Running')), 3000);
    const view = clusterViewSchema.parse(describeCluster(sim));
    expect(view.unscheduled).toEqual([]);
    const host = view.nodes.find((n) => n.pods.some((p) => p.name === 'web'))!;
    expect(host.name).toMatch(/^node-[123]$/); // never the tainted control-plane node
    expect(host.pods[0]).toMatchObject({ name: 'web', node: host.name, phase: 'Running', status: 'Running', ready: '1/1', restarts: 0, images: ['nginx:1.27'] });
    expect(host.pods[0]!.podIP).toMatch(/^10\.244\./);
  });

  it('keeps a Pod no node can take in the not-scheduled lane', () => {
    const sim = cluster();
    create(sim, 'pods', nginx('picky', { spec: { nodeSelector: { disk: 'ssd' } } }));
    sim.tick(500);
    const view = describeCluster(sim);
    expect(view.unscheduled.map((p) => p.name)).toEqual(['picky']);
    // no node has any Pod but the control plane's own (mirror Pods in kube-system)
    expect(view.nodes.every((n) => n.pods.every((p) => p.namespace === 'kube-system'))).toBe(true);
  });

  it('follows ownership Deployment → ReplicaSet → Pod and counts a Service’s ready endpoints', () => {
    const sim = cluster();
    // what the controllers would write, written by hand so the view can be checked alone
    const deploy = create(sim, 'deployments', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
    });
    const rs = create(sim, 'replicasets', {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-5d8f9c', labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: deploy.metadata!.uid!, controller: true }] },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
    });
    create(sim, 'pods', nginx('web-5d8f9c-abcde', { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d8f9c', uid: rs.metadata!.uid!, controller: true }] } }));
    create(sim, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
    create(sim, 'endpoints', { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web' }, subsets: [{ addresses: [{ ip: '10.244.1.2' }], notReadyAddresses: [{ ip: '10.244.2.2' }], ports: [{ port: 80 }] }] });
    const view = clusterViewSchema.parse(describeCluster(sim));
    expect(view.deployments).toEqual([{ namespace: 'default', name: 'web', desired: 1, ready: 0, upToDate: 0, replicaSets: [{ name: 'web-5d8f9c', desired: 1, ready: 0, pods: ['web-5d8f9c-abcde'] }] }]);
    const pod = view.unscheduled.find((p) => p.name === 'web-5d8f9c-abcde') ?? view.nodes.flatMap((n) => n.pods).find((p) => p.name === 'web-5d8f9c-abcde');
    expect(pod).toMatchObject({ owner: { kind: 'ReplicaSet', name: 'web-5d8f9c' }, deployment: 'web' });
    expect(view.services.find((s) => s.name === 'web')).toMatchObject({ readyEndpoints: 1, notReadyEndpoints: 1, type: 'ClusterIP' });
  });

  it('marks a killed kubelet down', () => {
    const sim = cluster();
    expect(sim.kill('kubelet@node-2').ok).toBe(true);
    const view = describeCluster(sim);
    expect(view.nodes.find((n) => n.name === 'node-2')?.kubelet).toBe('down');
    expect(view.nodes.find((n) => n.name === 'node-1')?.kubelet).toBe('up');
  });

  it('tells the leader from the standby by the Lease each component elects through', () => {
    const sim = createDefaultSimulation({
      seed: 4,
      processes: [...processes, () => new ControllerManagerProcess(), () => new ControllerManagerProcess({ address: 'kube-controller-manager-2' })],
    });
    sim.tick(3000); // past a lease duration: both components have elected a leader
    const view = clusterViewSchema.parse(describeCluster(sim));
    const cms = view.controlPlane.filter((p) => p.component === 'kube-controller-manager');
    expect(cms.map((p) => p.name)).toEqual(['kube-controller-manager', 'kube-controller-manager-2']);
    expect(cms.map((p) => p.leader).sort()).toEqual(['holder', 'not-holder']);
    expect(cms[0]!.holderIdentity).toMatch(/^control-plane_/);
    expect(view.controlPlane.find((p) => p.name === 'kube-scheduler')?.leader).toBe('holder');

    // kill the leader: the standby takes the Lease over once it expires
    const leader = cms.find((p) => p.leader === 'holder')!.name;
    expect(sim.kill(leader).ok).toBe(true);
    sim.tick(3000);
    const after = describeCluster(sim).controlPlane.filter((p) => p.component === 'kube-controller-manager');
    expect(after.find((p) => p.name === leader)).toMatchObject({ state: 'down', leader: 'not-holder' });
    expect(after.find((p) => p.name !== leader)).toMatchObject({ state: 'up', leader: 'holder' });
  });

  it('draws an HA control plane: three control-plane nodes, each instance by its address, one holder per Lease', () => {
    const sim = createDefaultSimulation({ seed: 2, controlPlanes: 3 });
    sim.tick(300);
    const view = clusterViewSchema.parse(describeCluster(sim));
    expect(view.nodes.filter((n) => n.roles.includes('control-plane')).map((n) => n.name)).toEqual(['control-plane', 'control-plane-2', 'control-plane-3']);
    const cms = view.controlPlane.filter((p) => p.component === 'kube-controller-manager');
    expect(cms.map((p) => p.name)).toEqual(['kube-controller-manager', 'kube-controller-manager@control-plane-2', 'kube-controller-manager@control-plane-3']);
    expect(cms.map((p) => p.leader)).toEqual(['not-holder', 'holder', 'not-holder']);
    expect(view.controlPlane.filter((p) => p.component === 'kube-scheduler' && p.leader === 'holder')).toHaveLength(1);
  });

  it('never changes the simulation it reads', () => {
    const sim = cluster();
    create(sim, 'pods', nginx('web'));
    const hash = sim.stateHash();
    describeCluster(sim);
    expect(sim.stateHash()).toBe(hash);
  });
});
