// kubectl drain's failures against the real kubectl 1.32 (../testdata/real-1.32-drain/,
// recorded by ../testdata/capture-drain.sh against scenario-stub.mjs): every recording
// replayed through the runner in a simulated cluster with the scenario's Nodes and Pods and no
// kubelets, so that an evicted Pod stays, terminating, and --timeout runs out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-drain');

function scenarioCluster() {
  const sim = createSimulation({ topology: 'default', seed: 5, workers: 2, processes: [] });
  const ports = sim.ports();
  const objects = (JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as { objects: { metadata: { uid?: string } }[] }).objects;
  for (const o of objects) {
    delete o.metadata.uid;
    const r = runCommandLine('kubectl create -f -', JSON.stringify(o), ports, {});
    if (r.exitCode !== 0) throw new Error(r.stderr);
  }
  return ports;
}

/** Lines in order, or (for a recording whose order is the goroutines') as a sorted multiset. */
const lines = (text: string, sorted: boolean): string[] => (sorted ? text.split('\n').sort() : text.split('\n'));

describe('kubectl drain against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-drain.sh'), 'utf8');
  const names = [...script.matchAll(/^capd (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const r = runCommandLine(captureCommandLine(c.command), undefined, scenarioCluster(), {});
      const sorted = name === 'timeout-two-pods';
      expect({ stdout: lines(r.stdout, sorted), stderr: lines(r.stderr, sorted), exitCode: r.exitCode }).toEqual({
        stdout: lines(c.stdout, sorted),
        stderr: lines(c.stderr, sorted),
        exitCode: c.exit,
      });
    });
  }

  it('drains the next node after one that fails, and lists only the failed one at the end', () => {
    const r = runCommandLine('kubectl drain n1 n3 --timeout=2s', undefined, scenarioCluster(), {});
    expect(r.stdout).toBe('node/n1 cordoned\nnode/n3 cordoned\nevicting pod default/web-c\n');
    expect(r.stderr).toBe(
      'error: unable to drain node "n1" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): default/solo-1, continuing command...\n' +
        'There are pending pods in node "n3" when an error occurred: error when waiting for pod "web-c" in namespace "default" to terminate: context deadline exceeded\n' +
        'pod/web-c\n' +
        'error: unable to drain node "n3" due to error: error when waiting for pod "web-c" in namespace "default" to terminate: context deadline exceeded, continuing command...\n' +
        'There are pending nodes to be drained:\n n1\n n3\n' +
        'cannot delete cannot delete Pods that declare no controller (use --force to override): default/solo-1\n' +
        'error when waiting for pod "web-c" in namespace "default" to terminate: context deadline exceeded\n',
    );
    expect(r.exitCode).toBe(1);
  });
});
