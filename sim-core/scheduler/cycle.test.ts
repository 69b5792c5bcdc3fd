// The whole cycle: FitError's message, scores and the tie-break.
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { schedulePod } from './cycle';
import { buildNodeInfos } from './nodeInfo';
import { leastAllocated, ownerSpreading } from './scores';
import { fitErrorMessage } from './messages';
import { controlPlane, node, pod } from './testing/objects';
import type { Pod } from '../apiserver';

const cluster = [controlPlane(), node('node-1', { cpu: '2' }), node('node-2', { cpu: '2' }), node('node-3', { cpu: '2' })];

describe('FitError message', () => {
  it('a Pod too big for every worker on a kubeadm cluster', () => {
    const r = schedulePod(pod('big', { cpu: '3' }), buildNodeInfos(cluster, []), new Prng(1));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. ' +
        'preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
    );
  });

  it('counts each reason once per node, sorted as strings', () => {
    expect(fitErrorMessage(3, [['Insufficient cpu', 'Insufficient memory'], ['Insufficient cpu'], ['node(s) were unschedulable']], ['a', 'a', 'b'])).toBe(
      '0/3 nodes are available: 1 Insufficient memory, 1 node(s) were unschedulable, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 b, 2 a.',
    );
  });

  it('a cordoned cluster and a nodeSelector nobody matches', () => {
    const cordoned = [node('node-1', { unschedulable: true }), node('node-2', { labels: { disk: 'hdd' } })];
    const r = schedulePod(pod('a', { nodeSelector: { disk: 'ssd' } }), buildNodeInfos(cordoned, []), new Prng(1));
    expect(r.ok ? '' : r.message).toBe(
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) were unschedulable. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
    );
  });

  it('no nodes at all', () => {
    const r = schedulePod(pod('a'), [], new Prng(1));
    expect(r.ok ? '' : r.message).toBe('no nodes available to schedule pods');
  });
});

describe('scores', () => {
  it('LeastAllocated prefers the emptier node', () => {
    const nodes = buildNodeInfos([node('node-1', { cpu: '2', memory: '4Gi' }), node('node-2', { cpu: '2', memory: '4Gi' })], [
      { ...pod('busy', { cpu: '1', memory: '2Gi' }), spec: { ...pod('busy').spec, nodeName: 'node-1', containers: pod('busy', { cpu: '1', memory: '2Gi' }).spec?.containers } } as Pod,
    ]);
    const [s1, s2] = leastAllocated.score(pod('a', { cpu: '500m', memory: '1Gi' }), nodes);
    // node-1: cpu (2000-1500)/2000 = 25, mem (4-3)/4 = 25 → 25; node-2: 75 and 75 → 75
    expect([s1, s2]).toEqual([25, 75]);
    const r = schedulePod(pod('a', { cpu: '500m', memory: '1Gi' }), nodes, new Prng(7));
    expect(r.ok && r.node).toBe('node-2');
  });

  it('spreads Pods of the same owner', () => {
    const bound = (name: string, n: string): Pod => ({ ...pod(name, { owner: 'web-rs' }), spec: { ...pod(name).spec, nodeName: n } });
    const nodes = buildNodeInfos([node('node-1'), node('node-2'), node('node-3')], [bound('w1', 'node-1'), bound('w2', 'node-1'), bound('w3', 'node-2')]);
    expect(ownerSpreading.score(pod('w4', { owner: 'web-rs' }), nodes)).toEqual([0, 50, 100]);
    expect(ownerSpreading.score(pod('other', { owner: 'db-rs' }), nodes)).toEqual([100, 100, 100]);
  });

  it('breaks ties with the PRNG: same seed, same node; different seeds reach every node', () => {
    const nodes = buildNodeInfos([node('node-1'), node('node-2'), node('node-3')], []);
    const pick = (seed: number) => {
      const r = schedulePod(pod('a'), nodes, new Prng(seed));
      return r.ok ? r.node : '';
    };
    expect(pick(42)).toBe(pick(42));
    const seen = new Set(Array.from({ length: 60 }, (_, i) => pick(i)));
    expect([...seen].sort()).toEqual(['node-1', 'node-2', 'node-3']);
  });
});

describe('requests filling a node', () => {
  it('places Pods until the node is full, then reports Insufficient cpu', () => {
    const nodes = [node('node-1', { cpu: '1' })];
    const bound: Pod[] = [];
    const rng = new Prng(3);
    const results: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = pod(`p${i}`, { cpu: '300m' });
      const r = schedulePod(p, buildNodeInfos(nodes, bound), rng);
      results.push(r.ok ? r.node : r.message);
      if (r.ok) bound.push({ ...p, spec: { ...p.spec, nodeName: r.node } });
    }
    expect(results).toEqual([
      'node-1',
      'node-1',
      'node-1',
      '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
      '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    ]);
  });
});
