// Fields of k8s.io/api v0.32.4 that real manifests use (hostPID, topologySpreadConstraints,
// lifecycle, probe grpc, node images, event series…): strict decoding accepts them, prints
// them back in Go struct order, and still refuses an unknown field next to them.
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { admitForCreate, kindFor } from './index';
import { accepted, decode, printed, refusal } from './decodeTestkit';
import { goTypeName, unwrap } from './goTypes';




/** The object's fields in the given order reversed, so only the printer can put them back. */
function reversed(fields: readonly string[], values: Record<string, unknown>): Record<string, unknown> {
  const missing = fields.filter((f) => !(f in values));
  if (missing.length > 0) throw new Error(`test data lacks ${missing.join(', ')}`);
  return Object.fromEntries([...fields].reverse().map((f) => [f, values[f]]));
}


/** The Go type recorded for a field of a kind's schema (`spec.renewTime`). */
function goTypeAt(kind: string, apiVersion: string, path: string): string | undefined {
  let schema: z.ZodType = kindFor(apiVersion, kind)!.schema;
  for (const field of path.split('.')) {
    schema = (unwrap(schema) as unknown as { shape: Record<string, z.ZodType> }).shape[field]!;
  }
  return goTypeName(schema);
}

const keys = (v: unknown) => Object.keys(v as Record<string, unknown>);
const at = (v: unknown, ...path: (string | number)[]) =>
  path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], v);

// Go struct order, from core/v1/types.go of k8s.io/api v0.32.4.
const POD_SPEC_ORDER = [
  'volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy',
  'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector',
  'serviceAccountName', 'serviceAccount', 'automountServiceAccountToken', 'nodeName',
  'hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'securityContext',
  'imagePullSecrets', 'hostname', 'subdomain', 'affinity', 'schedulerName', 'tolerations',
  'hostAliases', 'priorityClassName', 'priority', 'dnsConfig', 'readinessGates',
  'runtimeClassName', 'enableServiceLinks', 'preemptionPolicy', 'overhead',
  'topologySpreadConstraints', 'setHostnameAsFQDN', 'os', 'hostUsers', 'schedulingGates',
  'resourceClaims', 'resources',
];
const CONTAINER_ORDER = [
  'name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources',
  'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices', 'livenessProbe',
  'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath',
  'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty',
];
const EPHEMERAL_CONTAINER_ORDER = [...CONTAINER_ORDER, 'targetContainerName'];
const PROBE_ORDER = [
  'exec', 'httpGet', 'tcpSocket', 'grpc', 'initialDelaySeconds', 'timeoutSeconds', 'periodSeconds',
  'successThreshold', 'failureThreshold', 'terminationGracePeriodSeconds',
];
const TOPOLOGY_SPREAD_ORDER = [
  'maxSkew', 'topologyKey', 'whenUnsatisfiable', 'labelSelector', 'minDomains',
  'nodeAffinityPolicy', 'nodeTaintsPolicy', 'matchLabelKeys',
];
const POD_STATUS_ORDER = [
  'phase', 'conditions', 'message', 'reason', 'nominatedNodeName', 'hostIP', 'hostIPs', 'podIP',
  'podIPs', 'startTime', 'initContainerStatuses', 'containerStatuses', 'qosClass',
  'ephemeralContainerStatuses', 'resize', 'resourceClaimStatuses',
];
const CONTAINER_STATUS_ORDER = [
  'name', 'state', 'lastState', 'ready', 'restartCount', 'image', 'imageID', 'containerID',
  'started', 'allocatedResources', 'resources', 'volumeMounts', 'user', 'allocatedResourcesStatus',
];
const CONDITION_WITH = (time: string) => ['type', 'status', time, 'lastTransitionTime', 'reason', 'message'];
const NODE_SPEC_ORDER = ['podCIDR', 'podCIDRs', 'providerID', 'unschedulable', 'taints', 'configSource', 'externalID'];
const NODE_STATUS_ORDER = [
  'capacity', 'allocatable', 'phase', 'conditions', 'addresses', 'daemonEndpoints', 'nodeInfo',
  'images', 'volumesInUse', 'volumesAttached', 'config', 'runtimeHandlers', 'features',
];
const EVENT_ORDER = [
  'kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp',
  'lastTimestamp', 'count', 'type', 'eventTime', 'series', 'action', 'related', 'reportingComponent',
  'reportingInstance',
];

