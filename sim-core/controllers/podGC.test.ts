import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../apiserver';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { Fixture } from './testing/fixture';
import { pod } from './testing/objects';
import { POD_GC_CHECK_PERIOD_TICKS, POD_GC_QUARANTINE_TICKS, PodGCController, TAINT_NODE_OUT_OF_SERVICE } from './podGC';

function node(name: string, ready: 'True' | 'False' | 'Unknown' = 'True', taints: Node['spec'] = {}): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}` }, spec: taints, status: { conditions: [{ type: 'Ready', status: ready }] } };
}

function setup(nodes: Node[], pods: Pod[], threshold?: number) {
  const f = new Fixture();
  f.preload('nodes', ...nodes);
  f.preload('pods', ...pods);
  const gc = new PodGCController({ pods: f.lister('pods'), nodes: f.lister('nodes'), ctx: f.ctx, ...(threshold !== undefined ? { terminatedPodThreshold: threshold } : {}) });
  return { f, gc };
}

const terminating = (p: Pod): Pod => ({ ...p, metadata: { ...p.metadata, deletionTimestamp: tickToTimestamp(0) } });

/** Run the controller the way the controller-manager does: its clock pass, then its queue. */
function runFor(f: Fixture, gc: PodGCController, ticks: number): void {
  for (let end = f.tick + ticks; f.tick <= end; f.tick += 100) {
    f.queue.advance(f.tick);
    gc.tick(f.tick);
    f.drain((k) => gc.reconcile(k));
    f.settle();
  }
}

describe('pod garbage collector', () => {
  it('orphans: Pods bound to a Node that is gone are marked Failed (DeletionByPodGC) and force-deleted after the 40 s quarantine', () => {
    const { f, gc } = setup([node('node-1')], [pod('a', { node: 'node-1' }), pod('b', { node: 'node-9', phase: 'Running' })]);
    runFor(f, gc, POD_GC_QUARANTINE_TICKS - 200);
    expect(f.writeLines()).toEqual([]); // still in quarantine
    runFor(f, gc, 400);
    expect(f.writeLines()).toEqual(['updateStatus pods b', 'delete pods b']);
    const status = f.writes()[0]?.object?.status as Pod['status'];
    expect(status?.phase).toBe('Failed');
    expect(status?.conditions).toContainEqual(expect.objectContaining({ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' }));
    expect(f.writes()[1]?.gracePeriodSeconds).toBe(0);
    expect((f.api.all('pods') as Pod[]).map((p) => p.metadata?.name)).toEqual(['a']);
  });

  it('a Node that comes back during the quarantine keeps its Pods', () => {
    const { f, gc } = setup([], [pod('b', { node: 'node-9' })]);
    runFor(f, gc, 1_000);
    f.preload('nodes', node('node-9'));
    runFor(f, gc, POD_GC_QUARANTINE_TICKS + POD_GC_CHECK_PERIOD_TICKS);
    expect(f.writeLines()).toEqual([]);
  });

  it('terminating Pods on a NotReady node tainted node.kubernetes.io/out-of-service are force-deleted; on a NotReady node without the taint they stay', () => {
    const oos = node('node-2', 'Unknown', { taints: [{ key: TAINT_NODE_OUT_OF_SERVICE, value: 'nodeshutdown', effect: 'NoExecute' }] });
    const { f, gc } = setup([oos, node('node-3', 'Unknown')], [terminating(pod('x', { node: 'node-2' })), terminating(pod('y', { node: 'node-3' })), pod('z', { node: 'node-2' })]);
    gc.gc();
    f.settle();
    expect(f.writeLines()).toEqual(['updateStatus pods x', 'delete pods x']);
  });

  it('terminating Pods that were never scheduled are force-deleted', () => {
    const unscheduled = terminating(pod('u', { node: '' }));
    const { f, gc } = setup([node('node-1')], [unscheduled, pod('pending', { node: '' })]);
    gc.gc();
    f.settle();
    expect(f.writeLines()).toEqual(['updateStatus pods u', 'delete pods u']);
  });

  it('terminated Pods beyond the threshold (12,500 by default) go, oldest first, without a status write', () => {
    const pods = [1, 2, 3, 4].map((i) => pod(`done-${i}`, { phase: 'Succeeded', created: 1000 - i * 100 }));
    const { f, gc } = setup([node('node-1')], [...pods, pod('live')], 2);
    gc.gc();
    f.settle();
    expect(f.writeLines()).toEqual(['delete pods done-4', 'delete pods done-3']);
    const { f: f2, gc: gc2 } = setup([node('node-1')], pods);
    gc2.gc();
    f2.settle();
    expect(f2.writeLines()).toEqual([]); // far under 12,500
  });
});
