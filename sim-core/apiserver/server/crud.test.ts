// The API server's verbs against a real simulated etcd: where objects land, what the
// resourceVersion is, and the refusals a user sees.
import { describe, expect, it } from 'vitest';
import type { KubeObject, ObjectList } from '../../client';
import { TIMEOUT, configMap, deployment, must, pod, stored, testCluster } from './testCluster';

describe('create', () => {
  it('stores the JSON at the /registry key with resourceVersion = mod_revision, uid, timestamp and generation', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') });
    const kv = stored(sim, '/registry/deployments/default/web');
    expect(kv).toBeDefined();
    expect(created.metadata?.resourceVersion).toBe(String(kv!.mod_revision));
    const json = JSON.parse(kv!.value) as KubeObject;
    expect(json.kind).toBe('Deployment');
    expect(json.metadata?.namespace).toBe('default');
    expect(json.metadata?.resourceVersion).toBeUndefined(); // never stored: it is the key's mod_revision
    expect(json.metadata?.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(json.metadata?.creationTimestamp).toMatch(/^2026-01-01T00:00:\d\dZ$/);
    expect(json.metadata?.generation).toBe(1);
    // defaulting happened on the way in
    expect((json.spec as { strategy?: { type?: string } }).strategy?.type).toBe('RollingUpdate');
  });

  it('a second create of the same name is 409 AlreadyExists with the real text', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') });
    const again = sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }, TIMEOUT);
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.code).toBe(409);
      expect(again.error.reason).toBe('AlreadyExists');
      expect(again.error.message).toBe('deployments.apps "web" already exists');
    }
  });

  it('generateName gets 5 random characters from the PRNG', () => {
    const sim = testCluster();
    const body = pod('');
    body.metadata = { generateName: 'web-', labels: {} };
    const created = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body });
    expect(created.metadata?.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(stored(sim, `/registry/pods/default/${created.metadata?.name}`)).toBeDefined();
  });

  it('a namespace that does not exist is 404 and nothing is stored', () => {
    const sim = testCluster();
    const r = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'nope', body: configMap('c') }, TIMEOUT);
    expect(r.ok ? 'stored' : r.error.message).toBe('namespaces "nope" not found');
    expect(stored(sim, '/registry/configmaps/nope/c')).toBeUndefined();
  });

  it('a new namespace is usable at once; a terminating one refuses new content with 403', () => {
    const sim = testCluster();
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', finalizers: ['example.com/hold'] } };
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: ns });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'team', body: configMap('first') });
    must(sim, { verb: 'delete', resource: 'namespaces', namespace: '', name: 'team' });
    sim.tick(20);
    const r = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'team', body: configMap('second') }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(
      '403 configmaps "second" is forbidden: unable to create new content in namespace team because it is being terminated',
    );
    expect(stored(sim, '/registry/configmaps/team/second')).toBeUndefined();
    // admission runs before a name is generated: the object is named by its prefix
    const generated = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'team', body: { ...configMap(''), metadata: { generateName: 'cfg-' } } }, TIMEOUT);
    expect(generated.ok ? '' : generated.error.message).toBe('configmaps "cfg-" is forbidden: unable to create new content in namespace team because it is being terminated');
    // admission.NewForbidden names the group of a grouped resource
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } } };
    const grouped = sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'team', body: deployment }, TIMEOUT);
    expect(grouped.ok ? '' : grouped.error.message).toBe('deployments.apps "web" is forbidden: unable to create new content in namespace team because it is being terminated');
  });

  it('NamespaceLifecycle, a mutating admission plugin, answers before validation: an invalid object in a missing namespace is 404', () => {
    const sim = testCluster();
    const r = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'nope', body: configMap('Not_A_Name') }, TIMEOUT);
    expect(r.ok ? 'stored' : `${r.error.code} ${r.error.message}`).toBe('404 namespaces "nope" not found');
  });

  it('a Service gets a clusterIP from 10.96.0.0/12', () => {
    const sim = testCluster();
    const svc = must(sim, {
      verb: 'create',
      resource: 'services',
      namespace: 'default',
      body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } },
    });
    const ip = (svc.spec as { clusterIP: string }).clusterIP;
    const [a, b] = ip.split('.').map(Number);
    expect(a).toBe(10);
    expect(b! >= 96 && b! <= 111).toBe(true);
  });
});