const probe = reversed(PROBE_ORDER, {
  exec: { command: ['true'] },
  httpGet: { path: '/healthz', port: 8080 },
  tcpSocket: { port: 'http' },
  grpc: { port: 9090, service: 'health' },
  initialDelaySeconds: 1,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold: 3,
  terminationGracePeriodSeconds: 30,
});

const lifecycle = {
  preStop: { sleep: { seconds: 5 } },
  postStart: { exec: { command: ['sh', '-c', 'echo hi'] }, httpGet: { port: 80 }, tcpSocket: { port: 80 } },
};

const containerValues: Record<string, unknown> = {
  name: 'app',
  image: 'nginx:1.27',
  command: ['nginx'],
  args: ['-g', 'daemon off;'],
  workingDir: '/',
  ports: [{ name: 'http', containerPort: 80 }],
  envFrom: [{ configMapRef: { name: 'cfg' } }],
  env: [{ name: 'A', value: 'b' }],
  resources: { claims: [{ name: 'gpu', request: 'one' }], requests: { cpu: '100m' }, limits: { cpu: '1' } },
  resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }],
  restartPolicy: 'Always',
  volumeMounts: [{ name: 'data', mountPath: '/data' }],
  volumeDevices: [{ name: 'block', devicePath: '/dev/xvda' }],
  livenessProbe: { grpc: { port: 9090 } },
  readinessProbe: probe,
  startupProbe: { tcpSocket: { port: 80 } },
  lifecycle,
  terminationMessagePath: '/dev/termination-log',
  terminationMessagePolicy: 'File',
  imagePullPolicy: 'IfNotPresent',
  securityContext: { runAsNonRoot: true },
  stdin: false,
  stdinOnce: false,
  tty: false,
};

const podSpecValues: Record<string, unknown> = {
  volumes: [{ name: 'data', emptyDir: {} }],
  initContainers: [{ name: 'init', image: 'busybox', restartPolicy: 'Always' }],
  containers: [reversed(CONTAINER_ORDER, containerValues)],
  ephemeralContainers: [
    reversed(EPHEMERAL_CONTAINER_ORDER, { ...containerValues, name: 'debug', targetContainerName: 'app' }),
  ],
  restartPolicy: 'Always',
  terminationGracePeriodSeconds: 30,
  activeDeadlineSeconds: 600,
  dnsPolicy: 'ClusterFirst',
  nodeSelector: { disk: 'ssd' },
  serviceAccountName: 'default',
  serviceAccount: 'default',
  automountServiceAccountToken: false,
  nodeName: 'node-1',
  hostNetwork: false,
  hostPID: true,
  hostIPC: true,
  shareProcessNamespace: true,
  securityContext: { runAsUser: 1000 },
  imagePullSecrets: [{ name: 'regcred' }],
  hostname: 'web',
  subdomain: 'web',
  affinity: { nodeAffinity: {} },
  schedulerName: 'default-scheduler',
  tolerations: [{ key: 'k', operator: 'Exists' }],
  hostAliases: [{ ip: '10.0.0.1', hostnames: ['db.local'] }],
  priorityClassName: 'high',
  priority: 1000,
  dnsConfig: { nameservers: ['1.1.1.1'], searches: ['svc.local'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] },
  readinessGates: [{ conditionType: 'example.com/ready' }],
  runtimeClassName: 'gvisor',
  enableServiceLinks: false,
  preemptionPolicy: 'Never',
  overhead: { cpu: '250m', memory: '120Mi' },
  topologySpreadConstraints: [
    reversed(TOPOLOGY_SPREAD_ORDER, {
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } },
      minDomains: 2,
      nodeAffinityPolicy: 'Honor',
      nodeTaintsPolicy: 'Ignore',
      matchLabelKeys: ['pod-template-hash'],
    }),
  ],
  setHostnameAsFQDN: true,
  os: { name: 'linux' },
  hostUsers: false,
  schedulingGates: [{ name: 'example.com/gate' }],
  resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template', resourceClaimName: 'gpu-claim' }],
  resources: { requests: { cpu: '1' }, limits: { cpu: '2' } },
};

