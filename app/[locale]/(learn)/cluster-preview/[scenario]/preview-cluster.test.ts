import { describe, expect, it } from 'vitest';
import { runPreviewCluster, type PreviewResult } from './preview-cluster';

const NOTE_02 = ['kubectl create deployment web --image=nginx:1.27 --replicas=3', 'sim settle'];

function expectNote02Cluster(r: PreviewResult) {
  if (!r.ok) throw new Error(r.error);
  const { view, hops } = r.value;
  const pods = view.nodes.flatMap((n) => n.pods);
  expect(pods).toHaveLength(3);
  expect(pods.every((p) => p.status === 'Running' && p.deployment === 'web')).toBe(true);
  expect(view.nodes.find((n) => n.name === 'control-plane')?.pods).toEqual([]);
  expect(view.deployments).toHaveLength(1);
  expect(view.deployments[0]!.replicaSets[0]!.pods).toHaveLength(3);
  expect(view.controlPlane.find((p) => p.name === 'kube-controller-manager')).toMatchObject({ state: 'up', leader: 'holder' });

  const labels = hops.map((h) => h.label.en);
  const first = labels.indexOf('kubectl → kube-apiserver: create deployments/web');
  expect(first).toBeGreaterThanOrEqual(0);
  const toCm = labels.findIndex((l, i) => i > first && l === 'kube-apiserver → kube-controller-manager: watch event ADDED deployments/web');
  expect(toCm).toBeGreaterThan(first);
  const rs = labels.findIndex((l, i) => i > toCm && /^kube-controller-manager → kube-apiserver: create replicasets\/web-[a-z0-9]+$/.test(l));
  expect(rs).toBeGreaterThan(toCm);
  expect(hops.filter((h) => h.kind === 'bind')).toHaveLength(3);
  expect(hops.filter((h) => h.kind === 'status' && h.label.en.endsWith('status Running'))).toHaveLength(3);
}

describe('the preview cluster (note 02: a Deployment of 3 nginx Pods)', () => {
  it('runs the scenario setup (or says why not) and ends with three Running Pods owned through a ReplicaSet', () => {
    const r = runPreviewCluster(101, NOTE_02);
    expectNote02Cluster(r);
  });

  it('falls back to creating the Deployment through the API when the terminal refuses a line, and says which', () => {
    const r = runPreviewCluster(101, ['kubectl frobnicate deployments']);
    expectNote02Cluster(r);
    if (!r.ok) return;
    expect(r.value.source).toBe('fallback');
    expect(r.value.refused).toMatch(/^kubectl frobnicate deployments: /);
  });
});
