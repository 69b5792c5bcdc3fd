// The Kubelet over a fake API server: the status objects it writes, its Lease and node
// heartbeats, Events, logs and graceful deletion.
import { describe, expect, it } from 'vitest';
import { FakeApiServer } from '../client/testing/fakeApiServer';
import { Prng } from '../kernel';
import { Kubelet, STATUS_SYNC_PERIOD_TICKS } from './kubelet';
import { connectionRefusedError } from '../client';
import { node, pod } from '../scheduler/testing/objects';
import type { Lease, Node, Pod } from '../apiserver';

function setup() {
  const api = new FakeApiServer();
  const n = node('node-1', { podCIDR: '10.244.1.0/24' });
  n.status = { ...n.status, addresses: [{ type: 'InternalIP', address: '192.168.49.3' }, { type: 'Hostname', address: 'node-1' }] };
  api.seed('nodes', n, node('node-2', { podCIDR: '10.244.2.0/24' }));
  const k = new Kubelet(api, new Prng(9), { nodeName: 'node-1' });
  let now = 0;
  k.start(now);
  api.flush();
  const run = (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      k.tick(++now);
      api.flush();
    }
  };
  const add = (p: Pod) => {
    api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: p });
    api.flush();
  };
  const get = (name: string) => api.find('pods', `default/${name}`) as Pod;
  /** one kubelet tick with nothing answered: its informer keeps the view it had */
  const tickUnanswered = () => k.tick(++now);
  return { api, k, run, add, get, tick: () => now, tickUnanswered };
}

