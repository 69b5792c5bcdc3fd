import { describe, expect, it } from 'vitest';
import { formatFieldError } from './fieldErrors';
import { semanticEqual, validateKindUpdate } from './updateValidation';

type Obj = Record<string, unknown>;
const container = (over: Obj = {}): Obj => ({ name: 'main', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent', ...over });
const pod = (spec: Obj): Obj => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [container()], restartPolicy: 'Always', ...spec } });
const podErrors = (old: Obj, next: Obj): string[] => validateKindUpdate('Pod', '', pod(old), pod(next)).map((e) => formatFieldError(e).split('\n')[0]!);
const FORBIDDEN = 'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

describe('ValidatePodUpdate', () => {
  it('lets the image change and nothing else', () => {
    expect(podErrors({}, { containers: [container({ image: 'nginx:1.28' })] })).toEqual([]);
    expect(podErrors({}, { containers: [container({ command: ['sleep'] })] })).toEqual([FORBIDDEN]);
    expect(podErrors({}, { restartPolicy: 'Never' })).toEqual([FORBIDDEN]);
  });

  it('refuses a container added or removed before anything else', () => {
    expect(podErrors({}, { containers: [container(), container({ name: 'b' })], restartPolicy: 'Never' })).toEqual(['spec.containers: Forbidden: pod updates may not add or remove containers']);
    expect(podErrors({ initContainers: [container({ name: 'i' })] }, {})).toEqual(['spec.initContainers: Forbidden: pod updates may not add or remove containers']);
  });

  it('wants an image without surrounding spaces', () => {
    expect(podErrors({}, { containers: [container({ image: ' nginx ' })] })).toEqual(['spec.containers[0].image: Invalid value: " nginx ": must not have leading or trailing whitespace']);
  });

  it('lets activeDeadlineSeconds be set or lowered, never raised or removed', () => {
    expect(podErrors({}, { activeDeadlineSeconds: 60 })).toEqual([]);
    expect(podErrors({ activeDeadlineSeconds: 60 }, { activeDeadlineSeconds: 30 })).toEqual([]);
    expect(podErrors({ activeDeadlineSeconds: 60 }, { activeDeadlineSeconds: 90 })).toEqual(['spec.activeDeadlineSeconds: Invalid value: 90: must be less than or equal to previous value']);
    expect(podErrors({ activeDeadlineSeconds: 60 }, {})).toEqual(['spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value']);
  });

  it('lets tolerations be added and their tolerationSeconds changed', () => {
    const t = { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 };
    expect(podErrors({ tolerations: [t] }, { tolerations: [t, { key: 'x', operator: 'Exists' }] })).toEqual([]);
    expect(podErrors({ tolerations: [t] }, { tolerations: [{ ...t, tolerationSeconds: 5 }] })).toEqual([]);
    expect(podErrors({ tolerations: [t] }, { tolerations: [{ ...t, key: 'other' }] })).toEqual(['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds']);
  });

  it('lets scheduling gates only be removed, and a gated Pod gain nodeSelector entries', () => {
    const gated = { schedulingGates: [{ name: 'a' }, { name: 'b' }], nodeSelector: { zone: 'x' } };
    expect(podErrors(gated, { ...gated, schedulingGates: [{ name: 'b' }], nodeSelector: { zone: 'x', disk: 'ssd' } })).toEqual([]);
    expect(podErrors(gated, { ...gated, schedulingGates: [{ name: 'c' }] })).toEqual(["spec.schedulingGates: Forbidden: only deletion is allowed, but found new scheduling gate 'c'"]);
    expect(podErrors(gated, { ...gated, nodeSelector: {} })).toEqual([FORBIDDEN]);
    expect(podErrors({ nodeSelector: { zone: 'x' } }, { nodeSelector: { zone: 'x', disk: 'ssd' } })).toEqual([FORBIDDEN]);
  });

  it('lets a negative grace period become 1', () => {
    expect(podErrors({ terminationGracePeriodSeconds: -1 }, { terminationGracePeriodSeconds: 1 })).toEqual([]);
    expect(podErrors({ terminationGracePeriodSeconds: 30 }, { terminationGracePeriodSeconds: 1 })).toEqual([FORBIDDEN]);
  });

  it('takes an empty map for an absent one and quantities by value, as Semantic.DeepEqual does', () => {
    expect(podErrors({}, { nodeSelector: {}, overhead: {} })).toEqual([]);
    const res = (r: Obj) => ({ containers: [container({ resources: r })] });
    expect(podErrors(res({ requests: { memory: '1024Mi', cpu: '0.5' } }), res({ requests: { memory: '1Gi', cpu: '500m' }, limits: {} }))).toEqual([]);
    expect(podErrors(res({ requests: { memory: '1Gi' } }), res({ requests: { memory: '2Gi' } }))).toEqual([FORBIDDEN]);
    // a pointer to an empty struct is not nil
    expect(podErrors({}, { affinity: {} })).toEqual([FORBIDDEN]);
  });

  it('keeps the QoS class (1.27–1.32), naming the stored one', () => {
    const stored = { ...pod({}), status: { qosClass: 'BestEffort' } };
    const next = pod({ containers: [container({ resources: { requests: { cpu: '100m' } } })] });
    expect(validateKindUpdate('Pod', '', stored, next).map((e) => formatFieldError(e).split('\n')[0])).toEqual(['metadata: Invalid value: "BestEffort": Pod QoS is immutable', FORBIDDEN]);
  });

  it('follows the refusal with the difference, in go-cmp layout', () => {
    const [error] = validateKindUpdate('Pod', '', pod({}), pod({ nodeSelector: { disk: 'ssd' } }));
    expect(error!.detail.split('\n').slice(1)).toEqual([
      '  core.PodSpec{',
      '  \t... // 6 identical fields',
      '  \tActiveDeadlineSeconds:        nil,',
      '  \tDNSPolicy:                    "",', // a string type: its zero value, not nil
      '- \tNodeSelector:                 nil,',
      '+ \tNodeSelector:                 {"disk": "ssd"},',
      '  \tServiceAccountName:           "",',
      '  \tAutomountServiceAccountToken: nil,',
      '  \t... // 23 identical fields',
      '  }',
    ]);
  });

  it('prints an absent string or bool member as its Go zero value (kubectl replace of a bound Pod)', () => {
    const bound = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27', tty: true }] } };
    const replaced = { ...bound, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } };
    const [error] = validateKindUpdate('Pod', '', bound, replaced);
    expect(error!.detail).toContain('  \t\t\tStdin:     false,\n  \t\t\tStdinOnce: false,\n- \t\t\tTTY:       true,\n+ \t\t\tTTY:       false,');
    expect(error!.detail).toMatch(/\n- \tNodeName: +"node-1",\n\+ \tNodeName: +"",\n/);
  });
});