describe('get and list', () => {
  it('get returns the stored object; a missing one is 404 with the real text', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a') });
    const got = must(sim, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'a' });
    expect(got.metadata?.resourceVersion).toBe(String(stored(sim, '/registry/configmaps/default/a')!.mod_revision));
    const missing = sim.kubectl.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'zz' }, TIMEOUT);
    expect(missing.ok ? '' : `${missing.error.code} ${missing.error.message}`).toBe('404 deployments.apps "zz" not found');
  });

  it('list filters by namespace and label selector and carries the etcd revision', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } } });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a', { app: 'web', tier: 'fe' }) });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('b', { app: 'web', tier: 'be' }) });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c', { app: 'db' }) });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'team', body: configMap('d', { app: 'web' }) });
    const names = (sel: string | undefined, namespace?: string): string[] =>
      must<ObjectList>(sim, { verb: 'list', resource: 'configmaps', ...(namespace ? { namespace } : {}), ...(sel ? { labelSelector: sel } : {}) }).items.map(
        (o) => `${o.metadata?.namespace}/${o.metadata?.name}`,
      );
    // the system namespaces' kube-root-ca.crt came with the bootstrap (no controller-manager runs here to give `team` one)
    const ca = ['default', 'kube-node-lease', 'kube-public', 'kube-system'].map((ns) => `${ns}/kube-root-ca.crt`);
    expect(names(undefined)).toEqual(['default/a', 'default/b', 'default/c', ...ca, 'team/d']);
    expect(names(undefined, 'default')).toEqual(['default/a', 'default/b', 'default/c', 'default/kube-root-ca.crt']);
    expect(names('app=web')).toEqual(['default/a', 'default/b', 'team/d']);
    expect(names('app=web,tier!=be', 'default')).toEqual(['default/a']);
    expect(names('tier in (fe,be)')).toEqual(['default/a', 'default/b']);
    expect(names('!tier')).toEqual(['default/c', ...ca, 'team/d']);
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'configmaps' });
    const top = Math.max(...sim.etcdContents().map((kv) => kv.mod_revision));
    expect(list.resourceVersion).toBe(String(top));
    const bad = sim.kubectl.request({ verb: 'list', resource: 'configmaps', labelSelector: 'app in (web' }, TIMEOUT);
    expect(bad.ok ? 0 : bad.error.code).toBe(400);
  });
});

