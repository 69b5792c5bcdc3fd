// The ServiceAccount admission plugin on Pod creation: the kube-api-access token volume
// every real Pod carries, and the refusal of a Pod whose ServiceAccount does not exist.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { TIMEOUT, must, testCluster } from './testCluster';

type Spec = {
  volumes?: Array<{ name: string; projected?: unknown }>;
  containers: Array<{ volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }> }>;
  initContainers?: Array<{ volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }> }>;
  imagePullSecrets?: Array<{ name: string }>;
};
const PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

function pod(name: string, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, ...metadata }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...spec } };
}
const create = (sim: ReturnType<typeof testCluster>, body: KubeObject) => sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'default', body }, TIMEOUT);
const specOf = (o: KubeObject) => o.spec as Spec;

describe('ServiceAccount admission', () => {
  it('names the default ServiceAccount on create only: an update that leaves it out changes it, and is refused', () => {
    const sim = testCluster();
    const created = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    expect(created.spec).toMatchObject({ serviceAccountName: 'default', serviceAccount: 'default' });
    const replaced = { ...created, spec: { ...(created.spec as Record<string, unknown>) } };
    delete (replaced.spec as Record<string, unknown>).serviceAccountName;
    delete (replaced.spec as Record<string, unknown>).serviceAccount;
    const r = sim.kubectl.request({ verb: 'update', resource: 'pods', namespace: 'default', name: 'web', body: replaced }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toMatch(/pod updates may not change fields other than [^\n]*\n[\s\S]*\n- \tServiceAccountName: +"default",\n\+ \tServiceAccountName: +"",\n/);
  });

  it('mounts a projected kube-api-access volume read-only in every container and init container', () => {
    const sim = testCluster();
    const p = must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { initContainers: [{ name: 'init', image: 'busybox:1.36' }] }) });
    const spec = specOf(p);
    const volume = spec.volumes?.at(-1);
    expect(volume?.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume?.projected).toEqual({
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' } ] } },
      ],
    });
    for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) expect(c.volumeMounts).toEqual([{ name: volume?.name, readOnly: true, mountPath: PATH }]);
  });

  it('mounts nothing when the Pod or its ServiceAccount opts out (the Pod wins), or a container already mounts the token path', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'quiet' }, automountServiceAccountToken: false, imagePullSecrets: [{ name: 'registry' }] } });
    expect(specOf(must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('a', { automountServiceAccountToken: false }) })).volumes).toBeUndefined();
    const quiet = specOf(must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('b', { serviceAccountName: 'quiet' }) }));
    expect(quiet.volumes).toBeUndefined();
    expect(quiet.imagePullSecrets).toEqual([{ name: 'registry' }]);
    expect(specOf(must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('c', { serviceAccountName: 'quiet', automountServiceAccountToken: true }) })).volumes).toHaveLength(1);
    const own = specOf(
      must(sim, {
        verb: 'create',
        resource: 'pods',
        namespace: 'default',
        body: pod('d', { containers: [{ name: 'nginx', image: 'nginx:1.27', volumeMounts: [{ name: 'mine', mountPath: PATH }] }], volumes: [{ name: 'mine', emptyDir: {} }] }),
      }),
    );
    expect(own.volumes?.map((v) => v.name)).toEqual(['mine']);
  });

  it('refuses a Pod whose ServiceAccount does not exist, naming a generateName Pod by its prefix', () => {
    const sim = testCluster();
    const named = create(sim, pod('web', { serviceAccountName: 'robot' }));
    expect(named.ok ? '' : `${named.error.code} ${named.error.message}`).toBe('403 pods "web" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
    const generated = create(sim, pod('', { serviceAccountName: 'robot' }, { generateName: 'web-7d4b9c-' }));
    expect(generated.ok ? '' : generated.error.message).toBe('pods "web-7d4b9c-" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
  });

  it('refuses before validation (mutating admission runs first): an invalid Pod with a missing ServiceAccount is 403, not 422', () => {
    const sim = testCluster();
    const invalid = pod('web', { serviceAccountName: 'robot', restartPolicy: 'Sometimes' });
    const r = create(sim, invalid);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe('403 pods "web" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
    // with neither name nor generateName, admission calls it Unknown
    const unnamed = create(sim, pod('', { serviceAccountName: 'robot' }));
    expect(unnamed.ok ? '' : unnamed.error.message).toBe('pods "Unknown" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
    // once admitted, the Pod is validated, with the name generated for it
    const admitted = create(sim, { ...pod('', { restartPolicy: 'Sometimes' }), metadata: { generateName: 'web-' } });
    expect(admitted.ok ? '' : `${admitted.error.code} ${admitted.error.message}`).toMatch(/^422 Pod "web-[a-z0-9]{5}" is invalid: spec.restartPolicy: Unsupported value: "Sometimes"/);
  });

  it('leaves a mirror Pod unchanged, and refuses one that references a ServiceAccount, a Secret or a token projection', () => {
    const sim = testCluster();
    const mirror = { annotations: { 'kubernetes.io/config.mirror': 'a1b2c3' } };
    // a mirror Pod names its node (validation refuses one that does not)
    const bound = { nodeName: 'node-1' };
    const created = specOf(must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('static-web', bound, mirror) })) as Spec & { serviceAccountName?: string; serviceAccount?: string };
    expect(created.volumes).toBeUndefined();
    expect(created.containers[0]?.volumeMounts).toBeUndefined();
    expect([created.serviceAccountName, created.serviceAccount]).toEqual([undefined, undefined]);
    const refusal = (spec: Record<string, unknown>) => {
      const r = create(sim, pod('static-api', { ...bound, ...spec }, mirror));
      return r.ok ? 'created' : `${r.error.code} ${r.error.message}`;
    };
    expect(refusal({ serviceAccountName: 'default' })).toBe('403 pods "static-api" is forbidden: a mirror pod may not reference service accounts');
    expect(refusal({ serviceAccount: 'robot' })).toBe('403 pods "static-api" is forbidden: a mirror pod may not reference service accounts');
    const secrets = 'pods "static-api" is forbidden: a mirror pod may not reference secrets';
    expect(refusal({ volumes: [{ name: 'tls', secret: { secretName: 'tls' } }] })).toBe(`403 ${secrets}`);
    expect(refusal({ imagePullSecrets: [{ name: 'registry' }] })).toBe(`403 ${secrets}`);
    expect(refusal({ initContainers: [{ name: 'init', image: 'busybox:1.36', env: [{ name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }] })).toBe(`403 ${secrets}`);
    expect(refusal({ volumes: [{ name: 'all', projected: { sources: [{ configMap: { name: 'cfg' } }, { secret: { name: 'db' } }] } }] })).toBe(`403 ${secrets}`);
    expect(refusal({ volumes: [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } }] })).toBe(
      '403 pods "static-api" is forbidden: a mirror pod may not use ServiceAccountToken volume projections',
    );
    // a ConfigMap is no Secret: this plugin lets it through
    expect(refusal({ volumes: [{ name: 'cfg', configMap: { name: 'cfg' } }] })).toBe('created');
  });

  it('waits for the default ServiceAccount of a new namespace, and refuses after ten reads without one', () => {
    // no controllers run here: nobody creates shop's default ServiceAccount
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
    const start = sim.now;
    const r = sim.kubectl.request({ verb: 'create', resource: 'pods', namespace: 'shop', body: pod('web') }, TIMEOUT);
    expect(r.ok ? '' : r.error.message).toBe('pods "web" is forbidden: error looking up service account shop/default: serviceaccount "default" not found');
    // nine waits of 100–199 ms between the ten reads
    expect(sim.now - start).toBeGreaterThanOrEqual(90);
  });
});
