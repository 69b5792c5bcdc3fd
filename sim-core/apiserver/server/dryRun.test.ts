// ?dryRun=All (kubectl --dry-run=server): the request is authenticated, admitted and
// validated exactly as a real one — defaults, uid, a refusal with its real text, a 409 on a
// stale resourceVersion, AlreadyExists — and nothing reaches etcd: no key, no revision.
import { describe, expect, it } from 'vitest';
import type { KubeObject, Status } from '../../client';
import type { DefaultSimulation } from '../../cluster/default-topology';
import { TIMEOUT, configMap, deployment, event, must, stored, testCluster } from './testCluster';
import type { ServerRequest } from './wire';

function refused(sim: DefaultSimulation, req: ServerRequest): Status {
  const r = sim.kubectl.request(req, TIMEOUT);
  if (r.ok) throw new Error(`${req.verb} ${req.resource} succeeded`);
  return r.error;
}

/** The etcd revision, read by a list that writes nothing. */
function revision(sim: DefaultSimulation): string {
  return must<{ resourceVersion: string }>(sim, { verb: 'list', resource: 'namespaces' }).resourceVersion;
}

describe('dry-run requests', () => {
  it('a dry-run create answers with the defaulted object, unversioned, and stores nothing', () => {
    const sim = testCluster();
    const before = revision(sim);
    const made = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web'), dryRun: true });
    expect(made.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.metadata?.resourceVersion).toBeUndefined();
    expect((made.spec as { revisionHistoryLimit?: number }).revisionHistoryLimit).toBe(10);
    expect(stored(sim, '/registry/deployments/default/web')).toBeUndefined();
    expect(revision(sim)).toBe(before);
    // validation and admission run as for a real create
    const bad = deployment('bad', -1);
    expect(refused(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: bad, dryRun: true }).message).toBe(
      'Deployment.apps "bad" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(refused(sim, { verb: 'create', resource: 'configmaps', namespace: 'nowhere', body: configMap('c'), dryRun: true }).message).toBe('namespaces "nowhere" not found');
  });

  it('a dry-run create of an existing name is AlreadyExists; a dry-run Event takes no lease', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    expect(refused(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c'), dryRun: true }).reason).toBe('AlreadyExists');
    const before = revision(sim);
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1'), dryRun: true });
    expect(revision(sim)).toBe(before);
    expect(stored(sim, '/registry/events/default/web-x.1')).toBeUndefined();
  });

  it('a dry-run update answers with the result at the stored resourceVersion, and the stored object stays', () => {
    const sim = testCluster();
    const cm = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    const changed: KubeObject = { ...cm, data: { k: 'v2' } };
    const answer = must(sim, { verb: 'update', resource: 'configmaps', namespace: 'default', body: changed, dryRun: true });
    expect(answer.data).toEqual({ k: 'v2' });
    expect(answer.metadata?.resourceVersion).toBe(cm.metadata?.resourceVersion);
    expect(JSON.parse(stored(sim, '/registry/configmaps/default/c')!.value).data).toEqual({ k: 'v' });
    // a stale resourceVersion is still a conflict
    const stale: KubeObject = { ...changed, metadata: { ...changed.metadata, resourceVersion: '1' } };
    expect(refused(sim, { verb: 'update', resource: 'configmaps', namespace: 'default', body: stale, dryRun: true }).code).toBe(409);
  });

  it('a dry-run delete answers as a delete would, and the object is still there', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    const before = revision(sim);
    must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'c', dryRun: true });
    expect(stored(sim, '/registry/configmaps/default/c')).toBeDefined();
    expect(revision(sim)).toBe(before);
    expect(refused(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'gone', dryRun: true }).reason).toBe('NotFound');
  });
});