const podStatusValues: Record<string, unknown> = {
  phase: 'Running',
  conditions: [
    reversed(CONDITION_WITH('lastProbeTime'), {
      type: 'Ready',
      status: 'True',
      lastProbeTime: '2026-01-01T00:00:00Z',
      lastTransitionTime: '2026-01-01T00:00:00Z',
      reason: 'R',
      message: 'm',
    }),
  ],
  message: '',
  reason: '',
  nominatedNodeName: '',
  hostIP: '10.0.0.2',
  hostIPs: [{ ip: '10.0.0.2' }],
  podIP: '10.244.0.5',
  podIPs: [{ ip: '10.244.0.5' }],
  startTime: '2026-01-01T00:00:00Z',
  initContainerStatuses: [],
  containerStatuses: [
    reversed(CONTAINER_STATUS_ORDER, {
      name: 'app',
      state: { running: { startedAt: '2026-01-01T00:00:01Z' } },
      lastState: {},
      ready: true,
      restartCount: 0,
      image: 'nginx:1.27',
      imageID: 'docker.io/library/nginx@sha256:abc',
      containerID: 'containerd://abc',
      started: true,
      allocatedResources: { cpu: '100m' },
      resources: { requests: { cpu: '100m' } },
      volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: false, recursiveReadOnly: 'Disabled' }],
      user: { linux: { uid: 1000, gid: 1000, supplementalGroups: [1000, 4294967296] } },
      allocatedResourcesStatus: [{ name: 'example.com/gpu', resources: [{ resourceID: 'gpu-0', health: 'Healthy' }] }],
    }),
  ],
  qosClass: 'Burstable',
  ephemeralContainerStatuses: [{ name: 'debug', ready: false, restartCount: 0, image: 'busybox', imageID: '' }],
  resize: 'InProgress',
  resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'web-gpu-abc12' }],
};

const fullPod = () => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default' },
  spec: reversed(POD_SPEC_ORDER, podSpecValues),
  status: reversed(POD_STATUS_ORDER, podStatusValues),
});

