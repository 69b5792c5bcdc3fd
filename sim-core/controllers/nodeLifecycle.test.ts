// The node lifecycle and taint eviction controllers together, over informers: a node whose
// Lease stops is marked Unknown and tainted at the right tick, its Pods are evicted after
// their tolerationSeconds, and a node that comes back is untainted.
import { describe, expect, it } from 'vitest';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { Fixture } from './testing/fixture';
import { nodeCluster, runningPod, DEFAULT_TOLERATIONS } from './testing/nodeHarness';
import { NODE_MONITOR_GRACE_PERIOD_TICKS, NODE_MONITOR_PERIOD_TICKS, NodeLifecycleController } from './nodeLifecycle';
import { TaintEvictionController } from './taintEviction';
import type { Node } from '../apiserver';
import type { KubeObject } from '../client';

const NODES = ['node-1', 'node-2', 'node-3'];
const taintsOf = (n: Node) => (n.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}@${t.timeAdded}`);

describe('node lifecycle controller', () => {
  it('marks a node whose Lease stopped Ready=Unknown after the grace period, then taints it unreachable', () => {
    const c = nodeCluster(NODES, [runningPod('web-1', 'node-3'), runningPod('web-2', 'node-1')]);
    c.kill('node-3'); // its Lease was last renewed at tick 0
    // first monitor pass at tick 1 sees the Lease: probeTimestamp = 1; passes every 5 s after that
    const firstPastGrace = 1 + Math.ceil((NODE_MONITOR_GRACE_PERIOD_TICKS + 1) / NODE_MONITOR_PERIOD_TICKS) * NODE_MONITOR_PERIOD_TICKS;
    expect(firstPastGrace).toBe(5501); // 55 s: 50 s of grace, seen on the next 5 s pass
    const unknownAt = c.runUntil(() => c.node('node-3').status?.conditions?.find((x) => x.type === 'Ready')?.status === 'Unknown', 10_000);
    expect(unknownAt).toBe(firstPastGrace); // written at 5501 (the fake server answers within the tick)
    const ready = c.node('node-3').status?.conditions?.find((x) => x.type === 'Ready');
    expect(ready).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: tickToTimestamp(5501) });
    expect(c.node('node-3').status?.conditions?.map((x) => `${x.type}=${x.status}`)).toEqual(['MemoryPressure=Unknown', 'DiskPressure=Unknown', 'PIDPressure=Unknown', 'Ready=Unknown']);
    // the Pods on it are no longer Ready; the one elsewhere is untouched
    expect(c.pod('web-1')?.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('False');
    expect(c.pod('web-2')?.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
    // NoExecute comes from the next pass, which sees Unknown in the cache (processTaintBaseEviction)
    c.run(NODE_MONITOR_PERIOD_TICKS + 5);
    expect(taintsOf(c.node('node-3'))).toEqual([`node.kubernetes.io/unreachable:NoSchedule@${tickToTimestamp(5502)}`, `node.kubernetes.io/unreachable:NoExecute@${tickToTimestamp(6001)}`]);
    for (const n of ['node-1', 'node-2']) expect(c.node(n).spec?.taints).toBeUndefined();
    expect(c.events()).toEqual(
      expect.arrayContaining([
        'node-controller: Normal NodeNotReady Node node-3 status is now: NodeNotReady',
        'node-controller: Warning NodeNotReady Node is not ready',
        'node-controller: Normal RegisteredNode Node node-1 event: Registered Node node-1 in Controller',
      ]),
    );
    expect(c.nlc.zoneState()).toBe('Normal');
  });

  it('evicts the Pods after their tolerationSeconds: 300 s by default, 10 s sooner, never for a toleration without seconds', () => {
    const fast = [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }, DEFAULT_TOLERATIONS[0]!];
    const forever = [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }];
    const c = nodeCluster(NODES, [runningPod('web-a', 'node-3'), runningPod('web-b', 'node-3', fast), runningPod('web-c', 'node-3', forever)]);
    c.kill('node-3');
    const tainted = c.runUntil(() => (c.node('node-3').spec?.taints ?? []).some((t) => t.effect === 'NoExecute'), 10_000) as number;
    c.run(2);
    // the eviction clock starts when the taint eviction controller sees the taint
    const seen = tainted + 1;
    expect(c.te.scheduled()).toEqual({ 'default/web-a': seen + 30_000, 'default/web-b': seen + 1_000 });
    const bGone = c.runUntil(() => c.pod('web-b') === undefined, 2_000);
    expect(bGone).toBe(seen + 1_000);
    expect(c.pod('web-a')).toBeDefined();
    expect(c.events()).toContain('taint-eviction-controller: Normal TaintManagerEviction Marking for deletion Pod default/web-b');
    // the DisruptionTarget condition was written before the delete
    const writes = c.api.writes().filter((w) => w.resource === 'pods' && w.name === 'web-b');
    expect(writes.map((w) => w.verb).slice(-2)).toEqual(['updateStatus', 'delete']);
    expect(writes.at(-2)?.object?.status).toMatchObject({ conditions: expect.arrayContaining([expect.objectContaining({ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' })]) });
    const aGone = c.runUntil(() => c.pod('web-a') === undefined, 30_000);
    expect(aGone).toBe(seen + 30_000);
    expect(c.pod('web-c')).toBeDefined();
  });

  it('untaints a node that comes back and cancels its scheduled evictions', () => {
    const c = nodeCluster(NODES, [runningPod('web-a', 'node-3')]);
    c.kill('node-3');
    c.runUntil(() => Object.keys(c.te.scheduled()).length > 0, 10_000);
    c.revive('node-3');
    const untainted = c.runUntil(() => c.node('node-3').spec?.taints === undefined, 2 * NODE_MONITOR_PERIOD_TICKS);
    expect(untainted).toBeDefined();
    c.run(5);
    expect(c.te.scheduled()).toEqual({});
    expect(c.events()).toContain('taint-eviction-controller: Normal TaintManagerEviction Cancelling deletion of Pod default/web-a');
    c.run(40_000);
    expect(c.pod('web-a')).toBeDefined();
    expect(c.node('node-3').status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
  });

  it('evicts nothing when every node goes silent at once (full disruption: the fault is more likely its own)', () => {
    const c = nodeCluster(NODES, [runningPod('web-a', 'node-3')]);
    for (const n of NODES) c.kill(n);
    c.run(NODE_MONITOR_GRACE_PERIOD_TICKS + 4 * NODE_MONITOR_PERIOD_TICKS);
    expect(NODES.map((n) => c.node(n).status?.conditions?.find((x) => x.type === 'Ready')?.status)).toEqual(['Unknown', 'Unknown', 'Unknown']);
    expect(c.nlc.zoneState()).toBe('FullDisruption');
    for (const n of NODES) expect((c.node(n).spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
    c.run(31_000);
    expect(c.pod('web-a')).toBeDefined();
  });
});

describe('node lifecycle and taint eviction reconcile (fixtures)', () => {
  it('the NoSchedule pass mirrors Ready=False and a cordon as taints, in one node update', () => {
    const f = new Fixture();
    const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady' }] } };
    f.preload('nodes', node as KubeObject);
    const nlc = new NodeLifecycleController({ nodes: f.lister('nodes'), leases: f.lister('leases'), pods: f.lister('pods'), ctx: f.ctx });
    nlc.reconcile('node-1');
    f.settle();
    expect(f.writeLines()).toEqual(['update nodes node-1']);
    expect((f.writes()[0]?.object as Node).spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']);
    f.clearWrites();
    nlc.reconcile('node-1');
    f.settle();
    expect(f.writeLines()).toEqual([]);
  });

  it('a Pod that does not tolerate a NoExecute taint at all is deleted at once, with its Event', () => {
    const f = new Fixture();
    f.preload('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }] } });
    f.preload('pods', runningPod('web', 'node-1') as KubeObject);
    const te = new TaintEvictionController({ nodes: f.lister('nodes'), pods: f.lister('pods'), ctx: f.ctx, recorder: { event: (_o, type, reason, message) => f.api.request({ verb: 'create', resource: 'events', namespace: 'default', body: { metadata: { name: `${reason}.${type}` }, message } }) } });
    te.reconcile('node-1');
    expect(te.scheduled()).toEqual({ 'default/web': 0 });
    te.tick(0);
    f.settle();
    expect(f.writeLines()).toEqual(['create events TaintManagerEviction.Normal', 'updateStatus pods web', 'delete pods web']);
  });
});
