// PATCH against the real simulated API server: the three patch types, the status
// subresource, the resourceVersion precondition, validation of the result, generation,
// and that a patch changing nothing writes nothing to etcd.
import { describe, expect, it } from 'vitest';
import type { ApiRequest, KubeObject, PatchType } from '../../client';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch } from './patch';
import { statusStrategy } from './update';
import { TIMEOUT, configMap, deployment, must, pod, stored, testCluster } from './testCluster';

const SMP: PatchType = 'application/strategic-merge-patch+json';
const MERGE: PatchType = 'application/merge-patch+json';
const JSONP: PatchType = 'application/json-patch+json';

function patchReq(resource: string, name: string, patchType: PatchType, patch: unknown, extra: Partial<Extract<ApiRequest, { verb: 'patch' }>> = {}) {
  return { verb: 'patch' as const, resource, namespace: 'default', name, patchType, patch, ...extra };
}

function topRevision(sim: ReturnType<typeof testCluster>): number {
  return Math.max(...sim.etcdContents().map((kv) => kv.mod_revision));
}

describe('strategic merge patch (the pure function)', () => {
  const podJson = {
    kind: 'Pod',
    metadata: { name: 'p', finalizers: ['a'] },
    spec: {
      containers: [
        { name: 'app', image: 'nginx:1.26', ports: [{ containerPort: 80 }], env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] },
        { name: 'side', image: 'busybox' },
      ],
      tolerations: [{ key: 'x', operator: 'Exists' }],
    },
  };

  // the order is strategicpatch's mergeSlice: the patch's elements in the patch's order, the
  // live-only ones slotted in by live order where they can be compared with a patch element
  // (both in the live list), otherwise after it — so a new port comes before the live one
  it('merges containers by name, env by name, ports by containerPort, in strategicpatch’s order', () => {
    const r = applyStrategicMergePatch('Pod', podJson, {
      spec: { containers: [{ name: 'app', image: 'nginx:1.27', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }], ports: [{ containerPort: 8080 }] }] },
    });
    expect(r.ok).toBe(true);
    const spec = (r.ok ? r.value : {}) as { spec: { containers: Array<Record<string, unknown>> } };
    expect(spec.spec.containers.map((c) => c.name)).toEqual(['app', 'side']);
    expect(spec.spec.containers[0]).toEqual({
      name: 'app',
      image: 'nginx:1.27',
      ports: [{ containerPort: 8080 }, { containerPort: 80 }],
      env: [{ name: 'A', value: '1' }, { name: 'B', value: '3' }, { name: 'C', value: '4' }],
    });
  });

  it('$setElementOrder keeps an element only the server has in its live place among the ordered ones', () => {
    const live = { kind: 'Pod', spec: { containers: [{ name: 'a', image: '1' }, { name: 'injected', image: 'mesh' }, { name: 'b', image: '2' }] } };
    const r = applyStrategicMergePatch('Pod', live, { spec: { '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }], containers: [{ name: 'b', image: '3' }] } });
    expect(r.ok && (r.value as { spec: { containers: Array<{ name: string }> } }).spec.containers.map((c) => c.name)).toEqual(['a', 'injected', 'b']);
    // mergeSortedSlice compares it with the next ordered element only: injected (live 1) before b (live 2)
    const swapped = applyStrategicMergePatch('Pod', live, { spec: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }] } });
    expect(swapped.ok && (swapped.value as { spec: { containers: Array<{ name: string }> } }).spec.containers.map((c) => c.name)).toEqual(['injected', 'b', 'a']);
  });

  it('$retainKeys clears the other keys before the merge and refuses a patch setting a key it does not list; $patch: replace drops every directive element', () => {
    const d = { kind: 'Deployment', spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } };
    const recreate = applyStrategicMergePatch('Deployment', d, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } });
    expect(recreate.ok && (recreate.value as { spec: unknown }).spec).toEqual({ strategy: { type: 'Recreate' } });
    expect(applyStrategicMergePatch('Deployment', d, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: { maxSurge: 1 } } } })).toEqual({ ok: false, error: 'invalid patch format of retainKeys' });
    const pod = { kind: 'Pod', spec: { containers: [{ name: 'a', image: '1' }] } };
    const replaced = applyStrategicMergePatch('Pod', pod, { spec: { containers: [{ name: 'c', image: '3' }, { name: 'b', $patch: 'delete' }, { $patch: 'replace' }] } });
    expect(replaced.ok && (replaced.value as { spec: unknown }).spec).toEqual({ containers: [{ name: 'c', image: '3' }] });
  });

  it('tolerations have no patch strategy: they are replaced; finalizers merge as a set, in the patch’s order', () => {
    const r = applyStrategicMergePatch('Pod', podJson, { metadata: { finalizers: ['b', 'a'] }, spec: { tolerations: [{ key: 'y', operator: 'Exists' }] } });
    const v = (r.ok ? r.value : {}) as { metadata: { finalizers: string[] }; spec: { tolerations: unknown[] } };
    expect(v.spec.tolerations).toEqual([{ key: 'y', operator: 'Exists' }]);
    expect(v.metadata.finalizers).toEqual(['b', 'a']);
  });

  it('$patch: delete removes a list element by its merge key; $patch: replace replaces the list; null deletes a field', () => {
    const del = applyStrategicMergePatch('Pod', podJson, { spec: { containers: [{ name: 'side', $patch: 'delete' }] } });
    expect(((del.ok ? del.value : {}) as { spec: { containers: Array<{ name: string }> } }).spec.containers.map((c) => c.name)).toEqual(['app']);
    const rep = applyStrategicMergePatch('Pod', podJson, { spec: { containers: [{ name: 'only', image: 'redis' }, { $patch: 'replace' }] } });
    expect(((rep.ok ? rep.value : {}) as { spec: { containers: unknown[] } }).spec.containers).toEqual([{ name: 'only', image: 'redis' }]);
    const nul = applyStrategicMergePatch('Pod', podJson, { spec: { tolerations: null } });
    expect(((nul.ok ? nul.value : {}) as { spec: Record<string, unknown> }).spec.tolerations).toBeUndefined();
    const missingKey = applyStrategicMergePatch('Pod', podJson, { spec: { containers: [{ image: 'x' }] } });
    expect(missingKey.ok).toBe(false);
    const prim = applyStrategicMergePatch('Pod', podJson, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } });
    expect(((prim.ok ? prim.value : {}) as { metadata: { finalizers: string[] } }).metadata.finalizers).toEqual([]);
    const order = applyStrategicMergePatch('Pod', podJson, { spec: { '$setElementOrder/containers': [{ name: 'side' }, { name: 'app' }], containers: [{ name: 'app', image: 'nginx:1.27' }] } });
    expect(((order.ok ? order.value : {}) as { spec: { containers: Array<{ name: string; image: string }> } }).spec.containers.map((c) => `${c.name}=${c.image}`)).toEqual(['side=busybox', 'app=nginx:1.27']);
  });

  it('a Service merges its ports by port', () => {
    const svc = { kind: 'Service', spec: { ports: [{ port: 80, targetPort: 8080 }, { port: 443 }] } };
    const r = applyStrategicMergePatch('Service', svc, { spec: { ports: [{ port: 80, targetPort: 9090 }] } });
    expect(((r.ok ? r.value : {}) as { spec: { ports: unknown[] } }).spec.ports).toEqual([{ port: 80, targetPort: 9090 }, { port: 443 }]);
  });
});