describe('the other kinds', () => {
  it('keeps an apps/v1 selector', () => {
    const d = (labels: Obj) => ({ spec: { selector: { matchLabels: labels } } });
    expect(validateKindUpdate('Deployment', 'apps', d({ app: 'a' }), d({ app: 'a' }))).toEqual([]);
    expect(validateKindUpdate('ReplicaSet', 'apps', d({ app: 'a' }), d({ app: 'b' })).map(formatFieldError)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
    const e = { spec: { selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }] } } };
    expect(validateKindUpdate('Deployment', 'apps', d({ app: 'a' }), e).map(formatFieldError)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"In", Values:[]string{"web"}}}}: field is immutable',
    ]);
  });

  it('freezes an immutable ConfigMap or Secret and a Secret type', () => {
    expect(validateKindUpdate('ConfigMap', '', { data: { a: '1' } }, { data: { a: '2' } })).toEqual([]);
    expect(validateKindUpdate('ConfigMap', '', { immutable: true, data: { a: '1' } }, { immutable: true, data: { a: '1' } })).toEqual([]);
    expect(validateKindUpdate('ConfigMap', '', { immutable: true, data: { a: '1' } }, { binaryData: { b: 'AA==' }, data: { a: '1' } }).map(formatFieldError)).toEqual([
      'immutable: Forbidden: field is immutable when `immutable` is set',
      'binaryData: Forbidden: field is immutable when `immutable` is set',
    ]);
    expect(validateKindUpdate('Secret', '', { type: 'Opaque', immutable: true, data: { a: 'MQ==' } }, { type: 'x/y', immutable: true, data: {} }).map(formatFieldError)).toEqual([
      'type: Invalid value: "x/y": field is immutable',
      'data: Forbidden: field is immutable when `immutable` is set',
    ]);
  });

  it('keeps a binding roleRef and an EndpointSlice addressType', () => {
    const ref = (name: string) => ({ roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name } });
    expect(validateKindUpdate('RoleBinding', 'rbac.authorization.k8s.io', ref('a'), ref('a'))).toEqual([]);
    expect(validateKindUpdate('ClusterRoleBinding', 'rbac.authorization.k8s.io', ref('a'), ref('b')).map(formatFieldError)).toEqual([
      'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"b"}: cannot change roleRef',
    ]);
    expect(validateKindUpdate('EndpointSlice', 'discovery.k8s.io', { addressType: 'IPv4' }, { addressType: 'IPv6' }).map(formatFieldError)).toEqual(['addressType: Invalid value: "IPv6": field is immutable']);
  });
});

describe('semanticEqual', () => {
  it('takes nil and empty lists as equal, as apiequality.Semantic does', () => {
    expect(semanticEqual({ a: [] }, {})).toBe(true);
    expect(semanticEqual({ a: null }, { a: [] })).toBe(true);
    expect(semanticEqual({ a: [1] }, { a: [] })).toBe(false);
    expect(semanticEqual({ a: { b: 1 } }, { a: { b: 1, c: undefined } })).toBe(true);
    expect(semanticEqual({ a: 'x' }, { a: 'y' })).toBe(false);
  });
});
