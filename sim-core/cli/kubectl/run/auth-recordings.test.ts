// kubectl auth can-i against the real kubectl 1.32 (../testdata/real-1.32-auth/, recorded by
// ../testdata/capture-auth.sh against label-stub.mjs, which allows kubectl's own user and
// denies one it impersonates): each recording replayed in a simulated cluster holding
// real-1.32-requests' scenario, where kubectl is the cluster admin and `jane` is bound to
// nothing. The stub's discovery has no RBAC kinds, so no recording names one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { scenario } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-auth');

describe('kubectl auth can-i against the real kubectl 1.32', () => {
  const names = [...readFileSync(join(DIR, '..', 'capture-auth.sh'), 'utf8').matchAll(/^capa (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  const { ports } = scenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
});
