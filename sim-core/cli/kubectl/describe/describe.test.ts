// Each describer against a golden text in ../testdata/describe/. The goldens were written
// from describe.go (1.32) — tabwriter blocks (padding 2) broken by every line without a tab,
// the Events table flushed on its own — and reviewed line by line; UPDATE_GOLDEN=1 rewrites
// them, after which the diff must be reviewed the same way.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPodPhases, describeDeployment, describeNamespace, describeNode, describePod, describeReplicaSet, describeService } from '.';
import { tickToTimestamp } from '../clock';
import { deployment, event, node, podWithState, replicaSet, runningPod, SECOND, service } from '../testdata/objects';
import type { EndpointSlice, EndpointSlicePort, Lease, Namespace, Pod, Service } from '../../../apiserver';

const DIR = join(__dirname, '..', 'testdata', 'describe');
const NOW = 130 * SECOND;

function golden(name: string, actual: string): void {
  const file = join(DIR, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  expect(existsSync(file), `missing golden ${file}`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

function webPod(): Pod {
  const pod = runningPod('web-7d4b9c8f5-x2x9k', 0);
  pod.spec = {
    ...pod.spec,
    serviceAccountName: 'default',
    priority: 0,
    tolerations: [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ],
  };
  pod.status = { ...pod.status, qosClass: 'BestEffort' };
  return pod;
}

/** An EndpointSlice as the API server returns it; each endpoint is [address, ready?] (no ready: the condition is unset). */
function slice(name: string, endpoints: Array<[string, boolean?]>, ports: EndpointSlicePort[]): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
    addressType: endpoints.some(([a]) => a.includes(':')) ? 'IPv6' : 'IPv4',
    endpoints: endpoints.map(([a, ready]) => ({ addresses: [a], conditions: ready === undefined ? {} : { ready } })),
    ports: ports.map((p) => ({ protocol: 'TCP', ...p })),
  };
}

/** The value of each Endpoints: line of `kubectl describe service`, one per Service port. */
function endpointsOf(svc: Service, slices: EndpointSlice[]): string[] {
  return describeService(svc, slices, undefined, NOW)
    .split('\n')
    .filter((l) => l.startsWith('Endpoints:'))
    .map((l) => l.replace(/^Endpoints:\s*/, ''));
}

const podEvents = [
  event('e2', 'Pulled', 'Container image "nginx:1.27" already present on machine', 1 * SECOND, 100 * SECOND, 3),
  event('e1', 'Scheduled', 'Successfully assigned default/web-7d4b9c8f5-x2x9k to node-1', 0, 0, 1),
];

describe('kubectl describe', () => {
  it('pod: header block, containers, conditions, tolerations and Events with "x3 over"', () => {
    const text = describePod(webPod(), podEvents, NOW);
    expect(text).toContain('  Normal  Pulled     30s (x3 over 2m9s)  kubelet            Container image "nginx:1.27" already present on machine\n');
    golden('pod-running', text);
  });

  it('pod in CrashLoopBackOff shows State Waiting and the Last State, and `Events:  <none>`', () => {
    const pod = podWithState(
      'web-crash',
      0,
      { waiting: { reason: 'CrashLoopBackOff' } },
      { restartCount: 2, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: tickToTimestamp(500), finishedAt: tickToTimestamp(900) } } },
    );
    const text = describePod(pod, [], NOW);
    expect(text.endsWith('Events:             <none>\n')).toBe(true);
    golden('pod-crashloop', text);
  });

  it('a terminating pod says how long it has been terminating', () => {
    const pod = webPod();
    pod.metadata = { ...pod.metadata, deletionTimestamp: tickToTimestamp(NOW - 5 * SECOND), deletionGracePeriodSeconds: 30 };
    const text = describePod(pod, undefined, NOW);
    expect(text).toContain('Status:                    Terminating (lasts 5s)\nTermination Grace Period:  30s\n');
    expect(text).not.toContain('Events:');
  });

  it('deployment with its new ReplicaSet', () => {
    golden('deployment', describeDeployment(deployment(0), { newReplicaSet: replicaSet(0), oldReplicaSets: [] }, [], NOW));
  });

  it('replicaset with pod counts', () => {
    golden('replicaset', describeReplicaSet(replicaSet(0), countPodPhases([webPod(), webPod(), { status: { phase: 'Pending' } }]), [], NOW));
  });

  it('service with the endpoints of its EndpointSlices', () => {
    golden('service', describeService(service(0), [slice('web-x7k2p', [['10.244.1.5'], ['10.244.2.7']], [{ name: '', port: 80 }])], [], NOW));
  });

  it('node with its Lease, pods and allocated resources', () => {
    const busy = runningPod('web-a', 0);
    busy.spec = { ...busy.spec, containers: [{ name: 'nginx', image: 'nginx', resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { memory: '128Mi' } } }] };
    const lease = { spec: { holderIdentity: 'node-1', renewTime: tickToTimestamp(12_000) } } as Lease;
    const cordoned = node('node-1', 0, { unschedulable: true });
    cordoned.spec = { ...cordoned.spec, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] };
    const text = describeNode(cordoned, { pods: [busy, runningPod('web-b', 0)], lease }, [], NOW);
    expect(text).toContain('  cpu                250m (12%)  0 (0%)\n');
    golden('node', text);
  });
});

