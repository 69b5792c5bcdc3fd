// Validation messages compared with the real API server's text (apimachinery field errors,
// printed by kubectl's checkErr for a 422).
import { describe, expect, test } from 'vitest';
import { admitForCreate } from './index';

function deployment(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', ...metadata },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
      ...spec,
    },
  };
}

function message(input: Record<string, unknown>): string {
  const r = admitForCreate(input);
  if (r.ok) throw new Error('expected a refusal');
  return r.message;
}

describe('Deployment validation', () => {
  test('a valid Deployment is admitted', () => {
    expect(admitForCreate(deployment({})).ok).toBe(true);
  });

  test('negative replicas: one error on one line', () => {
    expect(message(deployment({ replicas: -1 }))).toBe(
      'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
  });

  test('several errors are listed under the header, selector mismatch shows the labels as Go prints a map', () => {
    const input = deployment({
      replicas: -1,
      template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
    });
    expect(message(input)).toBe(
      'The Deployment "web" is invalid: \n' +
        '* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n' +
        '* spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
    );
  });

  test('a name that is not a DNS-1123 subdomain', () => {
    expect(message(deployment({}, { name: 'Web_1' }))).toBe(
      'The Deployment "Web_1" is invalid: metadata.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    );
  });

  test('a missing name', () => {
    expect(message(deployment({}, { name: undefined }))).toBe(
      'The Deployment "" is invalid: metadata.name: Required value: name or generateName is required',
    );
  });

  test('label keys and values follow the qualified-name rules', () => {
    const text = message(deployment({}, { labels: { 'bad key!': 'ok', tier: '-front' } }));
    expect(text).toContain(
      "* metadata.labels: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
    expect(text).toContain(
      '* metadata.labels: Invalid value: "-front": a valid label must be an empty string or consist of alphanumeric characters',
    );
  });

  test('container name and image are required, ports must be in range', () => {
    const input = deployment({
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ ports: [{ containerPort: 70000 }] }] },
      },
    });
    expect(message(input)).toBe(
      'The Deployment "web" is invalid: \n' +
        '* spec.template.spec.containers[0].name: Required value\n' +
        '* spec.template.spec.containers[0].image: Required value\n' +
        '* spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    );
  });

  test('no containers at all', () => {
    const input = deployment({ template: { metadata: { labels: { app: 'web' } }, spec: {} } });
    expect(message(input)).toBe('The Deployment "web" is invalid: spec.template.spec.containers: Required value');
  });

  test('a missing selector', () => {
    const input = deployment({ selector: undefined });
    expect(message(input)).toBe('The Deployment "web" is invalid: spec.selector: Required value');
  });

  test('a Deployment template must restart Always', () => {
    const input = deployment({
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { restartPolicy: 'Never', containers: [{ name: 'a', image: 'nginx' }] },
      },
    });
    expect(message(input)).toBe(
      'The Deployment "web" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    );
  });

  test('maxSurge and maxUnavailable cannot both be zero; percentages must parse', () => {
    const zero = deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } });
    expect(message(zero)).toBe(
      'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    );
    const over = deployment({ strategy: { rollingUpdate: { maxUnavailable: '120%' } } });
    expect(message(over)).toBe(
      'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
    );
  });

  test('an unknown strategy type', () => {
    expect(message(deployment({ strategy: { type: 'BlueGreen' } }))).toBe(
      'The Deployment "web" is invalid: spec.strategy.type: Unsupported value: "BlueGreen": supported values: "Recreate", "RollingUpdate"',
    );
  });
});

