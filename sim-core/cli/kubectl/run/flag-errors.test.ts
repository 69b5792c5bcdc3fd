// Flag and argument errors of label, annotate, scale, drain, rollout, logs, get and apply --prune against
// what the real kubectl 1.32 printed for the same lines (../testdata/real-1.32-flags/,
// recorded by ../testdata/capture-flags.sh against a server that answers discovery only):
// each is refused before kubectl reads anything, so a simulated cluster with a Deployment
// `web` and its Pods behind the terminal changes nothing in what is printed, and nothing
// is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-flags');

describe('flag and argument errors against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-flags.sh'), 'utf8');
  const names = [...script.matchAll(/^cap (\S+) /gm)].map((m) => m[1] as string);
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
  it('has every recording the script makes', () => expect(files.sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
  const ports = sim.ports();
  runCommandLine('kubectl create deployment web --image=nginx:1.27 --replicas=2', undefined, ports, {});
  runCommandLine('sim settle', undefined, ports, {});
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const before = sim.leader()?.sm?.store.currentRev;
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      expect(sim.leader()?.sm?.store.currentRev).toBe(before);
    });
  }
});
