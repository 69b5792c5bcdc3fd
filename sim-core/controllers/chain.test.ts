// The controllers wired as the controller-manager will wire them: informers over a (fake)
// API server feed work queues through the controllers' event handlers; workers call
// reconcile(key); answers arrive later. A fake kubelet marks Pods Running and Ready.
// This is note 02's chain: Deployment → ReplicaSet → Pods, then a rolling update.
import { describe, expect, it } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from '../apiserver';
import { Informer, WorkQueue, type KubeObject } from '../client';
import { FakeApiServer } from '../client/testing/fakeApiServer';
import { Prng } from '../kernel';
import { parseTimestamp, tickToMillis, tickToTimestamp } from '../cli/kubectl/clock';
import { DeploymentController } from './deployment/controller';
import { ReplicaSetController } from './replicaSet';
import { processNextWorkItem, type ControllerContext } from './context';
import { controllerOf } from './controllerRef';
import { addControllerIndexes } from './indexes';
import { NS, deployment } from './testing/objects';

function cluster() {
  const api = new FakeApiServer();
  let tick = 0;
  const clock = {
    tick: () => tick,
    timestamp: () => tickToTimestamp(tick),
    secondsSince: (ts: string) => Math.floor((tickToMillis(tick) - (parseTimestamp(ts) ?? 0)) / 1000),
  };
  const deployments = new Informer<Deployment>(api, { resource: 'deployments' });
  const replicaSets = new Informer<ReplicaSet>(api, { resource: 'replicasets' });
  const pods = new Informer<Pod>(api, { resource: 'pods' });
  addControllerIndexes(pods.store);
  const ctx = (name: string): ControllerContext => ({ api, queue: new WorkQueue(), prng: new Prng(11).child(name), clock });
  const dcCtx = ctx('deployment');
  const dc = new DeploymentController({ deployments: deployments.lister, replicaSets: replicaSets.lister, pods: pods.lister, ctx: dcCtx });
  const dcQueue = dcCtx.queue;
  const rsCtx = ctx('replicaset');
  const rsc = new ReplicaSetController({ replicaSets: replicaSets.lister, pods: pods.lister, ctx: rsCtx });
  deployments.addEventHandlers(dc.deploymentHandlers);
  replicaSets.addEventHandlers(dc.replicaSetHandlers);
  pods.addEventHandlers(dc.podHandlers);
  replicaSets.addEventHandlers(rsc.replicaSetHandlers);
  pods.addEventHandlers(rsc.podHandlers);
  for (const inf of [deployments, replicaSets, pods]) inf.run(0);
  api.flush();
  let ip = 1;
  const run = (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      tick++;
      for (const inf of [deployments, replicaSets, pods]) inf.tick(tick);
      dcQueue.advance(tick);
      rsCtx.queue.advance(tick);
      while (processNextWorkItem(dcQueue, (k) => dc.reconcile(k)));
      while (processNextWorkItem(rsCtx.queue, (k) => rsc.reconcile(k)));
      api.flush();
      // the kubelet: every new Pod starts and turns ready one tick later
      for (const p of api.all('pods') as Pod[]) {
        if (p.status?.podIP) continue;
        const status = {
          phase: 'Running',
          podIP: `10.244.1.${ip++}`,
          conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: tickToTimestamp(tick) }],
        };
        api.request({ verb: 'updateStatus', resource: 'pods', namespace: NS, body: { ...p, status } });
      }
      api.flush();
    }
  };
  const create = (d: Deployment) => {
    api.request({ verb: 'create', resource: 'deployments', namespace: NS, body: d as KubeObject });
    api.flush();
  };
  return { api, run, create, podsLister: pods.lister };
}

describe('Deployment → ReplicaSet → Pods through informers and work queues', () => {
  it('converges to one ReplicaSet owning three ready Pods, then rolls to a new template', () => {
    const c = cluster();
    const d = deployment('web', 3);
    delete d.metadata?.uid;
    c.create(d);
    c.run(20);
    const rss = c.api.all('replicasets') as ReplicaSet[];
    expect(rss).toHaveLength(1);
    const rs = rss[0] as ReplicaSet;
    expect(controllerOf(rs)?.name).toBe('web');
    const pods = c.api.all('pods') as Pod[];
    expect(pods).toHaveLength(3);
    expect(pods.every((p) => controllerOf(p)?.uid === rs.metadata?.uid)).toBe(true);
    const status = c.api.find('deployments', `${NS}/web`)?.status as Deployment['status'];
    expect(status).toMatchObject({ replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(status?.conditions?.find((x) => x.type === 'Progressing')?.message).toBe(`ReplicaSet "${rs.metadata?.name}" has successfully progressed.`);

    // Level-triggered but quiet: once converged, nothing writes any more.
    c.api.clearActions();
    c.run(10);
    expect(c.api.writes()).toEqual([]);

    // kubectl set image deployment/web nginx=nginx:1.28
    const cur = c.api.find('deployments', `${NS}/web`) as Deployment;
    const next = JSON.parse(JSON.stringify(cur)) as Deployment;
    const container = next.spec?.template?.spec?.containers?.[0];
    if (container) container.image = 'nginx:1.28';
    c.api.request({ verb: 'update', resource: 'deployments', namespace: NS, body: next as KubeObject });
    c.api.flush();
    c.run(40);
    const after = (c.api.all('replicasets') as ReplicaSet[]).sort((a, b) => Number(a.metadata?.annotations?.['deployment.kubernetes.io/revision']) - Number(b.metadata?.annotations?.['deployment.kubernetes.io/revision']));
    expect(after.map((r) => [r.spec?.replicas, r.metadata?.annotations?.['deployment.kubernetes.io/revision']])).toEqual([
      [0, '1'],
      [3, '2'],
    ]);
    const newPods = c.api.all('pods') as Pod[];
    expect(newPods).toHaveLength(3);
    expect(newPods.every((p) => p.spec?.containers?.[0]?.image === 'nginx:1.28')).toBe(true);
    expect(c.api.find('deployments', `${NS}/web`)?.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
  });
});
