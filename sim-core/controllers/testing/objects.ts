// Small builders for test objects, with only the fields a controller reads.
import type { Deployment, Pod, ReplicaSet, Service } from '../../apiserver';
import { tickToTimestamp } from '../../cli/kubectl/clock';
import type { KubeObject } from '../../client';

export const NS = 'default';

export function template(image = 'nginx:1.27', labels: Record<string, string> = { app: 'web' }) {
  return { metadata: { labels }, spec: { containers: [{ name: 'nginx', image, ports: [{ name: 'http', containerPort: 80 }] }] } };
}

export function deployment(name: string, replicas: number, opts: Partial<{ image: string; surge: number | string; unavailable: number | string; strategy: 'RollingUpdate' | 'Recreate'; history: number; generation: number }> = {}): Deployment {
  const strategy =
    opts.strategy === 'Recreate'
      ? { type: 'Recreate' }
      : { type: 'RollingUpdate', rollingUpdate: { maxSurge: opts.surge ?? '25%', maxUnavailable: opts.unavailable ?? '25%' } };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NS, uid: `uid-${name}`, generation: opts.generation ?? 1, creationTimestamp: tickToTimestamp(0) },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: template(opts.image),
      strategy,
      revisionHistoryLimit: opts.history ?? 10,
      progressDeadlineSeconds: 600,
    },
    status: {},
  };
}

export function replicaSet(name: string, replicas: number, opts: Partial<{ owner: KubeObject; available: number; created: number; revision: number; image: string; hash: string }> = {}): ReplicaSet {
  const hash = opts.hash ?? name.split('-').pop() ?? '';
  const labels = { app: 'web', 'pod-template-hash': hash };
  const annotations: Record<string, string> = {};
  if (opts.revision !== undefined) annotations['deployment.kubernetes.io/revision'] = String(opts.revision);
  if (opts.owner) {
    annotations['deployment.kubernetes.io/desired-replicas'] = String((opts.owner.spec as { replicas?: number }).replicas ?? 1);
  }
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: NS,
      uid: `uid-${name}`,
      generation: 1,
      labels,
      annotations,
      creationTimestamp: tickToTimestamp(opts.created ?? 0),
      ...(opts.owner
        ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: opts.owner.kind ?? 'Deployment', name: opts.owner.metadata?.name, uid: opts.owner.metadata?.uid, controller: true, blockOwnerDeletion: true }] }
        : {}),
    },
    spec: { replicas, selector: { matchLabels: labels }, template: template(opts.image, labels) },
    status: {
      replicas: opts.available ?? replicas,
      readyReplicas: opts.available ?? replicas,
      availableReplicas: opts.available ?? replicas,
      observedGeneration: 1,
    },
  };
}

export function pod(name: string, opts: Partial<{ owner: KubeObject; labels: Record<string, string>; ready: boolean; node: string; phase: string; created: number; ip: string; restarts: number }> = {}): Pod {
  const ready = opts.ready ?? true;
  const node = opts.node ?? 'node-1';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: NS,
      uid: `uid-${name}`,
      // By default a Pod carries its owner's selector labels, as Pods made from its template do.
      labels: opts.labels ?? (opts.owner as { spec?: { selector?: { matchLabels?: Record<string, string> } } } | undefined)?.spec?.selector?.matchLabels ?? { app: 'web' },
      creationTimestamp: tickToTimestamp(opts.created ?? 0),
      ...(opts.owner
        ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: opts.owner.kind ?? 'ReplicaSet', name: opts.owner.metadata?.name, uid: opts.owner.metadata?.uid, controller: true, blockOwnerDeletion: true }] }
        : {}),
    },
    spec: { ...(node ? { nodeName: node } : {}), containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080 }] }] },
    status: {
      phase: opts.phase ?? (node ? 'Running' : 'Pending'),
      ...(opts.ip ? { podIP: opts.ip } : {}),
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: tickToTimestamp(opts.created ?? 0) }],
      containerStatuses: [{ name: 'nginx', ready, restartCount: opts.restarts ?? 0 }],
    },
  };
}

export function service(name: string, selector: Record<string, string> | undefined, opts: Partial<{ publishNotReady: boolean }> = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, uid: `uid-${name}` },
    spec: {
      ...(selector ? { selector } : {}),
      clusterIP: '10.96.0.10',
      ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
      ...(opts.publishNotReady ? { publishNotReadyAddresses: true } : {}),
    },
  };
}

/** The Pods the Endpoints and EndpointSlice fixtures share: two ready `app: web` Pods, one not ready, one without an IP yet, and a `db` Pod. */
export function servicePods(): Pod[] {
  return [
    pod('web-2', { ip: '10.244.2.7', node: 'node-2' }),
    pod('web-1', { ip: '10.244.1.12', node: 'node-1' }),
    pod('web-slow', { ip: '10.244.3.4', node: 'node-3', ready: false }),
    pod('web-pending', { node: '' }), // no IP yet
    pod('db-1', { ip: '10.244.1.9', labels: { app: 'db' } }),
  ];
}
