// kubectl wait against the real kubectl 1.32 (../testdata/real-1.32-wait/, recorded by
// ../testdata/capture-wait.sh against scenario-stub.mjs). The recordings whose scenario does not
// change over time are replayed through the runner over an API port that serves the
// scenario's objects as the stub did (GET, LIST with selectors; a watch that brings
// nothing new), with the simulated clock running under it. The others — an object that
// becomes Ready later, one Ready for a moment, a ConfigMap that appears — are shown in a
// simulated cluster, where the same things happen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import type { ApiResult, KubeObject, Status } from '../../../client';
import { KUBERNETES_VERSION, type KubeApiPort, type ServerRequest } from '../../../apiserver/server';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-wait');
const script = readFileSync(join(DIR, '..', 'capture-wait.sh'), 'utf8');
const recorded = [...script.matchAll(/^capw (\S+) (\S+) /gm)].map((m) => ({ name: m[1] as string, scenario: m[2] as string }));

interface Scenario {
  objects: KubeObject[];
  events?: unknown[];
}
const scenario = (name: string) => JSON.parse(readFileSync(join(DIR, 'scenarios', `${name}.json`), 'utf8')) as Scenario;
const RESOURCE: Record<string, string> = { Pod: 'pods', ConfigMap: 'configmaps', Deployment: 'deployments' };

/** The stub's API, on a scenario's objects: what the capture's kubectl was answered. */
function stubPort(scenarioObjects: readonly KubeObject[]): KubeApiPort {
  // as the stub stored them: a uid and the resourceVersion of their write
  const objects = scenarioObjects.map((o) => ({ ...o, metadata: { ...o.metadata, resourceVersion: '10', uid: `uid-${o.metadata?.name ?? ''}` } }));
  const notFound = (resource: string, name: string): Status => ({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `${resource} "${name}" not found`, reason: 'NotFound', details: { name, kind: resource }, code: 404 });
  const of = (resource: string) => objects.filter((o) => RESOURCE[o.kind ?? ''] === resource);
  const selected = (o: KubeObject, labelSelector: string | undefined, fieldSelector: string | undefined) => {
    const name = /^metadata\.name=(.*)$/.exec(fieldSelector ?? '')?.[1];
    if (name !== undefined && o.metadata?.name !== name) return false;
    return (labelSelector ?? '').split(',').every((term) => term === '' || o.metadata?.labels?.[term.split('=')[0]!] === term.split('=')[1]);
  };
  const request = (req: ServerRequest): ApiResult<unknown> => {
    if (req.verb === 'get') {
      const o = of(req.resource).find((x) => x.metadata?.name === req.name);
      return o ? { ok: true, value: structuredClone(o) } : { ok: false, error: notFound(req.resource, req.name) };
    }
    if (req.verb === 'list') {
      const items = of(req.resource).filter((o) => selected(o, req.labelSelector, req.fieldSelector));
      return { ok: true, value: { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '10' }, items: structuredClone(items) } };
    }
    throw new Error(`the stub does not answer ${req.verb}`);
  };
  return { request: request as KubeApiPort['request'], watchSoFar: () => ({ ok: true, value: [] }), serverVersion: () => ({ ok: true, value: { ...KUBERNETES_VERSION } }) };
}

describe('kubectl wait against the real kubectl 1.32', () => {
  it('has every recording the script makes', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
    expect(files.sort()).toEqual(recorded.map((r) => `${r.name}.txt`).sort());
  });
  for (const { name, scenario: s } of recorded) {
    const sc = scenario(s);
    if ((sc.events ?? []).length > 0) continue;
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name} (${s}): ${c.command}`, () => {
      const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
      const ports = { ...sim.ports(), kube: stubPort(sc.objects) };
      const start = sim.now;
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      // one deadline for the command: a timeout of 2 s waits 2 s, however many objects time out
      const timeout = /--timeout=(\d+)(ms|s)\b/.exec(c.command);
      if (timeout && c.stderr.includes('timed out')) expect(sim.now - start).toBe(Number(timeout[1]) * (timeout[2] === 's' ? 100 : 0.1));
    });
  }
});

describe('kubectl wait in a simulated cluster, as the recordings with a timeline', () => {
  const cluster = () => {
    const sim = createSimulation({ topology: 'default', seed: 4, workers: 2 });
    const ports = sim.ports();
    return { sim, run: (line: string) => runCommandLine(line, undefined, ports, {}) };
  };

  it('one deadline for every object (one-deadline): the Pod Ready in time is met, the later one times out', () => {
    const { sim, run } = cluster();
    run('kubectl run warm --image=busybox:1.36 --restart=Never -- true');
    run('sim settle');
    run("kubectl run a --image=busybox:1.36 --restart=Never -- sh -c 'sleep 3'");
    run("kubectl run b --image=busybox:1.36 --restart=Never -- sh -c 'sleep 8'");
    const start = sim.now;
    expect(run('kubectl wait --for=jsonpath={.status.phase}=Succeeded pod/a pod/b --timeout=6s')).toEqual({
      stdout: 'pod/a condition met\n',
      stderr: 'error: timed out waiting for the condition on pods/b\n',
      exitCode: 1,
    });
    expect(sim.now - start).toBe(600);
  });

  it('sees a state that lasts a moment (blip): every version the watch brings is checked', () => {
    const { run } = cluster();
    run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    // updatedReplicas is 1 for a fraction of a second, between the ReplicaSet's first and second Pod
    expect(run('kubectl wait --for=jsonpath={.status.updatedReplicas}=1 deploy/web --timeout=15s')).toEqual({ stdout: 'deployment.apps/web condition met\n', stderr: '', exitCode: 0 });
    // and -o prints the version that met it, not the object as it is now
    run('kubectl create deployment api --image=nginx:1.27 --replicas=2');
    expect(run('kubectl wait --for=jsonpath={.status.updatedReplicas}=1 deploy/api -o jsonpath={.status.updatedReplicas}').stdout).toBe('1');
    expect(run('kubectl get deploy api -o jsonpath={.status.updatedReplicas}').stdout).toBe('2');
  });

  it('waits for a named object to appear (create-later), every 0.5 s', () => {
    const { sim, run } = cluster();
    run('kubectl create deployment web --image=nginx:1.27');
    const start = sim.now;
    const rs = run('kubectl wait --for=create deployment/web');
    expect(rs).toEqual({ stdout: 'deployment.apps/web condition met\n', stderr: '', exitCode: 0 });
    // the first look comes after the first interval
    expect(sim.now - start).toBeGreaterThanOrEqual(50);
  });
});