describe('JSON merge patch and JSON patch (the pure functions)', () => {
  it('RFC 7386: objects merge, null deletes, arrays replace', () => {
    expect(applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' }, l: [1, 2] }, { a: 'z', c: { f: null }, l: [3] })).toEqual({ a: 'z', c: { d: 'e' }, l: [3] });
    // on copies: neither side changes, nothing of either is shared, and the target's key order stays
    const target = { a: { b: { c: 1, d: 2 } }, keep: [{ x: 1 }], s: 'v' };
    const patch = { a: { b: { d: null, e: { f: [1] } } }, n: { m: 1 }, s: 'w' };
    const before = JSON.stringify([target, patch]);
    const out = applyMergePatch(target, patch) as typeof target & { n: unknown };
    expect(JSON.stringify(out)).toBe('{"a":{"b":{"c":1,"e":{"f":[1]}}},"keep":[{"x":1}],"s":"w","n":{"m":1}}');
    expect(JSON.stringify([target, patch])).toBe(before);
    expect(out.keep).not.toBe(target.keep);
    expect(out.n).not.toBe(patch.n);
  });

  it('RFC 6902: add, remove, replace, move, copy, test', () => {
    const doc = { a: { b: 1 }, list: ['x', 'y'] };
    const r = applyJsonPatch(doc, [
      { op: 'add', path: '/list/-', value: 'z' },
      { op: 'add', path: '/a~1b', value: 2 },
      { op: 'replace', path: '/a/b', value: 5 },
      { op: 'copy', from: '/a/b', path: '/c' },
      { op: 'move', from: '/list/0', path: '/first' },
      { op: 'remove', path: '/list/0' },
      { op: 'test', path: '/c', value: 5 },
    ]);
    expect(r).toEqual({ ok: true, value: { a: { b: 5 }, 'a/b': 2, list: ['z'], c: 5, first: 'x' } });
    expect(doc.list).toEqual(['x', 'y']); // the input is not touched
    const failed = applyJsonPatch(doc, [{ op: 'test', path: '/a/b', value: 2 }]);
    expect(failed).toEqual({ ok: false, stage: 'apply', error: 'testing value /a/b failed: test failed' });
    expect(applyJsonPatch(doc, { op: 'add' })).toEqual({ ok: false, stage: 'decode', error: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' });
  });

  it('RFC 6902 as json-patch v4.12 applies it, which the API server and kubectl both use: its quirks and its texts', () => {
    const doc = { spec: { a: 1, l: ['x', 'y'] } };
    // an object's get never fails: replace and copy of a missing key go through
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/spec/b', value: 2 }])).toEqual({ ok: true, value: { spec: { a: 1, l: ['x', 'y'], b: 2 } } });
    expect(applyJsonPatch(doc, [{ op: 'copy', from: '/spec/nope', path: '/spec/c' }])).toEqual({ ok: true, value: { spec: { a: 1, l: ['x', 'y'], c: null } } });
    // indexes may count from the end
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/spec/l/-1' }])).toEqual({ ok: true, value: { spec: { a: 1, l: ['x'] } } });
    const err = (ops: unknown) => {
      const r = applyJsonPatch(doc, ops);
      return r.ok ? '' : r.error;
    };
    expect(err([{ op: 'remove', path: '/spec/nope' }])).toBe("error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value");
    expect(err([{ op: 'move', from: '/spec/nope', path: '/spec/x' }])).toBe("error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value");
    expect(err([{ op: 'add', path: '/spec/l/5', value: 'z' }])).toBe("error in add for path: '/spec/l/5': Unable to access invalid index: 5: invalid index referenced");
    expect(err([{ op: 'replace', path: '/spec/l/2', value: 'z' }])).toBe('replace operation does not apply: doc is missing key: /spec/l/2: missing value');
    expect(err([{ path: '/spec' }])).toBe('Unexpected kind: unknown');
    expect(err([{ op: 'test', path: '/spec/nope', value: null }])).toBe('');
    // the document and the patch are left as they were
    expect(doc).toEqual({ spec: { a: 1, l: ['x', 'y'] } });
  });
});

describe('PATCH on the API server', () => {
  it('strategic merge patch: `kubectl set image` style — image changes, generation bumps, the rest is kept', () => {
    const sim = testCluster();
    const d = must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const patched = must(sim, patchReq('deployments', 'web', SMP, { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } } }));
    const tpl = (patched.spec as { template: { spec: { containers: Array<{ name: string; image: string; imagePullPolicy?: string }> } } }).template.spec;
    expect(tpl.containers).toHaveLength(1);
    expect(tpl.containers[0]).toMatchObject({ name: 'nginx', image: 'nginx:1.28', imagePullPolicy: 'IfNotPresent' });
    expect(patched.metadata?.generation).toBe(2);
    expect(patched.metadata?.uid).toBe(d.metadata?.uid);
    const json = JSON.parse(stored(sim, '/registry/deployments/default/web')!.value) as KubeObject;
    expect((json.spec as { replicas: number }).replicas).toBe(3);
    expect(patched.metadata?.resourceVersion).toBe(String(stored(sim, '/registry/deployments/default/web')!.mod_revision));
  });

  it('merge patch on labels: no generation bump; a patch that changes nothing writes no new revision', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c', { app: 'web' }) });
    const labelled = must(sim, patchReq('configmaps', 'c', MERGE, { metadata: { labels: { tier: 'fe', app: null } } }));
    expect(labelled.metadata?.labels).toEqual({ tier: 'fe' });
    expect(labelled.metadata?.generation).toBeUndefined(); // a ConfigMap keeps no generation at all
    const before = topRevision(sim);
    const again = must(sim, patchReq('configmaps', 'c', MERGE, { metadata: { labels: { tier: 'fe' } } }));
    expect(topRevision(sim)).toBe(before);
    expect(again.metadata?.resourceVersion).toBe(labelled.metadata?.resourceVersion);
  });

  it('JSON patch: replace works; a failed test is 422 with the real text and nothing is written', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const scaled = must(sim, patchReq('deployments', 'web', JSONP, [{ op: 'test', path: '/spec/replicas', value: 3 }, { op: 'replace', path: '/spec/replicas', value: 5 }]));
    expect((scaled.spec as { replicas: number }).replicas).toBe(5);
    const rev = topRevision(sim);
    const r = sim.kubectl.request(patchReq('deployments', 'web', JSONP, [{ op: 'test', path: '/spec/replicas', value: 3 }, { op: 'replace', path: '/spec/replicas', value: 1 }]), TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.reason} ${r.error.message}`).toBe('422 Invalid the server rejected our request due to an error in our request');
    expect(topRevision(sim)).toBe(rev);
    const bad = sim.kubectl.request(patchReq('deployments', 'web', JSONP, { op: 'replace' }), TIMEOUT);
    expect(bad.ok ? 0 : bad.error.code).toBe(400);
    const huge = sim.kubectl.request(patchReq('deployments', 'web', MERGE, { metadata: { annotations: { big: 'x'.repeat(4 * 1024 * 1024) } } }), TIMEOUT);
    expect(huge.ok ? 0 : huge.error.code).toBe(413);
    expect(topRevision(sim)).toBe(rev);
  });

  it('the patched object is validated like an update: 422 with the real text', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    const r = sim.kubectl.request(patchReq('deployments', 'web', MERGE, { spec: { replicas: -1 } }), TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe('422 Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });

  it('metadata.resourceVersion in the patch is a precondition: stale → 409 Conflict', () => {
    const sim = testCluster();
    const v1 = must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('c') });
    must(sim, patchReq('configmaps', 'c', MERGE, { data: { k: 'v2' } }));
    const r = sim.kubectl.request(patchReq('configmaps', 'c', MERGE, { metadata: { resourceVersion: v1.metadata?.resourceVersion }, data: { k: 'v3' } }), TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(
      '409 Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again',
    );
    const missing = sim.kubectl.request(patchReq('configmaps', 'nope', MERGE, { data: {} }), TIMEOUT);
    expect(missing.ok ? '' : missing.error.message).toBe('configmaps "nope" not found');
  });

  it('the status subresource takes .status and user metadata, never the spec; the main resource ignores .status', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('p') });
    const viaStatus = must(
      sim,
      patchReq('pods', 'p', MERGE, { status: { phase: 'Running' }, metadata: { labels: { x: 'y' } }, spec: { nodeName: 'node-9' } }, { subresource: 'status' }),
    );
    expect((viaStatus.status as { phase: string }).phase).toBe('Running');
    // podStatusStrategy resets spec (and ownerReferences), not labels
    expect(viaStatus.metadata?.labels).toEqual({ app: 'web', x: 'y' });
    expect((viaStatus.spec as { nodeName?: string }).nodeName).toBeUndefined();
    const viaMain = must(sim, patchReq('pods', 'p', MERGE, { status: { phase: 'Failed' } }));
    expect((viaMain.status as { phase: string }).phase).toBe('Running');
  });

  it('a status-only merge patch (the kubelet\'s: its uid and .status) stores what the status strategy builds, byte for byte', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('p') });
    const uid = created.metadata?.uid;
    const patches: unknown[] = [
      { metadata: { uid }, status: { phase: 'Pending', conditions: [{ type: 'Initialized', status: 'True' }], hostIP: '10.0.0.1' } },
      { status: { hostIP: null, podIP: '10.244.1.2' } },
      { metadata: { uid }, status: null },
      // not the stored uid: the strategy keeps the stored one
      { metadata: { uid: 'someone-else' }, status: { phase: 'Running' } },
      { metadata: { uid, labels: { x: 'y' } }, status: { phase: 'Succeeded' } },
      { metadata: {}, status: { reason: 'Evicted' } },
      // a null uid is a change of metadata: the strategy's path, which keeps the stored uid
      { metadata: { uid: null }, status: { reason: null } },
    ];
    for (const patch of patches) {
      const before = stored(sim, '/registry/pods/default/p')!;
      const current = JSON.parse(before.value) as KubeObject;
      const expected = statusStrategy(JSON.parse(before.value) as KubeObject, applyMergePatch(current, patch) as KubeObject);
      must(sim, patchReq('pods', 'p', MERGE, patch, { subresource: 'status' }));
      expect(stored(sim, '/registry/pods/default/p')!.value).toBe(JSON.stringify(expected));
    }
  });

  // both writes build the new Pod sharing the watch cache's (frozen, in tests) object: the
  // answer must still be the client's own, and the cache must still hold what was stored
  it('the answer to a status patch or a binding is the client\'s own: changing it changes nothing the server holds', () => {
    const sim = testCluster();
    const uid = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('p') }).metadata?.uid;
    const answers = [
      must(sim, { verb: 'bind', resource: 'pods', namespace: 'default', name: 'p', nodeName: 'node-1' }),
      must(sim, patchReq('pods', 'p', MERGE, { metadata: { uid }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } }, { subresource: 'status' })),
    ];
    for (const answer of answers) {
      expect(Object.isFrozen(answer) || Object.isFrozen(answer.spec) || Object.isFrozen(answer.metadata)).toBe(false);
      (answer.spec as { containers: Array<{ image: string }> }).containers[0]!.image = 'changed';
      answer.metadata!.labels = { changed: 'yes' };
      (answer.status as { phase?: string }).phase = 'Changed';
    }
    const read = must(sim, { verb: 'get', resource: 'pods', namespace: 'default', name: 'p' });
    expect((read.spec as { containers: Array<{ image: string }>; nodeName: string }).containers[0]!.image).not.toBe('changed');
    expect((read.spec as { nodeName: string }).nodeName).toBe('node-1');
    expect(read.metadata?.labels).toEqual({ app: 'web' });
    expect((read.status as { phase: string }).phase).toBe('Running');
    expect(read.metadata?.resourceVersion).toBe(answers[1]!.metadata?.resourceVersion);
    expect(JSON.parse(stored(sim, '/registry/pods/default/p')!.value)).toEqual({ ...read, metadata: { ...read.metadata, resourceVersion: undefined } });
  });
});
