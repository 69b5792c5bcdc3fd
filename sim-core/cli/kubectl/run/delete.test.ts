// kubectl delete's checks and warnings, and set image, against the real kubectl 1.32
// (../testdata/real-1.32-delete/, recorded by ../testdata/capture-delete.sh against
// scenario-stub.mjs): every recording replayed through the runner in a simulated cluster that
// holds the scenario's objects — Pods web-1, web-2, other, sys, Deployments web and api,
// a ConfigMap and a Node n1.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-delete');

function scenarioCluster() {
  const sim = createSimulation({ topology: 'default', seed: 5, workers: 2 });
  const ports = sim.ports();
  const run = (line: string, stdin?: string) => {
    const r = runCommandLine(line, stdin, ports, {});
    if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
  };
  for (const [pod, app] of [['web-1', 'web'], ['web-2', 'web'], ['other', 'other'], ['sys', 'sys']]) run(`kubectl run ${pod} --image=nginx:1.27 --labels=app=${app}`);
  run('kubectl create deployment web --image=nginx:1.27');
  run('kubectl create deployment api --image=nginx:1.27');
  run('kubectl create -f -', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg","labels":{"tier":"config"}},"data":{"a":"1"}}');
  run('kubectl create -f -', '{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1"}}');
  run('sim settle');
  return ports;
}

describe('kubectl delete against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-delete.sh'), 'utf8');
  const names = [...script.matchAll(/^capd (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const ports = scenarioCluster();
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }

  it('refuses before it deletes anything: the Pod is still there after each refusal', () => {
    const ports = scenarioCluster();
    for (const line of ['kubectl delete pod web-1 -o yaml', 'kubectl delete pod web-1 --force --grace-period=5', 'kubectl delete pod web-1 -A']) {
      expect(runCommandLine(line, undefined, ports, {}).exitCode).toBe(1);
      expect(runCommandLine('kubectl get pod web-1 -o name', undefined, ports, {}).stdout).toBe('pod/web-1\n');
    }
  });

  it('set image changes nothing when one of the objects named cannot be read (Infos fails as a whole)', () => {
    const ports = scenarioCluster();
    const r = runCommandLine('kubectl set image deployment/nope deployment/web nginx=nginx:1.28', undefined, ports, {});
    // the recording's stub spoke of "deployments"; an API server names the group
    expect(r).toEqual({ stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', exitCode: 1 });
    expect(runCommandLine('kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].image}', undefined, ports, {}).stdout).toBe('nginx:1.27');
  });
});
