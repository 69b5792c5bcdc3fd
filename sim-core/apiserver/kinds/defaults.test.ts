// Defaulting as the real API server applies it (pkg/apis/*/v1/defaults.go + admission).
import { describe, expect, test } from 'vitest';
import { admitForCreate, defaultImagePullPolicy, kindFor } from './index';

function admitted(input: Record<string, unknown>): Record<string, unknown> {
  const r = admitForCreate(input);
  if (!r.ok) throw new Error(r.message);
  return r.object;
}

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } },
  },
};

describe('Deployment defaults', () => {
  // SetDefaults_Pod copies limits into missing requests on a Pod, never on a Pod template
  test('a template keeps limits without requests; the Pods made from it get the requests', () => {
    const limited = structuredClone(deployment);
    limited.spec.template.spec.containers[0] = { ...limited.spec.template.spec.containers[0]!, resources: { limits: { cpu: '200m' } } } as never;
    const spec = admitted(limited).spec as { template: { spec: { containers: Array<{ resources: unknown }> } } };
    expect(spec.template.spec.containers[0]!.resources).toEqual({ limits: { cpu: '200m' } });
    const fromTemplate = admitted({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: spec.template.spec });
    expect(((fromTemplate.spec as { containers: Array<{ resources: unknown }> }).containers[0]!).resources).toEqual({ limits: { cpu: '200m' }, requests: { cpu: '200m' } });
  });

  test('replicas, RollingUpdate 25%/25%, history 10, deadline 600, template PodSpec defaults', () => {
    const spec = admitted(deployment).spec as Record<string, unknown>;
    expect(spec.replicas).toBe(1);
    expect(spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    expect(spec.revisionHistoryLimit).toBe(10);
    expect(spec.progressDeadlineSeconds).toBe(600);
    const template = spec.template as { spec: Record<string, unknown> };
    expect(template.spec).toMatchObject({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      terminationGracePeriodSeconds: 30,
      securityContext: {},
    });
    // the zero creationTimestamp Go writes as null, as a 1.32 API server stores every template
    expect((spec.template as { metadata: unknown }).metadata).toEqual({ creationTimestamp: null, labels: { app: 'web' } });
    // Admission-only fields are not on templates.
    expect(template.spec.tolerations).toBeUndefined();
    expect(template.spec.serviceAccountName).toBeUndefined();
    const container = (template.spec.containers as Record<string, unknown>[])[0];
    expect(container).toEqual({
      name: 'nginx',
      image: 'nginx:1.27',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
      resources: {},
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      imagePullPolicy: 'IfNotPresent',
    });
  });

  test('Recreate gets no rollingUpdate, explicit values are kept', () => {
    const input = { ...deployment, spec: { ...deployment.spec, replicas: 0, strategy: { type: 'Recreate' }, revisionHistoryLimit: 2 } };
    const spec = admitted(input).spec as Record<string, unknown>;
    expect(spec.strategy).toEqual({ type: 'Recreate' });
    expect(spec.replicas).toBe(0);
    expect(spec.revisionHistoryLimit).toBe(2);
  });

  test('defaulting never mutates its input', () => {
    const input = structuredClone(deployment);
    kindFor('apps/v1', 'Deployment')?.defaults(input);
    expect(input).toEqual(deployment);
  });
});

describe('Pod defaults and admission', () => {
  const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });

  test('priority, service links and the two NoExecute tolerations of 300 s; the service account is named by its admission, on create only', () => {
    const spec = admitted(pod({ containers: [{ name: 'c', image: 'nginx' }] })).spec as Record<string, unknown>;
    expect(spec.serviceAccountName).toBeUndefined();
    expect(spec).toMatchObject({
      enableServiceLinks: true,
      priority: 0,
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      terminationGracePeriodSeconds: 30,
    });
    expect(spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
  });

  // pkg/apis/core/v1/conversion.go: serviceAccount is an alias that always follows serviceAccountName
  test('the deprecated serviceAccount follows serviceAccountName, and names it when it is the only one set', () => {
    const accounts = (spec: Record<string, unknown>) => {
      const out = admitted(pod({ containers: [{ name: 'c', image: 'nginx' }], ...spec })).spec as Record<string, unknown>;
      return [out.serviceAccountName, out.serviceAccount];
    };
    expect(accounts({ serviceAccountName: 'robot', serviceAccount: 'other' })).toEqual(['robot', 'robot']);
    expect(accounts({ serviceAccountName: '', serviceAccount: 'other' })).toEqual(['other', 'other']);
    expect(accounts({ serviceAccount: 'other' })).toEqual(['other', 'other']);
    expect(accounts({ serviceAccountName: 'robot' })).toEqual(['robot', 'robot']);
    expect(accounts({ serviceAccount: '' })).toEqual([undefined, undefined]);
    // in a Pod template too, where no admission names the default
    const template = (spec: Record<string, unknown>) => {
      const input = structuredClone(deployment);
      Object.assign(input.spec.template.spec, spec);
      const out = (admitted(input).spec as { template: { spec: Record<string, unknown> } }).template.spec;
      return [out.serviceAccountName, out.serviceAccount];
    };
    expect(template({ serviceAccountName: 'robot' })).toEqual(['robot', 'robot']);
    expect(template({ serviceAccount: 'other', serviceAccountName: 'robot' })).toEqual(['robot', 'robot']);
    expect(template({ serviceAccount: '' })).toEqual([undefined, undefined]);
  });

  test('a learner toleration for not-ready is kept and not duplicated', () => {
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 };
    const spec = admitted(pod({ containers: [{ name: 'c', image: 'nginx' }], tolerations: [own] })).spec as Record<string, unknown>;
    expect(spec.tolerations).toEqual([
      own,
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
  });

  test('a new Pod is Pending with its QoS class; limits alone become requests', () => {
    const guaranteed = admitted(
      pod({ containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '500m', memory: '128Mi' } } }] }),
    );
    expect(guaranteed.status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
    const c = ((guaranteed.spec as Record<string, unknown>).containers as Record<string, unknown>[])[0];
    expect(c?.resources).toEqual({ limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '500m', memory: '128Mi' } });
    expect(admitted(pod({ containers: [{ name: 'c', image: 'nginx' }] })).status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  test.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.27', 'IfNotPresent'],
    ['localhost:5000/web', 'Always'],
    ['localhost:5000/web:v2', 'IfNotPresent'],
    ['nginx@sha256:abcd', 'IfNotPresent'],
  ])('imagePullPolicy for %s is %s', (image, policy) => {
    expect(defaultImagePullPolicy(image)).toBe(policy);
  });
});

