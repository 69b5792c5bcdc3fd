// What a user would notice beyond single verbs: Events expire after an hour, hostile
// input is refused with nothing stored, the API server survives the loss of the etcd
// member it uses, the trace names every request, and a seed fixes the whole state.
import { describe, expect, it } from 'vitest';
import type { KubeObject, ObjectList, WatchEvent } from '../../client';
import type { ApiTraceDetail } from './requestTrace';
import { TIMEOUT, configMap, deployment, event, must, pod, stored, testCluster } from './testCluster';

describe('Events', () => {
  it('are stored with a one-hour etcd lease (3660 s: the hour plus the reuse window) and are gone after it', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1') });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('keep') });
    const kv = stored(sim, '/registry/events/default/web-x.1');
    expect(kv).toBeDefined();
    expect(kv!.lease).not.toBe(0n);
    expect(stored(sim, '/registry/configmaps/default/keep')!.lease).toBe(0n);
    const ttl = sim.etcd.leaseTimeToLive(kv!.lease, true, { endpoint: 'etcd-1', timeoutTicks: 500 });
    expect(ttl.ok && [ttl.value.grantedTTL, ttl.value.keys]).toEqual([3660, ['/registry/events/default/web-x.1']]);
    sim.tick(365_000); // 3650 s: still there
    expect(stored(sim, '/registry/events/default/web-x.1')).toBeDefined();
    sim.tick(2_000); // past 3660 s (plus the lessor's checkpoint slack)
    sim.runUntil(() => stored(sim, '/registry/events/default/web-x.1') === undefined, 2_000);
    expect(stored(sim, '/registry/events/default/web-x.1')).toBeUndefined();
    expect(stored(sim, '/registry/configmaps/default/keep')).toBeDefined();
  });

  it('share a lease for a minute (the API server\'s lease manager), then get a new one', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.1') });
    sim.tick(3_000); // 30 s later: the same lease
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.2') });
    const first = stored(sim, '/registry/events/default/web-x.1')!.lease;
    expect(stored(sim, '/registry/events/default/web-x.2')!.lease).toBe(first);
    const ttl = sim.etcd.leaseTimeToLive(first, true, { endpoint: 'etcd-1', timeoutTicks: 500 });
    expect(ttl.ok && ttl.value.keys).toEqual(['/registry/events/default/web-x.1', '/registry/events/default/web-x.2']);
    sim.tick(3_100); // past 60 s since the grant: a fresh lease, so no Event lives less than its hour
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: event('web-x.3') });
    const third = stored(sim, '/registry/events/default/web-x.3')!.lease;
    expect(third).not.toBe(0n);
    expect(third).not.toBe(first);
  });
});

describe('hostile input', () => {
  const cases: Array<[string, unknown, number]> = [
    ['an unknown field', { ...deployment('h1'), spec: { ...(deployment('h1').spec as object), replicaz: 3 } }, 400],
    ['__proto__ as a key', JSON.parse('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"h2","__proto__":{"polluted":true}},"data":{}}'), 400],
    ['negative replicas', deployment('h3', -1), 422],
    ['an unknown kind (not registered in the scheme: 400 from the decoder)', { apiVersion: 'v1', kind: 'Frob', metadata: { name: 'h4' } }, 400],
    ['not an object at all', 'kind: Pod', 400],
    ['an array', [1, 2, 3], 400],
  ];
  for (const [what, body, code] of cases) {
    it(`${what} is refused with ${code} and nothing is stored`, () => {
      const sim = testCluster();
      const before = sim.etcdContents().map((kv) => `${kv.key}@${kv.mod_revision}`);
      const resource = (body as { kind?: string }).kind === 'ConfigMap' ? 'configmaps' : 'deployments';
      const r = sim.kubectl.request({ verb: 'create', resource, namespace: 'default', body: body as KubeObject }, TIMEOUT);
      expect(r.ok ? 'stored' : r.error.code).toBe(code);
      expect(sim.etcdContents().map((kv) => `${kv.key}@${kv.mod_revision}`)).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // and the server still serves
      expect(must<ObjectList>(sim, { verb: 'list', resource: 'namespaces' }).items.length).toBe(4);
    });
  }

  it('a body over 3 MiB is 413; an object over etcd\'s 1.5 MiB request limit is refused by storage; nothing is stored', () => {
    const sim = testCluster();
    const before = sim.etcdContents().map((kv) => `${kv.key}@${kv.mod_revision}`);
    const huge = configMap('huge');
    huge.data = { k: 'x'.repeat(4 * 1024 * 1024) };
    const r = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: huge }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe('413 Request entity too large: limit is 3145728');
    const big = configMap('big');
    big.data = { k: 'x'.repeat(2 * 1024 * 1024) };
    const b = sim.kubectl.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: big }, TIMEOUT);
    expect(b.ok ? '' : `${b.error.code} ${b.error.message}`).toBe('500 Internal error occurred: etcdserver: request is too large');
    expect(sim.etcdContents().map((kv) => `${kv.key}@${kv.mod_revision}`)).toEqual(before);
  });

  it('the validation text is the real one', () => {
    const sim = testCluster();
    const r = sim.kubectl.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', -1) }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe('Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });
});