describe('PodSpec, Container and Probe fields of k8s.io/api v0.32', () => {
  test('a Pod using every field is accepted and printed in Go field order', () => {
    const out = printed(accepted(fullPod()));
    expect(keys(at(out, 'spec'))).toEqual(POD_SPEC_ORDER);
    expect(keys(at(out, 'spec', 'containers', 0))).toEqual(CONTAINER_ORDER);
    expect(keys(at(out, 'spec', 'ephemeralContainers', 0))).toEqual(EPHEMERAL_CONTAINER_ORDER);
    expect(keys(at(out, 'spec', 'containers', 0, 'readinessProbe'))).toEqual(PROBE_ORDER);
    expect(keys(at(out, 'spec', 'containers', 0, 'lifecycle'))).toEqual(['postStart', 'preStop']);
    expect(keys(at(out, 'spec', 'containers', 0, 'lifecycle', 'postStart'))).toEqual(['exec', 'httpGet', 'tcpSocket']);
    expect(keys(at(out, 'spec', 'containers', 0, 'resources'))).toEqual(['limits', 'requests', 'claims']);
    expect(keys(at(out, 'spec', 'topologySpreadConstraints', 0))).toEqual(TOPOLOGY_SPREAD_ORDER);
    expect(keys(at(out, 'spec', 'resourceClaims', 0))).toEqual(['name', 'resourceClaimName', 'resourceClaimTemplateName']);
    expect(at(out, 'spec', 'containers', 0, 'livenessProbe')).toEqual({ grpc: { port: 9090 } });
    expect(at(out, 'spec', 'hostPID')).toBe(true);
  });

  test('PodStatus, ContainerStatus and PodCondition in Go field order', () => {
    const out = printed(accepted(fullPod()));
    expect(keys(at(out, 'status'))).toEqual(POD_STATUS_ORDER);
    expect(keys(at(out, 'status', 'containerStatuses', 0))).toEqual(CONTAINER_STATUS_ORDER);
    expect(keys(at(out, 'status', 'conditions', 0))).toEqual(CONDITION_WITH('lastProbeTime'));
    expect(keys(at(out, 'status', 'containerStatuses', 0, 'volumeMounts', 0))).toEqual([
      'name', 'mountPath', 'readOnly', 'recursiveReadOnly',
    ]);
  });

  test('an unknown field next to the new ones is still refused, with its full path', () => {
    const pod = fullPod();
    const spec = pod.spec as Record<string, unknown>;
    const container = (spec.containers as Record<string, unknown>[])[0]!;
    container.lifecycle = { preStop: { sleep: { seconds: 1 }, wait: 1 } };
    spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', skew: 2 }];
    spec.hostPid = true;
    expect(refusal(pod)).toBe(
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: ' +
        'unknown field "spec.containers[0].lifecycle.preStop.wait", unknown field "spec.topologySpreadConstraints[0].skew", unknown field "spec.hostPid"',
    );
  });

  test('a value of the wrong type names the real Go struct and type', () => {
    const pod = (spec: Record<string, unknown>) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
    });
    const prefix = 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal ';
    expect(refusal(pod({ hostPID: 'yes' }))).toBe(`${prefix}string into Go struct field PodSpec.spec.hostPID of type bool`);
    expect(refusal(pod({ containers: [{ name: 'c', livenessProbe: { grpc: { port: '9090' } } }] }))).toBe(
      `${prefix}string into Go struct field GRPCAction.spec.containers.livenessProbe.grpc.port of type int32`,
    );
    expect(refusal(pod({ topologySpreadConstraints: [{ maxSkew: '1' }] }))).toBe(
      `${prefix}string into Go struct field TopologySpreadConstraint.spec.topologySpreadConstraints.maxSkew of type int32`,
    );
    expect(refusal(pod({ containers: [{ name: 'c', lifecycle: { preStop: { sleep: { seconds: '5' } } } }] }))).toBe(
      `${prefix}string into Go struct field SleepAction.spec.containers.lifecycle.preStop.sleep.seconds of type int64`,
    );
    expect(refusal(pod({ os: 'linux' }))).toBe(`${prefix}string into Go struct field PodSpec.spec.os of type v1.PodOS`);
    expect(refusal(pod({ overhead: { cpu: 'lots' } }))).toMatch(/cannot be handled as a Pod: quantities must match/);
  });
});

describe('workloads', () => {
  const deployment = (template: Record<string, unknown>, status: Record<string, unknown> = {}) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, template },
    status,
  });
  const template = {
    metadata: { labels: { app: 'web' } },
    spec: {
      containers: [{ name: 'web', image: 'nginx', lifecycle: { preStop: { sleep: { seconds: 10 } } } }],
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } },
      ],
    },
  };

  test('a Deployment template with topologySpreadConstraints and lifecycle is created', () => {
    const r = admitForCreate(deployment(template));
    if (!r.ok) throw new Error(r.message);
    const out = printed(r.object);
    expect(at(out, 'spec', 'template', 'spec', 'topologySpreadConstraints', 0)).toEqual({
      maxSkew: 1,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'ScheduleAnyway',
      labelSelector: { matchLabels: { app: 'web' } },
    });
    expect(at(out, 'spec', 'template', 'spec', 'containers', 0, 'lifecycle')).toEqual({ preStop: { sleep: { seconds: 10 } } });
    const bad = deployment({ ...template, spec: { ...template.spec, topologySpreadConstraints: [{ maxSkew: 1, labelSelectr: {} }] } });
    expect(refusal(bad)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.topologySpreadConstraints[0].labelSelectr"',
    );
  });

  test('status.observedGeneration is an int64; status.terminatingReplicas is not in 1.32', () => {
    expect(decode(deployment(template, { observedGeneration: 2 ** 40 })).ok).toBe(true);
    expect(refusal(deployment(template, { terminatingReplicas: 1 }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "status.terminatingReplicas"',
    );
    const rs = (status: Record<string, unknown>) => ({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-1', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } }, template },
      status,
    });
    expect(decode(rs({ observedGeneration: 2 ** 40 })).ok).toBe(true);
    expect(refusal(rs({ terminatingReplicas: 1 }))).toBe(
      'ReplicaSet in version "v1" cannot be handled as a ReplicaSet: strict decoding error: unknown field "status.terminatingReplicas"',
    );
  });
});

