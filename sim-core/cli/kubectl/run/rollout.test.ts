// rollout history|undo|status|restart against a real API server. Without the
// controller-manager, the test plays the Deployment controller: it writes the ReplicaSets
// of each revision and the Deployment's status through the API, as the controller would.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from '../../../apiserver';
import type { KubeApiPort } from '../../../apiserver/server';
import { tickToTimestamp } from '../clock';
import { runKubectl } from './index';
import { testTerminal, type TestTerminal } from './testkit';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;

function replicaSet(d: Deployment, revision: number, image: string, hash: string, changeCause?: string): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`,
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': hash },
      annotations: {
        'deployment.kubernetes.io/revision': String(revision),
        'deployment.kubernetes.io/desired-replicas': '3',
        ...(changeCause ? { 'kubernetes.io/change-cause': changeCause } : {}),
      },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      replicas: 0,
      selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } },
      template: { metadata: { labels: { app: 'web', 'pod-template-hash': hash } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  } as ReplicaSet;
}

let t: TestTerminal;
let deployment: Deployment;

beforeEach(() => {
  t = testTerminal();
  expect(t.run('kubectl apply -f -', WEB).stdout).toBe('deployment.apps/web created\n');
  deployment = t.api<Deployment>({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
  t.api({ verb: 'create', resource: 'replicasets', namespace: 'default', body: replicaSet(deployment, 1, 'nginx:1.27', '6c9f7d8b5d', 'first release') });
  expect(t.run('kubectl set image deployment/web nginx=nginx:1.28').stdout).toBe('deployment.apps/web image updated\n');
  t.api({ verb: 'create', resource: 'replicasets', namespace: 'default', body: replicaSet(deployment, 2, 'nginx:1.28', '5b7c4f9d8a') });
});

describe('kubectl rollout history', () => {
  it('lists the revisions of the Deployment’s ReplicaSets with their change-cause', () => {
    const out = t.run('kubectl rollout history deployment/web');
    expect(out).toEqual({ stdout: 'deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         first release\n2         <none>\n\n', stderr: '', exitCode: 0 });
  });

  it('prints one revision’s Pod template with raw tabs, as history.go does', () => {
    const out = t.run('kubectl rollout history deployment/web --revision=1');
    expect(out.stdout.startsWith('deployment.apps/web with revision #1\nPod Template:\n  Labels:\tapp=web\n\tpod-template-hash=6c9f7d8b5d\n')).toBe(true);
    expect(out.stdout).toContain('    Image:\tnginx:1.27\n');
    expect(t.run('kubectl rollout history deployment/web --revision=9')).toEqual({ stdout: '', stderr: 'error: unable to find the specified revision\n', exitCode: 1 });
  });
});

describe('kubectl rollout undo', () => {
  it('copies the previous revision’s template back, without its pod-template-hash', () => {
    expect(t.run('kubectl rollout undo deployment/web').stdout).toBe('deployment.apps/web rolled back\n');
    const d = t.api<Deployment>({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
    expect(d.spec?.template?.spec?.containers?.[0]?.image).toBe('nginx:1.27');
    expect(d.spec?.template?.metadata?.labels).toEqual({ app: 'web' });
    // the ReplicaSet's annotations come along, except the controller's own
    expect(d.metadata?.annotations?.['kubernetes.io/change-cause']).toBe('first release');
    expect(d.metadata?.annotations?.['deployment.kubernetes.io/desired-replicas']).toBeUndefined();
    expect(d.metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBeDefined();
  });

  it('skips a rollback to the template already running, and refuses an unknown revision', () => {
    expect(t.run('kubectl rollout undo deployment/web --to-revision=2')).toEqual({
      stdout: 'deployment.apps/web skipped rollback (current template already matches revision 2)\n',
      stderr: '',
      exitCode: 0,
    });
    expect(t.run('kubectl rollout undo deployment/web --to-revision=7')).toEqual({ stdout: '', stderr: 'error: unable to find specified revision 7 in history\n', exitCode: 1 });
  });
});

describe('kubectl rollout status', () => {
  function setStatus(status: NonNullable<Deployment['status']>): void {
    const d = t.api<Deployment>({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
    t.api({ verb: 'updateStatus', resource: 'deployments', namespace: 'default', body: { ...d, status: { observedGeneration: d.metadata?.generation, ...status } } });
  }

  it('says when the rollout is done', () => {
    setStatus({ replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(t.run('kubectl rollout status deployment/web')).toEqual({ stdout: 'deployment "web" successfully rolled out\n', stderr: '', exitCode: 0 });
  });

  it('prints a line for every change the watch delivers until the rollout is done', () => {
    setStatus({ replicas: 1, updatedReplicas: 1, availableReplicas: 0 });
    // the "controller" advances the rollout while kubectl watches
    const steps: NonNullable<Deployment['status']>[] = [
      { replicas: 3, updatedReplicas: 3, availableReplicas: 1 },
      { replicas: 4, updatedReplicas: 3, availableReplicas: 3 },
      { replicas: 3, updatedReplicas: 3, availableReplicas: 3 },
    ];
    const kube: KubeApiPort = {
      serverVersion: () => t.ports.kube.serverVersion(),
      request: (req, opts) => t.ports.kube.request(req, opts),
      watchSoFar: (req, opts) => {
        const next = steps.shift();
        if (next) setStatus(next);
        return t.ports.kube.watchSoFar(req, opts);
      },
    };
    const out = runKubectl(['rollout', 'status', 'deployment/web'], {}, undefined, { ...t.ports, kube }, {});
    expect(out).toEqual({
      stdout:
        'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n' +
        'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...\n' +
        'Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...\n' +
        'deployment "web" successfully rolled out\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('with --revision, refuses a Deployment at another revision, as DeploymentStatusViewer does', () => {
    t.api({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { metadata: { annotations: { 'deployment.kubernetes.io/revision': '2' } } } });
    // the real kubectl 1.32's text against label-stub.mjs (capture-rollout.sh's scenario; not
    // kept as a recording: the stub's watch stream made kubectl log a warning of its own)
    expect(t.run('kubectl rollout status deployment/web --revision=1 --watch=false')).toEqual({ stdout: '', stderr: 'error: desired revision (1) is different from the running revision (2)\n', exitCode: 1 });
    expect(t.run('kubectl rollout status deployment/web --revision=2 --watch=false').exitCode).toBe(0);
  });

  it('gives up after --timeout, in simulated time', () => {
    setStatus({ replicas: 1, updatedReplicas: 1, availableReplicas: 0 });
    const before = t.ports.sim.now();
    const out = t.run('kubectl rollout status deployment/web --timeout=2s');
    expect(out.stderr).toBe('error: timed out waiting for the condition\n');
    expect(out.exitCode).toBe(1);
    expect(t.ports.sim.now() - before).toBeGreaterThanOrEqual(200);
    expect(t.ports.sim.now() - before).toBeLessThan(400);
  });
});

describe('kubectl rollout restart', () => {
  it('stamps the Pod template with the simulated time', () => {
    // kubectl stamps the time it builds the patch at, before the request travels
    const at = tickToTimestamp(t.ports.sim.now());
    const out = t.run('kubectl rollout restart deployment/web');
    expect(out.stdout).toBe('deployment.apps/web restarted\n');
    const d = t.api<Deployment>({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
    expect(d.spec?.template?.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).toBe(at);
    expect(d.metadata?.generation).toBe(3);
  });
});