// formatEndpointSlices (describe.go, kubectl 1.32): what the Endpoints: line shows.
describe('kubectl describe service: Endpoints from EndpointSlices', () => {
  const http = { name: '', port: 80 };

  it('<none> without any slice; an empty line for the empty placeholder slice the controller keeps', () => {
    expect(endpointsOf(service(0), [])).toEqual(['<none>']);
    expect(endpointsOf(service(0), [slice('web-x7k2p', [], [])])).toEqual(['']);
  });

  it('hides endpoints that are not ready; an unset ready condition counts as ready', () => {
    const s = slice('web-x7k2p', [['10.244.1.5', false], ['10.244.2.7'], ['10.244.3.9', true]], [http]);
    expect(endpointsOf(service(0), [s])).toEqual(['10.244.2.7:80,10.244.3.9:80']);
    expect(endpointsOf(service(0), [slice('web-x7k2p', [['10.244.1.5', false]], [http])])).toEqual(['']);
  });

  it('shows three entries, then " + N more...", taking the slices in the order the API lists them', () => {
    const a = slice('web-abcde', [['10.244.1.5'], ['10.244.2.7']], [http]);
    const b = slice('web-fghij', [['10.244.3.9'], ['10.244.1.6'], ['10.244.2.8', false], ['10.244.3.10']], [http]);
    expect(endpointsOf(service(0), [a, b])).toEqual(['10.244.1.5:80,10.244.2.7:80,10.244.3.9:80 + 2 more...']);
    expect(endpointsOf(service(0), [b, a])).toEqual(['10.244.3.9:80,10.244.1.6:80,10.244.3.10:80 + 2 more...']);
  });

  it('keeps kubectl 1.32’s count: a not-ready endpoint after three ready ones still says " + 0 more..."', () => {
    const s = slice('web-x7k2p', [['10.244.1.5'], ['10.244.2.7'], ['10.244.3.9'], ['10.244.1.6', false]], [http]);
    expect(endpointsOf(service(0), [s])).toEqual(['10.244.1.5:80,10.244.2.7:80,10.244.3.9:80 + 0 more...']);
  });

  it('each Service port lists the slice port with its name', () => {
    const svc = service(0, {
      ports: [
        { name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 },
        { name: 'metrics', port: 9090, protocol: 'TCP', targetPort: 9100 },
        { name: 'admin', port: 81, protocol: 'TCP', targetPort: 81 },
      ],
    });
    const s = slice('web-x7k2p', [['10.244.1.5'], ['10.244.2.7']], [{ name: 'metrics', port: 9100 }, { name: 'http', port: 8080 }]);
    expect(endpointsOf(svc, [s])).toEqual(['10.244.1.5:8080,10.244.2.7:8080', '10.244.1.5:9100,10.244.2.7:9100', '']);
  });

  it('a slice without ports (a headless Service’s, or one written by hand) lists bare addresses on every port', () => {
    const svc = service(0, { clusterIP: 'None', clusterIPs: ['None'], selector: undefined });
    expect(endpointsOf(svc, [slice('web-manual', [['10.244.1.5'], ['10.244.2.7', false], ['10.244.3.9']], [])])).toEqual(['10.244.1.5,10.244.3.9']);
  });

  it('brackets an IPv6 address before its port, as net.JoinHostPort does', () => {
    expect(endpointsOf(service(0), [slice('web-x7k2p', [['fd00:10:244::5']], [http])])).toEqual(['[fd00:10:244::5]:80']);
  });
});

describe('kubectl describe namespace', () => {
  it('a terminating namespace prints the namespace controller conditions as kubectl 1.32 does (recorded against the real client)', () => {
    const terminating = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'team', labels: { 'kubernetes.io/metadata.name': 'team' } },
      spec: { finalizers: ['kubernetes'] },
      status: {
        phase: 'Terminating',
        conditions: [
          { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', lastTransitionTime: '2026-01-01T00:00:21Z', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
          { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', lastTransitionTime: '2026-01-01T00:00:21Z', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
          { type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: '2026-01-01T00:00:21Z', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
          { type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: '2026-01-01T00:00:21Z', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 1 resource instances' },
          { type: 'NamespaceFinalizersRemaining', status: 'False', lastTransitionTime: '2026-01-01T00:00:21Z', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
        ],
      },
    } as Namespace;
    golden('namespace-terminating', describeNamespace(terminating));
  });
});