describe('Node', () => {
  const node = () => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1' },
    spec: reversed(NODE_SPEC_ORDER, {
      podCIDR: '10.244.1.0/24',
      podCIDRs: ['10.244.1.0/24'],
      providerID: 'kind://docker/kind/node-1',
      unschedulable: false,
      taints: [],
      configSource: { configMap: { namespace: 'kube-system', name: 'node-config', kubeletConfigKey: 'kubelet' } },
      externalID: 'node-1',
    }),
    status: reversed(NODE_STATUS_ORDER, {
      capacity: { cpu: '4' },
      allocatable: { cpu: '4' },
      phase: '',
      conditions: [
        reversed(CONDITION_WITH('lastHeartbeatTime'), {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: '2026-01-01T00:00:00Z',
          lastTransitionTime: '2026-01-01T00:00:00Z',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        }),
      ],
      addresses: [{ type: 'InternalIP', address: '172.18.0.2' }],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: { kubeletVersion: 'v1.32.4' },
      images: [{ sizeBytes: 68_524_740, names: ['docker.io/library/nginx@sha256:abc', 'docker.io/library/nginx:1.27'] }],
      volumesInUse: ['kubernetes.io/csi/ebs^vol-1'],
      volumesAttached: [{ name: 'kubernetes.io/csi/ebs^vol-1', devicePath: '/dev/xvdba' }],
      config: { error: '', active: { configMap: { name: 'c' } }, assigned: {}, lastKnownGood: {} },
      runtimeHandlers: [{ name: 'runc', features: { recursiveReadOnlyMounts: true, userNamespaces: true } }],
      features: { supplementalGroupsPolicy: true },
    }),
  });

  test('spec and status fields (images, runtimeHandlers…) are accepted, in Go field order', () => {
    const out = printed(accepted(node()));
    expect(keys(at(out, 'spec'))).toEqual(NODE_SPEC_ORDER);
    expect(keys(at(out, 'status'))).toEqual(NODE_STATUS_ORDER);
    expect(keys(at(out, 'status', 'conditions', 0))).toEqual(CONDITION_WITH('lastHeartbeatTime'));
    expect(keys(at(out, 'status', 'images', 0))).toEqual(['names', 'sizeBytes']);
    expect(keys(at(out, 'status', 'config'))).toEqual(['assigned', 'active', 'lastKnownGood', 'error']);
  });

  test('an unknown field next to them is refused; sizeBytes is an int64', () => {
    const n = node();
    (n.status as Record<string, unknown>).images = [{ names: ['nginx'], sizeBytes: 1, digest: 'x' }];
    expect(refusal(n)).toBe(
      'Node in version "v1" cannot be handled as a Node: strict decoding error: unknown field "status.images[0].digest"',
    );
    (n.status as Record<string, unknown>).images = [{ names: ['nginx'], sizeBytes: '1' }];
    expect(refusal(n)).toBe(
      'Node in version "v1" cannot be handled as a Node: json: cannot unmarshal string into Go struct field ContainerImage.status.images.sizeBytes of type int64',
    );
  });
});

