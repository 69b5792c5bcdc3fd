// kubectl logs' refusals once it has read the object, against the real kubectl 1.32
// (../testdata/real-1.32-logs/, recorded by ../testdata/capture-logs.sh against label-stub.mjs
// with real-1.32-requests' scenario): each recording replayed through the runner in a
// simulated cluster holding the scenario's objects; none reaches the log itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { scenario } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-logs');

describe('kubectl logs against the real kubectl 1.32', () => {
  const names = [...readFileSync(join(DIR, '..', 'capture-logs.sh'), 'utf8').matchAll(/^capl (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  const { ports } = scenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
});
