// Objects as the simulated API server will store them, for the printer tests. Timestamps
// come from the simulated clock (tickToTimestamp), so "now" in a test is a tick too.
import type { Deployment, Event, Node, Pod, ReplicaSet, Service } from '../../../apiserver';
import { tickToTimestamp } from '../clock';

export const SECOND = 100; // ticks

export function runningPod(name: string, createdTick: number, extra: Partial<Pod> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': '7d4b9c8f5' },
      creationTimestamp: tickToTimestamp(createdTick),
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c8f5', uid: 'u1', controller: true }],
    },
    spec: { nodeName: 'node-1', containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
    status: {
      phase: 'Running',
      hostIP: '10.0.0.11',
      podIP: '10.244.1.5',
      podIPs: [{ ip: '10.244.1.5' }],
      startTime: tickToTimestamp(createdTick),
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
        { type: 'ContainersReady', status: 'True' },
        { type: 'PodScheduled', status: 'True' },
      ],
      containerStatuses: [
        {
          name: 'nginx',
          ready: true,
          started: true,
          restartCount: 0,
          image: 'nginx:1.27',
          imageID: 'docker.io/library/nginx@sha256:0a1b',
          containerID: 'containerd://c0ffee',
          state: { running: { startedAt: tickToTimestamp(createdTick + 3 * SECOND) } },
        },
      ],
    },
    ...extra,
  } as Pod;
}

/** The same Pod with its only container in another state. */
export function podWithState(name: string, createdTick: number, state: object, more: object = {}): Pod {
  const pod = runningPod(name, createdTick);
  const cs = { ...(pod.status?.containerStatuses?.[0] ?? {}), ready: false, state, ...more };
  return { ...pod, status: { ...pod.status, containerStatuses: [cs] } } as Pod;
}

export function deployment(createdTick: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' }, creationTimestamp: tickToTimestamp(createdTick), generation: 1 },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    },
    status: { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 2, availableReplicas: 2, unavailableReplicas: 1 },
  } as Deployment;
}

export function replicaSet(createdTick: number): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: 'web-7d4b9c8f5',
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': '7d4b9c8f5' },
      annotations: { 'deployment.kubernetes.io/revision': '1' },
      creationTimestamp: tickToTimestamp(createdTick),
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd1', controller: true }],
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web', 'pod-template-hash': '7d4b9c8f5' } },
      template: {
        metadata: { labels: { app: 'web', 'pod-template-hash': '7d4b9c8f5' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    },
    status: { replicas: 3, readyReplicas: 3, availableReplicas: 3 },
  } as ReplicaSet;
}

export function service(createdTick: number, extra: Partial<NonNullable<Service['spec']>> = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default', creationTimestamp: tickToTimestamp(createdTick) },
    spec: {
      type: 'ClusterIP',
      clusterIP: '10.96.120.7',
      clusterIPs: ['10.96.120.7'],
      selector: { app: 'web' },
      ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
      ...extra,
    },
    status: { loadBalancer: {} },
  } as Service;
}

export function node(name: string, createdTick: number, opts: { ready?: boolean; unschedulable?: boolean; controlPlane?: boolean; ip?: string } = {}): Node {
  const labels: Record<string, string> = { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' };
  if (opts.controlPlane) labels['node-role.kubernetes.io/control-plane'] = '';
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels, creationTimestamp: tickToTimestamp(createdTick) },
    spec: {
      podCIDR: '10.244.1.0/24',
      podCIDRs: ['10.244.1.0/24'],
      unschedulable: opts.unschedulable,
      taints: opts.controlPlane ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : undefined,
    },
    status: {
      capacity: { cpu: '2', memory: '4Gi', pods: '110' },
      allocatable: { cpu: '2', memory: '4Gi', pods: '110' },
      conditions: [
        {
          type: 'Ready',
          status: opts.ready === false ? 'Unknown' : 'True',
          lastHeartbeatTime: tickToTimestamp(createdTick),
          lastTransitionTime: tickToTimestamp(createdTick),
          reason: opts.ready === false ? 'NodeStatusUnknown' : 'KubeletReady',
          message: opts.ready === false ? 'Kubelet stopped posting node status.' : 'kubelet is posting ready status',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: opts.ip ?? '10.0.0.11' },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        machineID: 'm-' + name,
        systemUUID: 's-' + name,
        bootID: 'b-' + name,
        kernelVersion: '6.1.0-sim',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://1.7.24',
        kubeletVersion: 'v1.32.4',
        kubeProxyVersion: 'v1.32.4',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  } as Node;
}

export function event(name: string, reason: string, message: string, first: number, last: number, count: number, type = 'Normal'): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default', creationTimestamp: tickToTimestamp(first) },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-7d4b9c8f5-x2x9k' },
    reason,
    message,
    source: { component: reason === 'Scheduled' ? 'default-scheduler' : 'kubelet', host: reason === 'Scheduled' ? undefined : 'node-1' },
    firstTimestamp: tickToTimestamp(first),
    lastTimestamp: tickToTimestamp(last),
    count,
    type,
  } as Event;
}
