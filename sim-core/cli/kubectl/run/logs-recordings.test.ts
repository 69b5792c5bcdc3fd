// kubectl logs' refusals once it has read the object, against the real kubectl 1.32
// (../testdata/real-1.32-logs/, recorded by ../testdata/capture-logs.sh against label-stub.mjs
// with real-1.32-requests' scenario): each recording replayed through the runner in a
// simulated cluster holding the scenario's objects; none reaches the log itself. Then which
// containers' logs it prints (real-1.32-logs/scenario.json, each container's log two lines
// naming it, as the stub and the fake kubelet here answer).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { scenario } from './replay-testkit';
import type { TerminalPorts } from '../../command-line';
import { createSimulation } from '../../../cluster/index';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-logs');

describe('kubectl logs against the real kubectl 1.32', () => {
  const all = [...readFileSync(join(DIR, '..', 'capture-logs.sh'), 'utf8').matchAll(/^cap([lc]) (\S+) /gm)];
  const names = all.filter((m) => m[1] === 'l').map((m) => m[2] as string);
  const containerNames = all.filter((m) => m[1] === 'c').map((m) => m[2] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual([...names, ...containerNames].map((n) => `${n}.txt`).sort()));
  const { ports } = scenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }

  describe('which containers, and how', () => {
    // the scenario's Pods in a cluster with no controllers or kubelets
    const sim = createSimulation({ topology: 'default', seed: 6, workers: 2, processes: [] }).ports();
    for (const o of (JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as { objects: unknown[] }).objects) {
      const r = runCommandLine('kubectl create -f -', JSON.stringify(o), sim, {});
      if (r.exitCode !== 0) throw new Error(r.stderr);
    }
    // the stub's log: two lines naming the Pod and the container
    const ports: TerminalPorts = { ...sim, podLogs: (_ns, pod, container) => ({ ok: true, text: `${pod}/${container ?? ''} line 1\n${pod}/${container ?? ''} line 2\n` }) };
    for (const name of containerNames) {
      const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
      it(`${name}: ${c.command}`, () => {
        const out = runCommandLine(captureCommandLine(c.command), undefined, ports, {});
        if (c.command.includes('--all-containers')) {
          // kubectl's order is Go's map order (a rotation of init containers, then containers); the simulation's is that order
          const lines = (text: string) => text.split('\n').sort();
          expect({ ...out, stdout: lines(out.stdout) }).toEqual({ stdout: lines(c.stdout), stderr: c.stderr, exitCode: c.exit });
          expect(out.stdout.split('\n').filter((l) => l.endsWith(' line 2')).map((l) => l.replace(/^\[[^\]]*\] /, '').split(' ')[0])).toEqual(['duo/setup', 'duo/app', 'duo/sidecar']);
        } else expect(out).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      });
    }
  });
});