describe('etcd member failure', () => {
  it('killing the member the API server uses: requests and watches continue through another member', () => {
    const sim = testCluster();
    const used = sim.apiServer.etcdEndpoint;
    expect(used).toBe('etcd-1');
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'configmaps', namespace: 'default' });
    expect(sim.kill(used).ok).toBe(true);
    const created = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('after-kill') });
    expect(sim.apiServer.etcdEndpoint).not.toBe(used);
    expect(stored(sim, '/registry/configmaps/default/after-kill')!.mod_revision).toBe(Number(created.metadata?.resourceVersion));
    expect(must(sim, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'after-kill' }).metadata?.uid).toBe(created.metadata?.uid);
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: list.resourceVersion }, TIMEOUT);
    expect(w.ok && w.value.map((e: WatchEvent) => e.type)).toEqual(['ADDED']);
  });

  it('with kubelets heartbeating, killing the member in use still moves every request off it (no cycling back)', () => {
    const sim = testCluster(7, { processes: undefined });
    const used = sim.apiServer.etcdEndpoint;
    expect(sim.kill(used).ok).toBe(true);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('busy') });
    expect(sim.apiServer.etcdEndpoint).not.toBe(used);
    sim.tick(1000);
    expect(sim.apiServer.etcdEndpoint).not.toBe(used);
    expect(must(sim, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'busy' }).metadata?.name).toBe('busy');
  });

  it('with the API server down, kubectl gets the connection-refused text', () => {
    const sim = testCluster();
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    const r = sim.kubectl.request({ verb: 'list', resource: 'pods' }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe('The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?');
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    expect(must<ObjectList>(sim, { verb: 'list', resource: 'nodes' }).items.map((n) => n.metadata?.name)).toEqual(['control-plane', 'node-1']);
  });
});

describe('trace and determinism', () => {
  it('every request leaves a trace event naming requester, verb, resource/name and the etcd revision', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') });
    const details = sim.kernel.trace
      .events({ kinds: ['state'], address: 'kube-apiserver' })
      .map((e) => e.detail as Partial<ApiTraceDetail>)
      .filter((d) => d.api !== undefined && d.api.from === 'kubectl');
    expect(details.at(-1)?.api).toEqual({
      from: 'kubectl',
      requestId: expect.any(Number),
      verb: 'create',
      resource: 'deployments',
      namespace: 'default',
      name: 'web',
      code: 201,
      revision: Number(created.metadata?.resourceVersion),
    });
  });

  it('the same seed and requests give the same state hash; another seed does not', () => {
    const run = (seed: number): string => {
      const sim = testCluster(seed);
      must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') });
      const generated = pod('');
      generated.metadata = { generateName: 'web-' };
      must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: generated });
      sim.tick(100);
      return sim.stateHash();
    };
    expect(run(11)).toBe(run(11));
    expect(run(11)).not.toBe(run(12));
  });
});