describe('Service, Namespace, Secret, ReplicaSet, RoleBinding defaults', () => {
  test('Service: ClusterIP, None affinity, TCP, targetPort = port, single-stack IPv4', () => {
    const svc = admitted({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    });
    expect(svc.spec).toEqual({
      selector: { app: 'web' },
      ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ipFamilyPolicy: 'SingleStack',
      ipFamilies: ['IPv4'],
    });
  });

  test('Namespace gets the kubernetes finalizer and phase Active', () => {
    const ns = admitted({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(ns.status).toEqual({ phase: 'Active' });
  });

  test('Secret stringData is folded into base64 data, type Opaque', () => {
    const s = admitted({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, stringData: { password: 'héllo!' } });
    expect(s.data).toEqual({ password: 'aMOpbGxvIQ==' });
    expect(s.stringData).toBeUndefined();
    expect(s.type).toBe('Opaque');
  });

  test('ReplicaSet replicas default to 1', () => {
    const rs = admitted({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-1', namespace: 'default' },
      spec: deployment.spec,
    });
    expect((rs.spec as Record<string, unknown>).replicas).toBe(1);
  });

  test('RoleBinding User subjects get the RBAC API group', () => {
    const rb = admitted({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'read', namespace: 'default' },
      subjects: [{ kind: 'User', name: 'alice' }, { kind: 'ServiceAccount', name: 'default', namespace: 'default' }],
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
    });
    expect(rb.subjects).toEqual([
      { kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.k8s.io' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'default' },
    ]);
  });
});

describe('volume and fieldRef defaults (SetDefaults_Volume, *VolumeSource, ObjectFieldSelector)', () => {
  const pod = (spec: Record<string, unknown>) => {
    const r = admitForCreate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], ...spec } });
    if (!r.ok) throw new Error(r.message);
    return r.object.spec as { volumes: Array<Record<string, unknown>>; containers: Array<{ env?: unknown[] }> };
  };
  test('a volume with no source is an emptyDir; Secret, ConfigMap, DownwardAPI and Projected volumes get mode 0644', () => {
    const spec = pod({ volumes: [{ name: 'a' }, { name: 'b', secret: { secretName: 's' } }, { name: 'c', configMap: { name: 'm', defaultMode: 0o600 } }, { name: 'd', hostPath: { path: '/x' } }] });
    expect(spec.volumes).toEqual([
      { name: 'a', emptyDir: {} },
      { name: 'b', secret: { secretName: 's', defaultMode: 420 } },
      { name: 'c', configMap: { name: 'm', defaultMode: 384 } },
      { name: 'd', hostPath: { path: '/x', type: '' } },
    ]);
  });
  test('a projected token lasts an hour and every fieldRef names v1, in env and in downward API files', () => {
    const fieldRef = { fieldPath: 'metadata.name' };
    const spec = pod({
      containers: [{ name: 'c', image: 'nginx:1.27', env: [{ name: 'N', valueFrom: { fieldRef } }, { name: 'V', value: 'x' }] }],
      volumes: [
        { name: 'p', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { downwardAPI: { items: [{ path: 'n', fieldRef }] } }] } },
        { name: 'd', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } }] } },
      ],
    });
    expect(spec.containers[0]!.env).toEqual([{ name: 'N', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'V', value: 'x' }]);
    expect(spec.volumes).toEqual([
      { name: 'p', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }, { downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } }] } }] } },
      { name: 'd', downwardAPI: { defaultMode: 420, items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } }] } },
    ]);
  });
});

describe('zero values defaulted as Go defaults them (== 0, == "")', () => {
  test('a probe with zero thresholds and an empty path, and a fieldRef with an empty apiVersion', () => {
    const r = admitForCreate({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: {
        containers: [
          {
            name: 'c',
            image: 'nginx:1.27',
            env: [{ name: 'N', valueFrom: { fieldRef: { apiVersion: '', fieldPath: 'metadata.name' } } }],
            livenessProbe: { httpGet: { path: '', port: 80, scheme: '' }, successThreshold: 0, periodSeconds: 0, timeoutSeconds: 0, failureThreshold: 0 },
          },
        ],
      },
    });
    if (!r.ok) throw new Error(r.message);
    const c = (r.object.spec as { containers: Array<Record<string, unknown>> }).containers[0]!;
    expect(c.livenessProbe).toEqual({ httpGet: { path: '/', port: 80, scheme: 'HTTP' }, successThreshold: 1, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 });
    expect(c.env).toEqual([{ name: 'N', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }]);
  });
});
