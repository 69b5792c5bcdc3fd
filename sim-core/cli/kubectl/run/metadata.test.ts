// kubectl label, annotate and scale against the real kubectl 1.32
// (../testdata/real-1.32-label/, recorded by ../testdata/capture-label.sh against
// label-stub.mjs): every recording replayed through the runner in a simulated cluster
// holding the scenario's Pods — web-1 labelled app=web, tier=fe and annotated note=x, web-2
// labelled app=web — and a Deployment web.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-label');

function scenarioCluster() {
  const ports = createSimulation({ topology: 'default', seed: 6, workers: 1 }).ports();
  const pod = (name: string, labels: Record<string, string>, annotations?: Record<string, string>) =>
    JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels, ...(annotations ? { annotations } : {}) }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } });
  for (const body of [pod('web-1', { app: 'web', tier: 'fe' }, { note: 'x' }), pod('web-2', { app: 'web' })]) {
    const r = runCommandLine('kubectl create -f -', body, ports, {});
    if (r.exitCode !== 0) throw new Error(r.stderr);
  }
  runCommandLine('kubectl create deployment web --image=nginx:1.27 --replicas=2', undefined, ports, {});
  return ports;
}

/**
 * The lines kubectl prints in Go's map order, which is random — a --list block's
 * `key=value` lines, the overwrite conflicts of several labels — sorted.
 */
const unordered = (text: string): string =>
  text.replace(/((?:^ ?[^\s:=]+=.*\n)+)|((?:^'[^']*' already has a value.*\n)+)/gm, (block) => block.split('\n').filter(Boolean).sort().map((l) => `${l}\n`).join(''));

describe('kubectl label, annotate and scale against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-label.sh'), 'utf8');
  const names = [...script.matchAll(/^capl (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const out = runCommandLine(captureCommandLine(c.command), undefined, scenarioCluster(), {});
      expect({ ...out, stdout: unordered(out.stdout), stderr: unordered(out.stderr) }).toEqual({ stdout: unordered(c.stdout), stderr: unordered(c.stderr), exitCode: c.exit });
    });
  }

  it('--list writes nothing, even with a change on the line', () => {
    const ports = scenarioCluster();
    runCommandLine('kubectl label pods web-1 --list env=a', undefined, ports, {});
    expect(runCommandLine('kubectl get pod web-1 -o jsonpath={.metadata.labels}', undefined, ports, {}).stdout).toBe('{"app":"web","tier":"fe"}');
  });
});