describe('Event and Lease (MicroTime)', () => {
  const event = () => ({
    apiVersion: 'v1',
    kind: 'Event',
    ...reversed(EVENT_ORDER.slice(3), {
      involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' },
      reason: 'BackOff',
      message: 'Back-off restarting failed container',
      source: { component: 'kubelet', host: 'node-1' },
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:05:00Z',
      count: 7,
      type: 'Warning',
      eventTime: '2026-01-01T00:00:00.123456Z',
      series: { lastObservedTime: '2026-01-01T00:05:00.654321Z', count: 7 },
      action: 'Restarting',
      related: { kind: 'Node', name: 'node-1' },
      reportingComponent: 'kubelet',
      reportingInstance: 'node-1',
    }),
    metadata: { name: 'web.1', namespace: 'default' },
  });

  test('an Event with series is accepted and printed in Go field order', () => {
    const out = printed(accepted(event()));
    expect(keys(out)).toEqual(EVENT_ORDER);
    expect(at(out, 'series')).toEqual({ count: 7, lastObservedTime: '2026-01-01T00:05:00.654321Z' });
  });

  test('an unknown field in series is refused', () => {
    expect(refusal({ ...event(), series: { count: 1, state: 'Ongoing' } })).toBe(
      'Event in version "v1" cannot be handled as a Event: strict decoding error: unknown field "series.state"',
    );
  });

  test('a Lease with microsecond acquire and renew times', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'node-1', namespace: 'kube-node-lease' },
      spec: { renewTime: '2026-01-01T00:00:25.500000Z', acquireTime: '2026-01-01T00:00:20.000000Z', holderIdentity: 'node-1' },
    };
    expect(keys(at(printed(accepted(lease)), 'spec'))).toEqual(['holderIdentity', 'acquireTime', 'renewTime']);
  });

  test('acquireTime, renewTime, eventTime and series.lastObservedTime are metav1.MicroTime', () => {
    expect(goTypeAt('Lease', 'coordination.k8s.io/v1', 'spec.acquireTime')).toBe('v1.MicroTime');
    expect(goTypeAt('Lease', 'coordination.k8s.io/v1', 'spec.renewTime')).toBe('v1.MicroTime');
    expect(goTypeAt('Event', 'v1', 'eventTime')).toBe('v1.MicroTime');
    expect(goTypeAt('Event', 'v1', 'series.lastObservedTime')).toBe('v1.MicroTime');
    expect(goTypeAt('Event', 'v1', 'firstTimestamp')).toBe('v1.Time');
  });
});

describe('ConfigMap binaryData is map[string][]byte', () => {
  const cm = (binaryData: unknown) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', namespace: 'default' },
    binaryData,
  });

  test('base64 values are accepted', () => {
    expect(admitForCreate(cm({ 'logo.png': 'iVBORw0KGgo=' })).ok).toBe(true);
  });

  test('a value that is not base64 is the decoder’s error', () => {
    expect(refusal(cm({ a: 'no t!' }))).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 2',
    );
    expect(refusal(cm({ a: 'abc' }))).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 0',
    );
  });

  test('a value that is not a string names []uint8', () => {
    expect(refusal(cm({ a: 5 }))).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.binaryData of type []uint8',
    );
  });
});

