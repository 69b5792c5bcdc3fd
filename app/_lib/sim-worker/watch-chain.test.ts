import { describe, expect, it } from 'vitest';
import { createDefaultSimulation, type DefaultSimulation, type ProcessFactory } from '@/sim-core/cluster';
import { SchedulerProcess } from '@/sim-core/scheduler';
import { KubeletProcess } from '@/sim-core/kubelet';
import type { KubeObject } from '@/sim-core/client';
import { KubeClientProcess, SimKubeApiPort } from '@/sim-core/apiserver/server';
import { ControllerManagerProcess } from '@/sim-core/controller-manager';
import { deriveWatchChain, hopSchema, WatchChainRecorder, type Hop } from './watch-chain';

const processes: ProcessFactory[] = [() => new SchedulerProcess(), (info) => info.nodes.map((nodeName) => new KubeletProcess({ nodeName }))];

const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } });

function run(recorder: WatchChainRecorder, seed = 5): DefaultSimulation {
  const sim = createDefaultSimulation({ seed, processes });
  sim.tick(100);
  sim.subscribe(recorder.record);
  const r = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }, { timeoutTicks: 3000 });
  expect(r.ok).toBe(true);
  sim.runUntil(() => recorder.list().some((h) => h.kind === 'status' && h.label.en.endsWith('status Running')), 3000);
  return sim;
}

/** The index of the first hop after `from` matching `pred` (-1 if none). */
function next(hops: Hop[], from: number, pred: (h: Hop) => boolean): number {
  for (let i = from + 1; i < hops.length; i++) if (pred(hops[i]!)) return i;
  return -1;
}

