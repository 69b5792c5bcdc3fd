// Each describer against a golden text in ../testdata/describe/. The goldens were written
// from describe.go (1.32) — tabwriter blocks (padding 2) broken by every line without a tab,
// the Events table flushed on its own — and reviewed line by line; UPDATE_GOLDEN=1 rewrites
// them, after which the diff must be reviewed the same way.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPodPhases, describeDeployment, describeNode, describePod, describeReplicaSet, describeService } from '.';
import { tickToTimestamp } from '../clock';
import { deployment, event, node, podWithState, replicaSet, runningPod, SECOND, service } from '../testdata/objects';
import type { Endpoints, Lease, Pod } from '../../../apiserver';

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

  it('service with its endpoints', () => {
    const ep = { subsets: [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.7' }], ports: [{ port: 80, protocol: 'TCP' }] }] } as Endpoints;
    golden('service', describeService(service(0), ep, [], NOW));
    expect(describeService(service(0), undefined, [], NOW)).toContain('Endpoints:                <none>\n');
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