describe('Kubelet', () => {
  it('runs its own Pods and writes the status a learner sees', () => {
    const { api, run, add, get } = setup();
    add(pod('web', { nodeName: 'node-1' }));
    add(pod('elsewhere', { nodeName: 'node-2' }));
    run(100);
    expect(get('web').status).toMatchObject({
      phase: 'Pending',
      hostIP: '192.168.49.3',
      podIP: '10.244.1.2',
      containerStatuses: [{ name: 'web', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }],
    });
    run(400);
    const s = get('web').status;
    expect(s?.phase).toBe('Running');
    expect(s?.startTime).toBe('2026-01-01T00:00:00Z');
    expect(s?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    expect(s?.containerStatuses?.[0]).toMatchObject({ ready: true, started: true, image: 'docker.io/library/nginx:1.27', state: { running: { startedAt: '2026-01-01T00:00:03Z' } } });
    expect(s?.containerStatuses?.[0]?.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    // the other node's Pod is not ours
    expect(get('elsewhere').status?.phase).toBe('Pending');
    expect(get('elsewhere').status?.podIP).toBeUndefined();
    const reasons = api.all('events').map((e) => (e as { reason?: string }).reason);
    expect(reasons.sort()).toEqual(['Created', 'Pulled', 'Pulling', 'Started']);
    // only changes are written, each a PATCH of pods/status (the status manager's)
    const statusWrites = () => api.writes().filter((a) => a.verb === 'patch' && a.resource === 'pods').length;
    const writes = statusWrites();
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(api.writes().some((a) => a.verb === 'updateStatus' && a.resource === 'pods')).toBe(false);
    run(500);
    expect(statusWrites()).toBe(writes);
  });

  it('patches only the status: labels and annotations written since its last read survive its status writes', () => {
    const { api, run, add, get, tickUnanswered } = setup();
    add(pod('web', { nodeName: 'node-1' }));
    run(60);
    // someone labels the Pod, and before the kubelet hears of it, it writes a status
    // from its older copy: that write must not undo the labels
    const live = structuredClone(get('web'));
    live.metadata = { ...live.metadata, labels: { ...(live.metadata?.labels ?? {}), tier: 'gold' }, annotations: { note: 'kept' } };
    api.request({ verb: 'update', resource: 'pods', namespace: 'default', body: live });
    const statusWrites = () => api.writes().filter((a) => a.resource === 'pods' && (a.verb === 'patch' || a.verb === 'updateStatus')).length;
    const before = statusWrites();
    for (let i = 0; i < 500 && statusWrites() === before; i++) tickUnanswered();
    expect(statusWrites()).toBe(before + 1);
    api.flush();
    run(400);
    expect(get('web').status?.phase).toBe('Running');
    expect(get('web').metadata?.labels?.tier).toBe('gold');
    expect(get('web').metadata?.annotations).toEqual({ note: 'kept' });
  });

  it('gives each Pod its own IP from the podCIDR and reuses a freed one', () => {
    const { api, run, add, get } = setup();
    add(pod('a', { nodeName: 'node-1' }));
    add(pod('b', { nodeName: 'node-1' }));
    run(60);
    expect([get('a').status?.podIP, get('b').status?.podIP]).toEqual(['10.244.1.2', '10.244.1.3']);
    api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a' });
    api.flush();
    add(pod('c', { nodeName: 'node-1' }));
    run(60);
    expect(get('c').status?.podIP).toBe('10.244.1.2');
  });

  it('an unknown image shows ErrImagePull and the Pod stays Pending and not Ready', () => {
    const { run, add, get } = setup();
    add(pod('bad', { nodeName: 'node-1', image: 'nginx:1.99' }));
    run(160);
    expect(get('bad').status?.containerStatuses?.[0]?.state?.waiting?.reason).toBe('ErrImagePull');
    run(100);
    expect(get('bad').status?.containerStatuses?.[0]?.state?.waiting?.reason).toBe('ImagePullBackOff');
    expect(get('bad').status?.phase).toBe('Pending');
    expect(get('bad').status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [web]' });
  });

  it('a crash-looping Pod is Running with restarts and CrashLoopBackOff', () => {
    const { run, add, get } = setup();
    const p = pod('crash', { nodeName: 'node-1', image: 'reconcile/crashloop:1.0' });
    add(p);
    run(1500);
    const cs = get('crash').status?.containerStatuses?.[0];
    expect(get('crash').status?.phase).toBe('Running');
    expect(cs?.restartCount).toBe(1);
    expect(cs?.state?.waiting?.reason).toBe('CrashLoopBackOff');
    expect(cs?.lastState?.terminated?.exitCode).toBe(1);
  });

  it('renews its Lease every 10 s and posts node status', () => {
    const { api, run } = setup();
    run(1);
    expect(api.writes().filter((a) => a.resource === 'leases').map((a) => a.verb)).toEqual(['create']);
    expect((api.find('leases', 'kube-node-lease/node-1') as Lease).spec).toMatchObject({ holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2026-01-01T00:00:00.010000Z' });
    run(3500);
    const renewals = api.writes().filter((a) => a.resource === 'leases' && a.verb === 'update').map((a) => (a.object as Lease).spec?.renewTime);
    expect(renewals).toEqual(['2026-01-01T00:00:10.010000Z', '2026-01-01T00:00:20.010000Z', '2026-01-01T00:00:30.010000Z']);
    const n = api.find('nodes', 'node-1') as Node;
    expect(n.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' });
  });

  it('graceful deletion: stops the containers, then deletes the Pod with its uid', () => {
    const { api, run, add, get, tick } = setup();
    add(pod('web', { nodeName: 'node-1' }));
    run(400);
    // the API server marks the Pod for deletion (a finalizer keeps the fake from removing it at once)
    const p = get('web');
    api.request({ verb: 'update', resource: 'pods', namespace: 'default', body: { ...p, metadata: { ...p.metadata, deletionTimestamp: '2026-01-01T00:00:04Z', deletionGracePeriodSeconds: 30, finalizers: ['test/hold'] } } });
    api.flush();
    api.clearActions();
    const start = tick();
    run(30);
    const deletes = api.writes().filter((a) => a.verb === 'delete' && a.resource === 'pods');
    expect(deletes.map((a) => `${a.name} grace=${a.gracePeriodSeconds}`)).toEqual(['web grace=0']);
    expect(get('web').status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(api.all('events').some((e) => (e as { reason?: string; message?: string }).message === 'Stopping container web')).toBe(true);
    expect(tick() - start).toBe(30);
  });

  it('a status write or final delete that failed (the API server was down) is sent again at the next status batch', () => {
    const { api, k, run, add, get } = setup();
    add(pod('web', { nodeName: 'node-1' }));
    api.failNext('patch', 'pods', connectionRefusedError('172.18.0.2:6443'), 1000);
    run(500);
    // the runtime moved on (Running), the API never heard of it
    expect(get('web').status?.phase).not.toBe('Running');
    expect(k.hasPendingWork()).toBe(true);
    api.clearFailures();
    run(STATUS_SYNC_PERIOD_TICKS);
    expect(get('web').status?.phase).toBe('Running');
    expect(k.hasPendingWork()).toBe(false);
    // the final delete after a graceful stop, refused once
    const p = get('web');
    api.request({ verb: 'update', resource: 'pods', namespace: 'default', body: { ...p, metadata: { ...p.metadata, deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 0, finalizers: ['test/hold'] } } });
    api.flush();
    api.failNext('delete', 'pods', connectionRefusedError('172.18.0.2:6443'), 1);
    api.clearActions();
    run(50);
    expect(api.writes().filter((a) => a.verb === 'delete').length).toBe(1);
    run(STATUS_SYNC_PERIOD_TICKS);
    expect(api.writes().filter((a) => a.verb === 'delete').map((a) => `${a.name} grace=${a.gracePeriodSeconds}`)).toEqual(['web grace=0', 'web grace=0']);
  });

  it('serves logs, and says when a container is still waiting', () => {
    const { k, run, add } = setup();
    add(pod('web', { nodeName: 'node-1' }));
    run(10);
    expect(k.logs('default', 'web')).toEqual({ ok: false, error: 'container "web" in pod "web" is waiting to start: ContainerCreating' });
    run(400);
    const logs = k.logs('default', 'web');
    expect(logs.ok && logs.text.split('\n')[0]).toBe('/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration');
    expect(k.logs('default', 'web', { previous: true })).toEqual({ ok: false, error: 'previous terminated container "web" in pod "web" not found' });
    expect(k.backend('10.244.1.2')).toMatchObject({ podKey: 'default/web', image: 'nginx:1.27', listens: [80] });
  });

  it('keeps a follow stream open while its container runs, and goes on with what it writes since', () => {
    const { k, run, add } = setup();
    const p = pod('ticker', { nodeName: 'node-1', image: 'busybox:1.37' });
    (p.spec!.containers![0] as { command?: string[] }).command = ['sh', '-c', 'for n in 1 2 3; do echo line $n; sleep 2; done'];
    add(p);
    run(200); // started at tick 181
    const first = k.logs('default', 'ticker', { follow: true, timestamps: true });
    if (!first.ok || first.stream === undefined) throw new Error('no stream');
    expect(first.text).toBe('2026-01-01T00:00:01.810000000Z line 1\n');
    expect(first.stream).toMatchObject({ open: true, next: 1, nextLineAt: 381 });
    run(200);
    const more = k.logs('default', 'ticker', { follow: true, timestamps: true }, first.stream);
    expect(more.ok && [more.text, more.stream?.open, more.stream?.next]).toEqual(['2026-01-01T00:00:03.810000000Z line 2\n', true, 2]);
    // the last line, then the process ends (its exit is due 2 s on) and so does the stream
    run(400);
    const last = k.logs('default', 'ticker', { follow: true }, more.ok ? more.stream : undefined);
    expect(last.ok && [last.text, last.stream?.open]).toEqual(['line 3\n', false]);
    // limitBytes counts every byte the stream wrote
    const cut = k.logs('default', 'ticker', { follow: true, limitBytes: 10 }, { instance: first.stream.instance, next: 1, written: 7 });
    expect(cut.ok && cut.text).toBe('lin');
  });
});
