import { describe, expect, it } from 'vitest';
import { runPreviewCluster, type PreviewResult, type PreviewScenario } from './preview-cluster';

const NOTE_02 = ['kubectl create deployment web --image=nginx:1.27 --replicas=3', 'sim settle'];
const scenario = (setup: readonly string[], cluster: Partial<PreviewScenario> = {}): PreviewScenario => ({ seed: 101, members: 3, controlPlanes: 1, setup, ...cluster });

function expectNote02Cluster(r: PreviewResult) {
  if (!r.ok) throw new Error(r.error);
  const { view, hops } = r.value;
  const pods = view.nodes.flatMap((n) => n.pods).filter((p) => p.namespace === 'default');
  expect(pods).toHaveLength(3);
  expect(pods.every((p) => p.status === 'Running' && p.deployment === 'web')).toBe(true);
  // the tainted control-plane node runs only its static Pods, whose mirror Pods its Node owns
  expect(view.nodes.find((n) => n.name === 'control-plane')?.pods.map((p) => `${p.namespace}/${p.name} ${p.owner?.kind}`)).toEqual([
    'kube-system/kube-apiserver-control-plane Node',
    'kube-system/kube-controller-manager-control-plane Node',
    'kube-system/kube-scheduler-control-plane Node',
  ]);
  expect(view.deployments).toHaveLength(1);
  expect(view.deployments[0]!.replicaSets[0]!.pods).toHaveLength(3);
  // one controller-manager holds the Lease (in an HA cluster, any of them)
  expect(view.controlPlane.filter((p) => p.name.startsWith('kube-controller-manager') && p.state === 'up' && p.leader === 'holder')).toHaveLength(1);

  const labels = hops.map((h) => h.label.en);
  const first = labels.indexOf('kubectl → kube-apiserver: create deployments/web');
  expect(first).toBeGreaterThanOrEqual(0);
  // the leading controller-manager's (`kube-controller-manager@control-plane-2` on another node of an HA cluster)
  const toCm = labels.findIndex((l, i) => i > first && /^kube-apiserver → kube-controller-manager(@[a-z0-9-]+)?: watch event ADDED deployments\/web$/.test(l));
  expect(toCm).toBeGreaterThan(first);
  const rs = labels.findIndex((l, i) => i > toCm && /^kube-controller-manager(@[a-z0-9-]+)? → kube-apiserver: create replicasets\/web-[a-z0-9]+$/.test(l));
  expect(rs).toBeGreaterThan(toCm);
  expect(hops.filter((h) => h.kind === 'bind')).toHaveLength(3);
  expect(hops.filter((h) => h.kind === 'status' && h.label.en.endsWith('status Running'))).toHaveLength(3);
}

describe('the preview cluster (note 02: a Deployment of 3 nginx Pods)', () => {
  it('runs the scenario setup and ends with three Running Pods owned through a ReplicaSet', () => {
    expectNote02Cluster(runPreviewCluster(scenario(NOTE_02)));
  });

  it('names the setup line the terminal refused instead of drawing another cluster', () => {
    const r = runPreviewCluster(scenario(['kubectl create deployment web --image=nginx:1.27', 'kubectl frobnicate deployments', 'sim settle']));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refused).toMatch(/^kubectl frobnicate deployments: Error: unknown command "frobnicate" for "kubectl"$/);
    expect(r.error).toBe(r.refused);
  });

  it("builds the scenario's own cluster: its etcd members and control-plane nodes", () => {
    const r = runPreviewCluster(scenario(NOTE_02, { members: 5, controlPlanes: 3 }));
    expectNote02Cluster(r);
    if (!r.ok) return;
    expect(r.value.view.etcd.total).toBe(5);
    expect(r.value.view.nodes.filter((n) => n.roles.includes('control-plane')).map((n) => n.name)).toEqual(['control-plane', 'control-plane-2', 'control-plane-3']);
    expect(r.value.view.controlPlane.filter((p) => p.name.startsWith('kube-controller-manager'))).toHaveLength(3);
  });
});
