// Each filter plugin on its own, with the exact reason text kube-scheduler prints.
import { describe, expect, it } from 'vitest';
import { buildNodeInfos } from './nodeInfo';
import { nodeAffinity, nodeName, nodeResourcesFit, nodeUnschedulable, runFilters, taintToleration, type FilterStatus } from './filters';
import { controlPlane, node, pod } from './testing/objects';
import type { Node, Pod } from '../apiserver';

function info(n: Node, bound: Pod[] = []) {
  const [i] = buildNodeInfos([n], bound.map((p) => ({ ...p, spec: { ...p.spec, nodeName: n.metadata?.name } })));
  if (!i) throw new Error('no node info');
  return i;
}

const reasons = (s: FilterStatus): string[] => (s.ok ? [] : s.reasons);

describe('NodeResourcesFit', () => {
  it('fits requests against allocatable minus what bound Pods already request', () => {
    const n = node('node-1', { cpu: '1', memory: '1Gi' });
    expect(nodeResourcesFit.filter(pod('a', { cpu: '600m' }), info(n)).ok).toBe(true);
    const full = info(n, [pod('x', { cpu: '500m' })]);
    expect(reasons(nodeResourcesFit.filter(pod('a', { cpu: '600m' }), full))).toEqual(['Insufficient cpu']);
    expect(nodeResourcesFit.filter(pod('a', { cpu: '500m' }), full).ok).toBe(true);
  });

  it('gives one reason per short resource, cpu before memory, and is preemptable (Unschedulable)', () => {
    const s = nodeResourcesFit.filter(pod('a', { cpu: '3', memory: '8Gi' }), info(node('node-1')));
    expect(s).toEqual({ ok: false, code: 'Unschedulable', plugin: 'NodeResourcesFit', reasons: ['Insufficient cpu', 'Insufficient memory'] });
  });

  it('counts Pods against allocatable pods', () => {
    const n = node('node-1', { pods: '2' });
    expect(reasons(nodeResourcesFit.filter(pod('c'), info(n, [pod('a'), pod('b')])))).toEqual(['Too many pods']);
  });

  it('ignores finished Pods and Pods without requests', () => {
    const n = node('node-1', { cpu: '1' });
    expect(nodeResourcesFit.filter(pod('a', { cpu: '1' }), info(n, [pod('done', { cpu: '1', phase: 'Succeeded' })])).ok).toBe(true);
    expect(nodeResourcesFit.filter(pod('a'), info(n, [pod('x', { cpu: '1' })])).ok).toBe(true);
  });
});

describe('TaintToleration', () => {
  it("rejects the control-plane node with the taint's text", () => {
    expect(reasons(taintToleration.filter(pod('a'), info(controlPlane())))).toEqual([
      'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
    ]);
  });

  it('accepts a Pod that tolerates the taint (Exists, or Equal with the value)', () => {
    const tol = { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' };
    expect(taintToleration.filter(pod('a', { tolerations: [tol] }), info(controlPlane())).ok).toBe(true);
    const gpu = node('gpu', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] });
    expect(taintToleration.filter(pod('a', { tolerations: [{ key: 'gpu', operator: 'Equal', value: 'true' }] }), info(gpu)).ok).toBe(true);
    expect(reasons(taintToleration.filter(pod('a', { tolerations: [{ key: 'gpu', operator: 'Equal', value: 'false' }] }), info(gpu)))).toEqual([
      'node(s) had untolerated taint {gpu: true}',
    ]);
  });

  it('ignores PreferNoSchedule taints', () => {
    const soft = node('soft', { taints: [{ key: 'spot', value: 'yes', effect: 'PreferNoSchedule' }] });
    expect(taintToleration.filter(pod('a'), info(soft)).ok).toBe(true);
  });
});

describe('NodeUnschedulable (cordon)', () => {
  it('rejects a cordoned node unless the Pod tolerates node.kubernetes.io/unschedulable', () => {
    const cordoned = node('node-1', { unschedulable: true });
    expect(reasons(nodeUnschedulable.filter(pod('a'), info(cordoned)))).toEqual(['node(s) were unschedulable']);
    const tol = { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' };
    expect(nodeUnschedulable.filter(pod('a', { tolerations: [tol] }), info(cordoned)).ok).toBe(true);
  });
});

describe('NodeName', () => {
  it('only the named node passes', () => {
    expect(nodeName.filter(pod('a', { nodeName: 'node-2' }), info(node('node-2'))).ok).toBe(true);
    expect(reasons(nodeName.filter(pod('a', { nodeName: 'node-2' }), info(node('node-1'))))).toEqual([
      "node(s) didn't match the requested node name",
    ]);
  });
});

describe('NodeAffinity', () => {
  const ssd = node('node-1', { labels: { disk: 'ssd', cores: '8' } });
  const hdd = node('node-2', { labels: { disk: 'hdd', cores: '2' } });
  const affinity = (operator: string, key: string, values?: string[]) => ({
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] }] } },
  });
  const passes = (p: Pod, n: Node) => nodeAffinity.filter(p, info(n)).ok;

  it('nodeSelector must match every label', () => {
    expect(passes(pod('a', { nodeSelector: { disk: 'ssd' } }), ssd)).toBe(true);
    expect(reasons(nodeAffinity.filter(pod('a', { nodeSelector: { disk: 'ssd' } }), info(hdd)))).toEqual([
      "node(s) didn't match Pod's node affinity/selector",
    ]);
  });

  it('In / NotIn / Exists / DoesNotExist / Gt / Lt', () => {
    expect([passes(pod('a', { affinity: affinity('In', 'disk', ['ssd']) }), ssd), passes(pod('a', { affinity: affinity('In', 'disk', ['ssd']) }), hdd)]).toEqual([true, false]);
    expect([passes(pod('a', { affinity: affinity('NotIn', 'disk', ['ssd']) }), ssd), passes(pod('a', { affinity: affinity('NotIn', 'disk', ['ssd']) }), hdd)]).toEqual([false, true]);
    expect(passes(pod('a', { affinity: affinity('Exists', 'disk') }), ssd)).toBe(true);
    expect(passes(pod('a', { affinity: affinity('DoesNotExist', 'disk') }), ssd)).toBe(false);
    expect(passes(pod('a', { affinity: affinity('DoesNotExist', 'gpu') }), ssd)).toBe(true);
    expect([passes(pod('a', { affinity: affinity('Gt', 'cores', ['4']) }), ssd), passes(pod('a', { affinity: affinity('Gt', 'cores', ['4']) }), hdd)]).toEqual([true, false]);
    expect([passes(pod('a', { affinity: affinity('Lt', 'cores', ['4']) }), ssd), passes(pod('a', { affinity: affinity('Lt', 'cores', ['4']) }), hdd)]).toEqual([false, true]);
  });

  it('terms are ORed; an empty term matches nothing', () => {
    const terms = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}, { matchExpressions: [{ key: 'disk', operator: 'In', values: ['hdd'] }] }] } } };
    expect([passes(pod('a', { affinity: terms }), ssd), passes(pod('a', { affinity: terms }), hdd)]).toEqual([false, true]);
  });
});

describe('the filter chain', () => {
  it('stops at the first failing plugin, in the default profile order', () => {
    const cordonedTainted = node('node-1', { unschedulable: true, taints: [{ key: 'a', value: 'b', effect: 'NoSchedule' }] });
    const s = runFilters(pod('p', { cpu: '64' }), info(cordonedTainted));
    expect(s.ok ? '' : s.plugin).toBe('NodeUnschedulable');
  });
});
