// The Scheduler over a fake API server (fixture style): what it writes, and when it
// tries an unschedulable Pod again.
import { describe, expect, it } from 'vitest';
import { FakeApiServer } from '../client/testing/fakeApiServer';
import { Prng } from '../kernel';
import { Scheduler } from './scheduler';
import { controlPlane, node, pod } from './testing/objects';
import type { Pod } from '../apiserver';

function setup(nodes = [controlPlane(), node('node-1'), node('node-2'), node('node-3')]) {
  const api = new FakeApiServer();
  api.seed('nodes', ...nodes);
  const s = new Scheduler(api, new Prng(5));
  let now = 0;
  s.start(now);
  api.flush();
  const step = () => {
    s.tick(++now);
    api.flush();
  };
  const podOf = (name: string) => api.find('pods', `default/${name}`) as Pod;
  /** as kubectl would: a create request, answered (the scheduler's watch sees it) */
  const add = (...pods: Pod[]) => {
    for (const p of pods) api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: p });
    api.flush();
  };
  return { api, s, step, podOf, add };
}

describe('Scheduler', () => {
  it('binds an unbound Pod to a worker (never the control plane) and records Scheduled', () => {
    const { api, step, podOf } = setup();
    api.clearActions();
    api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    api.flush();
    step();
    const bound = podOf('web').spec?.nodeName;
    expect(['node-1', 'node-2', 'node-3']).toContain(bound);
    const writes = api.writes().map((a) => `${a.verb} ${a.resource}`);
    expect(writes).toEqual(['create pods', 'create bindings', 'create events']);
    const ev = api.all('events')[0] as { reason?: string; message?: string; type?: string };
    expect([ev.type, ev.reason, ev.message]).toEqual(['Normal', 'Scheduled', `Successfully assigned default/web to ${bound}`]);
  });

  it('ignores Pods for another scheduler and Pods already bound', () => {
    const { api, step, add } = setup();
    const other = pod('other');
    other.spec = { ...other.spec, schedulerName: 'my-scheduler' };
    add(other, pod('pinned', { nodeName: 'node-2' }));
    api.clearActions();
    step();
    step();
    expect(api.writes()).toEqual([]);
  });

  it('writes PodScheduled=False with the real message once, then binds when a node is uncordoned', () => {
    const { api, s, step, podOf, add } = setup([controlPlane(), node('node-1', { unschedulable: true })]);
    add(pod('web'));
    step();
    step();
    step();
    const cond = podOf('web').status?.conditions?.find((c) => c.type === 'PodScheduled');
    expect(cond).toMatchObject({
      status: 'False',
      reason: 'Unschedulable',
      message:
        '0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) were unschedulable. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    });
    expect(api.writes().filter((a) => a.verb === 'updateStatus')).toHaveLength(1);
    expect(s.unschedulablePods()).toEqual(['default/web']);
    // kubectl uncordon node-1
    const n = api.find('nodes', 'node-1') as ReturnType<typeof node>;
    api.request({ verb: 'update', resource: 'nodes', namespace: '', body: { ...n, spec: { ...n.spec, unschedulable: false } } });
    api.flush();
    step();
    expect(podOf('web').spec?.nodeName).toBe('node-1');
  });

  it('retries a Pod waiting for resources when a bound Pod is deleted', () => {
    const { api, step, podOf, add } = setup([node('node-1', { cpu: '1' })]);
    add(pod('first', { cpu: '800m' }));
    step();
    add(pod('second', { cpu: '800m' }));
    step();
    step();
    expect(podOf('first').spec?.nodeName).toBe('node-1');
    expect(podOf('second').spec?.nodeName).toBeUndefined();
    expect(podOf('second').status?.conditions?.[0]?.message).toContain('1 Insufficient cpu');
    api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'first' });
    api.flush();
    step();
    expect(podOf('second').spec?.nodeName).toBe('node-1');
  });

  it('counts Pods it bound in the same tick (assumed) so they never overcommit a node', () => {
    const { step, podOf, add } = setup([node('node-1', { cpu: '1' }), node('node-2', { cpu: '1' })]);
    add(pod('a', { cpu: '600m' }), pod('b', { cpu: '600m' }), pod('c', { cpu: '600m' }));
    step();
    const placed = ['a', 'b', 'c'].map((n) => podOf(n).spec?.nodeName ?? '-').sort();
    expect(placed).toEqual(['-', 'node-1', 'node-2']);
  });

  it('a failed bind (409) is retried with back-off', () => {
    const { api, step, podOf, add } = setup([node('node-1')]);
    add(pod('web'));
    api.failNext('create', 'bindings', { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: 'conflict' });
    step();
    expect(podOf('web').spec?.nodeName).toBeUndefined();
    step();
    step();
    expect(podOf('web').spec?.nodeName).toBe('node-1');
  });
});