describe('update', () => {
  /** The etcd operations the API server sends while `fn` runs. */
  function etcdOps(sim: ReturnType<typeof testCluster>, fn: () => void): string[] {
    const ops: string[] = [];
    const stop = sim.subscribe(
      (e) => {
        const p = e.payload as { kind?: string; req?: { op?: string } } | undefined;
        if (e.address === 'kube-apiserver' && e.peer?.startsWith('etcd-') && p?.kind === 'request' && p.req?.op !== undefined) ops.push(p.req.op);
      },
      { kinds: ['send'] },
    );
    fn();
    stop();
    return ops;
  }

  it("costs etcd one txn and no read: the first try starts from the watch cache's copy", () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    sim.tick(50); // the watch cache has seen the create
    const v2 = structuredClone(v1);
    (v2.spec as { replicas: number }).replicas = 5;
    expect(etcdOps(sim, () => must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', body: v2 }))).toEqual(['txn']);
  });

  it('a stale resourceVersion is 409 Conflict with the real message, and nothing changes', () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const v2 = structuredClone(v1);
    (v2.spec as { replicas: number }).replicas = 5;
    must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', body: v2 });
    const stale = structuredClone(v1);
    (stale.spec as { replicas: number }).replicas = 7;
    const r = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', body: stale }, TIMEOUT);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(409);
      expect(r.error.message).toBe(
        'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
      );
    }
    const now = JSON.parse(stored(sim, '/registry/deployments/default/web')!.value) as KubeObject;
    expect((now.spec as { replicas: number }).replicas).toBe(5);
  });

  it('generation bumps on a spec change only; uid and creationTimestamp are kept; resourceVersion follows mod_revision', () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    // BeforeUpdate: a uid that is not the stored one is refused (ValidateObjectMetaUpdate), a missing one filled in
    const forged = structuredClone(v1);
    forged.metadata!.uid = 'forged';
    const refused = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', body: forged }, { timeoutTicks: 500 });
    expect(refused).toMatchObject({ ok: false, error: { code: 422, message: 'Deployment.apps "web" is invalid: metadata.uid: Invalid value: "forged": field is immutable' } });
    const labelled = structuredClone(v1);
    labelled.metadata!.labels = { app: 'web', team: 'a' };
    delete labelled.metadata!.uid;
    labelled.metadata!.creationTimestamp = '2030-01-01T00:00:00Z';
    const v2 = must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', body: labelled });
    expect(v2.metadata?.generation).toBe(1);
    expect(v2.metadata?.uid).toBe(v1.metadata?.uid);
    expect(v2.metadata?.creationTimestamp).toBe(v1.metadata?.creationTimestamp);
    const scaled = structuredClone(v2);
    (scaled.spec as { replicas: number }).replicas = 4;
    const v3 = must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', body: scaled });
    expect(v3.metadata?.generation).toBe(2);
    expect(Number(v3.metadata?.resourceVersion)).toBeGreaterThan(Number(v2.metadata?.resourceVersion));
    expect(v3.metadata?.resourceVersion).toBe(String(stored(sim, '/registry/deployments/default/web')!.mod_revision));
  });

  it('only kinds whose strategy keeps a generation get one: not Pods, Services or ConfigMaps (1.32)', () => {
    const sim = testCluster();
    const p = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('web-x') });
    const c = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    expect([p.metadata?.generation, c.metadata?.generation]).toEqual([undefined, undefined]);
    const changed = { ...structuredClone(c), data: { k: 'v2' } };
    expect(must(sim, { verb: 'update', resource: 'configmaps', namespace: 'default', body: changed }).metadata?.generation).toBeUndefined();
    const forged = { ...configMap('d'), metadata: { name: 'd', generation: 7 } };
    expect(must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: forged }).metadata?.generation).toBeUndefined();
    expect(JSON.parse(stored(sim, '/registry/pods/default/web-x')!.value).metadata.generation).toBeUndefined();
  });

  it('an invalid update is refused with the validation text and nothing is written', () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const bad = structuredClone(v1);
    (bad.spec as { replicas: number }).replicas = -1;
    const r = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', body: bad }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe('Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(String(stored(sim, '/registry/deployments/default/web')!.mod_revision)).toBe(v1.metadata?.resourceVersion);
  });

  it('updateStatus changes only the status; update ignores a status change', () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const body = structuredClone(v1);
    (body.spec as { replicas: number }).replicas = 9;
    body.status = { replicas: 3, readyReplicas: 2 };
    const v2 = must(sim, { verb: 'updateStatus', resource: 'deployments', namespace: 'default', body });
    expect((v2.spec as { replicas: number }).replicas).toBe(3);
    expect(v2.status).toEqual({ replicas: 3, readyReplicas: 2 });
    expect(v2.metadata?.generation).toBe(1);
    const viaUpdate = structuredClone(v2);
    viaUpdate.status = { replicas: 100 };
    const v3 = must(sim, { verb: 'update', resource: 'deployments', namespace: 'default', body: viaUpdate });
    expect(v3.status).toEqual({ replicas: 3, readyReplicas: 2 });
  });

  it("a Deployment's status write carries its annotations (the revision) but not its labels", () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const body = structuredClone(v1);
    body.metadata = { ...body.metadata, annotations: { 'deployment.kubernetes.io/revision': '2' }, labels: { hijacked: 'yes' } };
    body.status = { replicas: 3 };
    const v2 = must(sim, { verb: 'updateStatus', resource: 'deployments', namespace: 'default', body });
    expect(v2.metadata?.annotations).toEqual({ 'deployment.kubernetes.io/revision': '2' });
    expect(v2.metadata?.labels).toEqual(v1.metadata?.labels);
    expect(v2.metadata?.uid).toBe(v1.metadata?.uid);
  });
});

describe('binding subresource', () => {
  it('binds a Pod once; a second bind is 409 with the real text', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('web-x') });
    const bound = must(sim, { verb: 'bind', resource: 'pods', namespace: 'default', name: 'web-x', nodeName: 'node-1' });
    expect((bound.spec as { nodeName: string }).nodeName).toBe('node-1');
    const json = JSON.parse(stored(sim, '/registry/pods/default/web-x')!.value) as KubeObject;
    expect((json.spec as { nodeName: string }).nodeName).toBe('node-1');
    expect((json.status as { conditions: Array<{ type: string; status: string }> }).conditions).toContainEqual(expect.objectContaining({ type: 'PodScheduled', status: 'True' }));
    // the Binding object form (POST …/bindings), as a scheduler built on ApiClient sends it
    const again = sim.kubectl.request(
      { verb: 'create', resource: 'bindings', namespace: 'default', body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web-x' }, target: { kind: 'Node', name: 'control-plane' } } },
      TIMEOUT,
    );
    expect(again.ok ? '' : `${again.error.code} ${again.error.message}`).toBe(
      '409 Operation cannot be fulfilled on pods/binding "web-x": pod web-x is already assigned to node "node-1"',
    );
  });
});