describe('the watch chain derived from the trace', () => {
  it('follows a Pod from kubectl through etcd, the scheduler and the kubelet, in causal order', () => {
    const rec = new WatchChainRecorder();
    run(rec);
    const hops = rec.list();
    for (const h of hops) hopSchema.parse(h);

    const create = next(hops, -1, (h) => h.kind === 'request' && h.label.en === 'kubectl → kube-apiserver: create pods/web');
    expect(create).toBeGreaterThanOrEqual(0);
    const rev = hops[create]!.revision!;
    expect(rev).toBeGreaterThan(1);

    const put = next(hops, create, (h) => h.kind === 'etcd-write' && h.from === 'kube-apiserver');
    expect(hops[put]).toMatchObject({ to: expect.stringMatching(/^etcd-[123]$/), revision: rev });
    expect(hops[put]!.label.en).toBe(`kube-apiserver → ${hops[put]!.to}: put /registry/pods/default/web (revision ${rev})`);

    const fromEtcd = next(hops, put, (h) => h.kind === 'watch-event' && h.to === 'kube-apiserver');
    expect(hops[fromEtcd]!.revision).toBe(rev);
    const toScheduler = next(hops, fromEtcd, (h) => h.kind === 'watch-event' && h.to === 'kube-scheduler');
    expect(hops[toScheduler]!.label.en).toBe('kube-apiserver → kube-scheduler: watch event ADDED pods/web');
    expect(hops[toScheduler]!.revision).toBe(rev);

    const decided = next(hops, toScheduler, (h) => h.kind === 'reconcile' && h.from === 'kube-scheduler');
    const node = /picks (node-\d) for pod default\/web/.exec(hops[decided]!.label.en)?.[1];
    expect(node).toBeDefined();
    const bind = next(hops, decided, (h) => h.kind === 'bind');
    expect(hops[bind]!.label.en).toBe(`kube-scheduler → kube-apiserver: bind pod web to ${node}`);
    expect(hops[bind]!.revision).toBeGreaterThan(rev);

    const toKubelet = next(hops, bind, (h) => h.kind === 'watch-event' && h.to === `kubelet@${node}`);
    expect(toKubelet).toBeGreaterThan(bind);
    const running = next(hops, toKubelet, (h) => h.kind === 'status' && h.from === `kubelet@${node}`);
    expect(hops.slice(running).some((h) => h.label.en === `kubelet@${node} → kube-apiserver: pod web status Running`)).toBe(true);

    // ticks never go backwards along the sequence
    for (let i = 1; i < hops.length; i++) expect(hops[i]!.tick).toBeGreaterThanOrEqual(hops[i - 1]!.tick);
    // only the kubelet of the chosen node hears about the Pod, as with a real kubelet's field selector
    expect(hops.filter((h) => h.kind === 'watch-event' && h.to.startsWith('kubelet@') && h.to !== `kubelet@${node}`)).toEqual([]);
  });

  it('explains every hop in both languages, and says why only the API server writes to etcd', () => {
    const rec = new WatchChainRecorder();
    run(rec);
    const hops = rec.list();
    for (const h of hops) {
      expect(h.explanation.en.length).toBeGreaterThan(40);
      expect(h.explanation.ko.length).toBeGreaterThan(20);
      expect(h.explanation.ko).not.toBe(h.explanation.en);
    }
    expect(hops.find((h) => h.kind === 'etcd-write')!.explanation.en).toMatch(/Only the API server talks to etcd/);
    expect(hops.find((h) => h.kind === 'watch-event' && h.to === 'kube-scheduler')!.explanation.en).toMatch(/not polling/);
  });

  it('leaves out heartbeats, Lease renewals and Events unless asked', () => {
    const quiet = new WatchChainRecorder();
    const sim = run(quiet);
    const loud = new WatchChainRecorder({ includeBackground: true });
    sim.subscribe(loud.record);
    sim.tick(2500); // past a node Lease renewal (every 10 s)
    sim.subscribe(quiet.record);
    const isHousekeeping = (h: Hop) => /\/registry\/(leases|events)\/|leases\/|events\//.test(h.label.en);
    expect(quiet.list().filter(isHousekeeping)).toEqual([]);
    expect(loud.list().filter(isHousekeeping).length).toBeGreaterThan(0);
  });

  it('shows a refused request with its status code and no etcd write', () => {
    const rec = new WatchChainRecorder();
    const sim = run(rec);
    const before = rec.list().length;
    const again = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }, { timeoutTicks: 3000 });
    expect(again.ok).toBe(false);
    const added = rec.list().slice(before);
    expect(added.map((h) => h.label.en)).toEqual(['kubectl → kube-apiserver: create pods/web (409)']);
    expect(added[0]!.explanation.en).toMatch(/refused/);
  });

  it('keeps at most `limit` hops, the newest', () => {
    const rec = new WatchChainRecorder({ limit: 5 });
    run(rec);
    const hops = rec.list();
    expect(hops).toHaveLength(5);
    const ids = hops.map((h) => h.id);
    expect(Math.max(...ids) - Math.min(...ids)).toBe(4); // the five most recently recorded
    expect(Math.min(...ids)).toBeGreaterThan(5);
    expect(hops.some((h) => h.kind === 'status' && h.label.en.endsWith('status Running'))).toBe(true);
  });

  it('derives the same hops from the retained trace as the live recorder saw', () => {
    const rec = new WatchChainRecorder();
    const sim = run(rec);
    const fromStart = deriveWatchChain(sim.kernel.trace.events());
    const live = rec.list().map((h) => h.label.en);
    // the retained trace also holds the bootstrap's requests; the live part is its tail
    expect(fromStart.map((h) => h.label.en).slice(-live.length)).toEqual(live);
  });

  it('names a bind through the binding subresource and follows the kubelet to Running', () => {
    // a stand-in scheduler: one POST pods/web/binding, as kube-scheduler's DefaultBinder sends it
    const sim = createDefaultSimulation({ seed: 9, processes: [(info) => info.nodes.map((nodeName) => new KubeletProcess({ nodeName }))] });
    // kubelets given no static Pods delete the bootstrap's mirror Pods as orphans: let that pass first
    sim.tick(100);
    const scheduler = new KubeClientProcess('kube-scheduler');
    sim.addProcess(scheduler);
    const rec = new WatchChainRecorder();
    sim.subscribe(rec.record);
    expect(sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') }, { timeoutTicks: 3000 }).ok).toBe(true);
    const bound = new SimKubeApiPort(sim.clusterKernel, scheduler).request({ verb: 'bind', resource: 'pods', namespace: 'default', name: 'web', nodeName: 'node-3' }, { timeoutTicks: 3000 });
    expect(bound.ok).toBe(true);
    sim.runUntil(() => rec.list().some((h) => h.label.en === 'kubelet@node-3 → kube-apiserver: pod web status Running'), 3000);
    const hops = rec.list();
    const bind = hops.findIndex((h) => h.kind === 'bind');
    expect(hops[bind]!.label).toEqual({ ko: 'kube-scheduler → kube-apiserver: web Pod를 node-3에 바인딩', en: 'kube-scheduler → kube-apiserver: bind pod web to node-3' });
    expect(hops[bind + 1]).toMatchObject({ kind: 'etcd-write', revision: hops[bind]!.revision });
    const toKubelet = hops.findIndex((h, i) => i > bind && h.kind === 'watch-event' && h.to === 'kubelet@node-3');
    expect(toKubelet).toBeGreaterThan(bind);
    expect(hops.some((h) => h.label.en === 'kubelet@node-3 → kube-apiserver: pod web status Running')).toBe(true);
  });

  it('shows the controller-manager waking on the watch event, reconciling, and creating the ReplicaSet and Pods', () => {
    const sim = createDefaultSimulation({ seed: 12, processes: [...processes, () => new ControllerManagerProcess()] });
    sim.tick(3000); // the controller-manager leads and its informers have synced
    const rec = new WatchChainRecorder();
    sim.subscribe(rec.record);
    const body: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
    };
    expect(sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body }, { timeoutTicks: 3000 }).ok).toBe(true);
    sim.tick(300);
    const labels = rec.list().map((h) => h.label.en);
    const woke = labels.indexOf('kube-apiserver → kube-controller-manager: watch event ADDED deployments/web');
    expect(woke).toBeGreaterThan(labels.indexOf('kubectl → kube-apiserver: create deployments/web'));
    expect(labels.some((l) => l === 'kube-controller-manager: deployment-controller reconcile(default/web)')).toBe(true);
    const rs = labels.findIndex((l) => /^kube-controller-manager → kube-apiserver: create replicasets\/web-[a-z0-9]+$/.test(l));
    expect(rs).toBeGreaterThan(woke);
    expect(labels.filter((l) => /^kube-controller-manager → kube-apiserver: create pods\/web-[a-z0-9]+-[a-z0-9]{5}$/.test(l))).toHaveLength(2);
    // the busy bystanders stay out of the chain
    expect(labels.some((l) => l.includes('garbage-collector-controller'))).toBe(false);
  });
});