describe('other kinds', () => {
  test('a Pod whose requests exceed its limits', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1' }, limits: { cpu: '500m' } } }] },
    };
    expect(message(pod)).toBe(
      'The Pod "p" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "1": must be less than or equal to cpu limit of 500m',
    );
  });

  test('Service names are DNS-1035 labels and several ports need names', () => {
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: '1web', namespace: 'default' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }, { port: 443 }] },
    };
    expect(message(svc)).toBe(
      'The Service "1web" is invalid: \n' +
        "* metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')\n" +
        '* spec.ports[0].name: Required value\n' +
        '* spec.ports[1].name: Required value',
    );
  });

  test('a Namespace is cluster-scoped', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', namespace: 'default' } };
    expect(message(ns)).toBe('The Namespace "team-a" is invalid: metadata.namespace: Forbidden: not allowed on this type');
  });

  test('a namespaced object needs a namespace (the API server fills it from the request)', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'bad key': 'x' } };
    expect(message(cm)).toBe(
      'The ConfigMap "c" is invalid: \n' +
        '* metadata.namespace: Required value\n' +
        "* data[bad key]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
  });

  test('a RoleBinding must reference a Role or ClusterRole', () => {
    const rb = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'read', namespace: 'default' },
      subjects: [{ kind: 'User', name: 'alice' }],
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'reader' },
    };
    expect(message(rb)).toBe(
      'The RoleBinding "read" is invalid: roleRef.kind: Unsupported value: "Group": supported values: "Role", "ClusterRole"',
    );
  });

  test('policy rules: verbs, then non-resource URLs (cluster rules only, alone) or API groups and resources', () => {
    const role = (kind: 'Role' | 'ClusterRole', rules: unknown[]) => ({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind,
      metadata: { name: 'r', ...(kind === 'Role' ? { namespace: 'default' } : {}) },
      rules,
    });
    expect(admitForCreate(role('ClusterRole', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }])).ok).toBe(true);
    expect(message(role('Role', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }]))).toBe(
      'The Role "r" is invalid: rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs',
    );
    expect(message(role('ClusterRole', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], nonResourceURLs: ['/metrics'] }]))).toBe(
      'The ClusterRole "r" is invalid: rules[0].nonResourceURLs: Invalid value: []string{"/metrics"}: rules cannot apply to both regular resources and non-resource URLs',
    );
    expect(message(role('ClusterRole', [{ apiGroups: ['apps'] }]))).toBe(
      'The ClusterRole "r" is invalid: \n' +
        '* rules[0].verbs: Required value: verbs must contain at least one value\n' +
        '* rules[0].resources: Required value: resource rules must supply at least one resource',
    );
  });

  test('a ClusterRoleBinding references a ClusterRole only, and its ServiceAccounts name a namespace', () => {
    const crb = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'read' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot' }],
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
    };
    expect(message(crb)).toBe(
      'The ClusterRoleBinding "read" is invalid: \n' +
        '* roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"\n' +
        '* subjects[0].namespace: Required value',
    );
    expect(admitForCreate({ ...crb, subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'default' }], roleRef: { ...crb.roleRef, kind: 'ClusterRole' } }).ok).toBe(true);
  });

  test('a Lease duration must be positive', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'node-1', namespace: 'kube-node-lease' },
      spec: { holderIdentity: 'node-1', leaseDurationSeconds: 0 },
    };
    expect(message(lease)).toBe(
      'The Lease "node-1" is invalid: spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    );
  });

  test('an unknown kind is a REST mapping failure', () => {
    const r = admitForCreate({ apiVersion: 'v1', kind: 'Frob', metadata: { name: 'a' } });
    expect(r).toMatchObject({ ok: false, code: 404, message: 'no matches for kind "Frob" in version "v1"' });
  });
});

describe('probes and node affinity', () => {
  const pod = (container: Record<string, unknown>, spec: Record<string, unknown> = {}) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx', ...container }], ...spec },
  });

  test('a probe needs exactly one handler; liveness needs successThreshold 1', () => {
    expect(message(pod({ readinessProbe: { periodSeconds: 5 } }))).toBe(
      'The Pod "p" is invalid: spec.containers[0].readinessProbe: Required value: must specify a handler type',
    );
    expect(message(pod({ livenessProbe: { tcpSocket: { port: 80 }, successThreshold: 2 } }))).toBe(
      'The Pod "p" is invalid: spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    );
    expect(admitForCreate(pod({ readinessProbe: { httpGet: { path: '/', port: 80 } } })).ok).toBe(true);
  });

  test('node affinity requirements are checked per operator', () => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In' }, { key: 'zone', operator: 'Near', values: ['a'] }] }],
        },
      },
    };
    expect(message(pod({}, { affinity }))).toBe(
      'The Pod "p" is invalid: \n' +
        "* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'\n" +
        '* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].operator: Invalid value: "Near": not a valid selector operator',
    );
  });
});
