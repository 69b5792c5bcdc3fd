// kubectl run, create namespace, create deployment's `-- COMMAND` and --save-config, and
// version's flag errors, against what the real kubectl 1.32 printed for the same lines
// (../testdata/real-1.32-discovery/, recorded by ../testdata/capture-discovery.sh against a
// server that answers discovery only): every recorded line builds its objects client-side
// or is refused before a write, so the simulated cluster behind the terminal changes
// nothing in what is printed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-discovery');
// klog headers carry the time and thread id; the simulation's are its clock's and 1
const KLOG_HEADER = /^([EWI])\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ /gm;
const normalize = (s: string): string => s.replace(KLOG_HEADER, '$1<klog> ');

describe('kubectl run, create namespace and version against the real kubectl 1.32', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has the recordings', () => expect(files.length).toBeGreaterThanOrEqual(35));
  const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
  const ports = sim.ports();
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const before = sim.leader()?.sm?.store.currentRev;
      const out = runCommandLine(c.command, undefined, ports, {});
      expect(out.stdout).toBe(c.stdout);
      expect(normalize(out.stderr)).toBe(normalize(c.stderr));
      expect(out.exitCode).toBe(c.exit);
      // nothing recorded here writes; a line that reads (patch) lets the cluster run meanwhile
      if (!c.command.startsWith('kubectl patch')) expect(sim.leader()?.sm?.store.currentRev).toBe(before);
    });
  }
});