describe('probe and lifecycle handlers (validateHandler)', () => {
  const pod = (container: Record<string, unknown>) => {
    const r = admitForCreate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...container }] } });
    return r.ok ? 'accepted' : r.message;
  };
  test('accepts a gRPC probe and a lifecycle hook, and refuses a second handler at its own path', () => {
    expect(pod({ livenessProbe: { grpc: { port: 9090 } }, lifecycle: { preStop: { httpGet: { port: 80 } }, postStart: { sleep: { seconds: 1 } } } })).toBe('accepted');
    expect(pod({ readinessProbe: { tcpSocket: { port: 80 }, grpc: { port: 0 } } })).toBe('The Pod "p" is invalid: spec.containers[0].readinessProbe.grpc: Forbidden: may not specify more than 1 handler type');
    expect(pod({ livenessProbe: { grpc: { port: 0 } } })).toBe('The Pod "p" is invalid: spec.containers[0].livenessProbe.grpc.port: Invalid value: 0: must be between 1 and 65535, inclusive');
    const init = (c: Record<string, unknown>) => {
      const r = admitForCreate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { initContainers: [{ name: 'i', image: 'busybox:1.36', ...c }], containers: [{ name: 'c', image: 'nginx:1.27' }] } });
      return r.ok ? 'accepted' : r.message;
    };
    expect(init({ lifecycle: { preStop: { exec: { command: ['true'] } } }, livenessProbe: { tcpSocket: { port: 80 } }, readinessProbe: { tcpSocket: { port: 80 } } })).toBe(
      'The Pod "p" is invalid: \n* spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always\n* spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always\n* spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers',
    );
    expect(init({ restartPolicy: 'Always', startupProbe: { tcpSocket: { port: 80 } } })).toBe('accepted');
    expect(pod({ lifecycle: { preStop: {} } })).toBe('The Pod "p" is invalid: spec.containers[0].lifecycle.preStop: Required value: must specify a handler type');
    expect(pod({ lifecycle: { postStart: { exec: {} } } })).toBe('The Pod "p" is invalid: spec.containers[0].lifecycle.postStart.exec.command: Required value');
    expect(pod({ readinessProbe: { httpGet: { port: 'web-', scheme: 'FTP' }, terminationGracePeriodSeconds: 5 } })).toBe(
      'The Pod "p" is invalid: \n* spec.containers[0].readinessProbe.httpGet.port: Invalid value: "web-": must not begin or end with a hyphen\n* spec.containers[0].readinessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS"\n* spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes',
    );
  });

  test('a sleep hook lasts 1 s up to the grace period (validateSleepAction, PodLifecycleSleepActionAllowZero off in 1.32)', () => {
    const gate = 'Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.';
    expect(pod({ lifecycle: { preStop: { sleep: { seconds: 30 } } } })).toBe('accepted');
    expect(pod({ lifecycle: { preStop: { sleep: { seconds: 45 } } } })).toBe(
      `The Pod "p" is invalid: spec.containers[0].lifecycle.preStop.sleep: Invalid value: 45: must be greater than 0 and less than terminationGracePeriodSeconds (30). ${gate}`,
    );
    expect(pod({ lifecycle: { postStart: { sleep: {} }, preStop: { sleep: { seconds: -1 } } } })).toBe(
      `The Pod "p" is invalid: \n* spec.containers[0].lifecycle.postStart.sleep: Invalid value: 0: must be greater than 0 and less than terminationGracePeriodSeconds (30). ${gate}\n* spec.containers[0].lifecycle.preStop.sleep: Invalid value: -1: must be greater than 0 and less than terminationGracePeriodSeconds (30). ${gate}`,
    );
    // the Pod's own grace period bounds it, in a sidecar too, and in a Deployment's template
    const r = admitForCreate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { terminationGracePeriodSeconds: 60, initContainers: [{ name: 'i', image: 'busybox:1.36', restartPolicy: 'Always', lifecycle: { preStop: { sleep: { seconds: 61 } } } }], containers: [{ name: 'c', image: 'nginx:1.27', lifecycle: { preStop: { sleep: { seconds: 45 } } } }] } });
    expect(r.ok ? 'accepted' : r.message).toBe(`The Pod "p" is invalid: spec.initContainers[0].lifecycle.preStop.sleep: Invalid value: 61: must be greater than 0 and less than terminationGracePeriodSeconds (60). ${gate}`);
    const template = { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 10, containers: [{ name: 'web', image: 'nginx:1.27', lifecycle: { preStop: { sleep: { seconds: 20 } } } }] } };
    const d = admitForCreate({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, template } });
    expect(d.ok ? 'accepted' : d.message).toBe(`The Deployment "web" is invalid: spec.template.spec.containers[0].lifecycle.preStop.sleep: Invalid value: 20: must be greater than 0 and less than terminationGracePeriodSeconds (10). ${gate}`);
  });
});
