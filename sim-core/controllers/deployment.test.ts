import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from '../apiserver';
import { Fixture } from './testing/fixture';
import { NS, deployment, replicaSet, template } from './testing/objects';
import { DeploymentController } from './deployment/controller';
import { computeHash } from './deployment/hash';
import { rollbackTemplate } from './deployment/history';
import { resolveFenceposts } from './deployment/util';

function setup(d: Deployment, rss: ReplicaSet[] = []) {
  const f = new Fixture(3);
  f.preload('deployments', d);
  f.preload('replicasets', ...rss);
  const c = new DeploymentController({
    deployments: f.lister('deployments'),
    replicaSets: f.lister('replicasets'),
    pods: f.lister('pods'),
    ctx: f.ctx,
  });
  return { f, c, key: `${NS}/${d.metadata?.name}` };
}

const replicasOf = (f: Fixture, name: string) => (f.api.find('replicasets', `${NS}/${name}`)?.spec as { replicas?: number } | undefined)?.replicas;

describe('pod-template-hash', () => {
  it('is stable, changes with the template and with collisionCount, and uses the safe alphabet', () => {
    const a = computeHash(template('nginx:1.27'));
    expect(a).toBe(computeHash(template('nginx:1.27')));
    expect(a).not.toBe(computeHash(template('nginx:1.28')));
    expect(a).not.toBe(computeHash(template('nginx:1.27'), 1));
    expect(a).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{6,10}$/);
  });

  it('is the same with the null creationTimestamp the API server stores in a template', () => {
    const t = template('nginx:1.27');
    expect(computeHash({ ...t, metadata: { creationTimestamp: null, ...t.metadata } } as typeof t)).toBe(computeHash(t));
  });
});

describe('maxSurge / maxUnavailable', () => {
  it('rounds surge up and unavailable down, and never lets both be 0', () => {
    expect(resolveFenceposts(deployment('w', 10))).toEqual({ maxSurge: 3, maxUnavailable: 2 }); // 25% of 10
    expect(resolveFenceposts(deployment('w', 1))).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    expect(resolveFenceposts(deployment('w', 3, { surge: 0, unavailable: '10%' }))).toEqual({ maxSurge: 0, maxUnavailable: 1 });
    expect(resolveFenceposts(deployment('w', 4, { surge: 2, unavailable: 1 }))).toEqual({ maxSurge: 2, maxUnavailable: 1 });
  });
});