describe('delete', () => {
  it('a plain delete removes the key', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('gone') });
    must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'gone' });
    expect(stored(sim, '/registry/configmaps/default/gone')).toBeUndefined();
    const again = sim.kubectl.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'gone' }, TIMEOUT);
    expect(again.ok ? '' : again.error.message).toBe('configmaps "gone" not found');
  });

  it('with a finalizer: deletionTimestamp is set and the key stays until the finalizer is removed', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('held', {}, { finalizers: ['example.com/hold'] }) });
    const marked = must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'held' });
    expect(marked.metadata?.deletionTimestamp).toMatch(/^2026-/);
    const kv = stored(sim, '/registry/configmaps/default/held');
    expect(kv).toBeDefined();
    expect((JSON.parse(kv!.value) as KubeObject).metadata?.deletionTimestamp).toBe(marked.metadata?.deletionTimestamp);
    const cur = must(sim, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'held' });
    cur.metadata!.finalizers = [];
    must(sim, { verb: 'update', resource: 'configmaps', namespace: 'default', body: cur });
    expect(stored(sim, '/registry/configmaps/default/held')).toBeUndefined();
  });

  it('propagationPolicy Foreground and Orphan are recorded as finalizers', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('fg') });
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('or') });
    const fg = must(sim, { verb: 'delete', resource: 'deployments', namespace: 'default', name: 'fg', propagationPolicy: 'Foreground' });
    const or = must(sim, { verb: 'delete', resource: 'deployments', namespace: 'default', name: 'or', propagationPolicy: 'Orphan' });
    expect(fg.metadata?.finalizers).toEqual(['foregroundDeletion']);
    expect(fg.metadata?.generation).toBe(2); // marking for deletion bumps generation
    expect(or.metadata?.finalizers).toEqual(['orphan']);
    expect(stored(sim, '/registry/deployments/default/fg')).toBeDefined();
  });

  it('a uid precondition that does not match is 409 and the object stays', () => {
    const sim = testCluster();
    const c = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('p') });
    const r = sim.kubectl.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'p', uid: 'other' }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe(
      `Operation cannot be fulfilled on configmaps "p": Precondition failed: UID in precondition: other, UID in object meta: ${c.metadata?.uid}`,
    );
    expect(stored(sim, '/registry/configmaps/default/p')).toBeDefined();
  });
});

describe('Events expire from etcd', () => {
  const leaseOf = (sim: ReturnType<typeof testCluster>, key: string): bigint | undefined => sim.etcdContents().find((kv) => kv.key === key)?.lease;

  it('an Event is stored with a lease, and keeps one when it is updated (a repeat bumps its count)', () => {
    const sim = testCluster();
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web.1', namespace: 'default' },
      involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' },
      reason: 'ScalingReplicaSet',
      message: 'Scaled up replica set web-1 from 0 to 3',
      type: 'Normal',
      count: 1,
    };
    const created = must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event });
    const key = '/registry/events/default/web.1';
    expect(leaseOf(sim, key) ?? 0n).not.toBe(0n);
    must(sim, { verb: 'update', resource: 'events', namespace: 'default', body: { ...created, count: 2 } });
    expect(leaseOf(sim, key) ?? 0n).not.toBe(0n);
  });
});

describe('a body of another kind', () => {
  it('is refused by create and update as the decoder refuses it: another registered kind cannot be converted, an unknown one is not registered', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('cfg') });
    const message = (r: ReturnType<typeof sim.kubectl.request>) => (r.ok ? 'ok' : `${r.error.code} ${r.error.message}`);
    const asService = { ...configMap('cfg'), kind: 'Service' };
    expect(message(sim.kubectl.request({ verb: 'update', resource: 'configmaps', namespace: 'default', body: asService }, TIMEOUT))).toBe(
      '400 Service in version "v1" cannot be handled as a ConfigMap: converting (v1.Service) to (core.ConfigMap): unknown conversion',
    );
    expect(message(sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: { ...deployment('web'), apiVersion: 'apps/v2' } }, TIMEOUT))).toBe(
      '400 Deployment in version "v2" cannot be handled as a Deployment: no kind "Deployment" is registered for version "apps/v2" in scheme "pkg/api/legacyscheme/scheme.go:30"',
    );
    expect(JSON.parse(stored(sim, '/registry/configmaps/default/cfg')!.value)).toMatchObject({ kind: 'ConfigMap' });
  });
});