describe('Deployment controller', () => {
  it('creates one ReplicaSet <name>-<hash> owned by the Deployment, at revision 1, and records it in status', () => {
    const d = deployment('web', 3);
    const { f, c, key } = setup(d);
    c.reconcile(key);
    const hash = computeHash(d.spec?.template);
    expect(f.writeLines()).toEqual([`create replicasets web-${hash}`, 'updateStatus deployments web']);
    const rs = f.writes()[0]?.object as ReplicaSet;
    expect(rs.spec?.replicas).toBe(3);
    expect(rs.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs.spec?.selector?.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs.spec?.template?.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs.metadata?.annotations).toMatchObject({
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    });
    expect(rs.metadata?.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-web', controller: true, blockOwnerDeletion: true },
    ]);
    const status = f.writes()[1]?.object as Deployment;
    expect(status.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(status.status?.conditions?.find((cd) => cd.type === 'Progressing')).toMatchObject({
      status: 'True',
      reason: 'NewReplicaSetCreated',
      message: `Created new replica set "web-${hash}"`,
    });
    expect(status.status?.conditions?.find((cd) => cd.type === 'Available')).toMatchObject({
      status: 'False',
      reason: 'MinimumReplicasUnavailable',
      message: 'Deployment does not have minimum availability.',
    });
  });

  it('a template change creates a new ReplicaSet and takes one rolling step within maxSurge/maxUnavailable', () => {
    const d = deployment('web', 4, { image: 'nginx:1.28', surge: 1, unavailable: 1 });
    const old = replicaSet('web-old', 4, { owner: d, revision: 1 });
    const { f, c, key } = setup(d, [old]);
    c.reconcile(key);
    const hash = computeHash(d.spec?.template);
    expect(f.writeLines()).toEqual([`create replicasets web-${hash}`, 'update replicasets web-old', 'updateStatus deployments web']);
    expect((f.writes()[0]?.object as ReplicaSet).spec?.replicas).toBe(1); // 4 + 1 surge − 4 existing
    expect((f.writes()[0]?.object as ReplicaSet).metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
    expect((f.writes()[1]?.object as ReplicaSet).spec?.replicas).toBe(3); // 4 available − 3 minimum = 1 may go
  });

  it('reports a finished rollout with the real message and cleans history beyond revisionHistoryLimit', () => {
    const d = deployment('web', 2, { history: 2 });
    const hash = computeHash(d.spec?.template);
    const rss = [
      replicaSet('web-r1', 0, { owner: d, revision: 1, image: 'nginx:1.1', created: 1 }),
      replicaSet('web-r2', 0, { owner: d, revision: 2, image: 'nginx:1.2', created: 2 }),
      replicaSet('web-r3', 0, { owner: d, revision: 3, image: 'nginx:1.3', created: 3 }),
      replicaSet('web-r4', 0, { owner: d, revision: 4, image: 'nginx:1.4', created: 4 }),
      replicaSet(`web-${hash}`, 2, { owner: d, revision: 5, created: 5, hash }),
    ];
    const { f, c, key } = setup(d, rss);
    c.reconcile(key);
    expect(f.writeLines()).toEqual(['delete replicasets web-r1', 'delete replicasets web-r2', 'updateStatus deployments web']);
    const status = (f.writes()[2]?.object as Deployment).status;
    expect(status).toMatchObject({ replicas: 2, updatedReplicas: 2, availableReplicas: 2, unavailableReplicas: 0 });
    expect(status?.conditions?.find((cd) => cd.type === 'Progressing')).toMatchObject({
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "web-${hash}" has successfully progressed.`,
    });
    expect(status?.conditions?.find((cd) => cd.type === 'Available')?.message).toBe('Deployment has minimum availability.');
  });

  it('does not delete an old ReplicaSet that still has Pods, even past the history limit', () => {
    const d = deployment('web', 2, { history: 0 });
    const hash = computeHash(d.spec?.template);
    const rss = [
      replicaSet('web-r1', 0, { owner: d, revision: 1, image: 'nginx:1.1', available: 1 }),
      replicaSet(`web-${hash}`, 2, { owner: d, revision: 2, hash, created: 5 }),
    ];
    const { f, c, key } = setup(d, rss);
    c.reconcile(key);
    expect(f.writeLines().filter((l) => l.startsWith('delete'))).toEqual([]);
  });

  it('Recreate scales every old ReplicaSet to 0 first, and creates the new one only once the old Pods are gone', () => {
    const d = deployment('web', 3, { strategy: 'Recreate', image: 'nginx:1.28' });
    const old = replicaSet('web-old', 3, { owner: d, revision: 1 });
    const { f, c, key } = setup(d, [old]);
    c.reconcile(key);
    expect(f.writeLines()).toEqual(['update replicasets web-old', 'updateStatus deployments web']);
    f.settle();
    expect(replicasOf(f, 'web-old')).toBe(0);
    f.clearWrites();
    c.reconcile(key); // status still reports 3 old Pods: wait
    expect(f.writeLines().filter((l) => l.includes('replicasets'))).toEqual([]);
    // the ReplicaSet controller reports its Pods gone
    const rsNow = f.api.find('replicasets', `${NS}/web-old`) as ReplicaSet;
    f.api.request({ verb: 'updateStatus', resource: 'replicasets', namespace: NS, body: { ...rsNow, status: { replicas: 0, availableReplicas: 0, readyReplicas: 0 } } });
    f.settle();
    f.clearWrites();
    c.reconcile(key);
    const hash = computeHash(d.spec?.template);
    expect(f.writeLines()[0]).toBe(`create replicasets web-${hash}`);
    expect((f.writes()[0]?.object as ReplicaSet).spec?.replicas).toBe(3);
  });

  it('rollback copies an old revision back; the controller revives that ReplicaSet as the next revision, creating none', () => {
    const d1 = deployment('web', 2, { image: 'nginx:1.27' });
    const h1 = computeHash(d1.spec?.template);
    const d2 = deployment('web', 2, { image: 'nginx:1.28', surge: 1, unavailable: 0 });
    const h2 = computeHash(d2.spec?.template);
    const rss = [
      replicaSet(`web-${h1}`, 0, { owner: d2, revision: 1, image: 'nginx:1.27', hash: h1, created: 1 }),
      replicaSet(`web-${h2}`, 2, { owner: d2, revision: 2, image: 'nginx:1.28', hash: h2, created: 2 }),
    ];
    const rb = rollbackTemplate(d2, rss, 0);
    if (!rb.ok || !('deployment' in rb)) throw new Error('rollback refused');
    expect(rb.revision).toBe(1);
    expect(rb.deployment.spec?.template?.spec?.containers?.[0]?.image).toBe('nginx:1.27');
    expect(rb.deployment.spec?.template?.metadata?.labels).toEqual({ app: 'web' });
    const { f, c, key } = setup(rb.deployment, rss);
    c.reconcile(key);
    expect(f.writeLines()).toEqual([`update replicasets web-${h1}`, 'updateStatus deployments web']);
    const revived = f.writes()[0]?.object as ReplicaSet;
    expect(revived.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
    expect(revived.metadata?.annotations?.['deployment.kubernetes.io/revision-history']).toBe('1');
    expect(revived.spec?.replicas).toBe(1); // surge 1
    expect(rollbackTemplate(d2, rss, 7)).toEqual({ ok: false, error: 'unable to find specified revision 7 in history' });
    expect(rollbackTemplate(d2, rss, 2)).toEqual({ ok: true, skipped: 'skipped rollback (current template already matches revision 2)' });
  });

  it('a replicas change mid-rollout is spread proportionally over the active ReplicaSets', () => {
    const d = deployment('web', 10, { surge: 3, unavailable: 2 });
    const hash = computeHash(d.spec?.template);
    const base = (rs: ReplicaSet) => {
      rs.metadata = { ...rs.metadata, annotations: { ...rs.metadata?.annotations, 'deployment.kubernetes.io/max-replicas': '13' } };
      return rs;
    };
    const rss = [
      base(replicaSet('web-old', 8, { owner: d, revision: 1, image: 'nginx:1.0', created: 1 })),
      base(replicaSet(`web-${hash}`, 5, { owner: d, revision: 2, hash, created: 2, available: 0 })),
    ];
    const scaled = { ...d, spec: { ...d.spec, replicas: 20 } }; // allowed: 20 + 3 surge = 23; 10 to add
    const { f, c, key } = setup(scaled, rss);
    c.reconcile(key);
    f.settle();
    const oldSize = replicasOf(f, 'web-old') ?? 0;
    const newSize = replicasOf(f, `web-${hash}`) ?? 0;
    expect(oldSize + newSize).toBe(23);
    // 8·23/13 ≈ 14.2 → 14 and 5·23/13 ≈ 8.8 → 9: each keeps its share
    expect([oldSize, newSize]).toEqual([14, 9]);
    expect(f.api.find('replicasets', `${NS}/web-old`)?.metadata?.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('20');
  });

  it('adopts a matching orphan ReplicaSet instead of creating a twin, and rolls on once the adoption is seen', () => {
    const d = deployment('web', 2);
    const hash = computeHash(d.spec?.template);
    const { f, c, key } = setup(d, [replicaSet(`web-${hash}`, 2, { hash, revision: 1 })]);
    c.reconcile(key);
    expect(f.writeLines()).toEqual([`update replicasets web-${hash}`]);
    expect(f.writes()[0]?.object?.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Deployment', name: 'web', controller: true });
    f.settle();
    f.clearWrites();
    c.reconcile(key);
    expect(f.writeLines().filter((l) => l.includes('replicasets') && !l.startsWith('update replicasets'))).toEqual([]);
  });

  it('a paused Deployment does not roll out a new template and says so in Progressing', () => {
    const d = deployment('web', 2, { image: 'nginx:1.28' });
    d.spec = { ...d.spec, paused: true };
    const { f, c, key } = setup(d, [replicaSet('web-old', 2, { owner: d, revision: 1 })]);
    c.reconcile(key);
    expect(f.writeLines()).toEqual(['updateStatus deployments web']);
    expect((f.writes()[0]?.object as Deployment).status?.conditions?.find((x) => x.type === 'Progressing')).toMatchObject({
      status: 'Unknown',
      reason: 'DeploymentPaused',
      message: 'Deployment is paused',
    });
  });

  it('reports ProgressDeadlineExceeded when a rollout makes no progress for progressDeadlineSeconds', () => {
    const d = deployment('web', 2);
    const hash = computeHash(d.spec?.template);
    d.status = {
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 0,
      availableReplicas: 0,
      observedGeneration: 1,
      conditions: [
        { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: `ReplicaSet "web-${hash}" is progressing.`, lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' },
      ],
    };
    const { f, c, key } = setup(d, [replicaSet(`web-${hash}`, 2, { owner: d, revision: 1, hash, available: 0 })]);
    f.tick = 601 * 100; // 601 s later
    c.reconcile(key);
    const cond = (f.writes().at(-1)?.object as Deployment).status?.conditions?.find((x) => x.type === 'Progressing');
    expect(cond).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "web-${hash}" has timed out progressing.` });
  });
});
